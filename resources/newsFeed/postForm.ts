import { ADDRESSEE, POST_IMPORTANT } from '../../domain/statuses';
import type { NewsPostView } from '../../domain/validation/newsFeed';
import type { PostFields } from './api';
import type { PostTarget } from './types';

/** What the post dialog edits: the addressee mode with a list per mode, the chosen image, and the stored one's removal. */
export interface PostFormValues {
  [key: string]: unknown;
  postTitle: string;
  postContent: string;
  important: boolean;
  addressee: number;
  areas: number[];
  restaurants: number[];
  drivers: number[];
  file: File | null;
  /** Edit only: the stored image is to go. */
  removeImage: boolean;
}

/** The mode a new post opens on: that of the list it was opened with, else All (or Selected Areas for a manager). */
function openingMode(lists: Pick<PostFormValues, 'areas' | 'restaurants' | 'drivers'>, allowAll: boolean): number {
  if (lists.restaurants.length) return ADDRESSEE.restaurants;
  if (lists.areas.length) return ADDRESSEE.areas;
  if (lists.drivers.length) return ADDRESSEE.drivers;
  return allowAll ? ADDRESSEE.all : ADDRESSEE.areas;
}

/** The post's values, or a new post's addressed to `target` (from another screen's 'new post'). */
export function postValues(post: NewsPostView | undefined, target: PostTarget | undefined, allowAll: boolean): PostFormValues {
  const blank = { important: false, file: null, removeImage: false };
  if (post) {
    return {
      ...blank,
      postTitle: post.postTitle,
      postContent: post.postContent,
      important: post.important === POST_IMPORTANT.yes,
      addressee: post.addressee,
      areas: post.news_feed_areas.map((a) => a.area_id),
      restaurants: post.news_feed_restaurants.map((r) => r.restaurant_id),
      drivers: post.news_feed_drivers.map((d) => d.driver_id),
    };
  }
  const lists = { areas: target?.areas ?? [], restaurants: target?.restaurants ?? [], drivers: target?.drivers ?? [] };
  return { ...blank, postTitle: '', postContent: '', addressee: openingMode(lists, allowAll), ...lists };
}

/** What the save sends (see postBody): the Important code, and the removal only when no other image replaces it. */
export function postFields(values: PostFormValues): PostFields {
  const { postTitle, postContent, addressee, areas, restaurants, drivers, file } = values;
  return {
    postTitle,
    postContent,
    important: values.important ? POST_IMPORTANT.yes : POST_IMPORTANT.normal,
    addressee,
    areas,
    restaurants,
    drivers,
    file,
    removeImage: !file && values.removeImage,
  };
}
