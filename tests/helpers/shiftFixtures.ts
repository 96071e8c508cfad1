import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

/**
 * Drivers and shifts with exactly known working times, next to the demo data, so the schedule tests do not
 * depend on what the demo's random generator drew.
 */

type Hours = [string, string] | 'off';

export interface FixtureDriver {
  first: string;
  last: string;
  areas: string[];
  restaurants?: string[];
  /** week_day 0 (Monday) … 6 → a window or a holiday; missing days have no working time. */
  weekly: Partial<Record<number, Hours>>;
  overrides?: { date: string; hours: Hours }[];
  status?: number;
}

export async function restaurantId(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('restaurants').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

export async function areaId(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('areas').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

export async function cityId(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('cities').select('id').where('city_name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

let serial = 0;

export async function makeDriver(db: Kysely<Database>, d: FixtureDriver): Promise<number> {
  serial++;
  const { id } = await db
    .insertInto('drivers')
    .values({
      first_name: d.first,
      last_name: d.last,
      email: `${d.first.toLowerCase()}.${d.last.toLowerCase()}.${serial}@fixture.test`,
      phone: `07700 900${String(100 + serial).slice(-3)}`,
      status: d.status ?? 10,
      push_token: `token-${serial}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const name of d.areas) await db.insertInto('driver_areas').values({ driver_id: id, area_id: await areaId(db, name) }).execute();
  for (const name of d.restaurants ?? []) {
    await db.insertInto('driver_restaurants').values({ driver_id: id, restaurant_id: await restaurantId(db, name) }).execute();
  }
  const period = (hours: Hours) =>
    hours === 'off' ? { holiday: 10, start_at: '00:00', stop_at: '23:45' } : { holiday: 20, start_at: hours[0], stop_at: hours[1] };
  for (const [day, hours] of Object.entries(d.weekly)) {
    await db.insertInto('driver_working_times').values({ driver_id: id, week_day: Number(day), ...period(hours!) }).execute();
  }
  for (const o of d.overrides ?? []) {
    await db.insertInto('driver_working_time_overrides').values({ driver_id: id, period_date: o.date, ...period(o.hours) }).execute();
  }
  return id;
}

export interface FixtureShift {
  restaurant_id: number;
  driver_id?: number | null;
  status?: number;
  status_assigned?: number;
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_per_hour?: number;
  cost_total?: number;
  restaurateur_creator_id?: number | null;
}

export async function makeShift(db: Kysely<Database>, s: FixtureShift): Promise<number> {
  const { id } = await db
    .insertInto('shifts')
    .values({
      status: 10,
      status_assigned: s.driver_id ? 10 : 20,
      cost_per_hour: 12,
      cost_total: 60,
      ...s,
      driver_id: s.driver_id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function addTimesheet(db: Kysely<Database>, shiftId: number): Promise<number> {
  const s = await db.selectFrom('shifts').selectAll().where('id', '=', shiftId).executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('timesheets')
    .values({
      shift_id: s.id,
      restaurant_id: s.restaurant_id,
      driver_id: s.driver_id,
      period_date: s.period_date,
      start_time: s.start_time,
      finish_time: s.finish_time,
      cost_per_hour: s.cost_per_hour,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
