import { createTestApp, TEST_TODAY, type TestApp } from '../helpers/testApp';
import { OWN_MSG } from '../../domain/messages';
import { DATA_FULL_COMPLETE, DATA_FULL_FIELDS, dataFull } from '../../domain/dataFull';
import { DRIVER_FILTER } from '../../domain/driverFilters';
import { addDays, londonToday } from '../../domain/dates';
import { overrideWindowStart } from '../../domain/validation/workingTimes';
import type { DriverRecord } from '../../domain/validation/driver';
import type { RestaurantRecord } from '../../domain/validation/restaurant';

/** The two read calls other screens build on: GET /api/driver and GET /api/restaurant. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADMIN = 'admin@demo.test';
const MANAGER = 'manager@demo.test';
const RESTAURANT = 'restaurant@demo.test';
const DRIVER = 'driver@demo.test';

async function get(url: string, who: string | null) {
  return t.app.inject({ method: 'GET', url, headers: who ? await t.as(who) : {} });
}
const drivers = async (query = '', who = ADMIN) => (await get(`/api/driver${query}`, who)).json() as DriverRecord[];
const restaurants = async (query = '', who = ADMIN) => (await get(`/api/restaurant${query}`, who)).json() as RestaurantRecord[];
const count = async (table: 'drivers' | 'restaurants', status?: number) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .$if(status !== undefined, (q) => q.where('status', '=', status!))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /api/driver', () => {
  it('lists every driver by name with the profile, areas, restaurants, working times and Data Full', async () => {
    const res = await get('/api/driver?status=30', ADMIN);
    expect(res.statusCode).toBe(200);
    const list = res.json() as DriverRecord[];
    expect(list).toHaveLength(await count('drivers'));
    const names = list.map((d) => `${d.first_name} ${d.last_name}`.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const dan = list.find((d) => d.email === DRIVER)!;
    expect(dan).toMatchObject({
      first_name: 'Dan',
      last_name: 'Driver',
      full_name: 'Dan Driver',
      status: 10,
      not_progressing: 20,
      activity_status: 10,
      half_board: false,
      phone: expect.any(String),
      photo_src: null,
      right_to_work_photos: [],
    });
    expect(dan).not.toHaveProperty('password_hash');
    expect(dan).not.toHaveProperty('push_token');
    expect(dan.activity_time).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);

    const areaIds = await t.db.selectFrom('areas').select('id').where('name', 'in', ['Camden', 'Islington']).orderBy('id').execute();
    expect(dan.area_ids).toEqual(areaIds.map((a) => ({ area_id: a.id })));
    const favourites = await t.db.selectFrom('restaurants').select('id').where('name', 'in', ['Pizza Palace Camden', 'Pizza Palace Islington']).orderBy('id').execute();
    expect(dan.restaurant_ids).toEqual(favourites.map((r) => ({ restaurant_id: r.id })));

    // Weekly periods cover the week; the demo driver's two days of leave next week are in the overrides.
    expect(dan.default_working_time.length).toBeGreaterThanOrEqual(7);
    for (const p of dan.default_working_time) {
      expect(p).toEqual({ week_day: expect.any(Number), holiday: expect.any(Number), start_at: expect.stringMatching(/^\d\d:\d\d$/), stop_at: expect.stringMatching(/^\d\d:\d\d$/) });
    }
    expect(dan.actual_override_working_time).toEqual([
      { period_date: addDays(TEST_TODAY, 9), holiday: 10, start_at: '00:00', stop_at: '23:45' },
      { period_date: addDays(TEST_TODAY, 10), holiday: 10, start_at: '00:00', stop_at: '23:45' },
    ]);
    expect(dan.data_full).toBe(dataFull(dan));
  });

  it('computes Data Full over the 24 fields, the same number the domain rule gives', async () => {
    expect(DATA_FULL_FIELDS).toHaveLength(24);
    const list = await drivers('?status=30');
    const halfBoard = list.find((d) => d.half_board)!;
    // A half-board driver has a first name, a last name and an e-mail: 3 of 24.
    expect(halfBoard.data_full).toBe(12);
    const spread = new Set(list.map((d) => d.data_full));
    expect(spread.size).toBeGreaterThan(3);
    for (const d of list) expect(d.data_full).toBe(dataFull(d));
  });

  it('lists only overrides from a month back, so old leave does not travel with every list', async () => {
    const list = await drivers('?status=30');
    const start = overrideWindowStart(londonToday());
    const stored = await t.db
      .selectFrom('driver_working_time_overrides')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('period_date', '>=', start)
      .executeTakeFirstOrThrow();
    const listed = list.flatMap((d) => d.actual_override_working_time);
    expect(listed.length).toBe(Number(stored.n));
    expect(listed.every((o) => o.period_date >= start)).toBe(true);
  });

  it.each([
    ['10', (d: DriverRecord) => d.status === 10],
    ['20', (d: DriverRecord) => d.status === 20],
    ['120', (d: DriverRecord) => d.status === 30 && d.data_full >= DATA_FULL_COMPLETE],
    ['130', (d: DriverRecord) => d.status === 30 && d.data_full < DATA_FULL_COMPLETE],
    ['140', (d: DriverRecord) => d.not_progressing === 10],
    ['150', (d: DriverRecord) => d.not_progressing === 20],
  ])('status=%s answers exactly the drivers of that filter', async (code, rule) => {
    const all = await drivers('?status=30');
    const filtered = await drivers(`?status=${code}`);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.map((d) => d.id).sort()).toEqual(all.filter(rule).map((d) => d.id).sort());
  });

  it('answers the active drivers when no status is given (spec 2, section 4: the default is 10), and all with 30', async () => {
    const active = await count('drivers', 10);
    expect(active).toBeLessThan(await count('drivers'));
    for (const query of ['', '?status=', '?status=99', `?status=${DRIVER_FILTER.active}`]) {
      const list = await drivers(query);
      expect(list, query).toHaveLength(active);
      expect(list.every((d) => d.status === 10)).toBe(true);
    }
    expect(await drivers(`?status=${DRIVER_FILTER.all}`)).toHaveLength(await count('drivers'));
  });

  it("gives a manager the drivers of their areas and those with no area", async () => {
    const all = await drivers('?status=30');
    const own = await t.db
      .selectFrom('user_areas')
      .innerJoin('users', 'users.id', 'user_areas.user_id')
      .select('area_id')
      .where('users.email', '=', MANAGER)
      .execute();
    const mine = new Set(own.map((a) => a.area_id));
    const expected = all.filter((d) => d.area_ids.length === 0 || d.area_ids.some((a) => mine.has(a.area_id)));
    const seen = await drivers('?status=30', MANAGER);
    expect(seen.map((d) => d.id).sort()).toEqual(expected.map((d) => d.id).sort());
    expect(seen.length).toBeLessThan(all.length);
    expect(seen.some((d) => d.area_ids.length === 0)).toBe(true);
    // The filter applies within the manager's reach.
    const active = await drivers('?status=10', MANAGER);
    expect(active.map((d) => d.id).sort()).toEqual(expected.filter((d) => d.status === 10).map((d) => d.id).sort());
  });

  it('is refused to restaurant accounts and drivers, and needs a token', async () => {
    expect((await get('/api/driver', RESTAURANT)).statusCode).toBe(403);
    expect((await get('/api/driver', DRIVER)).statusCode).toBe(403);
    const anonymous = await get('/api/driver', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: OWN_MSG.unauthenticated });
  });
});

describe('GET /api/restaurant', () => {
  it('lists restaurants by name with area, pay, account and both spellings of the contact name and area id', async () => {
    const res = await get('/api/restaurant', ADMIN);
    expect(res.statusCode).toBe(200);
    const list = res.json() as RestaurantRecord[];
    expect(list).toHaveLength(await count('restaurants', 10));
    const names = list.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const camden = list.find((r) => r.name === 'Pizza Palace Camden')!;
    const area = await t.db.selectFrom('areas').selectAll().where('name', '=', 'Camden').executeTakeFirstOrThrow();
    const owner = await t.db.selectFrom('restaurateurs').select(['id', 'name', 'email']).where('email', '=', RESTAURANT).executeTakeFirstOrThrow();
    expect(camden).toMatchObject({
      status: 10,
      standard_pay: 12.5,
      weekend_pay: 14,
      invoice_comission: 1.75,
      send_invoice: expect.any(Number),
      area_id: area.id,
      areaId: area.id,
      area: { id: area.id, name: 'Camden', standardPayRate: 12, weekendPayRate: 13.5 },
      email: RESTAURANT,
      restaurateur: owner,
      restaurateur_id: owner.id,
      business_email: expect.stringContaining('@'),
      map_latitude: expect.any(Number),
      map_longitude: expect.any(Number),
      logo_src: null,
    });
    expect(camden.contactName).toBe(camden.contact_name);
    expect(camden.contact_name).not.toBe('');
    for (const key of ['address', 'postcode', 'telephone', 'meal', 'uniform', 'cash_orders', 'waiting_location', 'other', 'bonus_target']) {
      expect(camden).toHaveProperty(key);
    }
    expect(camden).not.toHaveProperty('password_hash');
  });

  it('answers the active restaurants when no status is given (spec 2, section 4: the default is 10), the inactive with 20', async () => {
    const active = await restaurants('?status=10');
    const inactive = await restaurants('?status=20');
    expect(active.every((r) => r.status === 10)).toBe(true);
    expect(inactive.map((r) => r.name).sort()).toEqual(['Cedar Lebanese Grill', 'Salford Pie Co']);
    expect(active.length + inactive.length).toBe(await count('restaurants'));
    for (const query of ['', '?status=', '?status=30']) expect((await restaurants(query)).map((r) => r.id), query).toEqual(active.map((r) => r.id));
  });

  it("gives a manager the restaurants of their scope, and Priya only her three", async () => {
    const mine = [...(await restaurants('', MANAGER)), ...(await restaurants('?status=20', MANAGER))];
    expect(new Set(mine.map((r) => r.area.name))).toEqual(new Set(['Camden', 'Islington']));
    const areaIds = (await t.db.selectFrom('areas').select('id').where('name', 'in', ['Camden', 'Islington']).execute()).map((a) => a.id);
    expect(mine).toHaveLength(await t.db.selectFrom('restaurants').select('id').where('area_id', 'in', areaIds).execute().then((r) => r.length));
    const priya = await restaurants('', 'priya.shah@demo.test');
    expect(priya.map((r) => r.name).sort()).toEqual(['Golden Wok Manchester', 'Golden Wok Salford', 'Ramen Ya']);
  });

  it('gives a restaurant account its own restaurants only', async () => {
    const own = await restaurants('', RESTAURANT);
    expect(own.length).toBeGreaterThan(1);
    expect(own.every((r) => r.email === RESTAURANT && r.name.startsWith('Pizza Palace'))).toBe(true);
  });

  it('is refused to drivers, and needs a token', async () => {
    expect((await get('/api/restaurant', DRIVER)).statusCode).toBe(403);
    expect((await get('/api/restaurant', null)).statusCode).toBe(401);
  });
});
