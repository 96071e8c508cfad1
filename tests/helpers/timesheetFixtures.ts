import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

export { RecordingBroadcaster } from './recordingBroadcaster';

export const ADMIN = 'admin@demo.test';
/** Manages Camden and Islington. */
export const MANAGER = 'manager@demo.test';
/** Owns Pizza Palace Camden, Islington and Hackney. */
export const RESTAURANT = 'restaurant@demo.test';
export const DRIVER = 'driver@demo.test';

export async function restaurantId(db: Kysely<Database>, name: string): Promise<number> {
  return (await db.selectFrom('restaurants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

export async function areaId(db: Kysely<Database>, name: string): Promise<number> {
  return (await db.selectFrom('areas').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

let made = 0;
/** A driver of our own, so hand-made timesheets meet no seeded ones. */
export async function makeDriver(db: Kysely<Database>, options: { areas?: number[]; restaurants?: number[]; first?: string; last?: string } = {}) {
  made++;
  const email = `timesheet.driver.${process.pid}.${made}.${Date.now()}@test.test`;
  const { id } = await db
    .insertInto('drivers')
    .values({ first_name: options.first ?? 'Tess', last_name: options.last ?? `Driver${made}`, email, status: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.areas?.length) await db.insertInto('driver_areas').values(options.areas.map((area_id) => ({ driver_id: id, area_id }))).execute();
  if (options.restaurants?.length) {
    await db.insertInto('driver_restaurants').values(options.restaurants.map((restaurant_id) => ({ driver_id: id, restaurant_id }))).execute();
  }
  return { id, email, name: `${options.first ?? 'Tess'} ${options.last ?? `Driver${made}`}` };
}

export interface ShiftFixture {
  restaurant_id: number;
  driver_id: number | null;
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_per_hour?: number;
  cost_bonus?: number;
  cost_extra_bonus?: number;
  status?: number;
  fuel?: [number, number, number];
  comment?: string | null;
}

/** A shift of our own (cost_total as the schedule would store it is irrelevant here: timesheets price themselves). */
export async function makeShift(db: Kysely<Database>, s: ShiftFixture): Promise<number> {
  const { id } = await db
    .insertInto('shifts')
    .values({
      restaurant_id: s.restaurant_id,
      driver_id: s.driver_id,
      status: s.status ?? 20,
      status_assigned: s.driver_id ? 10 : 20,
      period_date: s.period_date,
      start_time: s.start_time,
      finish_time: s.finish_time,
      cost_per_hour: s.cost_per_hour ?? 0,
      cost_bonus: s.cost_bonus ?? 0,
      cost_extra_bonus: s.cost_extra_bonus ?? 0,
      fuel_bonus_0: s.fuel?.[0] ?? 0,
      fuel_bonus_3: s.fuel?.[1] ?? 0,
      fuel_bonus_6: s.fuel?.[2] ?? 0,
      comment: s.comment ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function timesheetRow(db: Kysely<Database>, id: number) {
  return db.selectFrom('timesheets').selectAll().where('id', '=', id).executeTakeFirst();
}
