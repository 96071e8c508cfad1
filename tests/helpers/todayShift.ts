import { fromMinutes, londonToday, toMinutes } from '../../domain/dates';
import { worksForRestaurant } from '../../domain/availability';
import type { BoardDriver } from '../../domain/shiftCalls';
import { WORKING_TIME_CONFIRM_FIELD } from '../../domain/workingTime';
import { apiJson, apiToken, demoRestaurants } from './e2e';

/**
 * A published shift that starts this very minute, for end-to-end tests of today's attendance (late, no-show, cover):
 * the board counts lateness from the real clock, so the shift cannot be placed at a fixed time.
 */

/** London's wall-clock time now, 'HH:mm'. */
export const londonNow = () =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());

/** Waits (in steps of 10 s) until London's time is between 00:01 and `latest` minutes past midnight, so the shift's minutes stay within today. */
export async function waitForRoomToday(latest: number): Promise<void> {
  while (toMinutes(londonNow()) < 1 || toMinutes(londonNow()) > latest) await new Promise((r) => setTimeout(r, 10_000));
}

/**
 * Where both attendance tests start, once today has room for the shift (see waitForRoomToday): an administrator's
 * token, Pizza Palace Camden and its area, and today's date.
 */
export async function camdenToday(url: string, latest: number): Promise<{ admin: string; camden: number; camdenArea: number; today: string }> {
  await waitForRoomToday(latest);
  const admin = await apiToken(url);
  const { ids, camdenArea } = await demoRestaurants(url, admin);
  return { admin, camden: ids['Pizza Palace Camden'], camdenArea, today: londonToday() };
}

/** The active drivers of the restaurant who have no shift today, made free all day (no working times) when chosen. */
export async function driversFreeToday<T extends BoardDriver>(url: string, admin: string, restaurant: { id: number; area_id: number }): Promise<T[]> {
  const today = londonToday();
  const drivers = await apiJson<T[]>(url, admin, 'GET', '/api/driver?status=10');
  const shifts = await apiJson<{ driver_id: number | null }[]>(url, admin, 'GET', `/api/shift?period_date_from=${today}&period_date_to=${today}`);
  const busy = new Set(shifts.map((s) => s.driver_id));
  return drivers.filter((d) => !busy.has(d.id) && worksForRestaurant(d, restaurant));
}

/** Clears a driver's working times, so a shift fits them at any hour. */
export async function freeAllDay(url: string, admin: string, driverId: number): Promise<void> {
  await apiJson(url, admin, 'POST', '/api/driver-update-working-times', { driver_id: driverId, default_working_times: [], override_working_time: [] });
}

/** A shift of `minutes` at the restaurant, starting now with the driver, published to them. */
export async function publishedShiftStartingNow(url: string, admin: string, shift: { restaurant_id: number; driver_id: number; minutes: number }): Promise<{ id: number }> {
  const start = londonNow();
  const saved = await apiJson<{ id: number }>(url, admin, 'POST', '/api/shift', {
    restaurant_id: shift.restaurant_id,
    period_date: londonToday(),
    start_time: start,
    finish_time: fromMinutes((toMinutes(start) + shift.minutes) % 1440),
    driver_id: shift.driver_id,
    [WORKING_TIME_CONFIRM_FIELD]: true,
  });
  await apiJson(url, admin, 'POST', '/api/shift/publish', { shift_ids: [saved.id], push_drivers: 20, [WORKING_TIME_CONFIRM_FIELD]: true });
  return saved;
}
