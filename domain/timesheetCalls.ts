import type { TimesheetView } from './timesheets';
import type { TimesheetInput } from './validation/timesheet';
import type { RecordConflict } from './versions';

/**
 * A timesheet as POST /api/timesheet, PUT /api/timesheet/{id} and each item of POST /api/timesheet/approve take it
 * (spec 3, section 7): its fields, and the version it was read at (`updated_at`) so a changed one is not saved over.
 */
export type TimesheetBody = { [K in keyof TimesheetInput]?: unknown } & { id?: number; updated_at?: string; meal_time?: number; rest_time?: number };

/** POST /api/timesheet/approve: the approved timesheets, and each refused item with its messages. */
export interface ApproveResult {
  data: TimesheetView[];
  /** `conflict`: the item's timesheet changed since its version (who and when, domain/versions.ts). */
  fail: { data: { period_date?: string }; errors: Record<string, string[]>; conflict?: RecordConflict['conflict'] }[];
}
