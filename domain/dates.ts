/**
 * Calendar and clock rules. Dates are 'YYYY-MM-DD' strings computed in UTC, so no local time zone can move
 * a shift to the day before; times of day are 'HH:mm'. The business runs on Europe/London time.
 */

const DAY_MS = 86_400_000;
export const BUSINESS_TIME_ZONE = 'Europe/London';

/**
 * Today's date in the agency's time zone: the UTC date, or an hour on in summer time, which starts and ends at 01:00
 * UTC on the last Sundays of March and October. Counted, not asked of Intl: a page's first use of Intl costs some
 * 40–100 ms (the locale data is loaded), and a page load opening on a screen reads today's date before its first calls.
 */
export function londonToday(now: Date = new Date()): string {
  const date = now.toISOString().slice(0, 10);
  const [spring, autumn] = clockChangeDays(date.slice(0, 4));
  const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  const summer = (date > spring || (date === spring && minutes >= 60)) && (date < autumn || (date === autumn && minutes < 60));
  return summer ? new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10) : date;
}

// The few dates a call reads, each read thousands of times by the planning assistant: parsed once.
const utcOf = new Map<string, number>();

function utc(date: string): number {
  let ms = utcOf.get(date);
  if (ms === undefined) {
    const [y, m, d] = date.split('-').map(Number);
    ms = Date.UTC(y, m - 1, d);
    if (utcOf.size > 20_000) utcOf.clear();
    utcOf.set(date, ms);
  }
  return ms;
}

// And the dates they lead to, written once: the board's working-time marks read a Monday for every shift it holds.
const dateOf = new Map<number, string>();

function isoDate(ms: number): string {
  let date = dateOf.get(ms);
  if (date === undefined) {
    date = new Date(ms).toISOString().slice(0, 10);
    if (dateOf.size > 20_000) dateOf.clear();
    dateOf.set(ms, date);
  }
  return date;
}

export function addDays(date: string, days: number): string {
  return isoDate(utc(date) + days * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** 0 = Monday ... 6 = Sunday, as driver working times and the schedule count them. */
export function weekDay(date: string): number {
  // 1970-01-01 was a Thursday (3, counting from Monday).
  return ((Math.round(utc(date) / DAY_MS) + 3) % 7 + 7) % 7;
}

/** Weeks start on Monday. */
export function mondayOf(date: string): string {
  return addDays(date, -weekDay(date));
}

/** Friday, Saturday and Sunday are paid at the weekend rate. */
export function isWeekendRate(date: string): boolean {
  return weekDay(date) >= 4;
}

/** 'DD/MM/YYYY', as the screens show dates. */
export function ukDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UK_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** 'YYYY-MM-DD' from 'DD/MM/YYYY' (as typed) or 'YYYY-MM-DD' (as sent); null when not a real date of 1900–2200. */
export function readDate(value: string): string | null {
  const text = value.trim();
  let y: number, m: number, d: number;
  const iso = ISO_DATE.exec(text);
  const uk = UK_DATE.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (uk) [y, m, d] = [Number(uk[3]), Number(uk[2]), Number(uk[1])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900 || y > 2200) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** 'Mon 30/11/2026': a shift's day where the weekday matters to the reader. */
export function ukDayDate(date: string): string {
  return `${DAY_NAMES[weekDay(date)]} ${ukDate(date)}`;
}

const digit = (text: string, i: number) => text.charCodeAt(i) - 48;

export function toMinutes(hhmm: string): number {
  // Read without splitting: the planning assistant reads times hundreds of thousands of times a call.
  if (hhmm.length >= 5 && hhmm.charCodeAt(2) === 58) return (digit(hhmm, 0) * 10 + digit(hhmm, 1)) * 60 + digit(hhmm, 3) * 10 + digit(hhmm, 4);
  const colon = hhmm.indexOf(':');
  return Number(hhmm.slice(0, colon)) * 60 + Number(hhmm.slice(colon + 1, colon + 3));
}

export function fromMinutes(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The last Sunday of a month (1-12) of a year, as 'YYYY-MM-DD': the UK's clocks change on it. */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return addDays(last, -((weekDay(last) + 1) % 7));
}

/**
 * Whether a London wall-clock time is summer time (BST, UTC+1): from 01:00 on the last Sunday of March (clocks
 * go to 02:00) to 02:00 on the last Sunday of October (clocks go back to 01:00). In October the hour 01:00–02:00
 * happens twice; it is read as its first time, still summer time.
 */
const clockChanges = new Map<string, [string, string]>();

/** The days of `year` the clocks go forward and back. */
function clockChangeDays(year: string): [string, string] {
  let changes = clockChanges.get(year);
  if (!changes) clockChanges.set(year, (changes = [lastSunday(Number(year), 3), lastSunday(Number(year), 10)]));
  return changes;
}

function isSummerTime(date: string, minutes: number): boolean {
  const [spring, autumn] = clockChangeDays(date.slice(0, 4));
  if (date < spring || date > autumn) return false;
  if (date === spring) return minutes >= 60;
  if (date === autumn) return minutes < 120;
  return true;
}

/** Minutes after midnight UTC of `date` at which a London wall-clock time happens. */
function londonInstant(date: string, minutes: number): number {
  return minutes - (isSummerTime(date, minutes) ? 60 : 0);
}

const EPOCH = '2000-01-01';

/**
 * A shift as a span of real time: [start, end) in minutes since 2000-01-01 00:00 UTC, as lived in Europe/London.
 * Only a finish before the start rolls into the next day (spec 3, sections 5 and 9). The rest between two shifts
 * and a shift's length are read from it.
 */
export function shiftSpan(date: string, start: string, finish: string): [number, number] {
  const from = toMinutes(start);
  const to = toMinutes(finish);
  const base = daysBetween(EPOCH, date) * 1440;
  const finishDate = to < from ? addDays(date, 1) : date;
  return [base + londonInstant(date, from), daysBetween(EPOCH, finishDate) * 1440 + londonInstant(finishDate, to)];
}

/** Whether two spans [start, end) share a minute (back-to-back shifts do not). */
export const spansOverlap = (a: readonly [number, number], b: readonly [number, number]): boolean => a[0] < b[1] && b[0] < a[1];

/**
 * The minutes a shift really lasts: a shift over the night the clocks go forward is an hour shorter, over the
 * night they go back an hour longer. A finish equal to its start is refused by the forms and the server, so it is
 * never 24 hours of pay. Pay, invoices, the payments export, the boards' totals and the weekly hours all use it.
 */
export function shiftMinutes(date: string, start: string, finish: string): number {
  if (!/^\d{4}-\d\d-\d\d$/.test(date)) {
    // A line frozen without its date: its length on the clock.
    const wall = toMinutes(finish) - toMinutes(start);
    return wall < 0 ? wall + 1440 : wall;
  }
  // shiftSpan's difference, without its day counts: the boards' totals read it for every shift of a month.
  const from = toMinutes(start);
  const to = toMinutes(finish);
  if (to >= from) return londonInstant(date, to) - londonInstant(date, from);
  return 1440 + londonInstant(addDays(date, 1), to) - londonInstant(date, from);
}

/** Length of a shift in hours, to 2 decimals (spec 3, section 9), as lived (shiftMinutes). */
export function shiftHours(date: string, start: string, finish: string): number {
  return Math.round((shiftMinutes(date, start, finish) / 60) * 100) / 100;
}
