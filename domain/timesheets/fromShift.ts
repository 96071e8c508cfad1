import type { FuelCounts, FuelRates } from '../pay';
import { CANCELLATION_TIMESHEET, TIMESHEET_PROGRESS as P, TIMESHEET_STATUS as S } from '../statuses';
import { type TimesheetState, hasDriver } from './states';
import { timesheetCost } from './hoursAndCost';

/**
 * Timesheets made from shifts (spec 3, sections 3 and 4.2): every field as the API sends it, the pending placeholder
 * of a shift without a timesheet, a cancelled shift's fee as a cancellation timesheet, and the rate to pay.
 */

export interface ShiftForTimesheet {
  id: number;
  restaurant_id: number;
  driver_id: number | null;
  status: number;
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_per_hour: number;
  cost_bonus: number;
  cost_extra_bonus: number;
  fuel_bonus_0: number;
  fuel_bonus_3: number;
  fuel_bonus_6: number;
  comment: string | null;
}

/**
 * A timesheet's notes and where its driver started and finished: columns the timesheets table stores and the API
 * answers as they are (server/db/schema.ts's TimesheetsTable has them too).
 */
export interface TimesheetNotesAndPlaces {
  comment: string | null;
  driver_comment: string | null;
  map_start_lat: number | null;
  map_start_lng: number | null;
  map_finish_lat: number | null;
  map_finish_lng: number | null;
}

/** Every field of a timesheet as the API sends it (spec 3, section 3). */
export interface TimesheetFields extends TimesheetState, FuelCounts, TimesheetNotesAndPlaces {
  id: number;
  shift_id: number | null;
  modified_shift_id: number | null;
  restaurant_id: number;
  driver_id: number | null;
  period_date: string;
  start_time: string;
  finish_time: string;
  driver_start_time: string | null;
  driver_finish_time: string | null;
  meal_time: number;
  rest_time: number;
  cost_per_hour: number;
  cost_bonus: number;
  const_fuel_bonus: number;
  cost_extra_bonus: number;
  cost_total: number;
}

/**
 * A timesheet as the API answers it: the fields above plus what the screen shows beside them: the names, the
 * restaurant's commission per hour (for Expected Sales) and the scheduled shift's date, times and bonus (the
 * yellow Scheduled Details bar compares and imports them; null without a shift).
 */
export interface TimesheetView extends TimesheetFields {
  driver_name: string | null;
  restaurant_name: string;
  invoice_comission: number;
  shift_period_date: string | null;
  shift_start_time: string | null;
  shift_finish_time: string | null;
  shift_cost_bonus: number | null;
  /** A saved timesheet's version (domain/versions.ts), sent back with a save; placeholders have none. */
  updated_at?: string;
}

/** The placeholder id of a shift: ≤ 0, so it can never be taken for a saved timesheet. */
export const placeholderId = (shiftId: number) => -shiftId;

/**
 * A shift without a timesheet, shown as a pending, not-submitted timesheet (spec 3, section 4.2) carrying the
 * scheduled times and bonuses. `rate` is the hourly rate to pay (the shift's, or the rates table's when the
 * shift has none, as free shifts do).
 */
export function placeholderFromShift(shift: ShiftForTimesheet, rate: number, fuelRates: FuelRates): TimesheetFields {
  const counts = { fuel_bonus_0: shift.fuel_bonus_0, fuel_bonus_3: shift.fuel_bonus_3, fuel_bonus_6: shift.fuel_bonus_6 };
  const cost = timesheetCost({ cost_per_hour: rate, period_date: shift.period_date, start_time: shift.start_time, finish_time: shift.finish_time, cost_bonus: shift.cost_bonus, ...counts }, fuelRates);
  return {
    id: placeholderId(shift.id),
    shift_id: shift.id,
    modified_shift_id: null,
    restaurant_id: shift.restaurant_id,
    driver_id: hasDriver(shift) ? shift.driver_id : null,
    status: S.pending,
    status_progress: P.notSubmitted,
    period_date: shift.period_date,
    start_time: shift.start_time,
    finish_time: shift.finish_time,
    driver_start_time: null,
    driver_finish_time: null,
    meal_time: 0,
    rest_time: 0,
    cost_per_hour: rate,
    cost_bonus: shift.cost_bonus,
    const_fuel_bonus: cost.const_fuel_bonus,
    cost_extra_bonus: shift.cost_extra_bonus,
    cost_total: cost.cost_total,
    ...counts,
    comment: shift.comment,
    driver_comment: null,
    map_start_lat: null,
    map_start_lng: null,
    map_finish_lat: null,
    map_finish_lng: null,
  };
}

/**
 * The cancellation timesheet Cancel Shift makes (spec 3, section 4.1) for the driver taken off a shift. It carries
 * the fee as its cost_extra_bonus and, paying no hours, as its whole cost_total (a fee charged to the driver is
 * negative), so the fee reaches the driver's pay totals, the payments export and the reports. It keeps the shift's
 * date and times only to name the shift; it is tied to it by cancelled_shift_id, never by shift_id, so the now open
 * shift still shows as a placeholder and can get a worked timesheet of its own. Restaurant accounts never see it.
 */
export function cancellationTimesheet(
  shift: { id: number; restaurant_id: number; period_date: string; start_time: string; finish_time: string },
  driverId: number,
  fee: number,
  comment: string | null,
) {
  return {
    cancelled_shift_id: shift.id,
    restaurant_id: shift.restaurant_id,
    driver_id: driverId,
    status: CANCELLATION_TIMESHEET.status,
    status_progress: CANCELLATION_TIMESHEET.progress,
    period_date: shift.period_date,
    start_time: shift.start_time,
    finish_time: shift.finish_time,
    cost_per_hour: 0,
    cost_bonus: 0,
    const_fuel_bonus: 0,
    cost_extra_bonus: fee,
    cost_total: fee,
    comment,
  };
}

/** The shift's own rate, unless it has none (a restaurant's free shift) or the timesheet moved to another restaurant or day. */
export function rateFor(
  timesheet: { restaurant_id: number; period_date: string },
  shift: { restaurant_id: number; period_date: string; cost_per_hour: number } | null,
  tableRate: number,
): number {
  if (shift && shift.cost_per_hour > 0 && shift.restaurant_id === timesheet.restaurant_id && shift.period_date === timesheet.period_date) {
    return shift.cost_per_hour;
  }
  return tableRate;
}
