import { ukDate } from '../../../domain/dates';
import type { FuelRates } from '../../../domain/pay';
import { TIMESHEET_PROGRESS, TIMESHEET_STATUS } from '../../../domain/statuses';
import { approveFailure, isPlaceholder, targetState, timesheetCost, type TimesheetAction, type TimesheetView } from '../../../domain/timesheets';
import type { TimesheetInput } from '../../../domain/validation/timesheet';
import type { ApproveResult } from '../../../domain/timesheetCalls';
import { HttpError } from 'react-admin';
import type { AppDataProvider } from '../../../providers/dataProvider';

/** The data provider's timesheet writes these actions make (useAppDataProvider). */
export type TimesheetCalls = Pick<AppDataProvider, 'approveTimesheets' | 'createTimesheet' | 'updateTimesheet'>;

/** The form's fields of a timesheet, as text (what the inputs hold). */
export interface TimesheetFormValues extends Record<string, string> {
  restaurant_id: string;
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_bonus: string;
  cost_extra_bonus: string;
  fuel_bonus_0: string;
  fuel_bonus_3: string;
  fuel_bonus_6: string;
  comment: string;
}

export function formValuesOf(row: TimesheetView): TimesheetFormValues {
  return {
    restaurant_id: String(row.restaurant_id),
    period_date: ukDate(row.period_date),
    start_time: row.start_time,
    finish_time: row.finish_time,
    cost_bonus: String(row.cost_bonus),
    // Restaurant accounts are not sent the cancellation fee.
    cost_extra_bonus: String(row.cost_extra_bonus ?? 0),
    fuel_bonus_0: String(row.fuel_bonus_0),
    fuel_bonus_3: String(row.fuel_bonus_3),
    fuel_bonus_6: String(row.fuel_bonus_6),
    comment: row.comment ?? '',
  };
}

/** The fields of a form that change pay. */
type Edited = Pick<TimesheetInput, 'restaurant_id' | 'period_date' | 'start_time' | 'finish_time' | 'cost_bonus' | 'cost_extra_bonus' | 'fuel_bonus_0' | 'fuel_bonus_3' | 'fuel_bonus_6' | 'comment'>;

/**
 * What the edited timesheet will earn, or null when only the server can say: a move to another restaurant or
 * day is re-rated from rates this screen does not hold. The server checks the figure it is sent.
 */
export function previewCost(row: TimesheetView, edited: Edited, fuel: FuelRates | null): { const_fuel_bonus: number; cost_total: number } | null {
  if (!fuel || row.cost_per_hour <= 0) return null;
  if (edited.restaurant_id !== row.restaurant_id || edited.period_date !== row.period_date) return null;
  return timesheetCost({ ...edited, cost_per_hour: row.cost_per_hour }, fuel);
}

/**
 * The full timesheet the calls take (spec 3, section 7), from a row and, for Approve and Discard, the form's edits;
 * from the form, the version it was loaded with (`version`), so a timesheet changed meanwhile is not saved over.
 */
function timesheetPayload(row: TimesheetView, state: { status: number; status_progress: number }, edited?: Edited, costTotal?: number | null, version?: string) {
  const fields = edited ?? row;
  return {
    ...(version ? { updated_at: version } : {}),
    ...(isPlaceholder(row) ? {} : { id: row.id }),
    shift_id: row.shift_id,
    modified_shift_id: row.modified_shift_id,
    restaurant_id: fields.restaurant_id,
    driver_id: row.driver_id,
    status: state.status,
    status_progress: state.status_progress,
    period_date: fields.period_date,
    start_time: fields.start_time,
    finish_time: fields.finish_time,
    meal_time: 0,
    rest_time: 0,
    cost_per_hour: row.cost_per_hour,
    cost_bonus: fields.cost_bonus,
    const_fuel_bonus: row.const_fuel_bonus,
    cost_extra_bonus: fields.cost_extra_bonus,
    // Sent only when this screen knows the figure: the server refuses one that disagrees with its rules.
    ...(costTotal === null || costTotal === undefined ? {} : { cost_total: costTotal.toFixed(2) }),
    comment: fields.comment,
    driver_comment: row.driver_comment,
    fuel_bonus_0: fields.fuel_bonus_0,
    fuel_bonus_3: fields.fuel_bonus_3,
    fuel_bonus_6: fields.fuel_bonus_6,
  };
}

/** "Can't approve timesheet 12/11/2026. Start Time is required." for each refused item. */
export function failureMessages(result: ApproveResult): string[] {
  return result.fail.map((f) => approveFailure(f.data?.period_date ?? '', f.errors ?? {}));
}

/**
 * Approve with the form's edits: one item through the approve call. Refused because the timesheet changed since
 * `version`, it rejects as a save on an old version does (409 with the conflict), for the form to offer Reload.
 */
export async function approveOne(api: TimesheetCalls, row: TimesheetView, edited: Edited, costTotal: number | null, version?: string): Promise<TimesheetView> {
  const result = await api.approveTimesheets([timesheetPayload(row, targetState('approve', row), edited, costTotal, version)]);
  const [failed] = result.fail;
  if (failed?.conflict) {
    const message = failed.errors.updated_at?.[0] ?? failureMessages(result)[0];
    throw new HttpError(message, 409, { message, conflict: failed.conflict });
  }
  if (failed) throw new Error(failureMessages(result)[0]);
  return result.data[0];
}

/** Discard edits the saved timesheet (at the form's version), or makes one from a placeholder. */
export function discardOne(api: TimesheetCalls, row: TimesheetView, edited: Edited, costTotal: number | null, version?: string): Promise<TimesheetView> {
  const body = timesheetPayload(row, targetState('discard', row), edited, costTotal, version);
  return isPlaceholder(row) ? api.createTimesheet(body) : api.updateTimesheet(row.id, body);
}

/** Unapprove Time / Unapprove Pay: the stored timesheet as it is (at the form's version), back to pending. */
export function unapprove(api: TimesheetCalls, row: TimesheetView, action: Extract<TimesheetAction, 'unapproveTime' | 'unapprovePay'>, version?: string): Promise<TimesheetView> {
  const body = timesheetPayload(row, targetState(action, row), undefined, row.cost_total, version);
  return api.updateTimesheet(row.id, body);
}

/** Add Time Sheet: a pending timesheet the office fills in for a driver. */
export function createTimesheet(api: TimesheetCalls, input: Pick<TimesheetInput, 'restaurant_id' | 'driver_id' | 'period_date' | 'start_time' | 'finish_time'>): Promise<TimesheetView> {
  return api.createTimesheet({
    ...input,
    status: TIMESHEET_STATUS.pending,
    status_progress: TIMESHEET_PROGRESS.submitted,
    meal_time: 0,
    rest_time: 0,
    cost_bonus: 0,
    cost_extra_bonus: 0,
    fuel_bonus_0: 0,
    fuel_bonus_3: 0,
    fuel_bonus_6: 0,
  });
}

/** Approve All: the rows as they are; the server prices each (the list shows the stored figures). */
export function approveAllPayload(rows: TimesheetView[]) {
  return rows.map((row) => timesheetPayload(row, targetState('approve', row)));
}
