import { httpClient, httpRequest } from '../../providers/httpClient';
import type { HistoryAction } from './types';

/** Takes an action back (POST /api/history/{id}/undo). */
export const undoAction = (id: string) => httpClient(`/api/history/${encodeURIComponent(id)}/undo`, { method: 'POST' });

/** Brings a deleted record back with its links (POST /api/history/restore/{entryId}). */
export const restoreRecord = (entryId: number) => httpClient(`/api/history/restore/${entryId}`, { method: 'POST' });

/**
 * A page of actions, newest first: `first`..`last` of `total` (Content-Range). Past the server's count cap
 * ('/10000+') the total is unknown and the list pages on with next and previous only.
 */
export async function fetchHistory(filter: Record<string, unknown>, first: number, last: number, signal?: AbortSignal) {
  const { json: data, headers } = await httpRequest<HistoryAction[]>('/api/history', {
    query: { filter: JSON.stringify(filter), range: JSON.stringify([first, last]) },
    signal,
  });
  const size = headers.get('content-range')?.split('/')[1] ?? String(data.length);
  if (size.endsWith('+')) return { data, pageInfo: { hasPreviousPage: first > 0, hasNextPage: data.length > last - first } };
  return { data, total: Number(size) };
}
