import { HttpError, fieldError } from '../../plugins/errors';
import { SHIFT_MSG } from '../../../domain/validation/shiftMessages';
import { priceShift } from '../../../domain/shifts';
import type { FuelRates } from '../../../domain/pay';
import type { RestaurantFacts } from '../../records/shiftFacts';

/** One shift of a bulk call that could not be done, and why: `{ id, period_date, errors: { field: [messages] } }`. */
export interface BulkFailure {
  id: number;
  period_date: string | null;
  errors: Record<string, string[]>;
  /** The refused shift as people know it (publish names it: its message may not). */
  shift?: RefusedShift;
}

export interface RefusedShift {
  restaurant_id: number;
  restaurant_name: string | null;
  driver_id: number | null;
  driver_name: string | null;
  start_time: string;
  finish_time: string;
}

/**
 * A bulk call refused as a whole (nothing was written): 400 with the summary as the first field's message, which
 * the client shows, and `fail` listing every shift that failed and why, so it can offer to go on without them.
 */
export function bulkRefused(summary: string, fail: BulkFailure[]): HttpError {
  return new HttpError(400, { shift_ids: [summary], fail });
}

/** "Can't publish shift 19/11/2026. Timesheet exists by this shift" (and how many more), for calls without a question of their own. */
export function bulkSummary(verb: string, fail: BulkFailure[], ukDate: (d: string) => string): string {
  const first = fail[0];
  const message = Object.values(first.errors)[0]?.[0] ?? '';
  const when = first.period_date ? ` ${ukDate(first.period_date)}` : '';
  const more = fail.length > 1 ? ` (${fail.length - 1} more shift${fail.length > 2 ? 's' : ''} failed too)` : '';
  return `Can't ${verb} shift${when}. ${message}${more}`;
}

export interface PricedInput {
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_bonus: number;
  fuel_bonus_0: number;
  fuel_bonus_3: number;
  fuel_bonus_6: number;
}

/** The shift's money, from the restaurant's (else area's) rate of that weekday and the fuel option rates. */
export function priceFor(restaurant: RestaurantFacts, input: PricedInput, fuelRates: FuelRates) {
  return priceShift({
    date: input.period_date,
    start: input.start_time,
    finish: input.finish_time,
    restaurant: { standard: restaurant.standard, weekend: restaurant.weekend },
    area: restaurant.area,
    bonus: input.cost_bonus,
    fuel: { fuel_bonus_0: input.fuel_bonus_0, fuel_bonus_3: input.fuel_bonus_3, fuel_bonus_6: input.fuel_bonus_6 },
    fuelRates,
  });
}

/** A change whose body names another shift than its address is refused (400); a blank id names none. */
export function checkBodyShiftId(sent: unknown, id: number): void {
  if (sent !== undefined && sent !== null && sent !== '' && Number(sent) !== id) throw fieldError('id', SHIFT_MSG.idMismatch);
}
