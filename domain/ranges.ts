import { addDays, daysBetween, mondayOf, ukDate } from './dates';

/**
 * Date ranges of the schedule, timesheet, invoice and reporting screens (spec 3, sections 2 and 9): the
 * intervals Day, Week, 2-Week and Month, previous/next, weeks starting on Monday, and the 31-day limit.
 * A range is inclusive at both ends and made of 'YYYY-MM-DD' strings (never a JS Date).
 */

/** Interval ids as the spec numbers them (spec 3, section 9). */
export const INTERVAL = { day: 10, week: 20, twoWeeks: 30, month: 40 } as const;
export type Interval = (typeof INTERVAL)[keyof typeof INTERVAL];
export const INTERVALS: readonly Interval[] = [INTERVAL.day, INTERVAL.week, INTERVAL.twoWeeks, INTERVAL.month];
export const INTERVAL_LABELS: Record<Interval, string> = { 10: 'Day', 20: 'Week', 30: '2-Week', 40: 'Month' };

/** The longest range any list call answers for (spec 3, section 9). */
const MAX_RANGE_DAYS = 31;

export interface DateRange {
  from: string;
  to: string;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written 'YYYY-MM-DD' (so '2026-02-30' is not one). */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

function isInterval(value: unknown): value is Interval {
  return (INTERVALS as readonly unknown[]).includes(value);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}

export function lastOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return `${date.slice(0, 8)}${String(daysInMonth(y, m)).padStart(2, '0')}`;
}

/** The same day of another month, kept inside that month (31 January + 1 month = 28 or 29 February). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The range of an interval that holds a date: the day, its Monday-based week or two weeks, its month. */
export function rangeFor(interval: Interval, date: string): DateRange {
  switch (interval) {
    case INTERVAL.day:
      return { from: date, to: date };
    case INTERVAL.week: {
      const from = mondayOf(date);
      return { from, to: addDays(from, 6) };
    }
    case INTERVAL.twoWeeks: {
      const from = mondayOf(date);
      return { from, to: addDays(from, 13) };
    }
    case INTERVAL.month:
      return { from: firstOfMonth(date), to: lastOfMonth(date) };
  }
}

/** Days in a range, both ends counted (a week is 7). */
export function rangeLength(range: DateRange): number {
  return daysBetween(range.from, range.to) + 1;
}

/** Every date of a range, in order. */
export function datesOf(range: DateRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}

export function inRange(date: string, range: DateRange): boolean {
  return date >= range.from && date <= range.to;
}

/** Whether a range is exactly one whole calendar month. */
function isWholeMonth(range: DateRange): boolean {
  return range.from === firstOfMonth(range.from) && range.to === lastOfMonth(range.from);
}

/**
 * Previous (-1) or next (+1) range. A whole month steps by calendar months; any other range (a day, a week,
 * two weeks, or a span chosen in the range picker) steps by its own length, so the view keeps its size.
 */
export function stepRange(range: DateRange, step: -1 | 1): DateRange {
  if (isWholeMonth(range)) {
    const from = addMonths(range.from, step);
    return { from, to: lastOfMonth(from) };
  }
  const days = rangeLength(range) * step;
  return { from: addDays(range.from, days), to: addDays(range.to, days) };
}

/** The interval a range is exactly (a day, a Monday week, two Monday weeks, a calendar month), else null. */
export function intervalOf(range: DateRange): Interval | null {
  for (const interval of INTERVALS) {
    const expected = rangeFor(interval, range.from);
    if (expected.from === range.from && expected.to === range.to) return interval;
  }
  return null;
}

/** 'Invalid date range: {from} ~ {to}' (spec 3, section 5), dates as the screens show them. */
export function invalidRangeMessage(range: DateRange): string {
  const show = (d: string) => (isDate(d) ? ukDate(d) : d);
  return `Invalid date range: ${show(range.from)} ~ ${show(range.to)}`;
}

/** Whether a list call may answer for the range: real dates, in order, at most 31 days. */
export function isValidRange(range: DateRange): boolean {
  return isDate(range.from) && isDate(range.to) && range.from <= range.to && rangeLength(range) <= MAX_RANGE_DAYS;
}

/** '16/11/2026 – 22/11/2026', or one date for a day. */
export function rangeLabel(range: DateRange): string {
  if (range.from === range.to) return ukDate(range.from);
  return `${ukDate(range.from)} – ${ukDate(range.to)}`;
}

/** What a screen's address asks for: `?interval=20&from=2026-11-16&to=2026-11-22`, each part possibly missing. */
export interface RangeAddress {
  interval: string | null;
  from: string | null;
  to: string | null;
}

/**
 * The interval a screen's address asks for, or `defaultInterval` when it asks for none or one the screen does not
 * offer. One function for the screen (src/components/range) and the calls a page load starts before the screen's
 * code has arrived (src/firstCalls.ts), so both ask for the same days.
 */
export function intervalOfAddress(address: RangeAddress, defaultInterval: Interval, intervals: readonly Interval[]): Interval {
  const asked = Number(address.interval);
  return isInterval(asked) && intervals.includes(asked) ? asked : defaultInterval;
}

/** The range a screen's address asks for: its valid from–to, else the interval around its `from`, else around today. */
export function rangeOfAddress(address: RangeAddress, interval: Interval, today: string): DateRange {
  const asked = { from: address.from ?? '', to: address.to ?? '' };
  if (isDate(asked.from) && isDate(asked.to) && isValidRange(asked)) return asked;
  return rangeFor(interval, isDate(address.from) ? address.from : today);
}
