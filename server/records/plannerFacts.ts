import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { jsonRows } from '../db/jsonRows';
import { optionRows } from './options';
import type { DateRange } from '../../domain/ranges';
import { DRIVER_STATUS, RESTAURANT_STATUS, SHIFT_STATUS } from '../../domain/statuses';
import type { PlannerDriver, PlannerRestaurant } from '../../domain/planner';
import type { DatePeriod, WeeklyPeriod } from '../../domain/availability';
import { readLimits, rulesWindow, WORKING_TIME_OPTION_KEYS, type PlannedShift, type WorkingTimeLimits } from '../../domain/workingTime';

/**
 * What the planning assistant and the working-time checks read: the limits, the drivers with their opt-out and
 * position, every shift with a driver around a range, and who worked where before. One query each, whatever the
 * number of shifts.
 */

export async function loadLimits(db: Kysely<Database>): Promise<WorkingTimeLimits> {
  return readLimits(await optionRows(db, WORKING_TIME_OPTION_KEYS));
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

type DriverRow = [number, string, number, boolean, number | null, number | null];
type OverrideRow = [number, string, number, string | null, string | null];

/** A driver as loaded: the lists are filled as their rows are read. */
interface LoadedDriver extends PlannerDriver {
  status: number;
  area_ids: { area_id: number }[];
  restaurant_ids: { restaurant_id: number }[];
  default_working_time: WeeklyPeriod[];
  actual_override_working_time: DatePeriod[];
}

/** 'a,b;c,d' pairs of ids, as the drivers' query sends their areas and restaurants. */
function* pairs(text: string | null): Generator<[number, number]> {
  if (!text) return;
  for (const pair of text.split(';')) {
    const comma = pair.indexOf(',');
    yield [Number(pair.slice(0, comma)), Number(pair.slice(comma + 1))];
  }
}

/**
 * Drivers with their places, working times (overrides inside `range`), opt-out and position, in four values from
 * the database: the drivers as JSON, and their areas, restaurants and weekly times as delimited text, each read
 * from its table in one pass. Thousands of drivers with their weeks come back in one piece instead of tens of
 * thousands of rows, and without a subquery per driver and table (half the database's time at the large seed).
 * Locks the driver rows when asked, so two writes giving the same driver shifts at once check one after the other.
 */
export async function loadPlannerDrivers(
  db: Kysely<Database>,
  ids: readonly number[],
  range: DateRange,
  { lock = false }: { lock?: boolean } = {},
): Promise<Map<number, PlannerDriver & { status: number }>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return new Map();
  if (lock) await sql`select id from drivers where id = any(${unique}::int[]) order by id for update`.execute(db);
  const result = await sql<{ drivers: string; areas: string | null; restaurants: string | null; weekly: string | null; overrides: string }>`
    select
      (select coalesce(json_agg(json_build_array(d.id, trim(d.first_name || ' ' || d.last_name), d.status, d.working_time_opt_out,
        d.map_latitude, d.map_longitude)), '[]') from drivers d where d.id = any(${unique}::int[]))::text as drivers,
      (select string_agg(driver_id || ',' || area_id, ';') from driver_areas where driver_id = any(${unique}::int[])) as areas,
      (select string_agg(driver_id || ',' || restaurant_id, ';') from driver_restaurants where driver_id = any(${unique}::int[])) as restaurants,
      (select string_agg(driver_id || ',' || week_day || ',' || holiday || ',' || coalesce(start_at, '') || ',' || coalesce(stop_at, ''), ';')
        from driver_working_times where driver_id = any(${unique}::int[])) as weekly,
      (select coalesce(json_agg(json_build_array(driver_id, period_date, holiday, start_at, stop_at)), '[]') from driver_working_time_overrides
        where driver_id = any(${unique}::int[]) and period_date between ${range.from} and ${range.to})::text as overrides`.execute(db);
  const row = result.rows[0];
  const out = new Map<number, LoadedDriver>();
  for (const [id, full_name, status, opted_out, lat, lng] of JSON.parse(row.drivers) as DriverRow[]) {
    out.set(id, { id, full_name, status, opted_out, lat, lng, area_ids: [], restaurant_ids: [], default_working_time: [], actual_override_working_time: [] });
  }
  const listsOf = (id: number) => out.get(id)!;
  for (const [driver, area_id] of pairs(row.areas)) listsOf(driver).area_ids.push({ area_id });
  for (const [driver, restaurant_id] of pairs(row.restaurants)) listsOf(driver).restaurant_ids.push({ restaurant_id });
  for (const period of row.weekly ? row.weekly.split(';') : []) {
    const [driver, week_day, holiday, start_at, stop_at] = period.split(',');
    listsOf(Number(driver)).default_working_time.push({ week_day: Number(week_day), holiday: Number(holiday), start_at: start_at || null, stop_at: stop_at || null });
  }
  for (const [driver, period_date, holiday, start_at, stop_at] of JSON.parse(row.overrides) as OverrideRow[]) {
    listsOf(driver).actual_override_working_time.push({ period_date, holiday, start_at, stop_at });
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
  // Every shift of three weeks of every restaurant for the assistant: one JSON value, not ten thousand rows.
  const rows = await jsonRows<{ id: number; driver_id: number | null; period_date: string; start_time: string; finish_time: string; restaurant_name: string }>(
    db,
    db
      .selectFrom('shifts')
      .innerJoin('restaurants', 'restaurants.id', 'shifts.restaurant_id')
      .select(['shifts.id', 'shifts.driver_id', 'shifts.period_date', 'shifts.start_time', 'shifts.finish_time', 'restaurants.name as restaurant_name'])
      .where('shifts.driver_id', 'is not', null)
      .$if(driverIds !== null, (q) => q.where('shifts.driver_id', '=', sql<number>`any(${[...(driverIds ?? [])]}::int[])`))
      .where('shifts.period_date', '>=', window.from)
      .where('shifts.period_date', '<=', window.to)
      .where('shifts.status', 'in', [SHIFT_STATUS.new, SHIFT_STATUS.published]),
  );
  const out = new Map<number, PlannedShift[]>();
  for (const r of rows) {
    const list = out.get(r.driver_id!);
    const shift = { id: r.id, period_date: r.period_date, start_time: r.start_time, finish_time: r.finish_time, restaurant_name: r.restaurant_name };
    if (list) list.push(shift);
    else out.set(r.driver_id!, [shift]);
  }
  return out;
}

/**
 * The drivers with a worked (not discarded) timesheet before `before` at each of these restaurants, by restaurant:
 * read from the pairs the timesheet triggers keep (migrations/0017_worked_restaurants.ts), tens of thousands of
 * pairs as one JSON value.
 */
export async function loadWorkedAt(db: Kysely<Database>, restaurantIds: readonly number[], before: string): Promise<Map<number, Set<number>>> {
  if (!restaurantIds.length) return new Map();
  const result = await sql<{ pairs: string }>`
    select coalesce(json_agg(json_build_array(restaurant_id, drivers)), '[]')::text as pairs from (
      select restaurant_id, json_agg(driver_id) as drivers from driver_worked_restaurants
      where restaurant_id = any(${[...restaurantIds]}::int[]) and first_date < ${before} group by restaurant_id) w`.execute(db);
  return new Map((JSON.parse(result.rows[0].pairs) as [number, number[]][]).map(([restaurant, drivers]) => [restaurant, new Set(drivers)]));
}

/**
 * Open shifts the assistant may fill: no driver (never given or rejected), unpublished or published, not worked,
 * within the dates, at the active restaurants of the location within the account's scope.
 */
export async function loadOpenShifts(
  db: Kysely<Database>,
  where: { from: string; to: string; area_id: number | null; restaurant_id: number | null },
  scope: Set<number> | null,
) {
  return db
    .selectFrom('shifts')
    .innerJoin('restaurants', 'restaurants.id', 'shifts.restaurant_id')
    .select(['shifts.id', 'shifts.restaurant_id', 'shifts.period_date', 'shifts.start_time', 'shifts.finish_time'])
    .where('shifts.driver_id', 'is', null)
    .where('shifts.status', 'in', [SHIFT_STATUS.new, SHIFT_STATUS.published])
    .where('shifts.period_date', '>=', where.from)
    .where('shifts.period_date', '<=', where.to)
    .where('restaurants.status', '=', RESTAURANT_STATUS.active)
    .$if(where.area_id !== null, (q) => q.where('restaurants.area_id', '=', where.area_id!))
    .$if(where.restaurant_id !== null, (q) => q.where('restaurants.id', '=', where.restaurant_id!))
    .$if(scope !== null, (q) => q.where('restaurants.id', '=', sql<number>`any(${[...(scope ?? [])]}::int[])`))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('timesheets').select('timesheets.id').whereRef('timesheets.shift_id', '=', 'shifts.id'))))
    .execute();
}

/** The shifts the assistant's ticked lines name, in id order, locked (inside a transaction) before they are checked again. */
export async function lockFillShifts(trx: Transaction<Database>, ids: readonly number[]) {
  return trx
    .selectFrom('shifts')
    .select(['id', 'restaurant_id', 'driver_id', 'status', 'period_date', 'start_time', 'finish_time'])
    .where('id', '=', sql<number>`any(${[...ids]}::int[])`)
    .orderBy('id')
    .forUpdate()
    .execute();
}
