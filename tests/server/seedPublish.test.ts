import { suiteTestApp, ADMIN, TEST_TODAY } from '../helpers/testApp';
import { addDays, mondayOf } from '../../domain/dates';
import { availability, overlappingShift, worksForRestaurant } from '../../domain/availability';
import { SHIFT_STATUS } from '../../domain/statuses';
import type { ShiftRecord } from '../../domain/shifts';

/**
 * A fresh install's demo data keeps the rules the board and the server apply, so the office's first Publish of
 * next week goes through: no driver at a restaurant they may not work for, outside their working time, or on two
 * shifts touching each other.
 */
const t = suiteTestApp();
const NEXT_MONDAY = addDays(mondayOf(TEST_TODAY), 7);
const NEXT_SUNDAY = addDays(NEXT_MONDAY, 6);

interface ApiDriver {
  id: number;
  area_ids: { area_id: number }[];
  restaurant_ids: { restaurant_id: number }[];
  default_working_time: { week_day: number; holiday: number; start_at: string | null; stop_at: string | null }[];
  actual_override_working_time: { period_date: string; holiday: number; start_at: string | null; stop_at: string | null }[];
}

async function get<T>(url: string): Promise<T> {
  const res = await t.call('GET', url, ADMIN);
  expect(res.statusCode).toBe(200);
  return res.json() as T;
}

describe('the demo seed', () => {
  it('assigns every driver of the seeded weeks only where, when and as often as the rules allow', async () => {
    const from = addDays(mondayOf(TEST_TODAY), -21);
    const to = addDays(mondayOf(TEST_TODAY), 20);
    // The list answers at most 31 days at a time.
    const middle = addDays(from, 21);
    const shifts = [
      ...(await get<ShiftRecord[]>(`/api/shift?period_date_from=${from}&period_date_to=${addDays(middle, -1)}`)),
      ...(await get<ShiftRecord[]>(`/api/shift?period_date_from=${middle}&period_date_to=${to}`)),
    ];
    const drivers = new Map((await get<ApiDriver[]>('/api/driver')).map((d) => [d.id, d]));
    // Restaurants that stopped trading are not listed, but their past shifts are.
    const restaurants = new Map((await t.db.selectFrom('restaurants').select(['id', 'area_id']).execute()).map((r) => [r.id, r]));
    const assigned = shifts.filter((s) => s.driver_id);
    expect(assigned.length).toBeGreaterThan(500);

    const breaches: string[] = [];
    for (const s of assigned) {
      const driver = drivers.get(s.driver_id!)!;
      const where = `shift ${s.id} (${s.period_date} ${s.start_time}-${s.finish_time})`;
      if (!worksForRestaurant(driver, restaurants.get(s.restaurant_id)!)) breaches.push(`${where}: not for this restaurant`);
      if (!availability(driver, s.period_date, s.start_time, s.finish_time).available) breaches.push(`${where}: outside working time`);
      const others = assigned.filter((o) => o.id !== s.id).map((o) => ({ ...o, status: SHIFT_STATUS.published }));
      if (overlappingShift(s, others)) breaches.push(`${where}: overlaps another shift of the driver`);
    }
    expect(breaches).toEqual([]);
  });

  it("publishes next week's unpublished shifts in one call, all of them", async () => {
    const week = await get<ShiftRecord[]>(`/api/shift?period_date_from=${NEXT_MONDAY}&period_date_to=${NEXT_SUNDAY}`);
    const unpublished = week.filter((s) => s.status === SHIFT_STATUS.new);
    expect(unpublished.filter((s) => s.driver_id).length).toBeGreaterThan(20);

    const res = await t.call('POST', '/api/shift/publish', ADMIN, { shift_ids: unpublished.map((s) => s.id), push_drivers: 20 });
    expect(res.json()).not.toHaveProperty('fail');
    expect(res.statusCode).toBe(200);
    expect((res.json() as ShiftRecord[]).map((s) => s.status)).toEqual(unpublished.map(() => SHIFT_STATUS.published));
  });
});
