/**
 * Seed-only time helpers. The calendar, clock and pay rules themselves live in domain/ and are re-exported
 * here so the seed modules keep one import.
 */
export { londonToday, addDays, daysBetween, weekDay, mondayOf, ukDate, toMinutes, fromMinutes, shiftHours } from '../../../domain/dates';
export { roundPounds as round2 } from '../../../domain/money';
export { hourlyRate, fuelBonus, costTotal, type PayRates, type FuelRates } from '../../../domain/pay';

import type { FuelRates } from '../../../domain/pay';

export function assertDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw new Error(`Expected a date as YYYY-MM-DD, got '${date}'`);
  }
  return date;
}

/** ISO timestamp of a date and time of day (taken as UTC: the seeds need order, not the exact hour). */
function isoAt(date: string, hhmm = '00:00'): string {
  return `${date}T${hhmm}:00.000Z`;
}

/** Option defaults (fuel_bonus_0/3/6) when a database has none yet. */
export const DEFAULT_FUEL_RATES: FuelRates = { band0: 1.5, band3: 3, band6: 5 };

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
