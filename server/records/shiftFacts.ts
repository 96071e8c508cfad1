import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DateRange } from '../../domain/ranges';
import type { DatePeriod, DriverPlaces, DriverWorkingTime, TimedShift, WeeklyPeriod } from '../../domain/availability';
import type { FuelRates } from '../../domain/pay';
import { SHIFT_STATUS } from '../../domain/statuses';
import { loadPayOptions } from './payOptions';

/**
 * What the shift rules read from the database before a write: restaurants with their pay rates, drivers with
 * their places and working times, the drivers' published shifts, the fuel rates. Each loader is one query
 * whatever the number of shifts, so a bulk call of a thousand shifts costs the same few round trips.
 */

export interface RestaurantFacts {
  id: number;
  name: string;
  area_id: number;
  status: number;
  restaurateur_id: number | null;
  standard: number | null;
  weekend: number | null;
  area: { standard: number; weekend: number };
}

export async function loadRestaurants(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, RestaurantFacts>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('restaurants')
    .innerJoin('areas', 'areas.id', 'restaurants.area_id')
    .select([
      'restaurants.id', 'restaurants.name', 'restaurants.area_id', 'restaurants.status', 'restaurants.restaurateur_id',
      'restaurants.standard_pay', 'restaurants.weekend_pay', 'areas.standard_pay_rate', 'areas.weekend_pay_rate',
    ])
    .where('restaurants.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        area_id: r.area_id,
        status: r.status,
        restaurateur_id: r.restaurateur_id,
        standard: r.standard_pay,
        weekend: r.weekend_pay,
        area: { standard: r.standard_pay_rate, weekend: r.weekend_pay_rate },
      },
    ]),
  );
}

export interface DriverFacts extends DriverWorkingTime, DriverPlaces {
  id: number;
  full_name: string;
  status: number;
}

/**
 * Drivers with their areas, restaurants, weekly working time and the overrides inside `range`. Locks the driver
 * rows when asked, so two writes assigning the same driver at once check one after the other (no double booking).
 */
export async function loadDrivers(
  db: Kysely<Database>,
  ids: readonly number[],
  range: DateRange,
  { lock = false }: { lock?: boolean } = {},
): Promise<Map<number, DriverFacts>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return new Map();
  // One array parameter instead of thousands of them: the assistant asks for every driver at once.
  const any = sql<number>`any(${unique}::int[])`;
  const drivers = await db
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name', 'status'])
    .where('id', '=', any)
    .orderBy('id')
    .$if(lock, (q) => q.forUpdate())
    .execute();
  const [areas, restaurants, weekly, overrides] = [
    await db.selectFrom('driver_areas').select(['driver_id', 'area_id']).where('driver_id', '=', any).execute(),
    await db.selectFrom('driver_restaurants').select(['driver_id', 'restaurant_id']).where('driver_id', '=', any).execute(),
    await db
      .selectFrom('driver_working_times')
      .select(['driver_id', 'week_day', 'holiday', 'start_at', 'stop_at'])
      .where('driver_id', '=', any)
      .execute(),
    await db
      .selectFrom('driver_working_time_overrides')
      .select(['driver_id', 'period_date', 'holiday', 'start_at', 'stop_at'])
      .where('driver_id', '=', any)
      .where('period_date', '>=', range.from)
      .where('period_date', '<=', range.to)
      .execute(),
  ];
  const out = new Map<number, DriverFacts>();
  for (const d of drivers) {
    out.set(d.id, {
      id: d.id,
      full_name: `${d.first_name} ${d.last_name}`.trim(),
      status: d.status,
      area_ids: [],
      restaurant_ids: [],
      default_working_time: [],
      actual_override_working_time: [],
    });
  }
  for (const a of areas) (out.get(a.driver_id)!.area_ids as { area_id: number }[]).push({ area_id: a.area_id });
  for (const r of restaurants) (out.get(r.driver_id)!.restaurant_ids as { restaurant_id: number }[]).push({ restaurant_id: r.restaurant_id });
  for (const w of weekly) (out.get(w.driver_id)!.default_working_time as WeeklyPeriod[]).push(w);
  for (const o of overrides) (out.get(o.driver_id)!.actual_override_working_time as DatePeriod[]).push(o);
  return out;
}

/** Published shifts of these drivers inside the range (the overlap rule counts status 20 only). */
export async function loadPublishedShifts(db: Kysely<Database>, driverIds: readonly number[], range: DateRange): Promise<TimedShift[]> {
  const unique = [...new Set(driverIds)];
  if (!unique.length) return [];
  return db
    .selectFrom('shifts')
    .select(['id', 'driver_id', 'status', 'period_date', 'start_time', 'finish_time'])
    .where('driver_id', 'in', unique)
    .where('period_date', '>=', range.from)
    .where('period_date', '<=', range.to)
    .where('status', '=', SHIFT_STATUS.published)
    .execute();
}

/** The fuel bonus rates per delivery a shift is priced with: the timesheets' own (payOptions.ts), one reading for both. */
export async function loadFuelRates(db: Kysely<Database>): Promise<FuelRates> {
  return (await loadPayOptions(db)).fuel;
}

/** The smallest range holding every date. */
export function spanOf(dates: readonly string[]): DateRange {
  const sorted = [...dates].sort();
  return { from: sorted[0], to: sorted[sorted.length - 1] };
}

/** Which of these shifts have a timesheet. */
export async function shiftsWithTimesheet(db: Kysely<Database>, shiftIds: readonly number[]): Promise<Set<number>> {
  if (!shiftIds.length) return new Set();
  const rows = await sql<{ shift_id: number }>`select shift_id from timesheets where shift_id = any(${[...shiftIds]}::int[])`.execute(db);
  return new Set(rows.rows.map((r) => r.shift_id));
}

/** One shift with all its columns, locked when asked (inside a transaction, so the check and the write see one state). */
export async function shiftRow(db: Kysely<Database>, id: number, { lock = false }: { lock?: boolean } = {}) {
  return db.selectFrom('shifts').selectAll().where('id', '=', id).$if(lock, (q) => q.forUpdate()).executeTakeFirst();
}

/** Shifts with all their columns in date, start and id order: the sources of a copy. */
export async function shiftRowsInDateOrder(db: Kysely<Database>, ids: readonly number[]) {
  return db.selectFrom('shifts').selectAll().where('id', '=', sql<number>`any(${[...ids]}::int[])`).orderBy('period_date').orderBy('start_time').orderBy('id').execute();
}

/** These drivers' unpublished and published shifts between two dates, with their restaurant's name: what a new shift may clash with. */
export async function plannedShiftsOf(db: Kysely<Database>, driverIds: readonly number[], range: DateRange) {
  return db
    .selectFrom('shifts')
    .innerJoin('restaurants', 'restaurants.id', 'shifts.restaurant_id')
    .select(['shifts.id', 'shifts.driver_id', 'shifts.status', 'shifts.period_date', 'shifts.start_time', 'shifts.finish_time', 'restaurants.name as restaurant_name'])
    .where('shifts.driver_id', '=', sql<number>`any(${[...driverIds]}::int[])`)
    .where('shifts.period_date', '>=', range.from)
    .where('shifts.period_date', '<=', range.to)
    .where('shifts.status', 'in', [SHIFT_STATUS.new, SHIFT_STATUS.published])
    .execute();
}
