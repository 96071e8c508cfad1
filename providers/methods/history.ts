import type { GetListParams, GetListResult } from 'react-admin';
import type { HistoryAction } from '../../domain/history';
import { httpClient, httpRequest } from '../httpClient';

/** The react-admin resource of the History screen (GET /api/history). */
export const HISTORY = 'history';

/**
 * A page of actions, newest first: `first`..`last` of `total` (Content-Range). Past the server's count cap
 * ('/10000+') the total is unknown and the list pages on with next and previous only.
 */
async function historyPage(filter: Record<string, unknown>, first: number, last: number, signal?: AbortSignal): Promise<GetListResult<HistoryAction>> {
  const { json: data, headers } = await httpRequest<HistoryAction[]>('/api/history', {
    query: { filter: JSON.stringify(filter), range: JSON.stringify([first, last]) },
    signal,
  });
  const size = headers.get('content-range')?.split('/')[1] ?? String(data.length);
  if (size.endsWith('+')) return { data, pageInfo: { hasPreviousPage: first > 0, hasNextPage: data.length > last - first } };
  return { data, total: Number(size) };
}

/**
 * The History list's page: the server pages and filters a year of actions, asked with the filters that hold a
 * value and the page's range only (its order is always newest first).
 */
export function historyList(params: GetListParams): Promise<GetListResult<HistoryAction>> {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const first = (page - 1) * perPage;
  const filter = Object.fromEntries(Object.entries(params.filter ?? {}).filter(([, v]) => v !== '' && v !== null && v !== undefined));
  return historyPage(filter, first, first + perPage - 1, params.signal);
}

export const historyMethods = {
  /** One record's history, newest first (its latest 50 actions), for the History tab of its dialog. */
  getRecordHistory: (table: string, id: number, signal?: AbortSignal) => historyPage({ table, record_id: String(id) }, 0, 49, signal),
  /** Takes an action back (POST /api/history/{id}/undo). */
  undoAction: (id: string) => httpClient(`/api/history/${encodeURIComponent(id)}/undo`, { method: 'POST' }),
  /** Brings a deleted record back with its links (POST /api/history/restore/{entryId}). */
  restoreRecord: (entryId: number) => httpClient(`/api/history/restore/${entryId}`, { method: 'POST' }),
};
