/** An answer with its headers (lists read their total from `Content-Range`). */
export interface HttpAnswer<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
}
