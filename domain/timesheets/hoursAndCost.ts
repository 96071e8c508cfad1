import { addDays, shiftMinutes, toMinutes, daysBetween, BUSINESS_TIME_ZONE } from '../dates';
import { toPence } from '../money';
import { costTotal, fuelBonus, type FuelCounts, type FuelRates } from '../pay';
import { isCancellation } from './states';

/**
 * A timesheet's hours and cost (spec 3, sections 5 and 8), its bonus choices, the latest date it may have and
 * whether two timesheets' working times overlap.
 */

/** Driver bonus choices of the form (spec 3, section 5). */
export const BONUS_CHOICES: readonly { value: number; name: string }[] = [
  { value: 0, name: 'No bonus' },
  { value: 10, name: '+£10' },
  { value: 20, name: '+£20' },
  { value: -10, name: '-£10' },
  { value: -20, name: '-£20' },
];

export interface CostInputs extends FuelCounts {
  cost_per_hour: number;
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_bonus: number;
}

/**
 * cost_total = cost_per_hour × hours + bonus + fuel bonus, to the penny, overnight aware; the fuel bonus is
 * Σ count × the option rate of its band (spec 3, section 9). On a worked timesheet the cancellation fee/bonus
 * (cost_extra_bonus) is recorded beside it for the reports, not added to the pay; a cancellation timesheet's fee is
 * its pay (cancellationTimesheet).
 */
export function timesheetCost(t: CostInputs, fuelRates: FuelRates): { const_fuel_bonus: number; cost_total: number } {
  const fuel = fuelBonus(t, fuelRates);
  return { const_fuel_bonus: fuel, cost_total: costTotal(t.cost_per_hour, t.period_date, t.start_time, t.finish_time, t.cost_bonus, fuel) };
}

/** Paid minutes of a timesheet: its length, or none for a cancellation timesheet (it keeps the shift's times only to name it). */
export function paidMinutes(t: { status?: number; period_date: string; start_time: string; finish_time: string }): number {
  return isCancellation(t) ? 0 : lengthOf(t.period_date, t.start_time, t.finish_time);
}

/**
 * shiftMinutes, remembered by day and times: the screen's totals and driver panel ask it for each of a week's 3,500
 * timesheets, which share a few hundred days and times, and each answer works out two London instants.
 */
const lengths = new Map<string, number>();
const LENGTHS_KEPT = 5000;
function lengthOf(date: string, start: string, finish: string): number {
  const key = `${date}|${start}|${finish}`;
  let minutes = lengths.get(key);
  if (minutes === undefined) {
    if (lengths.size >= LENGTHS_KEPT) lengths.clear();
    minutes = shiftMinutes(date, start, finish);
    lengths.set(key, minutes);
  }
  return minutes;
}

/** Hours of a timesheet, 2 decimals (shown with 1). */
export function timesheetHours(t: { status?: number; period_date: string; start_time: string; finish_time: string }): number {
  return Math.round((paidMinutes(t) / 60) * 100) / 100;
}

/** A bonus is one of the choices, or the one already on the timesheet or its shift (shift bonuses are free amounts). */
export function isAllowedBonus(value: number, kept: readonly (number | null | undefined)[] = []): boolean {
  return BONUS_CHOICES.some((c) => c.value === value) || kept.some((k) => k !== null && k !== undefined && toPence(k) === toPence(value));
}

/** The summary form's date can be at most tomorrow; the Add Time Sheet dialog's at most today (spec 3, section 5). */
export function latestTimesheetDate(kind: 'form' | 'add', today: string): string {
  return kind === 'form' ? addDays(today, 1) : today;
}

/** The time of day in London as HH:mm, for a driver's start or finish pressed now. */
export function londonTime(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

/** Minutes from the start of `origin` to the start and end of a timesheet, overnight aware. */
function span(origin: string, t: { period_date: string; start_time: string; finish_time: string }): [number, number] {
  const start = daysBetween(origin, t.period_date) * 1440 + toMinutes(t.start_time);
  return [start, start + shiftMinutes(t.period_date, t.start_time, t.finish_time)];
}

/** Whether two timesheets' working times overlap (touching ends do not). */
export function timesOverlap(
  a: { period_date: string; start_time: string; finish_time: string },
  b: { period_date: string; start_time: string; finish_time: string },
): boolean {
  const [a0, a1] = span(a.period_date, a);
  const [b0, b1] = span(a.period_date, b);
  return a0 < b1 && b0 < a1;
}
