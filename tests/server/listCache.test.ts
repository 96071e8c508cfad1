import zlib from 'node:zlib';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ADMIN, RESTAURANT, restaurantId } from '../helpers/timesheetFixtures';
import { ListCache } from '../../server/services/listCache';
import type { TimesheetView } from '../../server/routes/timesheet/views';

let t: TestApp;
/** The embedded database counts changes; a shared PostgreSQL server does not, and then nothing is kept. */
let counting: boolean;

beforeAll(async () => {
  t = await createTestApp();
  counting = t.app.databaseKind === 'pglite';
});
afterAll(() => t.close());

/** A cache whose builds are counted: each build answers a new text. */
function counted(cache = new ListCache(1_000_000)) {
  let builds = 0;
  const get = async (key = 'month') => (await cache.get(t.db, key, async () => `[${++builds}]`)).text;
  return { get, builds: () => builds };
}

describe('ListCache', () => {
  it('answers a list again without building it while nothing has changed', async () => {
    const c = counted();
    expect(await c.get()).toBe('[1]');
    expect(await c.get()).toBe(counting ? '[1]' : '[2]');
  });

  it.each(['timesheets', 'shifts', 'restaurants', 'drivers', 'areas', 'options', 'users', 'restaurateurs'])('builds again after a change to %s', async (table) => {
    const c = counted();
    await c.get();
    await sql`update ${sql.table(table)} set id = id where id = (select min(id) from ${sql.table(table)})`.execute(t.db);
    expect(await c.get()).toBe('[2]');
  });

  it('builds every time on a connection that does not count changes', async () => {
    const c = counted();
    await sql`set app.track_changes = 'off'`.execute(t.db);
    try {
      await c.get();
      await c.get();
      expect(c.builds()).toBe(2);
    } finally {
      if (counting) await sql`set app.track_changes = 'on'`.execute(t.db);
    }
  });

  it('keeps within its size, letting the least recently used list go first', async () => {
    const cache = new ListCache(10);
    const texts: Record<string, string> = { a: '[1,2,3]', b: '[4,5,6]' };
    let builds = 0;
    const get = (key: string) => cache.get(t.db, key, async () => (builds++, texts[key]));
    await get('a');
    await get('b'); // 14 characters do not fit in 10: 'a' goes
    await get('b');
    expect(builds).toBe(counting ? 2 : 3);
    await get('a');
    expect(builds).toBe(counting ? 3 : 4);
  });
});

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
});

describe('GET /api/shift answered again', () => {
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
});
