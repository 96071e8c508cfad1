import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { ADMIN, DRIVER, MANAGER, RESTAURANT, suiteTestApp } from '../helpers/testApp';
import { addTimesheet, makeDriver, makeShift } from '../helpers/shiftFixtures';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { SHIFT_CHANNEL } from '../../domain/channels';
import { AVAILABILITY_MSG } from '../../domain/availability';
import { COVER_MSG, NO_SHOW_REASON } from '../../domain/cover';
import { SHIFT_MSG } from '../../domain/validation/shiftMessages';
import { SHIFT_STATUS } from '../../domain/statuses';

// A winter Wednesday far from the demo's weeks (London time is UTC): the clock stands at 18:40, so a shift of
// 18:00 is a no-show (30 minutes by default), one of 18:25 late (10 minutes) and one of 18:35 not yet due.
const DAY = '2027-03-10';
const NOW = new Date(`${DAY}T18:40:00Z`);

const feed = new RecordingBroadcaster();
const t = suiteTestApp({ broadcaster: feed });
const d: Record<string, number> = {};
let vale = 0;
let far = 0;
let pizza = 0;
let curry = 0;
let farPizza = 0;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: false });
  vi.setSystemTime(NOW);
  const camden = await t.db.selectFrom('areas').select(['id', 'city_id']).where('name', '=', 'Camden').executeTakeFirstOrThrow();
  // Drivers without areas work everywhere; tie the demo's to Camden so only this file's drivers can cover.
  await sql`insert into driver_areas (driver_id, area_id) select id, ${camden.id} from drivers d
    where not exists (select 1 from driver_areas a where a.driver_id = d.id)`.execute(t.db);
  const area = async (name: string) =>
    (await t.db.insertInto('areas').values({ name, city_id: camden.city_id, standard_pay_rate: 12, weekend_pay_rate: 13 }).returning('id').executeTakeFirstOrThrow()).id;
  vale = await area('Cover Vale');
  far = await area('Cover Far');
  const restaurant = async (name: string, area_id: number, lat: number | null, lng: number | null) =>
    (await t.db.insertInto('restaurants').values({ name, area_id, map_latitude: lat, map_longitude: lng }).returning('id').executeTakeFirstOrThrow()).id;
  pizza = await restaurant('Cover Pizza', vale, 51.5, -0.1);
  curry = await restaurant('Cover Curry', vale, null, null);
  farPizza = await restaurant('Far Pizza', far, 52.5, -1.9);
  const everyDay = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((n) => [n, ['00:00', '23:45'] as [string, string]]));
  const driver = (first: string, last: string, extra: { restaurants?: string[]; areas?: string[] } = {}) =>
    makeDriver(t.db, { first, last, areas: extra.areas ?? ['Cover Vale'], restaurants: extra.restaurants, weekly: everyDay });
  d.nat = await driver('Nat', 'Noshow', { areas: ['Cover Vale', 'Cover Far'] });
  d.ann = await driver('Ann', 'Regular');
  d.eve = await driver('Eve', 'Near');
  d.ben = await driver('Ben', 'Far');
  d.bob = await driver('Bob', 'Busy');
  d.cat = await driver('Cat', 'Curry', { restaurants: ['Cover Curry'] });
  d.max = await driver('Max', 'Sixdays');
  d.fay = await driver('Fay', 'Farside', { areas: ['Cover Far'] });
  await t.db.updateTable('drivers').set({ map_latitude: 51.51, map_longitude: -0.1 }).where('id', '=', d.eve).execute();
  await t.db.updateTable('drivers').set({ map_latitude: 51.9, map_longitude: -0.1 }).where('id', '=', d.ben).execute();
  await t.db.updateTable('drivers').set({ map_latitude: 51.5, map_longitude: -0.1 }).where('id', '=', d.cat).execute();
  // Past work at Cover Pizza: Ann three shifts, Ben one.
  for (const date of ['2026-10-01', '2026-10-02', '2026-10-03']) await addTimesheet(t.db, await makeShift(t.db, { restaurant_id: pizza, driver_id: d.ann, period_date: date, start_time: '18:00', finish_time: '22:00' }));
  await addTimesheet(t.db, await makeShift(t.db, { restaurant_id: pizza, driver_id: d.ben, period_date: '2026-10-04', start_time: '18:00', finish_time: '22:00' }));
  // Bob is busy at the time; Max has worked the six days before, so today would be his seventh in a row.
  await makeShift(t.db, { restaurant_id: curry, driver_id: d.bob, status: SHIFT_STATUS.published, period_date: DAY, start_time: '19:00', finish_time: '22:00' });
  for (let n = 4; n <= 9; n++) await makeShift(t.db, { restaurant_id: curry, driver_id: d.max, status: SHIFT_STATUS.published, period_date: `2027-03-0${n}`, start_time: '11:00', finish_time: '13:00' });
});

afterAll(() => {
  vi.useRealTimers();
});

const published = (restaurant_id: number, start_time: string, driver_id = d.nat) =>
  makeShift(t.db, { restaurant_id, driver_id, status: SHIFT_STATUS.published, period_date: DAY, start_time, finish_time: '23:00' });

interface Proposals {
  shift: { restaurant_name: string; driver_name: string; attendance: string };
  candidates: { driver_id: number; driver_name: string; km: number | null; shifts_worked: number; reason: string }[];
}
const proposals = async (shiftId: number, who = ADMIN): Promise<Proposals> => {
  const res = await t.call('GET', `/api/shift/${shiftId}/cover`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const cover = (shiftId: number, body: Record<string, unknown>, who = ADMIN) => t.call('POST', `/api/shift/${shiftId}/cover`, who, body);
const shiftRow = (id: number) => t.db.selectFrom('shifts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const writesFor = async (shiftId: number) => ({
  sheets: await t.db.selectFrom('timesheets').select(['driver_id', 'cost_extra_bonus', 'comment']).where('cancelled_shift_id', '=', shiftId).execute(),
  records: await t.db.selectFrom('reporting').select(['driver_id', 'cost', 'comment_cancelled', 'event']).where('shift_id', '=', shiftId).execute(),
  covers: await t.db.selectFrom('shift_covers').select(['driver_id', 'replaced_driver_id']).where('shift_id', '=', shiftId).execute(),
});

describe('GET /api/shift/:id/cover', () => {
  it('lists the drivers who could take the shift now, nearest first, then by past work there, and says why', async () => {
    const shift = await published(pizza, '18:00');
    const answer = await proposals(shift);
    expect(answer.shift).toMatchObject({ restaurant_name: 'Cover Pizza', driver_name: 'Nat Noshow', attendance: 'No-show' });
    // Not Nat (the no-show), Bob (busy then), Cat (works for Cover Curry only), Max (a seventh day in a row), Fay (another area).
    expect(answer.candidates.map((c) => c.driver_name)).toEqual(['Eve Near', 'Ben Far', 'Ann Regular']);
    expect(answer.candidates.map((c) => c.reason)).toEqual([
      '1.1 km away, new to Cover Pizza',
      '44.5 km away, 1 shift worked at Cover Pizza',
      'position not known, 3 shifts worked at Cover Pizza',
    ]);
  });

  it('puts the drivers with a position before those without, then the most shifts worked there first', async () => {
    await t.db.updateTable('drivers').set({ map_latitude: null, map_longitude: null }).where('id', 'in', [d.eve, d.ben]).execute();
    const shift = await published(pizza, '18:01');
    expect((await proposals(shift)).candidates.map((c) => c.driver_name)).toEqual(['Ann Regular', 'Ben Far', 'Eve Near']);
    await t.db.updateTable('drivers').set({ map_latitude: 51.51, map_longitude: -0.1 }).where('id', '=', d.eve).execute();
    await t.db.updateTable('drivers').set({ map_latitude: 51.9, map_longitude: -0.1 }).where('id', '=', d.ben).execute();
  });

  it('refuses a shift that is not late: not yet due, or started', async () => {
    const notDue = await published(pizza, '18:35');
    const res = await t.call('GET', `/api/shift/${notDue}/cover`, ADMIN);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ shift_id: [COVER_MSG.notCoverable] });
    const started = await published(pizza, '18:02');
    await t.db.insertInto('timesheets').values({ shift_id: started, restaurant_id: pizza, driver_id: d.nat, period_date: DAY, start_time: '18:02', finish_time: '23:00', status_progress: 10, driver_start_time: '18:05' }).execute();
    expect((await cover(started, { driver_id: d.eve })).json()).toEqual({ shift_id: [COVER_MSG.notCoverable] });
    expect((await shiftRow(started)).driver_id).toBe(d.nat);
  });

  it('is for the office only: a manager within their areas, never a restaurant account or a driver', async () => {
    const shift = await published(farPizza, '18:03');
    for (const who of [MANAGER, RESTAURANT, DRIVER]) {
      expect((await t.call('GET', `/api/shift/${shift}/cover`, who)).statusCode, who).toBe(403);
      expect((await cover(shift, { driver_id: d.fay }, who)).statusCode, who).toBe(403);
    }
    expect((await shiftRow(shift)).driver_id).toBe(d.nat);
    expect((await writesFor(shift)).records).toEqual([]);
    expect((await proposals(shift, ADMIN)).candidates.map((c) => c.driver_name)).toEqual(['Fay Farside']);
  });
});

describe('POST /api/shift/:id/cover', () => {
  let manager = 0;
  beforeAll(async () => {
    manager = (await t.db.selectFrom('users').select('id').where('email', '=', MANAGER).executeTakeFirstOrThrow()).id;
    // The manager's scope takes in Cover Pizza (their chosen restaurants, or else their areas).
    const chosen = await t.db.selectFrom('user_restaurants').select('restaurant_id').where('user_id', '=', manager).execute();
    if (chosen.length) await t.db.insertInto('user_restaurants').values({ user_id: manager, restaurant_id: pizza }).execute();
    else await t.db.insertInto('user_areas').values({ user_id: manager, area_id: vale }).execute();
  });

  it('refuses a driver who cannot take it, with why, and writes nothing', async () => {
    const shift = await published(pizza, '18:04');
    const busy = await cover(shift, { driver_id: d.bob }, MANAGER);
    expect(busy.statusCode).toBe(400);
    expect(busy.json()).toEqual({ driver_id: [AVAILABILITY_MSG.overlap] });
    expect((await cover(shift, { driver_id: d.cat }, MANAGER)).json()).toEqual({ driver_id: [SHIFT_MSG.driverNotForRestaurant] });
    expect((await cover(shift, { driver_id: d.nat }, MANAGER)).json()).toEqual({ driver_id: [COVER_MSG.sameDriver] });
    expect((await cover(shift, { driver_id: d.eve, fee: '-5' }, MANAGER)).json()).toEqual({ fee: [COVER_MSG.feeInvalid] });
    expect((await shiftRow(shift)).driver_id).toBe(d.nat);
    expect(await writesFor(shift)).toEqual({ sheets: [], records: [], covers: [] });
  });

  it('gives the shift to the chosen driver in one step: the no-show comes off with the fee, the new driver is told, every board hears', async () => {
    const shift = await published(pizza, '18:05');
    const res = await cover(shift, { driver_id: d.eve, fee: '15' }, MANAGER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ shift: { id: shift, driver_id: d.eve, driver: { full_name: 'Eve Near' } }, replaced_driver_id: d.nat, driver_id: d.eve });
    expect(await shiftRow(shift)).toMatchObject({ driver_id: d.eve, driver_id_canceled: d.nat, comment_cancelled: NO_SHOW_REASON, status: SHIFT_STATUS.published });
    expect(await writesFor(shift)).toEqual({
      sheets: [{ driver_id: d.nat, cost_extra_bonus: -15, comment: NO_SHOW_REASON }],
      records: [{ driver_id: d.nat, cost: -15, comment_cancelled: NO_SHOW_REASON, event: 10 }],
      covers: [{ driver_id: d.eve, replaced_driver_id: d.nat }],
    });
    const push = await t.db
      .selectFrom('push_deliveries')
      .innerJoin('push_messages', 'push_messages.id', 'push_deliveries.message_id')
      .select(['push_messages.title', 'push_messages.body'])
      .where('push_deliveries.driver_id', '=', d.eve)
      .execute();
    expect(push).toEqual([{ title: 'Shift for you now', body: 'You are covering a shift at Cover Pizza on 10/03/2027, 18:05–23:00. Please go now and start it in the app.' }]);
    const message = feed.messages.find((m) => m.channel === SHIFT_CHANNEL);
    expect(message?.event).toBe('update');
    expect(message?.items).toEqual([{ id: shift, restaurant_id: pizza, period_date: DAY }]);
    // The new driver is counted from the cover, so is not due yet; the history names it as one action.
    const attendance = (await t.call('GET', `/api/shift/attendance?date=${DAY}`, RESTAURANT)).json() as { items: { shift_id: number }[] };
    expect(attendance.items.find((i) => i.shift_id === shift)).toBeUndefined();
    const board = (await t.call('GET', `/api/shift/attendance?date=${DAY}`, ADMIN)).json() as { items: { shift_id: number; attendance: unknown }[] };
    expect(board.items.find((i) => i.shift_id === shift)?.attendance).toEqual({ kind: 'notDue' });
    const action = await t.db.selectFrom('history_actions').select('name').where('id', '=', String(res.headers['x-request-id'])).executeTakeFirstOrThrow();
    expect(action.name).toBe('covered');
    // Covered once, the shift is no longer late: a second cover is refused.
    expect((await cover(shift, { driver_id: d.ann }, MANAGER)).json()).toEqual({ shift_id: [COVER_MSG.notCoverable] });
  });

  it('leaves nothing half-written when a step fails', async () => {
    const shift = await published(pizza, '18:06');
    await sql.raw(`create function cover_test_fail() returns trigger language plpgsql as $$ begin raise exception 'push store down'; end $$`).execute(t.db);
    await sql.raw('create trigger cover_test_fail before insert on push_messages for each row execute function cover_test_fail()').execute(t.db);
    try {
      const res = await cover(shift, { driver_id: d.ann, fee: '10' }, ADMIN);
      expect(res.statusCode).toBe(500);
    } finally {
      await sql.raw('drop trigger cover_test_fail on push_messages').execute(t.db);
      await sql.raw('drop function cover_test_fail()').execute(t.db);
    }
    expect(await shiftRow(shift)).toMatchObject({ driver_id: d.nat, driver_id_canceled: null, comment_cancelled: null });
    expect(await writesFor(shift)).toEqual({ sheets: [], records: [], covers: [] });
  });

  it('is undone through the history: the first driver is back, the fee and its record gone', async () => {
    // A driver of this one shift today (Nat holds the others, which an undo would find overlapping).
    const ola = await makeDriver(t.db, { first: 'Ola', last: 'Once', areas: ['Cover Vale'], weekly: {} });
    const shift = await published(pizza, '18:07', ola);
    const res = await cover(shift, { driver_id: d.ann, fee: '7.50' }, ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect((await writesFor(shift)).records).toEqual([{ driver_id: ola, cost: -7.5, comment_cancelled: NO_SHOW_REASON, event: 10 }]);
    const undo = await t.call('POST', `/api/history/${String(res.headers['x-request-id'])}/undo`, MANAGER);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await shiftRow(shift)).toMatchObject({ driver_id: ola, driver_id_canceled: null, comment_cancelled: null });
    const after = await writesFor(shift);
    expect(after.sheets).toEqual([]);
    expect(after.records).toEqual([]);
    // Nat is a no-show again, so the shift can be covered again.
    expect((await proposals(shift)).shift.attendance).toBe('No-show');
  });
});
