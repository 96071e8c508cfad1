import { toFormData } from '../../providers/formData';

/** The post dialog's body (spec 1, section 7); the calls themselves are the data provider's. */

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
