import { httpClient, toFormData } from '../../providers/httpClient';
import type { NewsPostView } from '../../domain/validation/newsFeed';

/** The news feed's calls (spec 1, section 7). */

export interface PostFields {
  postTitle: string;
  postContent: string;
  important: number;
  addressee: number;
  areas: number[];
  restaurants: number[];
  drivers: number[];
  file: File | null;
  /** Edit only: drop the current image without sending another. */
  removeImage?: boolean;
}

/**
 * The post dialog's multipart body (POST /api/newsFeed, or POST /api/newsFeed/{id} with _method PATCH for an edit):
 * the id lists only when non-empty (as JSON), the file only when chosen; toFormData drops the rest (spec 1,
 * sections 5 and 7).
 */
export function postBody(fields: PostFields, id?: number): FormData {
  const list = (ids: number[]) => (ids.length ? ids : null);
  return toFormData({
    ...(id === undefined ? {} : { id, _method: 'PATCH' }),
    postTitle: fields.postTitle,
    postContent: fields.postContent,
    important: fields.important,
    addressee: fields.addressee,
    areas: list(fields.areas),
    restaurants: list(fields.restaurants),
    drivers: list(fields.drivers),
    file: fields.file,
    remove_img: fields.removeImage ? 1 : null,
  });
}

export function deletePost(id: number): Promise<unknown> {
  return httpClient(`/api/newsFeed/${id}`, { method: 'DELETE' });
}

export function changeStatus(id: number, status: number): Promise<NewsPostView> {
  return httpClient<NewsPostView>(`/api/newsFeed/changeStatus/${id}`, { method: 'POST', body: { status } });
}

export function changePinned(id: number, pinned: number): Promise<NewsPostView> {
  return httpClient<NewsPostView>(`/api/newsFeed/changePinned/${id}`, { method: 'POST', body: { pinned } });
}

