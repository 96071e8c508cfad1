/**
 * Calendar and pay arithmetic for the seeds. Dates stay 'YYYY-MM-DD' strings and are computed in UTC,
 * so no local time zone can move a shift to the day before.
 */

const DAY_MS = 86_400_000;

/** Today's date in the agency's time zone. */
export function londonToday(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function assertDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new Error(`Expected a date as YYYY-MM-DD, got '${date}'`);
  }
  return date;
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

export function mondayOf(date: string): string {
  return addDays(date, -weekDay(date));
}

/** Friday to Sunday are paid at the weekend rate. */
export function isWeekendRate(date: string): boolean {
  return weekDay(date) >= 4;
}

/** 'DD/MM/YYYY', as the screens and alert messages show dates. */
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

/** Length of a shift in hours; a finish at or before the start rolls into the next day. */
export function shiftHours(start: string, finish: string): number {
  let minutes = toMinutes(finish) - toMinutes(start);
  if (minutes <= 0) minutes += 1440;
  return minutes / 60;
}

export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** ISO timestamp of a date and time of day (taken as UTC: the seeds need order, not the exact hour). */
export function isoAt(date: string, hhmm = '00:00'): string {
  return `${date}T${hhmm}:00.000Z`;
}

export interface PayRates {
  standard: number;
  weekend: number;
}

/** The restaurant's own rate when it has one, else its area's; Mon–Thu standard, Fri–Sun weekend. */
export function hourlyRate(date: string, restaurant: { standard: number | null; weekend: number | null }, area: PayRates): number {
  return isWeekendRate(date) ? (restaurant.weekend ?? area.weekend) : (restaurant.standard ?? area.standard);
}

export interface FuelRates {
  band0: number;
  band3: number;
  band6: number;
}

/** Option defaults (fuel_bonus_0/3/6): pounds per delivery in the 0-3, 3-6 and 6+ mile bands. */
export const DEFAULT_FUEL_RATES: FuelRates = { band0: 1.5, band3: 3, band6: 5 };

export function fuelBonus(counts: { fuel_bonus_0: number; fuel_bonus_3: number; fuel_bonus_6: number }, rates: FuelRates): number {
  return round2(counts.fuel_bonus_0 * rates.band0 + counts.fuel_bonus_3 * rates.band3 + counts.fuel_bonus_6 * rates.band6);
}

/** Rate × hours + driver bonus + fuel bonus, to 2 decimals (spec 3, section 9). */
export function costTotal(rate: number, start: string, finish: string, bonus: number, fuel: number): number {
  return round2(rate * shiftHours(start, finish) + bonus + fuel);
}

/**
 * Timestamps of seeded rows (created_at, read_at ...) never lie after the real present, so anything
 * the app creates afterwards is newer than the demo data and sorts first. They follow the seed's
 * `today` otherwise, up to its evening.
 */
export class Clock {
  readonly anchorMs: number;

  constructor(today: string, nowMs: number = Date.now()) {
    this.anchorMs = Math.min(nowMs, Date.parse(isoAt(today, '18:00')));
  }

  /** A date and time of day, pulled back to the anchor when it would be later. */
  at(date: string, hhmm = '12:00'): string {
    return new Date(Math.min(Date.parse(isoAt(date, hhmm)), this.anchorMs)).toISOString();
  }

  hoursAgo(hours: number): string {
    return new Date(this.anchorMs - Math.round(hours * 3_600_000)).toISOString();
  }

  /** Adds hours to a timestamp, without passing the anchor. */
  after(iso: string, hours: number): string {
    return new Date(Math.min(Date.parse(iso) + Math.round(hours * 3_600_000), this.anchorMs)).toISOString();
  }
}
