import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { addDays, londonToday } from '../../domain/dates';
import { signDocument } from '../../server/services/documents';
import { issueFeed } from '../../server/services/calendarFeeds/addresses';
import type { Broadcaster } from '../../server/realtime/broadcaster';
import { createTestApp, type TestApp } from './testApp';
import { fields, multipart, type Part } from './multipart';

/**
 * One valid request for every route of the app, aimed at a record of one restaurant (Pizza Palace Camden, owned by
 * restaurant@demo.test, in manager@demo.test's areas) so that the same request shows who may reach that record and
 * who may not. Builders that change or remove their record make a fresh one on each call. The access matrix sends
 * them as every role; the bad-input sweep spoils their fields one at a time.
 */
export interface RouteCall {
  url: string;
  payload?: Record<string, unknown> | unknown[];
  /** A multipart body instead of JSON. */
  parts?: Part[];
  /** Whether an answer shows the target record (for lists and scoped answers). */
  shows?: (body: string) => boolean;
}

export type CallBuilder = (fx: Fixtures) => Promise<RouteCall>;

export interface Fixtures {
  t: TestApp;
  /** Pizza Palace Camden. */
  restaurant: number;
  camden: number;
  london: number;
  /** driver@demo.test, who works in Camden. */
  driver: number;
  today: string;
}

export async function loadFixtures(t: TestApp): Promise<Fixtures> {
  const one = async <T>(q: Promise<T | undefined>) => (await q)!;
  const restaurant = (await one(t.db.selectFrom('restaurants').select('id').where('name', '=', 'Pizza Palace Camden').executeTakeFirst())).id;
  const camden = (await one(t.db.selectFrom('areas').select('id').where('name', '=', 'Camden').executeTakeFirst())).id;
  const london = (await one(t.db.selectFrom('cities').select('id').where('city_name', '=', 'London').executeTakeFirst())).id;
  const driver = (await one(t.db.selectFrom('drivers').select('id').where('email', '=', 'driver@demo.test').executeTakeFirst())).id;
  return { t, restaurant, camden, london, driver, today: londonToday() };
}

/** A test app with its fixtures, made before a test file's tests and closed after them. */
export function setUpFixtures(options: { broadcaster?: Broadcaster } = {}): Fixtures {
  const fx = {} as Fixtures;
  beforeAll(async () => {
    Object.assign(fx, await loadFixtures(await createTestApp(options)));
  });
  afterAll(() => fx.t?.close());
  return fx;
}

let seq = 0;
const csvFile = (filename: string, text: string): Part => ({ name: 'file', file: Buffer.from(text), filename, type: 'text/csv' });
const unique = () => `${process.pid}${++seq}${crypto.randomBytes(2).toString('hex')}`;
const hasId = (id: number) => (body: string) => new RegExp(`"id":\\s*${id}[,}\\s]`).test(body);

/** Days ahead of today for fresh shifts, one per call, so no two meet. */
const ahead = (fx: Fixtures) => addDays(fx.today, 10 + (++seq % 300));

async function demoRestaurateur(fx: Fixtures): Promise<number> {
  return (await fx.t.db.selectFrom('restaurateurs').select('id').where('email', '=', 'restaurant@demo.test').executeTakeFirstOrThrow()).id;
}

async function shift(fx: Fixtures, values: { status?: number; driver?: number | null; date?: string; restaurantMade?: boolean } = {}) {
  const owner = values.restaurantMade ? await demoRestaurateur(fx) : null;
  const driver = values.driver ?? null;
  const row = await fx.t.db
    .insertInto('shifts')
    .values({
      restaurant_id: fx.restaurant,
      driver_id: driver,
      status: values.status ?? 10,
      status_assigned: driver ? 10 : 20,
      period_date: values.date ?? ahead(fx),
      start_time: '18:00',
      finish_time: '22:00',
      restaurateur_creator_id: owner,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function timesheet(fx: Fixtures, values: { progress?: number; shiftId?: number | null; date?: string } = {}) {
  const row = await fx.t.db
    .insertInto('timesheets')
    .values({
      restaurant_id: fx.restaurant,
      driver_id: (await freshDriver(fx)).id,
      shift_id: values.shiftId ?? null,
      status: 10,
      status_progress: values.progress ?? 20,
      period_date: values.date ?? addDays(fx.today, -3),
      start_time: '12:00',
      finish_time: '16:00',
    })
    .returning(['id', 'driver_id', 'period_date'])
    .executeTakeFirstOrThrow();
  return row;
}

async function freshDriver(fx: Fixtures) {
  const row = await fx.t.db
    .insertInto('drivers')
    .values({ first_name: 'Matrix', last_name: `Driver${unique()}`, email: `matrix.${unique()}@drivers.test`, status: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await fx.t.db.insertInto('driver_areas').values({ driver_id: row.id, area_id: fx.camden }).execute();
  return row;
}

async function invoice(fx: Fixtures) {
  const row = await fx.t.db
    .insertInto('invoices')
    .values({
      invoice_number: `M-${unique()}`,
      period_date: fx.today,
      period_date_from: addDays(fx.today, -6),
      period_date_to: fx.today,
      restaurant_id: fx.restaurant,
      comission: 1.5,
      lines: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A post to Camden's drivers (so the manager of Camden sees it and a manager elsewhere does not), or to all. */
async function post(fx: Fixtures, toAll = false) {
  const row = await fx.t.db
    .insertInto('news_posts')
    .values({ post_title: `Matrix ${unique()}`, post_content: '<p>Hello</p>', addressee: toAll ? 10 : 20, updated_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!toAll) await fx.t.db.insertInto('news_post_areas').values({ post_id: row.id, area_id: fx.camden }).execute();
  return row.id;
}

async function freshUser(fx: Fixtures) {
  const row = await fx.t.db
    .insertInto('users')
    .values({ first_name: 'Matrix', last_name: 'User', email: `matrix.${unique()}@staff.test`, password_hash: 'x', role: 20 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freshArea(fx: Fixtures) {
  const row = await fx.t.db
    .insertInto('areas')
    .values({ name: `Matrix ${unique()}`, city_id: fx.london, standard_pay_rate: 11, weekend_pay_rate: 12 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function freshRestaurateur(fx: Fixtures) {
  const row = await fx.t.db.insertInto('restaurateurs').values({ name: 'Matrix', email: `matrix.${unique()}@owners.test`, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function freshRestaurant(fx: Fixtures) {
  const row = await fx.t.db
    .insertInto('restaurants')
    .values({ name: `Matrix ${unique()}`, area_id: fx.camden, restaurateur_id: await freshRestaurateur(fx), contact_name: 'Sam', address: '1 Road', telephone: '020' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The id of an action an administrator just took through the API (what the History screens and Undo name). */
async function adminAction(fx: Fixtures, method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>): Promise<string> {
  const res = await fx.t.app.inject({ method, url, headers: await fx.t.as('admin@demo.test'), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.headers['x-request-id'] as string;
}

/** A stored image file (public, or an identity document) of its own. */
function storedFile(fx: Fixtures, folder: 'images' | 'documents'): string {
  const file = `${crypto.randomBytes(12).toString('hex')}.png`;
  for (const sub of ['', 'thumb']) {
    const dir = path.join(fx.t.config.dataDir, folder, sub);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, file), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  }
  return file;
}

const range = (fx: Fixtures, from: number, to: number) => `period_date_from=${addDays(fx.today, from)}&period_date_to=${addDays(fx.today, to)}`;

const restaurantForm = (fx: Fixtures): Record<string, unknown> => ({
  name: `Matrix Kitchen ${unique()}`,
  contactName: 'Sam Cook',
  address: '10 Camden Road, London',
  email: `kitchen.${unique()}@restaurants.test`,
  business_email: `accounts.${unique()}@kitchen.test`,
  telephone: '020 7946 0000',
  area_id: fx.camden,
});

const userBody = (email: string) => ({ first_name: 'Mo', last_name: 'Matrix', role: 20, email, area_ids: [], restaurant_ids: [] });
const freeShift = (fx: Fixtures) => ({ restaurant_id: fx.restaurant, period_date: ahead(fx), start_time: '18:00', finish_time: '22:00' });
const staffShift = (fx: Fixtures) => ({ ...freeShift(fx), driver_id: 0 });
const timesheetBody = (fx: Fixtures, driver: number, date: string) => ({
  restaurant_id: fx.restaurant,
  driver_id: driver,
  period_date: date,
  start_time: '17:00',
  finish_time: '21:00',
  status: 10,
  status_progress: 20,
});

/** Every route of the app, by `METHOD url` as the route table names it. */
export const ROUTE_CALLS: Record<string, CallBuilder> = {
  'GET /api/health': async () => ({ url: '/api/health' }),
  'GET /api/health/live': async () => ({ url: '/api/health/live' }),
  'GET /api/health/ready': async () => ({ url: '/api/health/ready' }),
  'GET /api/client-config': async () => ({ url: '/api/client-config' }),
  'GET /api/openapi.json': async () => ({ url: '/api/openapi.json' }),
  'GET /api/docs': async () => ({ url: '/api/docs' }),
  'GET /api/docs/:file': async () => ({ url: '/api/docs/init.js' }),
  'POST /api/auth/login': async () => ({ url: '/api/auth/login', payload: { email: 'admin@demo.test', password: 'demo1234' } }),
  'POST /api/auth/login/restaurant': async () => ({ url: '/api/auth/login/restaurant', payload: { email: 'restaurant@demo.test', password: 'demo1234' } }),
  'POST /api/auth/login/driver': async () => ({ url: '/api/auth/login/driver', payload: { email: 'driver@demo.test', password: 'demo1234' } }),
  'POST /api/register': async () => ({
    url: '/api/register',
    payload: { firstName: 'Nina', lastName: 'Patel', email: `nina.${unique()}@example.test`, password: 'secret12' },
  }),
  'POST /api/auth/logout': async () => ({ url: '/api/auth/logout' }),
  'GET /api/auth/me': async () => ({ url: '/api/auth/me' }),

  'GET /api/alert': async (fx) => {
    const alert = await fx.t.db.insertInto('alerts').values({ channel: 'shift_channel', event: 'late', data: '{"message":"m"}', restaurant_id: fx.restaurant }).returning('id').executeTakeFirstOrThrow();
    return { url: '/api/alert', shows: hasId(alert.id) };
  },
  'PUT /api/alert/:id': async (fx) => {
    const alert = await fx.t.db.insertInto('alerts').values({ channel: 'shift_channel', event: 'late', data: '{"message":"m"}', restaurant_id: fx.restaurant }).returning('id').executeTakeFirstOrThrow();
    return { url: `/api/alert/${alert.id}`, payload: { id: alert.id, status: 20 } };
  },
  'POST /api/alert/all-readed': async () => ({ url: '/api/alert/all-readed' }),

  'GET /api/user': async () => ({ url: '/api/user' }),
  'POST /api/user': async () => ({ url: '/api/user', payload: userBody(`mo.${unique()}@staff.test`) }),
  'PUT /api/user/:id': async (fx) => {
    const id = await freshUser(fx);
    return { url: `/api/user/${id}?inactive=false`, payload: { id, ...userBody(`mo.${unique()}@staff.test`) } };
  },
  'DELETE /api/user/:id': async (fx) => ({ url: `/api/user/${await freshUser(fx)}` }),
  'POST /api/sendEmailUser': async () => ({
    url: '/api/sendEmailUser',
    payload: { email: 'manager@demo.test', password: 'secret12', name: 'M', link: 'http://localhost/login' },
  }),

  'GET /api/area': async (fx) => ({ url: '/api/area', shows: hasId(fx.camden) }),
  'POST /api/area': async (fx) => ({ url: '/api/area', payload: { name: `Matrix ${unique()}`, city_id: fx.london, standardPayRate: 11, weekendPayRate: 12 } }),
  'PUT /api/area/:id': async (fx) => {
    const id = await freshArea(fx);
    return { url: `/api/area/${id}`, payload: { id, name: `Matrix ${unique()}`, city_id: fx.london, standardPayRate: 11.5, weekendPayRate: 12 } };
  },
  'DELETE /api/area/:id': async (fx) => ({ url: `/api/area/${await freshArea(fx)}` }),
  'GET /api/city': async () => ({ url: '/api/city' }),

  'GET /api/option': async () => ({ url: '/api/option' }),
  'PUT /api/option/:okey': async () => ({ url: '/api/option/map_center_default', payload: { okey: 'map_center_default', ovalue: '{"lat":51.5,"lng":-0.1,"map_zoom":11}' } }),
  'POST /api/driver-message': async (fx) => ({
    url: '/api/driver-message',
    payload: { title: 'Busy tonight', body: 'Extra shifts open.', area_ids: [fx.camden], restaurant_ids: [], driver_ids: [], notify_status: null },
  }),
  'GET /api/driver-message/recipients': async (fx) => ({ url: '/api/driver-message/recipients', shows: hasId((await freshDriver(fx)).id) }),

  'GET /api/shift': async (fx) => {
    // A worked shift: its timesheet comes embedded (with_timesheet=1), the cancellation fee and all.
    const date = addDays(fx.today, -2);
    const id = await shift(fx, { status: 20, driver: fx.driver, date });
    await timesheet(fx, { shiftId: id, date });
    return { url: `/api/shift?${range(fx, -6, 0)}&with_timesheet=1&with_driver=1`, shows: hasId(id) };
  },
  'POST /api/shift': async (fx) => ({ url: '/api/shift', payload: staffShift(fx) }),
  'GET /api/shift/attendance': async (fx) => ({ url: `/api/shift/attendance?date=${fx.today}` }),
  'GET /api/shift/:id': async (fx) => ({ url: `/api/shift/${await shift(fx)}` }),
  'PUT /api/shift/:id': async (fx) => {
    const id = await shift(fx);
    return { url: `/api/shift/${id}`, payload: { id, ...staffShift(fx) } };
  },
  'DELETE /api/shift/:id': async (fx) => ({ url: `/api/shift/${await shift(fx)}` }),
  'POST /api/shift/publish': async (fx) => ({ url: '/api/shift/publish', payload: { shift_ids: [await shift(fx)], push_drivers: 20 } }),
  'POST /api/shift/unpublish': async (fx) => ({ url: '/api/shift/unpublish', payload: { shift_ids: [await shift(fx, { status: 20 })], push_drivers: 20 } }),
  'POST /api/shift/remove': async (fx) => ({ url: '/api/shift/remove', payload: { shift_ids: [await shift(fx)], push_drivers: 20 } }),
  'POST /api/shift/copyshifts': async (fx) => ({ url: '/api/shift/copyshifts', payload: { shift_ids: [await shift(fx)], to_date: ahead(fx) } }),
  'POST /api/shift/fill-proposals': async (fx) => {
    const date = ahead(fx);
    const id = await shift(fx, { date });
    return { url: '/api/shift/fill-proposals', payload: { period_date_from: date, period_date_to: date }, shows: (body) => body.includes(`"shift_id":${id},`) };
  },
  'POST /api/shift/fill': async (fx) => ({ url: '/api/shift/fill', payload: { lines: [{ shift_id: await shift(fx), driver_id: fx.driver }] } }),
  // A shift days ahead is never late: the office is answered why (tests/server/coverShift.test.ts covers one).
  'GET /api/shift/:id/cover': async (fx) => ({ url: `/api/shift/${await shift(fx, { status: 20, driver: fx.driver })}/cover` }),
  'POST /api/shift/:id/cover': async (fx) => ({ url: `/api/shift/${await shift(fx, { status: 20, driver: fx.driver })}/cover`, payload: { driver_id: fx.driver } }),
  'POST /api/shift/createFree': async (fx) => ({ url: '/api/shift/createFree', payload: freeShift(fx) }),
  'PUT /api/shift/updateFree/:id': async (fx) => {
    const id = await shift(fx, { status: 30, restaurantMade: true });
    return { url: `/api/shift/updateFree/${id}`, payload: { id, ...freeShift(fx) } };
  },
  'DELETE /api/shift/removeFree/:id': async (fx) => ({ url: `/api/shift/removeFree/${await shift(fx, { status: 30, restaurantMade: true })}` }),
  'POST /api/shift/copyShiftsFree': async (fx) => ({
    url: '/api/shift/copyShiftsFree',
    payload: { shift_ids: [await shift(fx, { status: 30, restaurantMade: true })], to_date: ahead(fx) },
  }),
  'POST /api/shift/moderateFree': async (fx) => ({ url: '/api/shift/moderateFree', payload: { shift_ids: [await shift(fx, { status: 30, restaurantMade: true })] } }),
  'POST /api/reporting/create': async (fx) => {
    const driver = (await freshDriver(fx)).id;
    const date = ahead(fx);
    const id = await shift(fx, { status: 20, driver, date });
    return {
      url: '/api/reporting/create',
      payload: { restaurant_id: fx.restaurant, driver_id: driver, shift_id: id, period_date: date, cost: -10, comment_cancelled: 'Ill', model_type: 10, event: 10, model_id: id },
    };
  },

  'GET /api/timesheet': async (fx) => {
    const { id } = await timesheet(fx, { date: addDays(fx.today, -2) });
    return { url: `/api/timesheet?${range(fx, -6, 0)}`, shows: hasId(id) };
  },
  'POST /api/timesheet': async (fx) => ({ url: '/api/timesheet', payload: timesheetBody(fx, (await freshDriver(fx)).id, addDays(fx.today, -1)) }),
  'GET /api/timesheet/:id': async (fx) => ({ url: `/api/timesheet/${(await timesheet(fx)).id}` }),
  'PUT /api/timesheet/:id': async (fx) => {
    const row = await timesheet(fx);
    return { url: `/api/timesheet/${row.id}`, payload: { id: row.id, ...timesheetBody(fx, row.driver_id!, row.period_date) } };
  },
  'DELETE /api/timesheet/:id': async (fx) => ({ url: `/api/timesheet/${(await timesheet(fx)).id}` }),
  'POST /api/timesheet/approve': async (fx) => {
    const row = await timesheet(fx);
    return { url: '/api/timesheet/approve', payload: [{ id: row.id, ...timesheetBody(fx, row.driver_id!, row.period_date), status: 30, status_progress: 40 }] };
  },

  'GET /api/driver-app/timesheet': async () => ({ url: '/api/driver-app/timesheet' }),
  ...Object.fromEntries(
    (['start', 'submit', 'discard'] as const).map((step) => [
      `POST /api/driver-app/timesheet/${step}`,
      async (fx: Fixtures) => ({
        url: `/api/driver-app/timesheet/${step}`,
        // A submit without a finish time finishes now: named, so the call holds at 18:00 too (start = finish).
        payload: { shift_id: await shift(fx, { status: 20, driver: fx.driver, date: fx.today }), driver_start_time: '18:00', ...(step === 'submit' ? { driver_finish_time: '22:00' } : {}) },
      }),
    ]),
  ),
  'POST /api/driver-app/timesheet/finish': async (fx) => {
    const shiftId = await shift(fx, { status: 20, driver: fx.driver, date: fx.today });
    await fx.t.db
      .insertInto('timesheets')
      .values({ shift_id: shiftId, restaurant_id: fx.restaurant, driver_id: fx.driver, status: 10, status_progress: 10, period_date: fx.today, start_time: '18:00', finish_time: '22:00', driver_start_time: '18:00' })
      .execute();
    return { url: '/api/driver-app/timesheet/finish', payload: { shift_id: shiftId, driver_finish_time: '22:00' } };
  },

  'GET /api/restaurant': async (fx) => ({ url: '/api/restaurant', shows: hasId(fx.restaurant) }),
  'POST /api/restaurant': async (fx) => ({ url: '/api/restaurant', parts: fields(restaurantForm(fx)) }),
  'POST /api/restaurant/:id': async (fx) => {
    const id = await freshRestaurant(fx);
    return { url: `/api/restaurant/${id}`, parts: fields({ ...restaurantForm(fx), id, _method: 'PATCH' }) };
  },
  'PUT /api/restaurant/:id': async (fx) => ({ url: `/api/restaurant/${fx.restaurant}?inactive=true`, payload: { status: 10 } }),
  'DELETE /api/restaurant/:id': async (fx) => ({ url: `/api/restaurant/${await freshRestaurant(fx)}` }),
  'GET /api/restaurant/:id/drivers': async (fx) => ({ url: `/api/restaurant/${fx.restaurant}/drivers` }),
  'POST /api/restaurant/profile/:id': async (fx) => ({
    url: `/api/restaurant/profile/${fx.restaurant}`,
    parts: fields({ name: 'Pizza Palace Camden', contactName: 'Gina Rossi', address: '12 Camden High Street, London', telephone: '020 7946 0123', _method: 'PATCH' }),
    shows: hasId(fx.restaurant),
  }),
  'POST /api/restaurant/import': async () => ({
    url: '/api/restaurant/import?mode=commit',
    parts: [
      csvFile(
        'restaurants.csv',
        `Name,Contact name,Address,E-mail,Business e-mail,Telephone,Area\nImported ${unique()},Ann,1 High St,imp.${unique()}@restaurants.test,acc@imp.test,020 7946 0001,Camden\n`,
      ),
    ],
  }),
  'POST /api/sendEmail': async () => ({ url: '/api/sendEmail', payload: { email: 'restaurant@demo.test', name: 'R', link: 'http://localhost/login' } }),

  'GET /api/driver': async (fx) => ({ url: '/api/driver', shows: hasId((await freshDriver(fx)).id) }),
  'POST /api/driver': async () => ({ url: '/api/driver', parts: fields({ half_board: 'true', first_name: 'Hal', last_name: 'Board', email: `hal.${unique()}@mail.test` }) }),
  'PUT /api/driver/:id': async (fx) => ({ url: `/api/driver/${(await freshDriver(fx)).id}?inactive=true`, payload: { status: 20 } }),
  'POST /api/driver/import': async () => ({
    url: '/api/driver/import?mode=commit',
    parts: [csvFile('drivers.csv', `First name,Last name,E-mail,Areas\nImp,Orter,imp.${unique()}@drivers.test,Camden\n`)],
  }),
  'POST /api/driver-update-working-times': async (fx) => ({
    url: '/api/driver-update-working-times',
    payload: { driver_id: (await freshDriver(fx)).id, default_working_times: [{ week_day: 0, holiday: 20, start_at: '10:00', stop_at: '14:00' }], override_working_time: [] },
  }),

  'GET /api/invoice': async (fx) => ({ url: `/api/invoice?${range(fx, -6, 0)}`, shows: hasId(await invoice(fx)) }),
  'DELETE /api/invoice/:id': async (fx) => ({ url: `/api/invoice/${await invoice(fx)}` }),
  'GET /api/invoice-check': async (fx) => ({ url: `/api/invoice-check?${range(fx, -6, 0)}&restaurant_id=${fx.restaurant}` }),
  'GET /api/invoice-generate': async (fx) => ({ url: `/api/invoice-generate?${range(fx, -6, 0)}&restaurant_id=${fx.restaurant}&comission=1.5&invoice_number=PV-${unique()}` }),
  'GET /api/invoice-download/:id': async (fx) => ({ url: `/api/invoice-download/${await invoice(fx)}` }),

  'GET /api/reporting/shiftsCancelled': async (fx) => ({ url: `/api/reporting/shiftsCancelled?${range(fx, -6, 0)}` }),
  'GET /api/reporting/extraRequest': async (fx) => ({ url: `/api/reporting/extraRequest?${range(fx, -6, 0)}` }),
  'GET /api/reporting/chargeRemoved': async (fx) => ({ url: `/api/reporting/chargeRemoved?${range(fx, -6, 0)}` }),
  'GET /api/timesheet/inactiveFee': async (fx) => ({ url: `/api/timesheet/inactiveFee?${range(fx, -6, 0)}` }),
  'GET /api/reporting/lateNoShows': async (fx) => ({ url: `/api/reporting/lateNoShows?${range(fx, -6, 0)}` }),
  'GET /api/driver/:id/attendance': async (fx) => ({ url: `/api/driver/${fx.driver}/attendance` }),
  'GET /api/xls': async (fx) => ({ url: `/api/xls?${range(fx, -6, 0)}&restaurant_id=${fx.restaurant}` }),

  'GET /api/newsFeed': async (fx) => ({ url: '/api/newsFeed', shows: hasId(await post(fx)) }),
  'POST /api/newsFeed': async (fx) => ({ url: '/api/newsFeed', parts: fields({ postTitle: 'Rota', postContent: '<p>New rota</p>', areas: [fx.camden] }) }),
  'POST /api/newsFeed/:id': async (fx) => {
    const id = await post(fx);
    return { url: `/api/newsFeed/${id}`, parts: fields({ id, _method: 'PATCH', postTitle: 'Rota 2', postContent: '<p>Changed</p>', areas: [fx.camden] }) };
  },
  'PATCH /api/newsFeed/:id': async (fx) => {
    const id = await post(fx);
    return { url: `/api/newsFeed/${id}`, parts: fields({ id, postTitle: 'Rota 3', postContent: '<p>Changed</p>', areas: [fx.camden] }) };
  },
  'DELETE /api/newsFeed/:id': async (fx) => ({ url: `/api/newsFeed/${await post(fx)}` }),
  'POST /api/newsFeed/changeStatus/:id': async (fx) => ({ url: `/api/newsFeed/changeStatus/${await post(fx)}`, payload: { status: 20 } }),
  'POST /api/newsFeed/changePinned/:id': async (fx) => ({ url: `/api/newsFeed/changePinned/${await post(fx)}`, payload: { pinned: 10 } }),
  'POST /api/reply': async (fx) => ({ url: '/api/reply', payload: { reply_content: 'Noted', new_id: await post(fx) } }),
  'GET /api/driver-app/newsFeed': async () => ({ url: '/api/driver-app/newsFeed' }),
  'POST /api/driver-app/newsFeed/markReaded/:id': async (fx) => ({ url: `/api/driver-app/newsFeed/markReaded/${await post(fx, true)}` }),
  'POST /api/driver-app/newsFeed/reply': async (fx) => ({ url: '/api/driver-app/newsFeed/reply', payload: { reply_content: 'Thanks', new_id: await post(fx, true) } }),

  'GET /api/restaurateur': async () => ({ url: '/api/restaurateur' }),
  'POST /api/restaurateur': async () => ({ url: '/api/restaurateur', payload: { name: 'Owner', email: `owner.${unique()}@owners.test` } }),
  'PUT /api/restaurateur/:id': async (fx) => ({ url: `/api/restaurateur/${await freshRestaurateur(fx)}`, payload: { name: 'Owner', email: `owner.${unique()}@owners.test` } }),
  'DELETE /api/restaurateur/:id': async (fx) => ({ url: `/api/restaurateur/${await freshRestaurateur(fx)}` }),

  'GET /api/history': async (fx) => {
    const action = await adminAction(fx, 'POST', '/api/shift/publish', { shift_ids: [await shift(fx)] });
    return { url: `/api/history?range=${encodeURIComponent('[0,99]')}`, shows: (body) => body.includes(action) };
  },
  'POST /api/history/:id/undo': async (fx) => ({ url: `/api/history/${await adminAction(fx, 'POST', '/api/shift/publish', { shift_ids: [await shift(fx)] })}/undo` }),
  'POST /api/history/restore/:entryId': async (fx) => {
    const action = await adminAction(fx, 'DELETE', `/api/shift/${await shift(fx)}`);
    const entry = await fx.t.db.selectFrom('history_entries').select('id').where('action_id', '=', action).executeTakeFirstOrThrow();
    return { url: `/api/history/restore/${entry.id}` };
  },

  'POST /broadcasting/auth': async (fx) => ({
    url: '/broadcasting/auth',
    payload: { socket_id: '1234.5678', channel_name: 'private-panelmessages' },
    // The signed audience names the restaurant (or is everything).
    shows: (body) => {
      const data = (JSON.parse(body) as { channel_data?: string }).channel_data;
      const audience = data ? (JSON.parse(data).audience as { kind: string; restaurantIds?: number[] }) : null;
      return audience?.kind === 'administrator' || !!audience?.restaurantIds?.includes(fx.restaurant);
    },
  }),
  'GET /images/:name(^[A-Za-z0-9_-]+\\.(?:jpg|png)~\\d+~[A-Za-z0-9_-]+$)': async (fx) => ({
    url: `/images/${signDocument(fx.t.config.fileSigningSecret, storedFile(fx, 'documents'))}`,
  }),
  'GET /images/thumb/:name(^[A-Za-z0-9_-]+\\.(?:jpg|png)~\\d+~[A-Za-z0-9_-]+$)': async (fx) => ({
    url: `/images/thumb/${signDocument(fx.t.config.fileSigningSecret, storedFile(fx, 'documents'))}`,
  }),
  'GET /images/*': async (fx) => ({ url: `/images/${storedFile(fx, 'images')}` }),

  // The restaurant account's calendar feed: its token is the key, so anyone holding the address reads it.
  'GET /api/calendar/:file': async (fx) => ({
    url: (await issueFeed(fx.t.db, { kind: 'restaurateur', id: await demoRestaurateur(fx) })).path,
    shows: (body) => body.startsWith('BEGIN:VCALENDAR'),
  }),
  'GET /api/calendar-feed/me': async () => ({ url: '/api/calendar-feed/me' }),
  'POST /api/calendar-feed/me': async () => ({ url: '/api/calendar-feed/me' }),
  'DELETE /api/calendar-feed/me': async () => ({ url: '/api/calendar-feed/me' }),
  'GET /api/calendar-feed/driver/:id': async (fx) => ({ url: `/api/calendar-feed/driver/${fx.driver}` }),
  'POST /api/calendar-feed/driver/:id': async (fx) => ({ url: `/api/calendar-feed/driver/${(await freshDriver(fx)).id}` }),
  'DELETE /api/calendar-feed/driver/:id': async (fx) => ({ url: `/api/calendar-feed/driver/${fx.driver}` }),
};

/** Sends a built call as the holder of `token` (none: anonymous). */
export async function send(t: TestApp, method: string, call: RouteCall, token: string | null) {
  // Every POST with a key of its own, as the screens send them: each route's answers must be the same with one.
  const auth = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}) };
  if (call.parts) {
    const body = multipart(call.parts);
    return t.app.inject({ method: method as 'POST', url: call.url, payload: body.payload, headers: { ...auth, ...body.headers } });
  }
  return t.app.inject({ method: method as 'POST', url: call.url, headers: auth, ...(call.payload === undefined ? {} : { payload: call.payload as object }) });
}
