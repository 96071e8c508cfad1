import { ROUTE_CALLS, send, setUpFixtures } from '../helpers/routeCalls';

/**
 * Restaurant accounts never see the cancellation fee, nor the office's settings of their restaurants (pay rates,
 * commission and booking-fee settings, the invoice count): every call a restaurant account may make, made as one,
 * and every key of every answer searched, however deep (the shift list's embedded timesheets included).
 */
const NEVER = ['cost_extra_bonus', 'standard_pay', 'weekend_pay', 'standardPayRate', 'weekendPayRate', 'send_invoice', 'last_id'];

function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      out.add(key);
      keysOf(v, out);
    }
  }
  return out;
}

const fx = setUpFixtures();
beforeAll(async () => {
  // The fee is set on the restaurant's shifts and timesheets, so there is something to leak.
  await fx.t.db.updateTable('shifts').set({ cost_extra_bonus: -15 }).where('restaurant_id', '=', fx.restaurant).execute();
  await fx.t.db.updateTable('timesheets').set({ cost_extra_bonus: -15 }).where('restaurant_id', '=', fx.restaurant).execute();
});

describe("what a restaurant account's calls answer", () => {
  it('never holds the cancellation fee or the office settings, on any call it may make', async () => {
    const mayCall = fx.t.app.routeTable.filter((r) => r.access?.some((a) => a === 'restaurant' || a === 'any') || r.url === '/api/auth/login/restaurant');
    expect(mayCall.length).toBeGreaterThan(15);
    const leaks: string[] = [];
    for (const route of mayCall) {
      const key = `${route.method} ${route.url}`;
      const call = await ROUTE_CALLS[key](fx);
      if (key === 'POST /api/auth/logout') continue;
      const res = await send(fx.t, route.method, call, await fx.t.tokenFor('restaurant@demo.test'));
      expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      if (!String(res.headers['content-type']).includes('json')) continue;
      const found = [...keysOf(res.json())].filter((k) => NEVER.includes(k));
      if (found.length) leaks.push(`${key}: ${found.join(', ')}`);
    }
    expect(leaks).toEqual([]);
  });

  it('still holds what the restaurant needs: its shifts with their timesheets, its restaurants and their areas', async () => {
    const shifts = (await send(fx.t, 'GET', await ROUTE_CALLS['GET /api/shift'](fx), await fx.t.tokenFor('restaurant@demo.test'))).json() as { timesheet: { id: number; cost_total: number } | null }[];
    expect(shifts.some((s) => s.timesheet && typeof s.timesheet.cost_total === 'number')).toBe(true);
    expect(JSON.stringify(shifts)).not.toContain('cost_extra_bonus');
    const restaurants = (await send(fx.t, 'GET', await ROUTE_CALLS['GET /api/restaurant'](fx), await fx.t.tokenFor('restaurant@demo.test'))).json() as { id: number; area: unknown; name: string }[];
    expect(restaurants.find((r) => r.id === fx.restaurant)).toMatchObject({ name: 'Pizza Palace Camden', area: { id: fx.camden, name: 'Camden' } });
  });

  it('managers, planning, still see restaurants whole and drivers without their bank details or documents', async () => {
    const manager = await fx.t.tokenFor('manager@demo.test');
    const restaurants = (await send(fx.t, 'GET', { url: '/api/restaurant' }, manager)).json() as Record<string, unknown>[];
    expect(restaurants[0]).toHaveProperty('standard_pay');
    const drivers = (await send(fx.t, 'GET', { url: '/api/driver' }, manager)).json() as Record<string, unknown>[];
    const keys = keysOf(drivers);
    for (const hidden of ['bank_sort_code', 'bank_account_number', 'bank_name_of_account_holder', 'date_of_birth', 'identity_photo', 'driver_license_front_photo', 'right_to_work_photos']) {
      expect(keys.has(hidden), hidden).toBe(false);
    }
    expect(drivers[0]).toHaveProperty('phone');
    expect(drivers[0]).toHaveProperty('default_working_time');
    const admin = (await send(fx.t, 'GET', { url: '/api/driver' }, await fx.t.tokenFor('admin@demo.test'))).json() as Record<string, unknown>[];
    expect(admin[0]).toHaveProperty('bank_sort_code');
  });
});
