import type { NewsPostView } from '../../domain/validation/newsFeed';

export type { NewsPostView } from '../../domain/validation/newsFeed';

/** The API's resource names and the live-feed channels the feed follows (spec 1, sections 4 and 7). Replies to posts (POST /api/reply). */
export const REPLY_RESOURCE = 'reply';
/** The react-admin resource of the News Feed screen (/newsfeed; the data provider calls /api/newsFeed). */
export const NEWS_FEED = 'newsfeed';
import { NEWS_CHANNEL, REPLY_CHANNEL } from '../../domain/channels';
export { NEWS_CHANNEL, REPLY_CHANNEL };

/** Who a new post is addressed to when a dialog opens from another screen (areas, restaurants). */
export interface PostTarget {
  areas?: number[];
  restaurants?: number[];
  drivers?: number[];
}

/** A post as the live feed carries it: without the per-viewer `can_manage`. */
export type FeedPost = Omit<NewsPostView, 'can_manage'> & { can_manage?: boolean };

/** Where a post's image is served (spec 1, section 7: /images/{img}). */
export const imageUrl = (img: string) => `/images/${encodeURIComponent(img)}`;
