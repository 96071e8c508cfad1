/**
 * Calendar and clock rules. Dates are 'YYYY-MM-DD' strings computed in UTC, so no local time zone can move
 * a shift to the day before; times of day are 'HH:mm'. The business runs on Europe/London time.
 */

const DAY_MS = 86_400_000;
export const BUSINESS_TIME_ZONE = 'Europe/London';

/** Today's date in the agency's time zone. */
export function londonToday(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function utc(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** 0 = Monday ... 6 = Sunday, as driver working times and the schedule count them. */
export function weekDay(date: string): number {
  return (new Date(utc(date)).getUTCDay() + 6) % 7;
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

export function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

export function fromMinutes(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * Length of a shift in minutes; only a finish before the start rolls into the next day (spec 3, sections 5 and 9).
 * A finish equal to its start is refused by the forms and the server, so it is never 24 hours of pay.
 */
export function shiftMinutes(start: string, finish: string): number {
  const minutes = toMinutes(finish) - toMinutes(start);
  return minutes < 0 ? minutes + 1440 : minutes;
}

/** Length of a shift in hours, to 2 decimals (spec 3, section 9). */
export function shiftHours(start: string, finish: string): number {
  return Math.round((shiftMinutes(start, finish) / 60) * 100) / 100;
}
