import { addDays, mondayOf, shiftMinutes, shiftSpan, ukDate, weekDay } from './dates';

/**
 * UK working-time rules as warnings: the office may still decide to break one, but only after being told which.
 * At least `minRestHours` between two shifts of a driver (daily rest), at most `maxWeekHours` planned in a
 * Monday–Sunday week unless the driver opted out, at most `maxConsecutiveDays` days in a row. The limits are
 * options an administrator sets; the planning assistant never proposes a breach, the board marks them, and the
 * shift calls answer them (409) until the user confirms.
 */

export interface WorkingTimeLimits {
  minRestHours: number;
  maxWeekHours: number;
  maxConsecutiveDays: number;
}

export const WORKING_TIME_OPTION = {
  minRestHours: 'working_time_min_rest_hours',
  maxWeekHours: 'working_time_max_week_hours',
  maxConsecutiveDays: 'working_time_max_consecutive_days',
} as const;

export const WORKING_TIME_DEFAULTS: WorkingTimeLimits = { minRestHours: 11, maxWeekHours: 48, maxConsecutiveDays: 6 };

/** The most an administrator may set for each limit (a week has 168 hours, a day 24). */
export const WORKING_TIME_MAX: WorkingTimeLimits = { minRestHours: 24, maxWeekHours: 168, maxConsecutiveDays: 31 };

export const WORKING_TIME_OPTION_KEYS: readonly string[] = Object.values(WORKING_TIME_OPTION);

/** The limit an option key sets, or null for another key. */
export function limitOfOption(okey: string): keyof WorkingTimeLimits | null {
  const entry = Object.entries(WORKING_TIME_OPTION).find(([, key]) => key === okey);
  return entry ? (entry[0] as keyof WorkingTimeLimits) : null;
}

export const workingTimeOptionMessage = (max: number) => `Value must be a whole number from 1 to ${max}`;

/** The limits from the options table's rows; a missing or unreadable one keeps its default. */
export function readLimits(rows: readonly { okey: string; ovalue: string }[]): WorkingTimeLimits {
  const limits = { ...WORKING_TIME_DEFAULTS };
  for (const row of rows) {
    const limit = limitOfOption(row.okey);
    const value = Number(row.ovalue);
    if (limit && Number.isInteger(value) && value >= 1 && value <= WORKING_TIME_MAX[limit]) limits[limit] = value;
  }
  return limits;
}

/** A shift of a driver as the rules read it. */
export interface PlannedShift {
  id?: number | null;
  period_date: string;
  start_time: string;
  finish_time: string;
  restaurant_name?: string;
}

export type Breach =
  | { rule: 'rest'; minutes: number; other: PlannedShift; otherFirst: boolean }
  | { rule: 'week'; minutes: number; monday: string }
  | { rule: 'days'; days: number };

export interface DriverWeek {
  /** Every other planned shift of the driver around the shift's date (the shift itself may be among them). */
  shifts: readonly PlannedShift[];
  /** Opted out of the 48-hour week. */
  optedOut: boolean;
}

/** Whether two shifts share any minute of real time. */
export function shiftsOverlap(a: PlannedShift, b: PlannedShift): boolean {
  const [as, ae] = shiftSpan(a.period_date, a.start_time, a.finish_time);
  const [bs, be] = shiftSpan(b.period_date, b.start_time, b.finish_time);
  return as < be && bs < ae;
}

/** Minutes a driver has planned in the Monday–Sunday week starting `monday` (shifts counted by their date). */
export function weekMinutes(shifts: readonly PlannedShift[], monday: string): number {
  const sunday = addDays(monday, 6);
  let total = 0;
  for (const s of shifts) if (s.period_date >= monday && s.period_date <= sunday) total += shiftMinutes(s.period_date, s.start_time, s.finish_time);
  return total;
}

/** The days in a row the driver would work with a shift on `date`. */
function runLength(dates: ReadonlySet<string>, date: string): number {
  let days = 1;
  for (let d = addDays(date, -1); dates.has(d); d = addDays(d, -1)) days++;
  for (let d = addDays(date, 1); dates.has(d); d = addDays(d, 1)) days++;
  return days;
}

/**
 * Every working-time rule the shift would break for this driver, given the driver's other planned shifts. Shifts
 * that overlap it are the overlap rule's business, not the rest rule's; the shift itself (same id) is left out.
 */
export function workingTimeBreaches(shift: PlannedShift, driver: DriverWeek, limits: WorkingTimeLimits): Breach[] {
  const others = driver.shifts.filter((s) => !(shift.id && s.id === shift.id));
  const breaches: Breach[] = [];
  const [start, end] = shiftSpan(shift.period_date, shift.start_time, shift.finish_time);
  let closest: Extract<Breach, { rule: 'rest' }> | null = null;
  for (const other of others) {
    const [os, oe] = shiftSpan(other.period_date, other.start_time, other.finish_time);
    const gap = oe <= start ? start - oe : end <= os ? os - end : null;
    if (gap === null || gap >= limits.minRestHours * 60) continue;
    if (!closest || gap < closest.minutes) closest = { rule: 'rest', minutes: gap, other, otherFirst: oe <= start };
  }
  if (closest) breaches.push(closest);

  if (!driver.optedOut) {
    const monday = mondayOf(shift.period_date);
    const minutes = weekMinutes(others, monday) + shiftMinutes(shift.period_date, shift.start_time, shift.finish_time);
    if (minutes > limits.maxWeekHours * 60) breaches.push({ rule: 'week', minutes, monday });
  }

  const days = runLength(new Set(others.map((s) => s.period_date)), shift.period_date);
  if (days > limits.maxConsecutiveDays) breaches.push({ rule: 'days', days });
  return breaches;
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Hours as the warnings say them: '9 h', '9.5 h'. */
export function hoursText(minutes: number): string {
  return `${Math.round((minutes / 60) * 10) / 10} h`;
}

/**
 * The warning in words, naming the driver and the rule: "Sam Hill would have 9 h rest after Tuesday's shift at
 * Pizza Place (minimum 11 h)".
 */
export function breachMessage(driverName: string, breach: Breach, limits: WorkingTimeLimits): string {
  if (breach.rule === 'rest') {
    const day = DAY_NAMES[weekDay(breach.other.period_date)];
    const where = breach.other.restaurant_name ? ` at ${breach.other.restaurant_name}` : '';
    return `${driverName} would have ${hoursText(breach.minutes)} rest ${breach.otherFirst ? 'after' : 'before'} ${day}'s shift${where} (minimum ${limits.minRestHours} h)`;
  }
  if (breach.rule === 'week') {
    return `${driverName} would have ${hoursText(breach.minutes)} planned in the week of ${ukDate(breach.monday)} (maximum ${limits.maxWeekHours} h)`;
  }
  return `${driverName} would work ${breach.days} days in a row (maximum ${limits.maxConsecutiveDays})`;
}

/**
 * The dates whose shifts the rules read for shifts between `from` and `to`: the whole weeks, a run of days either
 * side, and the night before.
 */
export function rulesWindow(from: string, to: string, limits: WorkingTimeLimits): { from: string; to: string } {
  const margin = limits.maxConsecutiveDays + 1;
  return { from: addDays(mondayOf(from), -margin), to: addDays(mondayOf(to), 6 + margin) };
}

/** The 409 answer of a shift call whose change breaks a rule: the warnings to confirm. */
export const WORKING_TIME_CONFIRM_FIELD = 'working_time_confirmed';
