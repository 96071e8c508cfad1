/**
 * History of changes (server/history/): how an action and a record are named, and the messages of Undo and
 * Restore. Shared by the server's answers and the History screens.
 */

import type { RecordNames } from './fieldLabels';

/** What each recorded table's records are called. */
export const RECORD_KIND: Record<string, string> = {
  shifts: 'Shift',
  timesheets: 'Timesheet',
  drivers: 'Driver',
  driver_areas: "Driver's area",
  driver_restaurants: "Driver's restaurant",
  driver_working_times: 'Working time',
  driver_working_time_overrides: 'Working time',
  driver_right_to_work_photos: 'Right to work photo',
  restaurants: 'Restaurant',
  restaurateurs: 'Restaurant account',
  areas: 'Area',
  users: 'User',
  user_areas: "User's area",
  user_restaurants: "User's restaurant",
  options: 'Option',
  invoices: 'Invoice',
  invoice_timesheets: 'Invoice line',
  news_posts: 'News post',
  news_post_areas: "Post's area",
  news_post_restaurants: "Post's restaurant",
  news_post_drivers: "Post's driver",
  news_replies: 'Reply',
  alerts: 'Alert',
  reporting: 'Report record',
  push_messages: 'Push message',
};

/** The record kinds the History screen filters by. */
export const HISTORY_KINDS = ['shifts', 'timesheets', 'drivers', 'restaurants', 'areas', 'users', 'options', 'invoices', 'news_posts', 'push_messages'] as const;

/** The named actions a call may carry, besides what it did to each record. */
export const HISTORY_ACTIONS = [
  'created', 'edited', 'updated', 'deleted', 'published', 'unpublished', 'pasted', 'cancelled', 'approved', 'filled', 'covered', 'undone', 'restored', 'imported',
] as const;

/** Records of a kind that can be brought back after a deletion, with their links. */
export const RESTORABLE = ['shifts', 'drivers', 'restaurants', 'areas', 'news_posts'] as const;

const OP_VERB: Record<string, string> = { created: 'created', updated: 'edited', deleted: 'deleted' };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 'Tue' for '2026-11-24' (read as a calendar date, never through a time zone). */
export function weekdayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
}

/** A record as a sentence names it: 'Shift at Pizza Palace, Tue 18:00', 'Driver 12'. */
export function recordLabel(table: string, recordId: string, row: Record<string, unknown> | null, restaurantName?: string | null): string {
  const kind = RECORD_KIND[table] ?? table;
  if ((table === 'shifts' || table === 'timesheets') && row?.period_date && restaurantName) {
    const time = row.start_time ?? row.driver_start_time ?? '';
    return `${kind} at ${restaurantName}, ${weekdayOf(String(row.period_date))} ${String(time)}`.trim();
  }
  const name = row && (row.name ?? ([row.first_name, row.last_name].filter(Boolean).join(' ') || row.post_title));
  return name ? `${kind} ${String(name)}` : `${kind} ${recordId}`;
}

export const HISTORY_MSG = {
  actionNotFound: 'This action is not in the history',
  entryNotFound: 'This record is not in the history',
  alreadyUndone: 'This action was already undone',
  nothingToUndo: 'This action changed nothing that can be undone',
  notDeleted: 'Only a deleted record can be restored',
  notRestorable: 'This kind of record cannot be restored',
  alreadyBack: 'This record exists again',
  clash: 'The records this would bring back clash with records made since',
  badFilter: 'The history filter is not valid',
  changedSince: (record: string, op: string, name: string) => `${record} was ${OP_VERB[op] ?? op} by ${name || 'someone'} after this action`,
} as const;

/** How long the snackbar offers Undo after an action, in milliseconds. */
export const UNDO_WINDOW_MS = 10_000;

/** An action's own fields, as stored (migrations/0008_history.ts) and as GET /api/history answers them. */
export interface HistoryActionFields {
  /** The id of the request that made it. */
  id: string;
  account_kind: 'user' | 'restaurateur' | 'driver';
  account_id: number;
  role: number | null;
  account_name: string;
  /** The named action (published, approved ...), or null when its changes say what it did. */
  name: string | null;
  route: string;
  undoes: string | null;
  undone_by: string | null;
}

/** One record's change. */
export interface HistoryEntryFields {
  table_name: string;
  record_id: string;
  op: 'created' | 'updated' | 'deleted';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** One record's change, as GET /api/history answers it under its action. */
export interface HistoryEntry extends HistoryEntryFields {
  id: number;
  /** The record as people know it ('Shift · Balti Palace · Sun 03/01/2027 08:15–11:45'). */
  label?: string;
}

/** One action (one request that wrote), as GET /api/history answers it. */
export interface HistoryAction extends HistoryActionFields {
  at: string;
  /** How many records of each table it touched. */
  kinds: Record<string, number> | null;
  ops: string[] | null;
  /** Its first changes (or, for one record's history, that record's). */
  entries: HistoryEntry[];
  /** What it did, in words ('Published 193 shifts, week of 30/11/2026'). */
  summary?: string;
  /** Its first few main records, named, and how many more it touched. */
  records?: string[];
  more?: number;
  /** The names of the records its fields point at (restaurant, driver, area, creator ...). */
  names?: RecordNames;
}
