import { fromPence, toPence } from '../money';
import { TIMESHEET_STATUS as S } from '../statuses';
import { type TimesheetFacts, hasDriver, isCancellation } from './states';
import { paidMinutes } from './hoursAndCost';

/** The totals of the timesheet screen and each driver's summary (spec 3, section 8). */

export interface TimesheetTotals {
  total_timesheets: number;
  filled_hours: number;
  estimated_cost: number;
  expected_sales: number;
  approved: number;
  unapproved: number;
  free: number;
}

interface Countable extends TimesheetFacts {
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_total: number;
  /** The fee or bonus set on it (absent where the viewer may not see it, as for restaurant accounts). */
  cost_extra_bonus?: number | null;
  restaurant_id: number;
}

/**
 * What the driver is paid for a timesheet, in pence, as the payments export pays it (domain/payments.ts): a worked
 * timesheet's cost_total (rate × hours + bonus + fuel) plus the fee or bonus set on it; a cancellation timesheet's
 * cost_total is its fee already.
 */
function driverPence(t: Countable): number {
  return toPence(t.cost_total) + (isCancellation(t) ? 0 : toPence(t.cost_extra_bonus ?? 0));
}

/** Worked time counts unless it was discarded: an open shift has no one to pay, a discarded one is not paid. */
function counts(t: Countable): boolean {
  return hasDriver(t) && t.status !== S.discarded;
}

/**
 * The totals bar (spec 3, sections 2.3 and 3): Approved, Unapproved (pending with a driver) and Free (no
 * driver) timesheets, the total, filled hours, the estimated cost (the pay, cancellation fees and the fees or bonuses set on timesheets included) and the
 * expected sales (the pay of worked time plus the restaurant's commission per hour, as invoices charge it). Sums
 * are in pence, so no float drift.
 */
export function timesheetTotals(list: readonly Countable[], comissionPerHour: (restaurantId: number) => number): TimesheetTotals {
  let minutes = 0;
  let cost = 0;
  let sales = 0;
  let approved = 0;
  let unapproved = 0;
  let free = 0;
  for (const t of list) {
    if (!hasDriver(t)) free++;
    else if (t.status === S.approved) approved++;
    else if (t.status === S.pending) unapproved++;
    if (!counts(t)) continue;
    const m = paidMinutes(t);
    const pay = toPence(t.cost_total);
    minutes += m;
    cost += driverPence(t);
    // A fee charged to a driver changes what the agency pays, not what the restaurant is invoiced.
    if (!isCancellation(t)) sales += pay + Math.round((toPence(comissionPerHour(t.restaurant_id)) * m) / 60);
  }
  return {
    total_timesheets: list.length,
    filled_hours: Math.round((minutes / 60) * 100) / 100,
    estimated_cost: fromPence(cost),
    expected_sales: fromPence(sales),
    approved,
    unapproved,
    free,
  };
}

export interface DriverSummary {
  driver_id: number;
  count: number;
  hours: number;
  cost: number;
}

/**
 * The left panel: per driver, the number of timesheets shown, and the hours and pay of those not discarded (the fee
 * or bonus set on a timesheet counted, as the payments export counts it).
 */
export function driverSummaries(list: readonly Countable[]): Map<number, DriverSummary> {
  const out = new Map<number, { driver_id: number; count: number; minutes: number; pence: number }>();
  for (const t of list) {
    if (!hasDriver(t)) continue;
    const id = t.driver_id!;
    let s = out.get(id);
    if (!s) out.set(id, (s = { driver_id: id, count: 0, minutes: 0, pence: 0 }));
    s.count++;
    if (!counts(t)) continue;
    s.minutes += paidMinutes(t);
    s.pence += driverPence(t);
  }
  return new Map(
    [...out].map(([id, s]) => [id, { driver_id: id, count: s.count, hours: Math.round((s.minutes / 60) * 100) / 100, cost: fromPence(s.pence) }]),
  );
}
