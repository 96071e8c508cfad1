import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { addDays } from '../../domain/dates';
import { CANCELLATION_TIMESHEET, TIMESHEET_STATUS } from '../../domain/statuses';
import type { ShiftForTimesheet, TimesheetFields } from '../../domain/timesheets';
import type { DriverPlaces } from '../../domain/availability';
import type { TimesheetInput } from '../../domain/validation/timesheet';

/** A saved timesheet as the write rules need it: its fields as the API sends them, but the driver's own times, the breaks and the map points. */
export type StoredTimesheet = Omit<
  TimesheetFields,
  'driver_start_time' | 'driver_finish_time' | 'meal_time' | 'rest_time' | 'map_start_lat' | 'map_start_lng' | 'map_finish_lat' | 'map_finish_lng'
>;

export interface RestaurantFacts {
  id: number;
  name: string;
  area_id: number;
  standard_pay: number | null;
  weekend_pay: number | null;
  area_standard: number;
  area_weekend: number;
}

/** A driver with their places of work, in the shape the domain's driver-list rule reads. */
export interface DriverFacts extends DriverPlaces {
  id: number;
  name: string;
  area_ids: { area_id: number }[];
  restaurant_ids: { restaurant_id: number }[];
}

export interface ShiftFacts extends ShiftForTimesheet {
  timesheet_id: number | null;
}

/** Time a driver is already paid for (saved timesheets that are not discarded, nor a cancellation's fee). */
interface BookedTime {
  id: number;
  period_date: string;
  start_time: string;
  finish_time: string;
  restaurant_name: string;
}

/** Everything the write rules read, loaded for a whole batch in a handful of queries (no query per item). */
export interface Lookups {
  currents: Map<number, StoredTimesheet>;
  restaurants: Map<number, RestaurantFacts>;
  drivers: Map<number, DriverFacts>;
  shifts: Map<number, ShiftFacts>;
  booked: Map<number, BookedTime[]>;
}

const unique = (values: (number | null | undefined)[]) => [...new Set(values.filter((v): v is number => typeof v === 'number' && v > 0))];

/**
 * Loads (and, inside a transaction, locks) the timesheets being changed, and the restaurants, drivers, shifts
 * and booked times the items refer to.
 */
export async function loadLookups(db: Kysely<Database>, items: TimesheetInput[], ids: number[]): Promise<Lookups> {
  const currentRows = ids.length
    ? await db
        .selectFrom('timesheets')
        .select([
          'id', 'shift_id', 'modified_shift_id', 'restaurant_id', 'driver_id', 'status', 'status_progress', 'period_date', 'start_time',
          'finish_time', 'cost_per_hour', 'cost_bonus', 'const_fuel_bonus', 'cost_extra_bonus', 'cost_total', 'fuel_bonus_0',
          'fuel_bonus_3', 'fuel_bonus_6', 'comment', 'driver_comment',
        ])
        .where('id', 'in', ids)
        .forUpdate()
        .execute()
    : [];
  const currents = new Map(currentRows.map((r) => [r.id, r]));

  const restaurantIds = unique([...items.map((i) => i.restaurant_id), ...currentRows.map((c) => c.restaurant_id)]);
  const driverIds = unique([...items.map((i) => i.driver_id), ...currentRows.map((c) => c.driver_id)]);
  const shiftIds = unique([...items.flatMap((i) => [i.shift_id, i.modified_shift_id]), ...currentRows.map((c) => c.shift_id)]);

  const restaurantRows = restaurantIds.length
    ? await db
        .selectFrom('restaurants as r')
        .innerJoin('areas as a', 'a.id', 'r.area_id')
        .select(['r.id', 'r.name', 'r.area_id', 'r.standard_pay', 'r.weekend_pay', 'a.standard_pay_rate as area_standard', 'a.weekend_pay_rate as area_weekend'])
        .where('r.id', 'in', restaurantIds)
        .execute()
    : [];

  const driverRows = driverIds.length ? await db.selectFrom('drivers').select(['id', 'first_name', 'last_name']).where('id', 'in', driverIds).execute() : [];
  const driverAreas = driverIds.length ? await db.selectFrom('driver_areas').select(['driver_id', 'area_id']).where('driver_id', 'in', driverIds).execute() : [];
  const driverRestaurants = driverIds.length
    ? await db.selectFrom('driver_restaurants').select(['driver_id', 'restaurant_id']).where('driver_id', 'in', driverIds).execute()
    : [];
  const drivers = new Map<number, DriverFacts>(
    driverRows.map((d) => [d.id, { id: d.id, name: `${d.first_name} ${d.last_name}`.trim(), area_ids: [], restaurant_ids: [] }]),
  );
  for (const a of driverAreas) drivers.get(a.driver_id)?.area_ids.push({ area_id: a.area_id });
  for (const r of driverRestaurants) drivers.get(r.driver_id)?.restaurant_ids.push({ restaurant_id: r.restaurant_id });

  const shiftRows = shiftIds.length
    ? await db
        .selectFrom('shifts as s')
        .leftJoin('timesheets as t', 't.shift_id', 's.id')
        .select([
          's.id', 's.restaurant_id', 's.driver_id', 's.status', 's.period_date', 's.start_time', 's.finish_time', 's.cost_per_hour', 's.cost_bonus',
          's.cost_extra_bonus', 's.fuel_bonus_0', 's.fuel_bonus_3', 's.fuel_bonus_6', 's.comment', 't.id as timesheet_id',
        ])
        .where('s.id', 'in', shiftIds)
        .execute()
    : [];

  const dates = items.map((i) => i.period_date).sort();
  const bookedRows =
    driverIds.length && dates.length
      ? await db
          .selectFrom('timesheets as t')
          .innerJoin('restaurants as r', 'r.id', 't.restaurant_id')
          .select(['t.id', 't.driver_id', 't.period_date', 't.start_time', 't.finish_time', 'r.name as restaurant_name'])
          .where('t.driver_id', 'in', driverIds)
          .where('t.period_date', '>=', addDays(dates[0], -1))
          .where('t.period_date', '<=', addDays(dates[dates.length - 1], 1))
          .where('t.status', 'not in', [TIMESHEET_STATUS.discarded, CANCELLATION_TIMESHEET.status])
          .execute()
      : [];
  const booked = new Map<number, BookedTime[]>();
  for (const { driver_id, ...b } of bookedRows) {
    const list = booked.get(driver_id!);
    if (list) list.push(b);
    else booked.set(driver_id!, [b]);
  }

  return {
    currents,
    restaurants: new Map(restaurantRows.map((r) => [r.id, r])),
    drivers,
    shifts: new Map(shiftRows.map((s) => [s.id, s])),
    booked,
  };
}

/**
 * A driver's own shift as their timesheet is priced from: its restaurant's and area's pay rates, and the driver's
 * name for the office's alerts. Undefined when the shift is not theirs.
 */
export async function driverShiftForTimesheet(db: Kysely<Database>, shiftId: number, driverId: number) {
  return db
    .selectFrom('shifts as s')
    .innerJoin('restaurants as r', 'r.id', 's.restaurant_id')
    .innerJoin('areas as a', 'a.id', 'r.area_id')
    .innerJoin('drivers as d', 'd.id', 's.driver_id')
    .select([
      's.id', 's.restaurant_id', 's.driver_id', 's.status', 's.period_date', 's.start_time', 's.finish_time', 's.cost_per_hour',
      's.cost_bonus', 's.cost_extra_bonus', 's.fuel_bonus_0', 's.fuel_bonus_3', 's.fuel_bonus_6', 's.comment',
      'r.name as restaurant_name', 'r.standard_pay', 'r.weekend_pay', 'a.standard_pay_rate', 'a.weekend_pay_rate', 'd.first_name', 'd.last_name',
    ])
    .where('s.id', '=', shiftId)
    .where('s.driver_id', '=', driverId)
    .executeTakeFirst();
}

/** The timesheet of a shift with all its columns, locked (inside a transaction) for the change about to be made. */
export async function timesheetOfShiftForUpdate(db: Kysely<Database>, shiftId: number) {
  return db.selectFrom('timesheets').selectAll().where('shift_id', '=', shiftId).forUpdate().executeTakeFirst();
}
