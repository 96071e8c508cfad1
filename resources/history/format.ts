import { FIELD_LABELS, fieldLabel, fieldValue, ukDateTime } from '../../domain/fieldLabels';
import { RECORD_KIND } from '../../domain/history';
import { ACTION_WORDS, actionSummary, moreRecords } from '../../domain/historyWords';
import { ROLE_LABELS, isStaffRole } from '../../domain/roles';
import type { HistoryAction, HistoryEntry } from './types';

/** What an action did, as the server summed it up (else from its own facts, for an answer from before). */
export const actionLabel = (action: HistoryAction): string => action.summary ?? actionSummary(action);

/** The records a row names: its first few, then how many more. */
export const recordsLabel = (action: HistoryAction): string =>
  [...(action.records ?? []), moreRecords(action.more ?? 0)].filter(Boolean).join('; ');

/** How many records an action touched, all tables together. */
export const recordsTouched = (action: HistoryAction): number => Object.values(action.kinds ?? {}).reduce((sum, n) => sum + n, 0);

export const entryLabel = (e: HistoryEntry) => e.label ?? RECORD_KIND[e.table_name] ?? e.table_name;

/** When, in London, 24-hour, whatever the browser's language: '28/11/2026 16:10'. */
export const whenLabel = (action: HistoryAction) => ukDateTime(action.at);

/** Who did it: 'Mark Manager (Manager)', 'Balti Palace (Restaurant)'. */
export const whoLabel = (a: HistoryAction) =>
  `${a.account_name || a.account_kind}${isStaffRole(a.role) ? ` (${ROLE_LABELS[a.role]})` : a.account_kind === 'user' ? '' : ` (${a.account_kind === 'driver' ? 'Driver' : 'Restaurant'})`}`;

/** The Action filter's words: a shift's own edit is named apart from other records' edits. */
export const actionFilterLabel = (name: string) => (name === 'edited' ? 'Edited a shift' : ACTION_WORDS[name] ?? name);

/** What an entry did to its record, as its chip says it. */
export const opLabel = (e: HistoryEntry) => ({ created: 'created', updated: 'edited', deleted: 'deleted' })[e.op];

/**
 * An entry's fields as [label, before, after], by the forms' labels and as the screens show values: an edit's
 * changed fields only, a created or deleted record's fields in full; never bookkeeping (ids, versions, timestamps).
 */
export function changedFields(e: HistoryEntry, names: HistoryAction['names'] = {}): [string, string, string][] {
  // In the form's order.
  const order = Object.keys(FIELD_LABELS[e.table_name] ?? {});
  const fields = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return fields.flatMap((f): [string, string, string][] => {
    const label = fieldLabel(e.table_name, f);
    if (!label) return [];
    const before = fieldValue(e.table_name, f, e.before?.[f], names);
    const after = fieldValue(e.table_name, f, e.after?.[f], names);
    return [[label, before, after]];
  });
}

/** An edit that changed nothing shown (a driver's version moved by their working times, recorded on their own). */
export const saysNothing = (e: HistoryEntry) => e.op === 'updated' && changedFields(e).length === 0;
