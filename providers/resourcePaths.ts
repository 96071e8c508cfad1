/**
 * react-admin resources are named after the spec's screens (`/drivers`, `/restaurants`, ...) so that each
 * `<Resource>` lives on the spec's path; the API names its collections in the singular (`/api/driver`). The data
 * provider turns one into the other here; a name not listed is already the API's (`area` in a picker, `city`).
 */
const API_PATH_OF: Record<string, string> = {
  drivers: 'driver',
  restaurants: 'restaurant',
  areas: 'area',
  users: 'user',
  options: 'option',
  newsfeed: 'newsFeed',
  invoices: 'invoice',
};

/** The API collection (the segment after `/api/`) behind a react-admin resource name. */
export function apiPathOf(resource: string): string {
  return API_PATH_OF[resource] ?? resource;
}

/**
 * The field a record's own API path names it by, where it is not the id: an option is written at
 * PUT /api/option/{okey} (spec 1, section 7).
 */
const PATH_KEY_OF: Record<string, string> = { options: 'okey' };

/** The segment after the collection in a record's API path: its id, or the field its resource names it by. */
export function recordPathOf(resource: string, id: unknown, record?: Record<string, unknown>): string {
  const key = PATH_KEY_OF[resource];
  return String(key && record?.[key] !== undefined ? record[key] : id);
}
