import zlib from 'node:zlib';
import { suiteTestApp } from '../helpers/testApp';
import { ADMIN, DRIVER, RESTAURANT, restaurantId } from '../helpers/timesheetFixtures';
import type { TimesheetView } from '../../server/records/timesheetViews';
import type { ShiftRecord } from '../../domain/shifts';
import { rowsOfBlocks } from '../../domain/rowBlocks';

/*
 * The kept lists as the API answers them (server/services/dayLists.ts): gzip or plain, each account its own list,
 * and a change to what a list shows seen at once.
 */

const t = suiteTestApp();

describe('GET /api/timesheet answered again', () => {
  const from = '2026-11-09';
  const to = '2026-11-15';
  const list = async (who: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/timesheet?period_date_from=${from}&period_date_to=${to}`, headers: await t.as(who) })).json() as TimesheetView[];

  it('answers gzip to a client that takes it, the same list each time, and plain JSON to one that does not', async () => {
    const url = `/api/timesheet?period_date_from=${from}&period_date_to=${to}`;
    const headers = await t.as(ADMIN);
    const ask = (encoding: string) => t.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': encoding } });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const rows = plain.json() as TimesheetView[];
    expect(rows.length).toBeGreaterThan(0);
    for (const encoding of ['gzip, deflate, br', 'gzip']) {
      const zipped = await ask(encoding);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString())).toEqual(rows);
    }
    expect((await ask('gzip;q=0, deflate')).headers['content-encoding']).not.toBe('gzip');
  });

  it("shows a restaurant's new name at once, and each account its own list", async () => {
    const ppc = await restaurantId(t.db, 'Pizza Palace Camden');
    const before = await list(ADMIN);
    expect(before.some((r) => r.restaurant_id === ppc)).toBe(true);
    await t.db.updateTable('restaurants').set({ name: 'Pizza Palace Camden Town' }).where('id', '=', ppc).execute();
    const after = await list(ADMIN);
    expect(after.filter((r) => r.restaurant_id === ppc).map((r) => r.restaurant_name)).toEqual(after.filter((r) => r.restaurant_id === ppc).map(() => 'Pizza Palace Camden Town'));

    const own = await list(RESTAURANT);
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(after.length);
    expect(own.every((r) => !('cost_extra_bonus' in r))).toBe(true);
    expect((await list(ADMIN)).length).toBe(after.length);
  });
  it('prices placeholders at a fuel rate changed in the options at once', async () => {
    const headers = await t.as(ADMIN);
    const withFuel = (rows: TimesheetView[]) => rows.filter((r) => r.id <= 0 && r.fuel_bonus_0 > 0);
    const before = withFuel(await list(ADMIN));
    expect(before.length).toBeGreaterThan(0);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/option/fuel_bonus_0', headers, payload: { okey: 'fuel_bonus_0', ovalue: '2.25' } });
    expect(saved.statusCode).toBe(200);
    const after = new Map(withFuel(await list(ADMIN)).map((r) => [r.shift_id, r]));
    // The demo's rate for 0-3 miles is £1.50 a delivery.
    for (const p of before) {
      expect(Number(after.get(p.shift_id)!.const_fuel_bonus)).toBeCloseTo(Number(p.const_fuel_bonus) + p.fuel_bonus_0 * (2.25 - 1.5), 2);
    }
  });
});

describe('GET /api/shift kept by day', () => {
  it("shows a driver's new name on the week's shifts at once", async () => {
    const url = '/api/shift?period_date_from=2026-11-09&period_date_to=2026-11-15&with_driver=1&filter_draft=1';
    const week = async () => (await t.app.inject({ method: 'GET', url, headers: await t.as(ADMIN) })).json() as { driver: { id: number; full_name: string } | null }[];
    const assigned = (await week()).find((s) => s.driver)!;
    expect(assigned).toBeDefined();
    await t.db.updateTable('drivers').set({ first_name: 'Renamed' }).where('id', '=', assigned.driver!.id).execute();
    const names = (await week()).filter((s) => s.driver?.id === assigned.driver!.id).map((s) => s.driver!.full_name.split(' ')[0]);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names)).toEqual(new Set(['Renamed']));
  });

  it('shows a shift moved to another day of the week there at once, as a fresh build does', async () => {
    const range = { from: '2026-11-09', to: '2026-11-15' };
    const url = `/api/shift?period_date_from=${range.from}&period_date_to=${range.to}&with_driver=1&filter_draft=1`;
    const week = async () => (await t.app.inject({ method: 'GET', url, headers: await t.as(ADMIN) })).json() as ShiftRecord[];
    const before = await week();
    const moved = before.find((s) => s.period_date !== range.to)!;
    await t.db.updateTable('shifts').set({ period_date: range.to }).where('id', '=', moved.id).execute();
    const after = await week();
    expect(after.find((s) => s.id === moved.id)?.period_date).toBe(range.to);
    expect(after).toHaveLength(before.length);
    // Asked for by id, the same shifts are built afresh, never from the kept days.
    const fresh = await t.app.inject({ method: 'GET', url: `${url}&shift_ids=${before.map((s) => s.id).join(',')}`, headers: await t.as(ADMIN) });
    expect(after).toEqual(fresh.json());
  });

  it('answers compact=1 with the same shifts as blocks: each account its own, kept, after a change, and by id', async () => {
    const range = '/api/shift?period_date_from=2026-11-09&period_date_to=2026-11-15&with_driver=1';
    const get = async (who: string, url: string, encoding = 'identity') => t.app.inject({ method: 'GET', url, headers: { ...(await t.as(who)), 'accept-encoding': encoding } });
    const read = async (who: string, url: string) => {
      const [plain, compact] = [await get(who, url), await get(who, `${url}&compact=1`)];
      expect([plain.statusCode, compact.statusCode]).toEqual([200, 200]);
      const blocks = compact.json() as unknown[];
      // Blocks, not the plain list (which rowsOfBlocks would also read): each an array opening with the field names.
      expect(blocks.every((block) => Array.isArray(block) && Array.isArray(block[0]))).toBe(true);
      return { plain: plain.json() as ShiftRecord[], compact: blocks };
    };
    for (const who of [ADMIN, RESTAURANT]) {
      const { plain, compact } = await read(who, range);
      expect(plain.length).toBeGreaterThan(0);
      expect(rowsOfBlocks(compact)).toEqual(plain);
    }
    const before = await read(ADMIN, range);
    expect(before.compact.length).toBe(new Set(before.plain.map((s) => s.period_date)).size);
    const moved = before.plain.find((s) => s.driver_id)!;
    await t.db.updateTable('shifts').set({ start_time: '06:45' }).where('id', '=', moved.id).execute();
    const after = await read(ADMIN, range);
    expect(rowsOfBlocks<ShiftRecord>(after.compact).find((s) => s.id === moved.id)?.start_time).toBe('06:45');
    expect(rowsOfBlocks(after.compact)).toEqual(after.plain);
    const zipped = await get(ADMIN, `${range}&compact=1`, 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(rowsOfBlocks(JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString()))).toEqual(after.plain);
    const ids = `${range}&shift_ids=${after.plain.slice(0, 3).map((s) => s.id).join(',')}`;
    const byId = await read(ADMIN, ids);
    expect(rowsOfBlocks(byId.compact)).toEqual(byId.plain);
    expect(byId.plain).toHaveLength(3);
  });

  it('answers HEAD as GET, without the list: to the same accounts, and the list it built is the one GET answers', async () => {
    const url = '/api/shift?period_date_from=2026-11-16&period_date_to=2026-11-22&with_driver=1';
    for (const who of [null, ADMIN, RESTAURANT, DRIVER]) {
      const headers = who ? await t.as(who) : {};
      const head = await t.app.inject({ method: 'HEAD', url, headers });
      const get = await t.app.inject({ method: 'GET', url, headers });
      expect([who, head.statusCode]).toEqual([who, get.statusCode]);
      expect(head.body).toBe('');
      if (get.statusCode === 200) expect(head.headers['content-type']).toBe(get.headers['content-type']);
    }
    // Warmed by a HEAD, the week then answers a shift changed since, as it answers any change.
    const headers = await t.as(ADMIN);
    await t.app.inject({ method: 'HEAD', url, headers });
    const shift = ((await t.app.inject({ method: 'GET', url, headers })).json() as ShiftRecord[])[0];
    await t.db.updateTable('shifts').set({ start_time: '06:15' }).where('id', '=', shift.id).execute();
    const after = (await t.app.inject({ method: 'GET', url, headers })).json() as ShiftRecord[];
    expect(after.find((s) => s.id === shift.id)?.start_time).toBe('06:15');
  });
});
