import { RECORD_KIND, UNSHOWN_FIELDS, recordLabel } from '../../domain/history';
import type { HistoryAction, HistoryEntry } from './types';

/** What an action did, as the list says it: its named action, else what it did to its records. */
export function actionLabel(action: HistoryAction): string {
  if (action.name) return action.name;
  return (action.ops ?? []).join(', ') || '—';
}

/** '12 Shift, 1 Alert' */
export function kindsLabel(action: HistoryAction): string {
  return Object.entries(action.kinds ?? {})
    .map(([table, n]) => `${n} ${RECORD_KIND[table] ?? table}`)
    .join(', ');
}

export const entryLabel = (e: HistoryEntry) => recordLabel(e.table_name, e.record_id, e.after ?? e.before);

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The fields an entry changed, each as [field, before, after], without the record's version. */
export function changedFields(e: HistoryEntry): [string, string, string][] {
  const fields = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])].filter((f) => !UNSHOWN_FIELDS.includes(f));
  return fields.map((f) => [f, show(e.before?.[f]), show(e.after?.[f])]);
}

/** An edit that changed nothing shown (a driver's version moved by their working times, recorded on their own). */
export const saysNothing = (e: HistoryEntry) => e.op === 'updated' && changedFields(e).length === 0;
