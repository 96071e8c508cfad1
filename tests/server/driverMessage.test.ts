import { suiteTestApp } from '../helpers/testApp';
import { LocalPushSender, usePushSender, type PushDelivery, type PushSender } from '../../server/services/push';
import { PUSH_MSG } from '../../domain/validation/pushMessage';
import { DRIVER_STATUS } from '../../domain/statuses';

/** A few areas, restaurants and drivers of our own, so every recipient rule has a known answer. */
const f = {} as {
  areaA: number;
  areaB: number;
  areaEmpty: number;
  r1: number; // in A
  r2: number; // in A
  r3: number; // in B
  d1: number; // A, active, token, linked to r1
  d2: number; // A, inactive, no token, no restaurant
  d3: number; // A, active, token, linked to r2
  d4: number; // B, active, token, no restaurant
  d5: number; // A and B, registered, no token, linked to r3
  camden: number;
  islington: number;
  managerId: number;
};

async function driver(first: string, status: number, token: string | null, areas: number[], restaurants: number[]) {
  const { id } = await t.db
    .insertInto('drivers')
    .values({ first_name: first, last_name: 'Fixture', email: `${first.toLowerCase()}@fixture.test`, status, push_token: token })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (areas.length) await t.db.insertInto('driver_areas').values(areas.map((area_id) => ({ driver_id: id, area_id }))).execute();
  if (restaurants.length) await t.db.insertInto('driver_restaurants').values(restaurants.map((restaurant_id) => ({ driver_id: id, restaurant_id }))).execute();
  return id;
}

const t = suiteTestApp();
beforeAll(async () => {
  const city = await t.db.selectFrom('cities').select('id').orderBy('id').executeTakeFirstOrThrow();
  const area = async (name: string) =>
    (await t.db.insertInto('areas').values({ name, city_id: city.id, standard_pay_rate: 12, weekend_pay_rate: 13 }).returning('id').executeTakeFirstOrThrow()).id;
  const restaurant = async (name: string, area_id: number) =>
    (await t.db.insertInto('restaurants').values({ name, area_id }).returning('id').executeTakeFirstOrThrow()).id;
  f.areaA = await area('Fixture A');
  f.areaB = await area('Fixture B');
  f.areaEmpty = await area('Fixture Empty');
  f.r1 = await restaurant('Fixture R1', f.areaA);
  f.r2 = await restaurant('Fixture R2', f.areaA);
  f.r3 = await restaurant('Fixture R3', f.areaB);
  f.d1 = await driver('Dee1', DRIVER_STATUS.active, 'token-1', [f.areaA], [f.r1]);
  f.d2 = await driver('Dee2', DRIVER_STATUS.inactive, null, [f.areaA], []);
  f.d3 = await driver('Dee3', DRIVER_STATUS.active, 'token-3', [f.areaA], [f.r2]);
  f.d4 = await driver('Dee4', DRIVER_STATUS.active, 'token-4', [f.areaB], []);
  f.d5 = await driver('Dee5', DRIVER_STATUS.registered, '  ', [f.areaA, f.areaB], [f.r3]);
  const areaId = async (name: string) => (await t.db.selectFrom('areas').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  f.camden = await areaId('Camden');
  f.islington = await areaId('Islington');
  f.managerId = (await t.db.selectFrom('users').select('id').where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow()).id;
});
afterEach(() => usePushSender(t.app, new LocalPushSender()));

const send = async (payload: Record<string, unknown>, email: string | null = 'admin@demo.test') =>
  t.app.inject({ method: 'POST', url: '/api/driver-message', payload, headers: email ? await t.as(email) : {} });
const message = (extra: Record<string, unknown> = {}) => ({
  title: 'Busy tonight',
  body: 'Extra shifts open in your area from 6 pm.',
  area_ids: [],
  restaurant_ids: [],
  notify_status: null,
  driver_ids: [],
  ...extra,
});
const deliveries = (messageId: number) =>
  t.db.selectFrom('push_deliveries').select(['driver_id', 'status', 'sent_at', 'error']).where('message_id', '=', messageId).orderBy('driver_id').execute();
const recipientsOf = async (messageId: number) => (await deliveries(messageId)).map((d) => d.driver_id).sort((a, b) => a - b);
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);
const counts = async () => ({
  messages: Number((await t.db.selectFrom('push_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  deliveries: Number((await t.db.selectFrom('push_deliveries').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
});

describe('POST /api/driver-message: recipients', () => {
  it('blank everything = every driver; records the message, its filters and one delivery per driver', async () => {
    const res = await send(message());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const all = await t.db.selectFrom('drivers').select(['id', 'push_token']).execute();
    const withToken = all.filter((d) => d.push_token?.trim()).length;
    expect(body).toEqual({
      success: true,
      message_id: expect.any(Number),
      targeted: all.length,
      delivered: withToken,
      no_token: all.length - withToken,
      failed: 0,
    });
    expect(await recipientsOf(body.message_id)).toEqual(sorted(...all.map((d) => d.id)));
    const stored = await t.db.selectFrom('push_messages').selectAll().where('id', '=', body.message_id).executeTakeFirstOrThrow();
    const admin = await t.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      title: 'Busy tonight',
      body: 'Extra shifts open in your area from 6 pm.',
      sender_id: admin.id,
      filters: { area_ids: [], restaurant_ids: [], notify_status: null, driver_ids: [] },
    });
  });

  it("marks drivers with a push token 'sent' (with the time) and those without 'no_token'", async () => {
    const res = await send(message({ area_ids: [f.areaA] }));
    const body = res.json();
    expect(body).toMatchObject({ targeted: 4, delivered: 2, no_token: 2, failed: 0 });
    const rows = await deliveries(body.message_id);
    const byDriver = Object.fromEntries(rows.map((r) => [r.driver_id, r]));
    expect(byDriver[f.d1]).toMatchObject({ status: 'sent', sent_at: expect.any(String), error: null });
    expect(byDriver[f.d3]).toMatchObject({ status: 'sent', sent_at: expect.any(String) });
    expect(byDriver[f.d2]).toMatchObject({ status: 'no_token', sent_at: null });
    // A blank token is no token.
    expect(byDriver[f.d5]).toMatchObject({ status: 'no_token', sent_at: null });
    expect(Date.now() - Date.parse(byDriver[f.d1].sent_at!)).toBeLessThan(60_000);
  });

  it('chosen areas: the drivers working in them', async () => {
    expect(await recipientsOf((await send(message({ area_ids: [f.areaA] }))).json().message_id)).toEqual(sorted(f.d1, f.d2, f.d3, f.d5));
    expect(await recipientsOf((await send(message({ area_ids: [f.areaB] }))).json().message_id)).toEqual(sorted(f.d4, f.d5));
  });

  it("chosen restaurants: drivers linked to them, or tied to no restaurant in the restaurants' areas", async () => {
    const r1 = (await send(message({ area_ids: [f.areaA], restaurant_ids: [f.r1] }))).json();
    expect(await recipientsOf(r1.message_id)).toEqual(sorted(f.d1, f.d2));
    const r3 = (await send(message({ area_ids: [f.areaA, f.areaB], restaurant_ids: [f.r3] }))).json();
    expect(await recipientsOf(r3.message_id)).toEqual(sorted(f.d4, f.d5));
    const both = (await send(message({ area_ids: [f.areaA], restaurant_ids: [f.r1, f.r2] }))).json();
    expect(await recipientsOf(both.message_id)).toEqual(sorted(f.d1, f.d2, f.d3));
  });

  it('notify status: 10 active drivers only, 20 inactive only', async () => {
    expect(await recipientsOf((await send(message({ area_ids: [f.areaA], notify_status: 10 }))).json().message_id)).toEqual(sorted(f.d1, f.d3));
    expect(await recipientsOf((await send(message({ area_ids: [f.areaA], notify_status: 20 }))).json().message_id)).toEqual([f.d2]);
    const allActive = await t.db.selectFrom('drivers').select('id').where('status', '=', DRIVER_STATUS.active).execute();
    const res = (await send(message({ notify_status: '10' }))).json();
    expect(res.targeted).toBe(allActive.length);
    expect(await recipientsOf(res.message_id)).toEqual(sorted(...allActive.map((d) => d.id)));
  });

  it('chosen drivers are added to the rest, whatever the status filter', async () => {
    expect(await recipientsOf((await send(message({ driver_ids: [f.d2] }))).json().message_id)).toEqual([f.d2]);
    const mixed = (await send(message({ area_ids: [f.areaB], notify_status: 10, driver_ids: [f.d2, f.d4] }))).json();
    expect(await recipientsOf(mixed.message_id)).toEqual(sorted(f.d2, f.d4));
    expect(mixed.targeted).toBe(2);
  });
});

describe('POST /api/driver-message: validation', () => {
  const rejects = async (payload: Record<string, unknown>, expected: Record<string, string[]>) => {
    const before = await counts();
    const res = await send(payload);
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    expect(res.json()).toEqual(expected);
    expect(await counts()).toEqual(before);
  };

  it("title: 'Title is required.' and at most 55 characters", async () => {
    await rejects(message({ title: undefined }), { title: [PUSH_MSG.titleRequired] });
    await rejects(message({ title: '' }), { title: ['Title is required.'] });
    await rejects(message({ title: '    ' }), { title: ['Title is required.'] });
    await rejects(message({ title: 'x'.repeat(56) }), { title: ['Title must be at most 55 characters long'] });
    expect((await send(message({ title: 'x'.repeat(55), driver_ids: [f.d1] }))).statusCode).toBe(200);
  });

  it("body: 'Body is required.' and at most 255 characters", async () => {
    await rejects(message({ body: undefined }), { body: [PUSH_MSG.bodyRequired] });
    await rejects(message({ body: '' }), { body: ['Body is required.'] });
    await rejects(message({ body: 'x'.repeat(256) }), { body: ['Body must be at most 255 characters long'] });
    expect((await send(message({ body: 'x'.repeat(255), driver_ids: [f.d1] }))).statusCode).toBe(200);
  });

  it('both missing: both messages, title first', async () => {
    const res = await send({});
    expect(res.statusCode).toBe(400);
    expect(Object.entries(res.json())).toEqual([
      ['title', ['Title is required.']],
      ['body', ['Body is required.']],
    ]);
  });

  it('rejects malformed lists and statuses', async () => {
    await rejects(message({ area_ids: 'Camden' }), { area_ids: [PUSH_MSG.idList] });
    await rejects(message({ driver_ids: ['abc'] }), { driver_ids: [PUSH_MSG.idList] });
    await rejects(message({ restaurant_ids: [-3] }), { restaurant_ids: [PUSH_MSG.idList] });
    await rejects(message({ notify_status: 30 }), { notify_status: [PUSH_MSG.notifyStatus] });
  });

  it('rejects unknown areas, restaurants and drivers', async () => {
    await rejects(message({ area_ids: [f.areaA, 999_999] }), { area_ids: [PUSH_MSG.unknownAreas] });
    await rejects(message({ area_ids: [f.areaA], restaurant_ids: [999_999] }), { restaurant_ids: [PUSH_MSG.unknownRestaurants] });
    await rejects(message({ driver_ids: [999_999] }), { driver_ids: [PUSH_MSG.unknownDrivers] });
  });

  it('rejects restaurants outside the chosen areas', async () => {
    await rejects(message({ area_ids: [f.areaB], restaurant_ids: [f.r1] }), { restaurant_ids: ['Restaurants must belong to the chosen areas'] });
    await rejects(message({ restaurant_ids: [f.r1] }), { restaurant_ids: [PUSH_MSG.restaurantsOutsideAreas] });
  });

  it('rejects a message no driver would receive', async () => {
    await rejects(message({ area_ids: [f.areaEmpty] }), { recipients: [PUSH_MSG.noRecipients] });
    await rejects(message({ area_ids: [f.areaB], notify_status: 20 }), { recipients: [PUSH_MSG.noRecipients] });
  });
});

describe('POST /api/driver-message: who may send to whom', () => {
  it('is for administrators and managers; restaurant accounts and drivers get 403, no token 401', async () => {
    const before = await counts();
    for (const email of ['restaurant@demo.test', 'driver@demo.test']) expect((await send(message(), email)).statusCode).toBe(403);
    expect((await send(message(), null)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it("a manager's blank message reaches the drivers of their areas only", async () => {
    const res = await send(message(), 'manager@demo.test');
    expect(res.statusCode).toBe(200);
    const expected = await t.db
      .selectFrom('driver_areas')
      .select('driver_id')
      .distinct()
      .where('area_id', 'in', [f.camden, f.islington])
      .execute();
    expect(expected.length).toBeGreaterThan(0);
    expect(await recipientsOf(res.json().message_id)).toEqual(sorted(...expected.map((d) => d.driver_id)));
    const sender = await t.db.selectFrom('push_messages').select('sender_id').where('id', '=', res.json().message_id).executeTakeFirstOrThrow();
    expect(sender.sender_id).toBe(f.managerId);
  });

  it('a manager may choose their own areas, restaurants and drivers', async () => {
    const camdenDrivers = await t.db.selectFrom('driver_areas').select('driver_id').where('area_id', '=', f.camden).execute();
    const res = await send(message({ area_ids: [f.camden] }), 'manager@demo.test');
    expect(res.statusCode).toBe(200);
    expect(await recipientsOf(res.json().message_id)).toEqual(sorted(...camdenDrivers.map((d) => d.driver_id)));

    const restaurant = await t.db.selectFrom('restaurants').select('id').where('area_id', '=', f.camden).orderBy('id').executeTakeFirstOrThrow();
    expect((await send(message({ area_ids: [f.camden], restaurant_ids: [restaurant.id] }), 'manager@demo.test')).statusCode).toBe(200);
    expect((await send(message({ driver_ids: [camdenDrivers[0].driver_id] }), 'manager@demo.test')).statusCode).toBe(200);
  });

  it('a manager gets 403 for areas, restaurants or drivers beyond their reach, and nothing is written', async () => {
    const before = await counts();
    for (const payload of [
      message({ area_ids: [f.areaA] }),
      message({ area_ids: [f.camden, f.areaA], restaurant_ids: [f.r1] }),
      message({ driver_ids: [f.d4] }),
    ]) {
      const res = await send(payload, 'manager@demo.test');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: PUSH_MSG.outOfScope });
    }
    expect(await counts()).toEqual(before);
  });

  it('a manager narrowed to some restaurants may not choose the other restaurants of their areas', async () => {
    const priya = await t.db.selectFrom('users').select('id').where('email', '=', 'priya.shah@demo.test').executeTakeFirstOrThrow();
    const own = await t.db.selectFrom('user_restaurants').select('restaurant_id').where('user_id', '=', priya.id).execute();
    const ownIds = own.map((r) => r.restaurant_id);
    const first = await t.db.selectFrom('restaurants').select(['id', 'area_id']).where('id', '=', ownIds[0]).executeTakeFirstOrThrow();
    const other = await t.db
      .selectFrom('restaurants')
      .select('id')
      .where('area_id', '=', first.area_id)
      .where('id', 'not in', ownIds)
      .executeTakeFirstOrThrow();
    const res = await send(message({ area_ids: [first.area_id], restaurant_ids: [other.id] }), 'priya.shah@demo.test');
    expect(res.statusCode).toBe(403);
    expect((await send(message({ area_ids: [first.area_id], restaurant_ids: [first.id] }), 'priya.shah@demo.test')).statusCode).toBe(200);
  });
});

describe('POST /api/driver-message: the push adapter', () => {
  it('hands each delivery with its token, title and body to the adapter', async () => {
    const seen: PushDelivery[] = [];
    usePushSender(t.app, {
      name: 'recording',
      async send(batch) {
        seen.push(...batch);
        return new LocalPushSender().send(batch);
      },
    });
    const res = await send(message({ title: 'Hello', body: 'World', driver_ids: [f.d1, f.d2] }));
    expect(res.statusCode).toBe(200);
    expect(seen.map(({ deliveryId: _, ...d }) => d)).toEqual([
      { driverId: f.d1, pushToken: 'token-1', title: 'Hello', body: 'World' },
      { driverId: f.d2, pushToken: null, title: 'Hello', body: 'World' },
    ]);
  });

  it("records the adapter's per-driver failures, and a failing adapter fails the batch but keeps the message", async () => {
    const partial: PushSender = {
      name: 'partial',
      async send(batch) {
        return batch.map((d) => (d.driverId === f.d3 ? { deliveryId: d.deliveryId, status: 'failed', error: 'UNREGISTERED' } : { deliveryId: d.deliveryId, status: 'sent' }));
      },
    };
    usePushSender(t.app, partial);
    const res = (await send(message({ driver_ids: [f.d1, f.d3] }))).json();
    expect(res).toMatchObject({ targeted: 2, delivered: 1, no_token: 0, failed: 1 });
    const rows = await deliveries(res.message_id);
    expect(rows.find((r) => r.driver_id === f.d3)).toMatchObject({ status: 'failed', error: 'UNREGISTERED', sent_at: null });

    usePushSender(t.app, {
      name: 'down',
      async send() {
        throw new Error('provider unreachable');
      },
    });
    const down = await send(message({ driver_ids: [f.d1, f.d4] }));
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ success: true, targeted: 2, delivered: 0, failed: 2 });
    expect((await deliveries(down.json().message_id)).map((r) => [r.status, r.error])).toEqual([
      ['failed', 'provider unreachable'],
      ['failed', 'provider unreachable'],
    ]);
  });
});

describe('GET /api/driver-message/recipients', () => {
  const get = async (email: string | null) =>
    t.app.inject({ url: '/api/driver-message/recipients', headers: email ? await t.as(email) : {} });

  it('lists every driver for an administrator, with id, full name, e-mail and status, sorted by name', async () => {
    const res = await get('admin@demo.test');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; full_name: string; email: string; status: number }[];
    const total = await t.db.selectFrom('drivers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(list).toHaveLength(Number(total.n));
    expect(list.find((d) => d.id === f.d1)).toEqual({ id: f.d1, full_name: 'Dee1 Fixture', email: 'dee1@fixture.test', status: DRIVER_STATUS.active });
    const fixtures = list.filter((d) => d.email.endsWith('@fixture.test')).map((d) => d.full_name);
    expect(fixtures).toEqual(['Dee1 Fixture', 'Dee2 Fixture', 'Dee3 Fixture', 'Dee4 Fixture', 'Dee5 Fixture']);
  });

  it("lists only a manager's reachable drivers", async () => {
    const list = (await get('manager@demo.test')).json() as { id: number }[];
    const expected = await t.db.selectFrom('driver_areas').select('driver_id').distinct().where('area_id', 'in', [f.camden, f.islington]).execute();
    expect(list.map((d) => d.id).sort((a, b) => a - b)).toEqual(sorted(...expected.map((d) => d.driver_id)));
    expect(list.map((d) => d.id)).not.toContain(f.d4);
  });

  it('is for administrators and managers only', async () => {
    expect((await get('restaurant@demo.test')).statusCode).toBe(403);
    expect((await get('driver@demo.test')).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
  });
});
