import { expectRefused, suiteIds, suiteTestApp, ADMIN, MANAGER, RESTAURANT, DRIVER } from '../helpers/testApp';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { cityId } from '../helpers/shiftFixtures';
import { AREA_MSG, areaNameTakenMessage, type AreaRecord } from '../../domain/validation/area';

type AreaBody = AreaRecord;
const feed = new RecordingBroadcaster();
const t = suiteTestApp({ broadcaster: feed });
const ids = suiteIds(async () => ({ london: await cityId(t.db, 'London'), manchester: await cityId(t.db, 'Manchester') }));

const call = t.call;
const listAreas = async (who = ADMIN) => (await call('GET', '/api/area', who)).json() as AreaBody[];
const areaNamed = async (name: string) => (await listAreas()).find((a) => a.name === name)!;
const valid = (extra: Record<string, unknown> = {}) => ({ name: 'Wembley', city_id: ids.london, standardPayRate: 11.5, weekendPayRate: 13, ...extra });
const countAreas = async () => Number((await t.db.selectFrom('areas').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
/** The spec's messages for an area form sent empty, on adding or changing. */
const ALL_MISSING = {
  city_id: [AREA_MSG.cityRequired],
  name: [AREA_MSG.nameRequired],
  standardPayRate: [AREA_MSG.payRateRequired],
  weekendPayRate: [AREA_MSG.payRateRequired],
};

describe('GET /api/area', () => {
  it('lists every area by name with its city, pay rates as numbers and its restaurants', async () => {
    const res = await call('GET', '/api/area', ADMIN);
    expect(res.statusCode).toBe(200);
    const areas = res.json() as AreaBody[];
    expect(areas).toHaveLength(10);
    const names = areas.map((a) => a.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    const camden = areas.find((a) => a.name === 'Camden')!;
    expect(camden).toMatchObject({ city_id: ids.london, city: { id: ids.london, city_name: 'London' }, standardPayRate: 12, weekendPayRate: 13.5 });
    expect(camden.restaurants.map((r) => r.name)).toEqual(['Bombay Spice', 'Pizza Palace Camden', 'Sushi Kaito', 'The Burger Shack']);
    for (const r of camden.restaurants) {
      expect(r).toMatchObject({ area_id: camden.id, status: expect.any(Number), address: expect.any(String) });
      expect(r).toHaveProperty('postcode');
    }
    expect(areas.find((a) => a.name === 'Hackney')!.standardPayRate).toBe(11.75);
  });

  it("gives a manager only their own areas, with only the restaurants of their scope", async () => {
    expect((await listAreas(MANAGER)).map((a) => a.name)).toEqual(['Camden', 'Islington']);
    // Priya manages two Manchester areas but only three of their restaurants.
    const priya = await listAreas('priya.shah@demo.test');
    expect(priya.map((a) => a.name)).toEqual(['Manchester City Centre', 'Salford']);
    expect(priya.flatMap((a) => a.restaurants.map((r) => r.name)).sort()).toEqual(['Golden Wok Manchester', 'Golden Wok Salford', 'Ramen Ya']);
  });

  it('is refused to restaurant accounts and drivers, and needs a token', async () => {
    await expectRefused(t, 'GET', '/api/area', [RESTAURANT, DRIVER]);
  });
});

describe('GET /api/city', () => {
  it('lists cities by name for administrators and managers', async () => {
    for (const who of [ADMIN, MANAGER]) {
      const res = await call('GET', '/api/city', who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { id: expect.any(Number), city_name: 'Birmingham' },
        { id: expect.any(Number), city_name: 'Bristol' },
        { id: expect.any(Number), city_name: 'Leeds' },
        { id: ids.london, city_name: 'London' },
        { id: ids.manchester, city_name: 'Manchester' },
      ]);
    }
  });

  it('is refused to restaurant accounts and drivers, and needs a token', async () => {
    await expectRefused(t, 'GET', '/api/city', [RESTAURANT, DRIVER]);
  });
});

describe('POST /api/area', () => {
  it('creates the area, answers it and tells open screens', async () => {
    const res = await call('POST', '/api/area', ADMIN, valid({ name: '  Wembley ', standardPayRate: '11.5', weekendPayRate: '£13.25' }));
    expect(res.statusCode).toBe(201);
    const area = res.json() as AreaBody;
    expect(area).toEqual({
      id: expect.any(Number),
      name: 'Wembley',
      city_id: ids.london,
      city: { id: ids.london, city_name: 'London' },
      standardPayRate: 11.5,
      weekendPayRate: 13.25,
      restaurants: [],
      // Its version, sent back with a save (domain/versions.ts).
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(await areaNamed('Wembley')).toEqual(area);
    expect(feed.messages).toEqual([{ channel: 'area_channel', event: 'store', items: [area] }]);
  });

  it("answers each missing field with the spec's message and writes nothing", async () => {
    const before = await countAreas();
    const res = await call('POST', '/api/area', ADMIN, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(ALL_MISSING);
    const blanks = await call('POST', '/api/area', ADMIN, { city_id: '', name: '   ', standardPayRate: '', weekendPayRate: null });
    expect(blanks.json()).toEqual(res.json());
    expect(await countAreas()).toBe(before);
    expect(feed.messages).toEqual([]);
  });

  it.each([
    [-1, AREA_MSG.payRatePositive],
    ['-2.50', AREA_MSG.payRatePositive],
    [0, AREA_MSG.payRatePositive],
    ['abc', AREA_MSG.payRateNotNumber],
    ['12,50', AREA_MSG.payRateNotNumber],
    [true, AREA_MSG.payRateNotNumber],
    [11.555, AREA_MSG.payRatePence],
    [1000, AREA_MSG.payRateTooHigh],
  ])('refuses the pay rate %j with a message on that field', async (rate, message) => {
    const standard = await call('POST', '/api/area', ADMIN, valid({ name: 'Rate test', standardPayRate: rate }));
    expect(standard.statusCode).toBe(400);
    expect(standard.json()).toEqual({ standardPayRate: [message] });
    const weekend = await call('POST', '/api/area', ADMIN, valid({ name: 'Rate test', weekendPayRate: rate }));
    expect(weekend.json()).toEqual({ weekendPayRate: [message] });
  });

  it('refuses an unknown city and an over-long name', async () => {
    const unknown = await call('POST', '/api/area', ADMIN, valid({ city_id: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ city_id: [AREA_MSG.cityUnknown] });
    expect((await call('POST', '/api/area', ADMIN, valid({ city_id: 'London' }))).json()).toEqual({ city_id: [AREA_MSG.cityUnknown] });
    expect((await call('POST', '/api/area', ADMIN, valid({ name: 'x'.repeat(101) }))).json()).toEqual({ name: [AREA_MSG.nameTooLong] });
  });

  it('refuses a name the city already has (whatever the case), but allows it in another city', async () => {
    const before = await countAreas();
    const dup = await call('POST', '/api/area', ADMIN, valid({ name: 'camden ' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ name: [areaNameTakenMessage('camden', 'London')] });
    expect(await countAreas()).toBe(before);
    const elsewhere = await call('POST', '/api/area', ADMIN, valid({ name: 'Camden', city_id: ids.manchester }));
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json()).toMatchObject({ name: 'Camden', city: { city_name: 'Manchester' } });
  });

  it('is for administrators only', async () => {
    const before = await countAreas();
    for (const who of [MANAGER, RESTAURANT, DRIVER]) {
      expect((await call('POST', '/api/area', who, valid({ name: 'Not allowed' }))).statusCode).toBe(403);
    }
    expect((await call('POST', '/api/area', null, valid({ name: 'Not allowed' }))).statusCode).toBe(401);
    expect(await countAreas()).toBe(before);
  });
});

describe('PUT /api/area/{id}', () => {
  const create = async (name: string, city = ids.london) => (await call('POST', '/api/area', ADMIN, valid({ name, city_id: city }))).json() as AreaBody;

  it('edits name, city and pay rates and tells open screens', async () => {
    const area = await create('Harrow');
    feed.messages = [];
    const res = await call('PUT', `/api/area/${area.id}`, ADMIN, { id: area.id, name: 'Harrow on the Hill', city_id: ids.manchester, standardPayRate: 12.25, weekendPayRate: '14' });
    expect(res.statusCode).toBe(200);
    const edited = res.json() as AreaBody;
    expect(edited).toMatchObject({ id: area.id, name: 'Harrow on the Hill', city: { id: ids.manchester, city_name: 'Manchester' }, standardPayRate: 12.25, weekendPayRate: 14 });
    expect(await areaNamed('Harrow on the Hill')).toEqual(edited);
    expect(feed.messages).toEqual([{ channel: 'area_channel', event: 'update', items: [edited] }]);
  });

  it('keeps its own name but refuses the name of another area of the city', async () => {
    const area = await create('Ealing');
    const same = await call('PUT', `/api/area/${area.id}`, ADMIN, valid({ id: area.id, name: 'EALING', standardPayRate: 12 }));
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ name: 'EALING', standardPayRate: 12 });
    const clash = await call('PUT', `/api/area/${area.id}`, ADMIN, valid({ id: area.id, name: 'Islington' }));
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ name: [areaNameTakenMessage('Islington', 'London')] });
  });

  it("answers the spec's messages, an unknown city, a mismatched id and an unknown area", async () => {
    const area = await create('Brent');
    const empty = await call('PUT', `/api/area/${area.id}`, ADMIN, { id: area.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(ALL_MISSING);
    expect((await call('PUT', `/api/area/${area.id}`, ADMIN, valid({ name: 'Brent', weekendPayRate: -3 }))).json()).toEqual({
      weekendPayRate: [AREA_MSG.payRatePositive],
    });
    expect((await call('PUT', `/api/area/${area.id}`, ADMIN, valid({ name: 'Brent', city_id: 999_999 }))).json()).toEqual({
      city_id: [AREA_MSG.cityUnknown],
    });
    expect((await call('PUT', `/api/area/${area.id}`, ADMIN, valid({ id: area.id + 1, name: 'Brent' }))).json()).toEqual({
      id: [AREA_MSG.idMismatch],
    });
    const missing = await call('PUT', '/api/area/999999', ADMIN, valid());
    expect(missing.statusCode).toBe(404);
    expect((await call('PUT', '/api/area/abc', ADMIN, valid())).statusCode).toBe(404);
    expect(await areaNamed('Brent')).toMatchObject({ standardPayRate: 11.5, weekendPayRate: 13 });
  });

  it('moves the restaurants of restaurantsAssigned into the area, and tells the screens of both areas', async () => {
    const target = await create('Kensington');
    const islington = await areaNamed('Islington');
    const moving = islington.restaurants.slice(0, 2).map((r) => r.id);
    feed.messages = [];
    const res = await call('PUT', `/api/area/${target.id}`, ADMIN, valid({ id: target.id, name: 'Kensington', restaurantsAssigned: moving }));
    expect(res.statusCode).toBe(200);
    const moved = res.json() as AreaBody;
    expect(moved.restaurants.map((r) => r.id).sort()).toEqual([...moving].sort());
    const after = await areaNamed('Islington');
    expect(after.restaurants).toHaveLength(islington.restaurants.length - 2);
    expect(feed.messages).toHaveLength(1);
    expect(feed.messages[0]).toMatchObject({ channel: 'area_channel', event: 'update' });
    expect(feed.messages[0].items).toEqual([moved, after]);
  });

  it('refuses restaurants that do not exist and leaves everything as it was', async () => {
    const area = await create('Lambeth');
    const camden = await areaNamed('Camden');
    const res = await call('PUT', `/api/area/${area.id}`, ADMIN, valid({ name: 'Lambeth', standardPayRate: 20, restaurantsAssigned: [camden.restaurants[0].id, 999_999] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ restaurantsAssigned: [AREA_MSG.restaurantsUnknown] });
    expect((await call('PUT', `/api/area/${area.id}`, ADMIN, valid({ name: 'Lambeth', restaurantsAssigned: 'all' }))).json()).toEqual({
      restaurantsAssigned: [AREA_MSG.restaurantsInvalid],
    });
    expect(await areaNamed('Lambeth')).toMatchObject({ standardPayRate: 11.5, restaurants: [] });
    expect((await areaNamed('Camden')).restaurants).toEqual(camden.restaurants);
  });

  it('is for administrators only', async () => {
    const camden = await areaNamed('Camden');
    const body = { ...valid({ id: camden.id, name: 'Camden', standardPayRate: 50 }) };
    for (const who of [MANAGER, RESTAURANT, DRIVER]) {
      expect((await call('PUT', `/api/area/${camden.id}`, who, body)).statusCode).toBe(403);
    }
    expect((await call('PUT', `/api/area/${camden.id}`, null, body)).statusCode).toBe(401);
    expect((await areaNamed('Camden')).standardPayRate).toBe(12);
  });
});

describe('DELETE /api/area/{id}', () => {
  it('refuses an area with restaurants, their shifts and drivers, naming what is attached', async () => {
    const camden = await areaNamed('Camden');
    const drivers = await t.db.selectFrom('driver_areas').select('driver_id').where('area_id', '=', camden.id).execute();
    const shifts = await t.db
      .selectFrom('shifts')
      .select('shifts.id')
      .where('restaurant_id', 'in', camden.restaurants.map((r) => r.id))
      .execute();
    expect(drivers.length).toBeGreaterThan(1);
    expect(shifts.length).toBeGreaterThan(1);
    const res = await call('DELETE', `/api/area/${camden.id}`, ADMIN);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      id: [
        `Area Camden still has 4 restaurants (with ${shifts.length.toLocaleString('en-GB')} shifts) and ${drivers.length} drivers: move them to another area first`,
      ],
    });
    expect(await areaNamed('Camden')).toBeDefined();
    expect(feed.messages).toEqual([]);
  });

  it('refuses an area with only a restaurant, or only a driver', async () => {
    const withRestaurant = (await call('POST', '/api/area', ADMIN, valid({ name: 'Putney' }))).json() as AreaBody;
    const restaurant = await t.db.insertInto('restaurants').values({ name: 'Putney Pies', area_id: withRestaurant.id }).returning('id').executeTakeFirstOrThrow();
    expect((await call('DELETE', `/api/area/${withRestaurant.id}`, ADMIN)).json()).toEqual({
      id: ['Area Putney still has 1 restaurant: move it to another area first'],
    });
    await t.db.insertInto('shifts').values({ restaurant_id: restaurant.id, period_date: '2030-01-07', start_time: '17:00', finish_time: '22:00' }).execute();
    expect((await call('DELETE', `/api/area/${withRestaurant.id}`, ADMIN)).json()).toEqual({
      id: ['Area Putney still has 1 restaurant (with 1 shift): move it to another area first'],
    });

    const withDriver = (await call('POST', '/api/area', ADMIN, valid({ name: 'Balham' }))).json() as AreaBody;
    const driver = await t.db.selectFrom('drivers').select('id').where('email', '=', DRIVER).executeTakeFirstOrThrow();
    await t.db.insertInto('driver_areas').values({ driver_id: driver.id, area_id: withDriver.id }).execute();
    const res = await call('DELETE', `/api/area/${withDriver.id}`, ADMIN);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ id: ['Area Balham still has 1 driver: move it to another area first'] });
  });

  it('deletes an empty area with its manager assignments and news targets, and tells open screens', async () => {
    const area = (await call('POST', '/api/area', ADMIN, valid({ name: 'Tooting' }))).json() as AreaBody;
    const manager = await t.db.selectFrom('users').select('id').where('email', '=', MANAGER).executeTakeFirstOrThrow();
    await t.db.insertInto('user_areas').values({ user_id: manager.id, area_id: area.id }).execute();
    const post = await t.db.selectFrom('news_posts').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('news_post_areas').values({ post_id: post.id, area_id: area.id }).execute();
    feed.messages = [];

    const res = await call('DELETE', `/api/area/${area.id}`, ADMIN);
    expect(res.statusCode).toBe(204);
    expect((await listAreas()).some((a) => a.id === area.id)).toBe(false);
    expect(await t.db.selectFrom('user_areas').select('user_id').where('area_id', '=', area.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('news_post_areas').select('post_id').where('area_id', '=', area.id).execute()).toEqual([]);
    expect(feed.messages).toEqual([{ channel: 'area_channel', event: 'destroy', items: [area] }]);
    expect((await call('DELETE', `/api/area/${area.id}`, ADMIN)).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const area = (await call('POST', '/api/area', ADMIN, valid({ name: 'Streatham' }))).json() as AreaBody;
    for (const who of [MANAGER, RESTAURANT, DRIVER]) {
      expect((await call('DELETE', `/api/area/${area.id}`, who)).statusCode).toBe(403);
    }
    expect((await call('DELETE', `/api/area/${area.id}`, null)).statusCode).toBe(401);
    expect((await listAreas()).some((a) => a.id === area.id)).toBe(true);
  });
});
