import { toMinutes, ukDate, weekDay } from './dates';
import { HOLIDAY, SHIFT_STATUS } from './statuses';

/**
 * Whether a driver can take a shift (spec 3, sections 4.3 and 5): the driver's working time that day (a date
 * override beats the weekly default; holiday 10 means away; a day without working periods is free all day), no
 * other published shift of theirs at that time, and whether the driver works for the restaurant at all. Used by
 * the shift dialogs, the boards' menus, paste, copy and the server, which checks again before it writes.
 */

export const AVAILABILITY_MSG = {
  overlap: 'Driver already have shift on this time',
  unavailable: 'Driver unavailable',
} as const;

/** A weekly working period (week_day 0 = Monday), as GET /api/driver answers default_working_time. */
export interface WeeklyPeriod {
  week_day: number;
  holiday: number;
  start_at: string | null;
  stop_at: string | null;
}

/** A working period for one date, as GET /api/driver answers actual_override_working_time. */
export interface DatePeriod {
  period_date: string;
  holiday: number;
  start_at: string | null;
  stop_at: string | null;
}

export interface DriverWorkingTime {
  default_working_time: readonly WeeklyPeriod[];
  actual_override_working_time: readonly DatePeriod[];
}

export interface Window {
  start_at: string;
  stop_at: string;
}

export type Availability =
  | { available: true }
  | { available: false; reason: 'holiday' }
  | { available: false; reason: 'hours'; windows: Window[] };

/** The periods that rule a date: that date's overrides when there are any, else the weekday's defaults. */
export function periodsOn(driver: DriverWorkingTime, date: string): (WeeklyPeriod | DatePeriod)[] {
  const overrides = driver.actual_override_working_time.filter((p) => p.period_date === date);
  if (overrides.length) return overrides;
  const day = weekDay(date);
  return driver.default_working_time.filter((p) => p.week_day === day);
}

/** [start, end) in minutes from the day's midnight; an end at or before the start runs into the next day. */
function span(start: string, end: string): [number, number] {
  const s = toMinutes(start);
  let e = toMinutes(end);
  if (e <= s) e += 1440;
  return [s, e];
}

/**
 * A driver's day (spec 2, section 2 'Unavailability'; spec 3, section 4.3): away when the ruling periods mark a
 * holiday (10); otherwise bound to the working periods the day has; a day with none reads 'Available' in the
 * Unavailability dialog, and is: free all day.
 */
export type DayAvailability = { kind: 'holiday' } | { kind: 'allDay' } | { kind: 'windows'; windows: Window[] };

export function dayAvailability(driver: DriverWorkingTime, date: string): DayAvailability {
  const periods = periodsOn(driver, date);
  if (periods.some((p) => p.holiday === HOLIDAY.yes)) return { kind: 'holiday' };
  const windows = periods
    .filter((p): p is typeof p & Window => !!p.start_at && !!p.stop_at)
    .map((p) => ({ start_at: p.start_at, stop_at: p.stop_at }))
    .sort((a, b) => a.start_at.localeCompare(b.start_at));
  return windows.length ? { kind: 'windows', windows } : { kind: 'allDay' };
}

/**
 * Whether the driver can work a shift that day: not on a holiday, and inside one of the day's working periods when
 * it has any. The one rule of the dialogs, the boards' menus, paste, copy and the server.
 */
export function availability(driver: DriverWorkingTime, date: string, start: string, finish: string): Availability {
  return availabilityOn(dayAvailability(driver, date), start, finish);
}

/** The same rule for a day already read (the planning assistant reads each driver's day once). */
export function availabilityOn(day: DayAvailability, start: string, finish: string): Availability {
  if (day.kind === 'holiday') return { available: false, reason: 'holiday' };
  if (day.kind === 'allDay') return { available: true };
  const [s, e] = span(start, finish);
  const fits = day.windows.some((w) => {
    const [ws, we] = span(w.start_at, w.stop_at);
    return s >= ws && e <= we;
  });
  return fits ? { available: true } : { available: false, reason: 'hours', windows: day.windows };
}

/** '10:00-15:00, 17:00-23:00'. */
export function windowList(windows: readonly Window[]): string {
  return windows.map((w) => `${w.start_at}-${w.stop_at}`).join(', ');
}

/** The dialogs' message: 'Driver unavailable' or 'Driver working time: {start-end list}'; null when available. */
export function availabilityMessage(result: Availability): string | null {
  if (result.available) return null;
  if (result.reason === 'holiday') return AVAILABILITY_MSG.unavailable;
  return `Driver working time: ${windowList(result.windows)}`;
}

/** The publish messages: 'Driver {name} unavailable at {date}' or 'Driver {name} working time: {ranges} at {date}'. */
export function publishAvailabilityMessage(result: Availability, driverName: string, date: string): string | null {
  if (result.available) return null;
  if (result.reason === 'holiday') return `Driver ${driverName} unavailable at ${ukDate(date)}`;
  return `Driver ${driverName} working time: ${windowList(result.windows)} at ${ukDate(date)}`;
}

/**
 * The question before a bulk publish when some drivers are unavailable (spec 3, section 5, typo as written), in its
 * two halves: the board lists the shifts between them, one a line.
 */
export const BULK_PUBLISH_QUESTION = {
  lead: (count: number) => `Some driver unvalilable on published shifts(${count}):`,
  ask: 'Skip to publish incorrect shifts and publish correct shifts?',
} as const;

export function bulkPublishQuestion(problems: readonly string[]): string {
  return `${BULK_PUBLISH_QUESTION.lead(problems.length)} ${problems.join('; ')}. ${BULK_PUBLISH_QUESTION.ask}`;
}

export interface TimedShift {
  id?: number | null;
  driver_id: number | null;
  status: number;
  period_date: string;
  start_time: string;
  finish_time: string;
}

/**
 * Another published (status 20) shift of the same driver that day whose time the shift touches (spec 3,
 * section 5). As the spec says, only a shift whose start is before its finish is checked; another shift running
 * past midnight counts until the end of the day.
 */
export function overlappingShift<T extends TimedShift>(shift: TimedShift, others: Iterable<T>): T | null {
  if (!shift.driver_id) return null;
  const start = toMinutes(shift.start_time);
  const finish = toMinutes(shift.finish_time);
  if (!(start < finish)) return null;
  for (const other of others) {
    if (other.driver_id !== shift.driver_id || other.period_date !== shift.period_date) continue;
    if (other.status !== SHIFT_STATUS.published) continue;
    if (shift.id && other.id === shift.id) continue;
    const [os, oe] = span(other.start_time, other.finish_time);
    if (start <= Math.min(oe, 1440) && finish >= os) return other;
  }
  return null;
}

/** A driver's places of work, as GET /api/driver answers them. */
export interface DriverPlaces {
  area_ids: readonly { area_id: number }[];
  restaurant_ids: readonly { restaurant_id: number }[];
}

/**
 * The driver list of a restaurant (spec 3, section 5): drivers with no areas, or whose areas include the
 * restaurant's and who are either not tied to restaurants or tied to this one.
 */
export function worksForRestaurant(driver: DriverPlaces, restaurant: { id: number; area_id: number }): boolean {
  if (!driver.area_ids.length) return true;
  if (!driver.area_ids.some((a) => a.area_id === restaurant.area_id)) return false;
  return !driver.restaurant_ids.length || driver.restaurant_ids.some((r) => r.restaurant_id === restaurant.id);
}

/**
 * Every reason a driver cannot take a shift, the overlap first (the dialogs show the first). Empty when the
 * driver can take it. `published` may hold any shifts; only the driver's published ones that day count.
 */
export function driverShiftErrors(
  shift: TimedShift,
  driver: DriverWorkingTime,
  published: Iterable<TimedShift>,
): string[] {
  const errors: string[] = [];
  if (overlappingShift(shift, published)) errors.push(AVAILABILITY_MSG.overlap);
  const message = availabilityMessage(availability(driver, shift.period_date, shift.start_time, shift.finish_time));
  if (message) errors.push(message);
  return errors;
}
