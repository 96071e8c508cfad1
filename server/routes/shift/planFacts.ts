import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DateRange } from '../../../domain/ranges';
import { DRIVER_STATUS, SHIFT_STATUS, TIMESHEET_STATUS } from '../../../domain/statuses';
import type { PlannerDriver, PlannerRestaurant } from '../../../domain/planner';
import { readLimits, rulesWindow, WORKING_TIME_OPTION_KEYS, type PlannedShift, type WorkingTimeLimits } from '../../../domain/workingTime';
import { loadDrivers } from './facts';

/**
 * What the planning assistant and the working-time checks read: the limits, the drivers with their opt-out and
 * position, every shift with a driver around a range, and who worked where before. One query each, whatever the
 * number of shifts.
 */

export async function loadLimits(db: Kysely<Database>): Promise<WorkingTimeLimits> {
  return readLimits(await db.selectFrom('options').select(['okey', 'ovalue']).where('okey', 'in', [...WORKING_TIME_OPTION_KEYS]).execute());
}

/** The restaurants as the assistant names and places them. */
export async function loadPlannerRestaurants(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, PlannerRestaurant>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('restaurants')
    .innerJoin('areas', 'areas.id', 'restaurants.area_id')
    .select(['restaurants.id', 'restaurants.name', 'restaurants.area_id', 'areas.name as area_name', 'restaurants.map_latitude', 'restaurants.map_longitude'])
    .where('restaurants.id', '=', sql<number>`any(${[...ids]}::int[])`)
    .execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, area_id: r.area_id, area_name: r.area_name, lat: r.map_latitude, lng: r.map_longitude }]));
}

/** Drivers with their places, working times (overrides inside `range`), opt-out and position. */
export async function loadPlannerDrivers(
  db: Kysely<Database>,
  ids: readonly number[],
  range: DateRange,
  options: { lock?: boolean } = {},
): Promise<Map<number, PlannerDriver & { status: number }>> {
  const facts = await loadDrivers(db, ids, range, options);
  if (!facts.size) return new Map();
  const extra = await db
    .selectFrom('drivers')
    .select(['id', 'working_time_opt_out', 'map_latitude', 'map_longitude'])
    .where('id', '=', sql<number>`any(${[...facts.keys()]}::int[])`)
    .execute();
  const out = new Map<number, PlannerDriver & { status: number }>();
  for (const e of extra) {
    out.set(e.id, { ...facts.get(e.id)!, opted_out: e.working_time_opt_out, lat: e.map_latitude, lng: e.map_longitude });
  }
  return out;
}

/** Active drivers who may work at some of these areas: those of the areas and those without any area. */
export async function activeDriverIds(db: Kysely<Database>, areaIds: readonly number[]): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    select d.id from drivers d
    where d.status = ${DRIVER_STATUS.active}
      and (exists (select 1 from driver_areas a where a.driver_id = d.id and a.area_id = any(${[...areaIds]}::int[]))
        or not exists (select 1 from driver_areas a where a.driver_id = d.id))`.execute(db);
  return rows.rows.map((r) => r.id);
}

/**
 * Every shift with a driver (unpublished or published) in the window the working-time rules read around a range, by
 * driver: `driverIds` null means every driver.
 */
export async function loadPlannedShifts(
  db: Kysely<Database>,
  driverIds: readonly number[] | null,
  range: DateRange,
  limits: WorkingTimeLimits,
): Promise<Map<number, PlannedShift[]>> {
  const window = rulesWindow(range.from, range.to, limits);
  const rows = await db
    .selectFrom('shifts')
    .innerJoin('restaurants', 'restaurants.id', 'shifts.restaurant_id')
    .select(['shifts.id', 'shifts.driver_id', 'shifts.period_date', 'shifts.start_time', 'shifts.finish_time', 'restaurants.name as restaurant_name'])
    .where('shifts.driver_id', 'is not', null)
    .$if(driverIds !== null, (q) => q.where('shifts.driver_id', '=', sql<number>`any(${[...(driverIds ?? [])]}::int[])`))
    .where('shifts.period_date', '>=', window.from)
    .where('shifts.period_date', '<=', window.to)
    .where('shifts.status', 'in', [SHIFT_STATUS.new, SHIFT_STATUS.published])
    .execute();
  const out = new Map<number, PlannedShift[]>();
  for (const r of rows) {
    const list = out.get(r.driver_id!);
    const shift = { id: r.id, period_date: r.period_date, start_time: r.start_time, finish_time: r.finish_time, restaurant_name: r.restaurant_name };
    if (list) list.push(shift);
    else out.set(r.driver_id!, [shift]);
  }
  return out;
}

/** 'driverId|restaurantId' of every driver who has a worked (not discarded) timesheet at one of these restaurants. */
export async function loadWorkedAt(db: Kysely<Database>, restaurantIds: readonly number[], before: string): Promise<Set<string>> {
  if (!restaurantIds.length) return new Set();
  const rows = await sql<{ driver_id: number; restaurant_id: number }>`
    select distinct driver_id, restaurant_id from timesheets
    where restaurant_id = any(${[...restaurantIds]}::int[]) and driver_id is not null and period_date < ${before}
      and status in (${TIMESHEET_STATUS.pending}, ${TIMESHEET_STATUS.approved})`.execute(db);
  return new Set(rows.rows.map((r) => `${r.driver_id}|${r.restaurant_id}`));
}
