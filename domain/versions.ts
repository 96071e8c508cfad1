import { BUSINESS_TIME_ZONE } from './dates';

/**
 * Records people edit in dialogs (shifts, timesheets, drivers, restaurants, areas) carry a version: their
 * `updated_at`, a UTC ISO-8601 time with milliseconds that every change of the row moves forward. A save sends the
 * version its form was loaded with; when the record changed since, the server writes nothing and answers 409 with
 * who changed it and when, which the dialogs show with a Reload.
 */

/** What each versioned record is called in the conflict message. */
const VERSIONED_NOUN = {
  shifts: 'shift',
  timesheets: 'timesheet',
  drivers: 'driver',
  restaurants: 'restaurant',
  areas: 'area',
} as const;
export type VersionedTable = keyof typeof VERSIONED_NOUN;

/** Who changed a record, when nobody is on record for its last change (a change made outside the app's calls). */
export const UNKNOWN_EDITOR = 'someone else';

export const VERSION_MSG = {
  invalid: 'updated_at must be the date and time the record was loaded with (ISO-8601)',
} as const;

// Made on first use: a page's first Intl object is costly (domain/money.ts).
let londonClock: Intl.DateTimeFormat | null = null;

/** '14:05': the time of day in London of an ISO-8601 time, 24-hour. */
export function londonTime(iso: string): string {
  return (londonClock ??= new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(new Date(iso));
}

/** 'This shift was changed by Sam Hill at 14:05. Reload to see it.' */
export function conflictMessage(table: VersionedTable, changedBy: string, changedAt: string): string {
  return `This ${VERSIONED_NOUN[table]} was changed by ${changedBy || UNKNOWN_EDITOR} at ${londonTime(changedAt)}. Reload to see it.`;
}

/** The body of a 409 refusing a save on an old version. */
export interface RecordConflict {
  message: string;
  conflict: { changed_by: string; changed_at: string };
}

export function recordConflict(table: VersionedTable, changedBy: string | null, changedAt: string): RecordConflict {
  const name = changedBy?.trim() || UNKNOWN_EDITOR;
  return { message: conflictMessage(table, name, changedAt), conflict: { changed_by: name, changed_at: changedAt } };
}

/**
 * The conflict of a refused save, from its status and body: null for any other refusal (a shift's 409 for
 * working-time warnings carries `working_time`, not `conflict`).
 */
export function conflictOf(error: unknown): RecordConflict | null {
  const { status, body } = (error ?? {}) as { status?: number; body?: unknown };
  if (status !== 409 || !body || typeof body !== 'object') return null;
  const { message, conflict } = body as Partial<RecordConflict>;
  return typeof message === 'string' && conflict && typeof conflict === 'object' ? { message, conflict } : null;
}
