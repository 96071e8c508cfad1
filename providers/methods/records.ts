import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, type DataProvider, type fetchUtils, type GetListParams, type Identifier, type RaRecord } from 'react-admin';
import { asRecord, httpClient, httpRequest } from '../httpClient';
import { apiPathOf, recordPathOf } from '../resourcePaths';

/**
 * The data provider's standard methods: `ra-data-simple-rest` over the API, whose list calls page, sort and filter in SQL
 * when asked in its convention (`range`, `sort`, `filter`; the total in `Content-Range`, server/lists). Nothing is
 * filtered or sorted in the browser. Specialised only where the spec's API differs from the convention:
 * - a list asked with `perPage: 0` (every row, for pickers and screens that show all) is asked without a range
 *   (see wholeList), with the query parameters of `meta.query` (`?restaurants=false`); a list call that does not
 *   take the convention answers its plain array, counted as it comes;
 * - the news feed's own paged call (`?page=&perPage=`, answering `{ data, total }`) serves its screen's pages in
 *   the feed's order (pinned first, newest first), as the spec calls it; sorted otherwise or filtered, it takes
 *   the convention like every list;
 * - a record alone is read through its list (see getOne); its path names it by its id, or by the field its
 *   resource names it by (an option's key, providers/resourcePaths.ts);
 * - answers may be wrapped as `{ data }`, writes answer the saved record (or nothing: 204), updates send the id too;
 *   a new user comes with its login details beside it (`{ user, restCredentials }`), read as the user with them.
 */

const api = (resource: string, id?: Identifier, record?: Record<string, unknown>) =>
  id === undefined ? `/api/${apiPathOf(resource)}` : `/api/${apiPathOf(resource)}/${encodeURIComponent(recordPathOf(resource, id, record))}`;

/** `ra-data-simple-rest`'s client: our fetch wrapper (token, 401 log-out, the spec's error messages). */
async function fetchJson(url: string, options: fetchUtils.Options = {}) {
  const { status, headers, json } = await httpRequest(url, { method: options.method, body: options.body, signal: options.signal ?? undefined });
  return { status, headers, body: typeof json === 'string' ? json : JSON.stringify(json), json };
}

const base = simpleRestProvider('/api', fetchJson);

const totalOf = (headers: Headers, rows: unknown[]) => {
  const range = headers.get('content-range');
  return range ? Number(range.split('/').pop()) : rows.length;
};

const PLAIN_STATUS = ['driver', 'restaurant'];

/** The record a create answers: POST /api/user answers `{ user, restCredentials }` (spec 1, section 7). */
function createdRecord(answer: Record<string, unknown> | null): Record<string, unknown> | null {
  const { user, ...beside } = answer ?? {};
  return user && typeof user === 'object' ? { ...user, ...beside } : answer;
}

const queryOf = (meta: unknown) => (meta as { query?: Record<string, string | number | boolean> } | undefined)?.query;

/**
 * Every row of a list. Without a filter it is the spec's plain call, in the order the spec gives it (the order every
 * picker asks for); with one, the convention without a range, so the server filters and sorts.
 */
async function wholeList(resource: string, params: GetListParams) {
  const filter = params.filter ?? {};
  const keys = Object.keys(filter);
  // The spec's plain calls of drivers and restaurants take their status filter as `?status=`.
  const plainStatus = keys.length === 1 && keys[0] === 'status' && PLAIN_STATUS.includes(apiPathOf(resource));
  const query = plainStatus
    ? { status: String(filter.status) }
    : keys.length
      ? { filter: JSON.stringify(filter), sort: JSON.stringify([params.sort?.field ?? 'id', params.sort?.order ?? 'ASC']) }
      : undefined;
  const { headers, json } = await httpRequest<unknown>(api(resource), { query: { ...query, ...queryOf(params.meta) }, signal: params.signal });
  const rows = (Array.isArray(json) ? json : ((json as { data?: unknown[] } | null)?.data ?? [])) as RaRecord[];
  return { data: rows, total: totalOf(headers, rows) };
}

/** API lists whose spec call pages by itself, with the sort field that names the order of that call. */
const PAGED_CALLS: Record<string, string> = { newsFeed: 'feed' };

function isPagedCall(path: string, params: GetListParams): boolean {
  const filtered = Object.values(params.filter ?? {}).some((v) => v !== undefined && v !== '' && v !== null);
  return !filtered && PAGED_CALLS[path] !== undefined && params.sort?.field === PAGED_CALLS[path] && params.sort.order === 'ASC';
}

async function pagedCall(path: string, params: GetListParams) {
  const { page, perPage } = params.pagination!;
  const { json } = await httpRequest<{ data?: RaRecord[]; total?: number } | null>(api(path), { query: { page, perPage }, signal: params.signal });
  return { data: json?.data ?? [], total: Number(json?.total) || 0 };
}

export const recordMethods = {
  ...base,

  async getList(resource, params) {
    if (!params.pagination?.perPage) return wholeList(resource, params) as never;
    if (isPagedCall(apiPathOf(resource), params)) return pagedCall(apiPathOf(resource), params) as never;
    return base.getList(apiPathOf(resource), params);
  },

  getMany: (resource, params) => base.getMany(apiPathOf(resource), params),
  getManyReference: (resource, params) => base.getManyReference(apiPathOf(resource), params),

  // The spec's API has no get-one route: a record (an edit dialog's, through react-admin's EditBase) is read through
  // its list's `id` filter (GET /api/restaurant?filter={"id":[5]}), which answers it whatever its status, within the
  // caller's scope. A record a list has just shown is already in react-admin's cache, and opens at once.
  async getOne<T extends RaRecord>(resource: string, params: { id: Identifier; signal?: AbortSignal }) {
    const { data } = await base.getMany<T>(apiPathOf(resource), { ids: [params.id], signal: params.signal });
    const record = data.find((r) => String(r.id) === String(params.id));
    if (!record) throw new HttpError(`No ${resource} ${params.id}`, 404);
    return { data: record };
  },

  // A body with photos or a logo comes as FormData and is sent multipart as it is; `meta.query` adds the query
  // parameters a spec path wants (PUT /api/driver/{id}?inactive=false), `meta.method` the method of an update that is
  // not a PUT (a restaurant's multipart POST with `_method=PATCH`).
  async create(resource, params) {
    const multipart = params.data instanceof FormData;
    const record = createdRecord(asRecord(await httpClient(api(resource), { method: 'POST', body: params.data, query: queryOf(params.meta) })));
    return { data: { ...(multipart ? {} : params.data), ...record } as never };
  },

  async update(resource, params) {
    const multipart = params.data instanceof FormData;
    const body = multipart ? params.data : { id: params.id, ...params.data };
    const method = (params.meta as { method?: string } | undefined)?.method ?? 'PUT';
    const path = api(resource, params.id, params.previousData);
    const record = asRecord<RaRecord>(await httpClient(path, { method, body, query: queryOf(params.meta) }));
    return { data: { ...params.previousData, ...(multipart ? {} : params.data), ...record, id: params.id } as never };
  },

  async updateMany(resource, params) {
    await Promise.all(params.ids.map((id) => httpClient(api(resource, id), { method: 'PUT', body: { id, ...params.data } })));
    return { data: params.ids };
  },

  async delete(resource, params) {
    await httpClient(api(resource, params.id), { method: 'DELETE' });
    return { data: (params.previousData ?? { id: params.id }) as never };
  },

  async deleteMany(resource, params) {
    await Promise.all(params.ids.map((id) => httpClient(api(resource, id), { method: 'DELETE' })));
    return { data: params.ids };
  },
} satisfies DataProvider;
