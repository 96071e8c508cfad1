import type {
  DataProvider,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
} from 'react-admin';
import { asArray, asRecord, httpClient } from './httpClient';

/**
 * A generic react-admin DataProvider over the spec's API: `GET /api/{resource}` answers the full array
 * (design section 4), so filtering, sorting and paging happen here for now. Resources whose lists grow large
 * (shifts, timesheets, drivers, news) pass their date range or status as query parameters by specialising
 * getList in their own provider method.
 */

const api = (resource: string, id?: Identifier) =>
  id === undefined ? `/api/${resource}` : `/api/${resource}/${encodeURIComponent(String(id))}`;

function valueAt(record: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), record);
}

function matchesSearch(record: unknown, q: string): boolean {
  if (record === null || record === undefined) return false;
  if (typeof record === 'object') return Object.values(record as object).some((v) => matchesSearch(v, q));
  return String(record).toLowerCase().includes(q);
}

function matchesFilter(record: Record<string, unknown>, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, wanted]) => {
    if (wanted === undefined || wanted === null || wanted === '') return true;
    if (key === 'q') return matchesSearch(record, String(wanted).trim().toLowerCase());
    const actual = valueAt(record, key);
    if (Array.isArray(wanted)) return wanted.map(String).includes(String(actual));
    if (Array.isArray(actual)) return actual.map(String).includes(String(wanted));
    return String(actual) === String(wanted);
  });
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en-GB', { numeric: true, sensitivity: 'base' });
}

/** Filter, sort and page a full list as react-admin asks. Exported for resources that fetch lists themselves. */
export function applyListParams<T extends RaRecord>(records: T[], params: Partial<GetListParams>): { data: T[]; total: number } {
  const filter = params.filter ?? {};
  let rows = records.filter((r) => matchesFilter(r as Record<string, unknown>, filter));
  const sort = params.sort;
  if (sort?.field) {
    const direction = sort.order === 'DESC' ? -1 : 1;
    rows = [...rows].sort(
      (a, b) => direction * compare(valueAt(a as Record<string, unknown>, sort.field), valueAt(b as Record<string, unknown>, sort.field)),
    );
  }
  const total = rows.length;
  const pagination = params.pagination;
  if (pagination && pagination.perPage > 0) {
    const start = (pagination.page - 1) * pagination.perPage;
    rows = rows.slice(start, start + pagination.perPage);
  }
  return { data: rows, total };
}

/**
 * Filters the server applies itself, sent as query parameters (GET /api/driver?status=120): the server bounds the
 * list, and react-admin's cache keeps one list per value. They are not applied again here.
 */
const SERVER_FILTERS: Record<string, readonly string[]> = {
  driver: ['status'],
  restaurant: ['status'],
};

function splitFilter(resource: string, filter: Record<string, unknown> = {}) {
  const keys = SERVER_FILTERS[resource] ?? [];
  const query: Record<string, string> = {};
  const local: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (keys.includes(key)) {
      if (value !== undefined && value !== null && value !== '') query[key] = String(value);
    } else local[key] = value;
  }
  return { query, local };
}

async function fetchAll<T extends RaRecord>(resource: string, signal?: AbortSignal, query?: Record<string, string>): Promise<T[]> {
  return asArray<T>(await httpClient(api(resource), { signal, query }));
}

export const dataProvider: DataProvider = {
  async getList<T extends RaRecord>(resource: string, params: GetListParams) {
    const { query, local } = splitFilter(resource, params.filter);
    return applyListParams(await fetchAll<T>(resource, params.signal, query), { ...params, filter: local });
  },

  async getOne<T extends RaRecord>(resource: string, params: GetOneParams<T>) {
    const record = asRecord<T>(await httpClient(api(resource, params.id), { signal: params.signal }));
    if (!record) throw new Error(`No ${resource} ${params.id}`);
    return { data: record };
  },

  async getMany<T extends RaRecord>(resource: string, params: GetManyParams<T>) {
    const wanted = new Set(params.ids.map(String));
    const all = await fetchAll<T>(resource, params.signal);
    return { data: all.filter((r) => wanted.has(String(r.id))) };
  },

  async getManyReference<T extends RaRecord>(resource: string, params: GetManyReferenceParams) {
    const all = await fetchAll<T>(resource, params.signal);
    return applyListParams(all, { ...params, filter: { ...params.filter, [params.target]: params.id } });
  },

  async create(resource, params) {
    const record = asRecord<RaRecord>(await httpClient(api(resource), { method: 'POST', body: params.data }));
    return { data: { ...params.data, ...record } as never };
  },

  async update(resource, params) {
    const record = asRecord<RaRecord>(
      await httpClient(api(resource, params.id), { method: 'PUT', body: { id: params.id, ...params.data } }),
    );
    return { data: { ...params.previousData, ...params.data, ...record, id: params.id } as never };
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
};
