import { isWeekendRate, shiftMinutes } from './dates';
import { fromPence, toPence } from './money';

export interface PayRates {
  standard: number;
  weekend: number;
}

/** Mon–Thu: the restaurant's standard_pay, else its area's rate; Fri–Sun: weekend_pay, else the area's. */
export function hourlyRate(
  date: string,
  restaurant: { standard: number | null; weekend: number | null },
  area: PayRates,
): number {
  return isWeekendRate(date) ? (restaurant.weekend ?? area.weekend) : (restaurant.standard ?? area.standard);
}

/** Pounds per delivery in the 0-3, 3-6 and 6+ mile bands (options fuel_bonus_0, fuel_bonus_3, fuel_bonus_6). */
export interface FuelRates {
  band0: number;
  band3: number;
  band6: number;
}

export interface FuelCounts {
  fuel_bonus_0: number;
  fuel_bonus_3: number;
  fuel_bonus_6: number;
}

/** Σ count × rate over the three bands, in pounds. */
export function fuelBonus(counts: FuelCounts, rates: FuelRates): number {
  return fromPence(
    counts.fuel_bonus_0 * toPence(rates.band0) + counts.fuel_bonus_3 * toPence(rates.band3) + counts.fuel_bonus_6 * toPence(rates.band6),
  );
}

/** Rate × real length (shiftMinutes: overnight and clock changes) + driver bonus + fuel bonus, to the penny. */
export function costTotal(rate: number, date: string, start: string, finish: string, bonus: number, fuel: number): number {
  const worked = Math.round((toPence(rate) * shiftMinutes(date, start, finish)) / 60);
  return fromPence(worked + toPence(bonus) + toPence(fuel));
}
