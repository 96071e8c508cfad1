import { expectRefused, suiteTestApp, ADMIN, MANAGER, RESTAURANT, DRIVER } from '../helpers/testApp';
import { addTimesheet, makeDriver, makeShift, restaurantId } from '../helpers/shiftFixtures';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { SHIFT_MSG } from '../../domain/validation/shiftMessages';
import { AVAILABILITY_MSG } from '../../domain/availability';
import { OWN_MSG } from '../../domain/messages';
import type { ShiftRecord } from '../../domain/shifts';

// The week after the test's today (Wednesday 18/11/2026): Monday 23/11 … Sunday 29/11.
const MON = '2026-11-23';
const TUE = '2026-11-24';
const WED = '2026-11-25';
const THU = '2026-11-26';
const FRI = '2026-11-27';
const SUN = '2026-11-29';

const feed = new RecordingBroadcaster();
let camden: number; // Pizza Palace Camden: £12.50 standard, £14.00 weekend
let bombay: number; // Bombay Spice, Camden: the area's £12.00 / £13.50
let hackney: number; // Pizza Palace Hackney: outside the manager's areas
let tess: number;

const t = suiteTestApp({ broadcaster: feed });
beforeAll(async () => {
  camden = await restaurantId(t.db, 'Pizza Palace Camden');
  bombay = await restaurantId(t.db, 'Bombay Spice');
  hackney = await restaurantId(t.db, 'Pizza Palace Hackney');
  tess = await makeDriver(t.db, {
    first: 'Tess',
    last: 'Tester',
    areas: ['Camden'],
    weekly: { 0: ['10:00', '23:00'], 1: ['10:00', '23:00'], 2: ['10:00', '23:00'], 3: ['10:00', '23:00'], 4: ['10:00', '23:00'], 5: ['10:00', '23:00'], 6: 'off' },
    overrides: [
      { date: WED, hours: 'off' },
      { date: THU, hours: ['12:00', '16:00'] },
    ],
  });
});

const call = t.call;

const week = (extra = '') => `/api/shift?period_date_from=${MON}&period_date_to=${SUN}${extra}`;

const newShift = (over: Record<string, unknown> = {}) => ({
  restaurant_id: camden,
  driver_id: tess,
  period_date: MON,
  start_time: '17:00',
  finish_time: '22:00',
  cost_bonus: 5,
  fuel_bonus_0: 2,
  fuel_bonus_3: 1,
  fuel_bonus_6: 0,
  comment: 'Bring a thermal bag',
  ...over,
});

const shiftRow = (id: number) => t.db.selectFrom('shifts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /api/shift', () => {
  it("answers every shift of the range for an administrator, with the timesheet's id", async () => {
    const res = await call('GET', week(), ADMIN);
    expect(res.statusCode).toBe(200);
    const shifts = res.json() as ShiftRecord[];
    const count = await t.db.selectFrom('shifts').select((eb) => eb.fn.countAll<number>().as('n')).where('period_date', '>=', MON).where('period_date', '<=', SUN).executeTakeFirstOrThrow();
    expect(shifts).toHaveLength(Number(count.n));
    expect(shifts.every((s) => s.period_date >= MON && s.period_date <= SUN)).toBe(true);
    const first = shifts[0];
    expect(first).toMatchObject({ id: expect.any(Number), restaurant_id: expect.any(Number), meal_time: 0, rest_time: 0, timesheet_id: null });
    expect(typeof first.cost_total).toBe('number');
    expect(first.start_time).toMatch(/^\d\d:\d\d$/);
    expect(first).not.toHaveProperty('driver');
    // Ordered by date, then start.
    const keys = shifts.map((s) => `${s.period_date} ${s.start_time}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('embeds the driver with with_driver=1 and the timesheet with with_timesheet=1', async () => {
    const lastWeek = (await call('GET', '/api/shift?period_date_from=2026-11-09&period_date_to=2026-11-15&with_driver=1&with_timesheet=1', ADMIN)).json() as ShiftRecord[];
    const assigned = lastWeek.find((s) => s.driver_id && s.timesheet_id)!;
    expect(assigned.driver).toEqual({ id: assigned.driver_id, full_name: expect.any(String), phone: expect.anything(), photo_src: expect.toSatisfy((v) => v === null || typeof v === 'string') });
    expect(assigned.timesheet).toMatchObject({ id: assigned.timesheet_id, shift_id: assigned.id, period_date: assigned.period_date, status: expect.any(Number) });
    const open = lastWeek.find((s) => !s.driver_id)!;
    expect(open.driver).toBeNull();
    const stale = lastWeek.find((s) => s.status_assigned === 30 && s.driver_id_canceled)!;
    expect(stale.driver_canceled).toEqual({ id: stale.driver_id_canceled, full_name: expect.any(String) });
    const creator = lastWeek.find((s) => s.creator_id)!;
    expect(creator.creator).toEqual({ id: creator.creator_id, kind: 'user', name: expect.any(String), contact: expect.stringContaining('@') });
  });

  it('hides drafts with filter_draft=1', async () => {
    const all = (await call('GET', week(), ADMIN)).json() as ShiftRecord[];
    expect(all.some((s) => s.status === 30)).toBe(true);
    const board = (await call('GET', week('&filter_draft=1'), ADMIN)).json() as ShiftRecord[];
    expect(board.some((s) => s.status === 30)).toBe(false);
    expect(board).toHaveLength(all.filter((s) => s.status !== 30).length);
  });

  it("gives a manager only the shifts of their restaurants", async () => {
    const shifts = (await call('GET', week(), MANAGER)).json() as ShiftRecord[];
    const scope = await t.db
      .selectFrom('restaurants')
      .innerJoin('areas', 'areas.id', 'restaurants.area_id')
      .select('restaurants.id')
      .where('areas.name', 'in', ['Camden', 'Islington'])
      .execute();
    const ids = new Set(scope.map((r) => r.id));
    expect(shifts.length).toBeGreaterThan(0);
    expect(shifts.every((s) => ids.has(s.restaurant_id))).toBe(true);
    expect(shifts.some((s) => s.restaurant_id === hackney)).toBe(false);
  });

  it("gives a restaurant account its own restaurants' shifts, without the cancellation fee", async () => {
    const shifts = (await call('GET', week('&with_driver=1'), RESTAURANT)).json() as ShiftRecord[];
    const own = await t.db.selectFrom('restaurants').innerJoin('restaurateurs', 'restaurateurs.id', 'restaurants.restaurateur_id').select('restaurants.id').where('restaurateurs.email', '=', RESTAURANT).execute();
    const ids = new Set(own.map((r) => r.id));
    expect(shifts.length).toBeGreaterThan(0);
    expect(shifts.every((s) => ids.has(s.restaurant_id))).toBe(true);
    expect(shifts.some((s) => 'cost_extra_bonus' in s)).toBe(false);
    expect(shifts.some((s) => s.status === 30)).toBe(true);
  });

  it.each([
    ['', SHIFT_MSG.rangeRequired],
    ['?period_date_from=2026-11-23', SHIFT_MSG.rangeRequired],
    ['?period_date_from=2026-11-01&period_date_to=2026-12-02', 'Invalid date range: 01/11/2026 ~ 02/12/2026'],
    ['?period_date_from=2026-11-29&period_date_to=2026-11-23', 'Invalid date range: 29/11/2026 ~ 23/11/2026'],
    ['?period_date_from=23/11/2026&period_date_to=2026-11-29', 'Invalid date range: 23/11/2026 ~ 29/11/2026'],
  ])('refuses the query %j', async (query, message) => {
    const res = await call('GET', `/api/shift${query}`, ADMIN);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ period_date_from: [message] });
  });

  it('answers a month of 31 days', async () => {
    expect((await call('GET', '/api/shift?period_date_from=2026-12-01&period_date_to=2026-12-31', ADMIN)).statusCode).toBe(200);
  });

  it('narrows to the shifts a feed message named with shift_ids', async () => {
    const all = (await call('GET', week(), ADMIN)).json() as ShiftRecord[];
    const some = all.slice(0, 3).map((s) => s.id);
    const res = (await call('GET', week(`&shift_ids=${some.join(',')}`), ADMIN)).json() as ShiftRecord[];
    expect(res.map((s) => s.id).sort()).toEqual([...some].sort());
  });

  it('is refused to drivers and needs a token', async () => {
    await expectRefused(t, 'GET', week(), [DRIVER]);
  });
});

describe('POST /api/shift', () => {
  it('creates an unpublished shift priced by the server, answers it and tells open boards', async () => {
    const res = await call('POST', '/api/shift', ADMIN, newShift({ cost_per_hour: 99, cost_total: 1 }));
    expect(res.statusCode).toBe(201);
    const shift = res.json() as ShiftRecord;
    // £12.50 (the restaurant's Monday rate) × 5 h + £5 bonus + fuel 2 × £1.50 + 1 × £3.
    expect(shift).toMatchObject({
      restaurant_id: camden,
      driver_id: tess,
      status: 10,
      status_assigned: 10,
      period_date: MON,
      start_time: '17:00',
      finish_time: '22:00',
      cost_per_hour: 12.5,
      cost_bonus: 5,
      const_fuel_bonus: 6,
      cost_total: 73.5,
      comment: 'Bring a thermal bag',
      driver: { id: tess, full_name: 'Tess Tester' },
      creator: { kind: 'user', name: 'Alice Admin' },
      timesheet_id: null,
    });
    expect(feed.messages).toEqual([{ channel: 'shift_channel', event: 'store', items: [{ id: shift.id, restaurant_id: camden, period_date: MON }] }]);
    await call('DELETE', `/api/shift/${shift.id}`, ADMIN);
  });

  it('prices a Friday at the weekend rate, an overnight shift into the next day, and the area rate without a restaurant rate', async () => {
    const friday = (await call('POST', '/api/shift', ADMIN, newShift({ driver_id: 0, period_date: FRI, start_time: '20:00', finish_time: '02:00', cost_bonus: 0, fuel_bonus_0: 0, fuel_bonus_3: 0 }))).json() as ShiftRecord;
    expect(friday).toMatchObject({ driver_id: null, status_assigned: 20, cost_per_hour: 14, cost_total: 84 });
    const area = (await call('POST', '/api/shift', ADMIN, newShift({ restaurant_id: bombay, driver_id: null, start_time: '11:00', finish_time: '14:30', cost_bonus: 0, fuel_bonus_0: 0, fuel_bonus_3: 0 }))).json() as ShiftRecord;
    expect(area).toMatchObject({ restaurant_id: bombay, cost_per_hour: 12, cost_total: 42 });
    for (const s of [friday, area]) await call('DELETE', `/api/shift/${s.id}`, ADMIN);
  });

  it("answers the dialogs' messages for missing and malformed fields", async () => {
    const res = await call('POST', '/api/shift', ADMIN, { restaurant_id: camden, period_date: MON });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      driver_id: [SHIFT_MSG.driverRequired],
      start_time: [SHIFT_MSG.startRequired],
      finish_time: [SHIFT_MSG.startRequired],
    });
    const bad = await call('POST', '/api/shift', ADMIN, newShift({ start_time: '25:00', finish_time: '9:5', period_date: '2026-02-30' }));
    expect(bad.json()).toEqual({ period_date: [SHIFT_MSG.dateInvalid], start_time: [SHIFT_MSG.startInvalid], finish_time: [SHIFT_MSG.finishInvalid] });
    const money = await call('POST', '/api/shift', ADMIN, newShift({ cost_bonus: 'ten', cost_extra_bonus: -5, fuel_bonus_0: -1 }));
    expect(money.json()).toEqual({ cost_bonus: [SHIFT_MSG.amountInvalid], cost_extra_bonus: [SHIFT_MSG.feeNegative], fuel_bonus_0: [SHIFT_MSG.countInvalid] });
    expect((await call('POST', '/api/shift', ADMIN, newShift({ restaurant_id: '' }))).json()).toEqual({ restaurant_id: [SHIFT_MSG.restaurantRequired] });
  });

  it('refuses a finish equal to the start instead of pricing 24 hours, and stores nothing', async () => {
    const before = await t.db.selectFrom('shifts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await call('POST', '/api/shift', ADMIN, newShift({ driver_id: 0, start_time: '10:00', finish_time: '10:00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ finish_time: [OWN_MSG.finishEqualsStart] });
    const after = await t.db.selectFrom('shifts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('cuts times the server holds as HH:mm:ss to HH:mm', async () => {
    const res = await call('POST', '/api/shift', ADMIN, newShift({ driver_id: 0, start_time: '17:00:00', finish_time: '22:00:00' }));
    expect(res.json()).toMatchObject({ start_time: '17:00', finish_time: '22:00' });
    await call('DELETE', `/api/shift/${(res.json() as ShiftRecord).id}`, ADMIN);
  });

  it.each([
    ['on a holiday override', { period_date: WED }, AVAILABILITY_MSG.unavailable],
    ['on the weekly day off', { period_date: SUN }, AVAILABILITY_MSG.unavailable],
    ['outside the override window', { period_date: THU, start_time: '15:00', finish_time: '18:00' }, 'Driver working time: 12:00-16:00'],
    ['past the weekly window', { start_time: '18:00', finish_time: '23:30' }, 'Driver working time: 10:00-23:00'],
  ])('refuses a driver who is unavailable %s', async (_name, over, message) => {
    const res = await call('POST', '/api/shift', ADMIN, newShift(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ driver_id: [message] });
  });

  it("gives a shift to a driver who never filled in working times (an empty day reads 'Available'), and publishes it", async () => {
    const fresh = await makeDriver(t.db, { first: 'Nora', last: 'Hours', areas: ['Camden'], weekly: {} });
    const res = await call('POST', '/api/shift', ADMIN, newShift({ driver_id: fresh, period_date: SUN, start_time: '09:00', finish_time: '21:00', status: 20 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ driver_id: fresh, status: 20, status_assigned: 10 });
    await call('POST', '/api/shift/unpublish', ADMIN, { shift_ids: [(res.json() as ShiftRecord).id] });
    await call('DELETE', `/api/shift/${(res.json() as ShiftRecord).id}`, ADMIN);
  });

  it('refuses a driver who already has a published shift touching that time, and allows the open shift', async () => {
    const published = await makeShift(t.db, { restaurant_id: bombay, driver_id: tess, status: 20, period_date: TUE, start_time: '11:00', finish_time: '15:00' });
    const res = await call('POST', '/api/shift', ADMIN, newShift({ period_date: TUE, start_time: '15:00', finish_time: '20:00' }));
    expect(res.json()).toEqual({ driver_id: [AVAILABILITY_MSG.overlap] });
    // One hour after the other shift breaks the daily rest, a warning the office may override.
    const later = await call('POST', '/api/shift', ADMIN, newShift({ period_date: TUE, start_time: '16:00', finish_time: '20:00', working_time_confirmed: true }));
    expect(later.statusCode).toBe(201);
    await call('DELETE', `/api/shift/${(later.json() as ShiftRecord).id}`, ADMIN);
    await t.db.deleteFrom('shifts').where('id', '=', published).execute();
  });

  it("refuses drivers who are inactive, unknown or outside the restaurant's driver list", async () => {
    const inactive = await makeDriver(t.db, { first: 'Ina', last: 'Active', areas: ['Camden'], weekly: { 0: ['00:00', '23:45'] }, status: 20 });
    expect((await call('POST', '/api/shift', ADMIN, newShift({ driver_id: inactive }))).json()).toEqual({ driver_id: [SHIFT_MSG.driverInactive] });
    expect((await call('POST', '/api/shift', ADMIN, newShift({ driver_id: 999_999 }))).json()).toEqual({ driver_id: [SHIFT_MSG.driverUnknown] });
    const elsewhere = await makeDriver(t.db, { first: 'Elsa', last: 'Where', areas: ['Hackney'], weekly: { 0: ['00:00', '23:45'] } });
    expect((await call('POST', '/api/shift', ADMIN, newShift({ driver_id: elsewhere }))).json()).toEqual({ driver_id: [SHIFT_MSG.driverNotForRestaurant] });
    const tied = await makeDriver(t.db, { first: 'Tia', last: 'Bombay', areas: ['Camden'], restaurants: ['Bombay Spice'], weekly: { 0: ['00:00', '23:45'] } });
    expect((await call('POST', '/api/shift', ADMIN, newShift({ driver_id: tied }))).json()).toEqual({ driver_id: [SHIFT_MSG.driverNotForRestaurant] });
    const ok = await call('POST', '/api/shift', ADMIN, newShift({ driver_id: tied, restaurant_id: bombay }));
    expect(ok.statusCode).toBe(201);
    await call('DELETE', `/api/shift/${(ok.json() as ShiftRecord).id}`, ADMIN);
  });

  it('refuses an unknown or inactive restaurant', async () => {
    expect((await call('POST', '/api/shift', ADMIN, newShift({ restaurant_id: 999_999 }))).json()).toEqual({ restaurant_id: [SHIFT_MSG.restaurantUnknown] });
    const inactive = await t.db.selectFrom('restaurants').select('id').where('status', '=', 20).executeTakeFirstOrThrow();
    expect((await call('POST', '/api/shift', ADMIN, newShift({ restaurant_id: inactive.id, driver_id: 0 }))).json()).toEqual({ restaurant_id: [SHIFT_MSG.restaurantInactive] });
  });

  it("keeps managers to their restaurants and refuses restaurant accounts and drivers", async () => {
    const before = await t.db.selectFrom('shifts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const outside = await call('POST', '/api/shift', MANAGER, newShift({ restaurant_id: hackney, driver_id: 0 }));
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ message: SHIFT_MSG.outOfScope });
    expect((await call('POST', '/api/shift', RESTAURANT, newShift())).statusCode).toBe(403);
    expect((await call('POST', '/api/shift', DRIVER, newShift())).statusCode).toBe(403);
    expect((await call('POST', '/api/shift', null, newShift())).statusCode).toBe(401);
    const after = await t.db.selectFrom('shifts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const inside = await call('POST', '/api/shift', MANAGER, newShift());
    expect(inside.statusCode).toBe(201);
    expect(inside.json()).toMatchObject({ creator: { name: 'Mark Manager' } });
    await call('DELETE', `/api/shift/${(inside.json() as ShiftRecord).id}`, MANAGER);
  });

  it('creates a published shift when asked, with the same checks, and pushes to the driver', async () => {
    const res = await call('POST', '/api/shift', ADMIN, newShift({ status: 20, push_drivers: 10 }));
    expect(res.statusCode).toBe(201);
    const shift = res.json() as ShiftRecord;
    expect(shift).toMatchObject({ status: 20, moderator: { name: 'Alice Admin' } });
    expect(feed.messages[0]).toMatchObject({ event: 'publish' });
    const pushed = await t.db.selectFrom('push_deliveries').innerJoin('push_messages', 'push_messages.id', 'push_deliveries.message_id').select(['push_deliveries.driver_id', 'push_messages.title']).orderBy('push_deliveries.id', 'desc').executeTakeFirstOrThrow();
    expect(pushed).toEqual({ driver_id: tess, title: 'New shifts in your schedule' });
    await call('POST', '/api/shift/unpublish', ADMIN, { shift_ids: [shift.id] });
    await call('DELETE', `/api/shift/${shift.id}`, ADMIN);
  });
});

describe('PUT /api/shift/{id}', () => {
  it('edits the shift, reprices it and tells open boards', async () => {
    const created = (await call('POST', '/api/shift', ADMIN, newShift())).json() as ShiftRecord;
    feed.messages = [];
    const res = await call('PUT', `/api/shift/${created.id}`, ADMIN, { ...newShift(), id: created.id, period_date: FRI, start_time: '18:00', finish_time: '22:00', cost_bonus: 0, fuel_bonus_0: 0, fuel_bonus_3: 0, cost_extra_bonus: 15 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, period_date: FRI, cost_per_hour: 14, cost_total: 56, cost_extra_bonus: 15, status: 10 });
    expect(feed.messages).toEqual([{ channel: 'shift_channel', event: 'update', items: [{ id: created.id, restaurant_id: camden, period_date: FRI }] }]);
    await call('DELETE', `/api/shift/${created.id}`, ADMIN);
  });

  it('makes a driverless shift free, but keeps a rejected one stale until someone is assigned', async () => {
    const stale = await makeShift(t.db, { restaurant_id: camden, status: 20, status_assigned: 30, period_date: MON, start_time: '12:00', finish_time: '15:00' });
    const keep = await call('PUT', `/api/shift/${stale}`, ADMIN, newShift({ driver_id: 0, start_time: '12:00', finish_time: '15:30' }));
    expect(keep.json()).toMatchObject({ status_assigned: 30, status: 20 });
    const assign = await call('PUT', `/api/shift/${stale}`, ADMIN, newShift({ start_time: '12:00', finish_time: '15:30' }));
    expect(assign.json()).toMatchObject({ status_assigned: 10, driver_id: tess });
    const open = await call('PUT', `/api/shift/${stale}`, ADMIN, newShift({ driver_id: null, start_time: '12:00', finish_time: '15:30' }));
    expect(open.json()).toMatchObject({ status_assigned: 20, driver_id: null });
    await t.db.deleteFrom('shifts').where('id', '=', stale).execute();
  });

  it('publishes and unpublishes through the status, with the driver checks', async () => {
    const id = (await call('POST', '/api/shift', ADMIN, newShift())).json().id as number;
    const published = await call('PUT', `/api/shift/${id}`, ADMIN, newShift({ status: 20 }));
    expect(published.json()).toMatchObject({ status: 20, moderator: { name: 'Alice Admin' } });
    const back = await call('PUT', `/api/shift/${id}`, ADMIN, newShift({ status: 10 }));
    expect(back.json()).toMatchObject({ status: 10 });
    expect((await call('PUT', `/api/shift/${id}`, ADMIN, newShift({ status: 30 }))).json()).toEqual({ status: [SHIFT_MSG.statusInvalid] });
    await call('DELETE', `/api/shift/${id}`, ADMIN);
  });

  it('locks date, times, restaurant and driver once a timesheet exists, but lets the comment change', async () => {
    const id = await makeShift(t.db, { restaurant_id: camden, driver_id: tess, status: 20, period_date: '2026-11-16', start_time: '17:00', finish_time: '22:00' });
    await addTimesheet(t.db, id);
    const base = newShift({ period_date: '2026-11-16', driver_id: tess, status: 20 });
    const moved = await call('PUT', `/api/shift/${id}`, ADMIN, { ...base, start_time: '18:00' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ id: [SHIFT_MSG.timesheetExists] });
    expect((await call('PUT', `/api/shift/${id}`, ADMIN, { ...base, driver_id: 0 })).json()).toEqual({ id: [SHIFT_MSG.timesheetExists] });
    expect((await call('PUT', `/api/shift/${id}`, ADMIN, { ...base, status: 10 })).json()).toEqual({ status: [SHIFT_MSG.timesheetExists] });
    const comment = await call('PUT', `/api/shift/${id}`, ADMIN, { ...base, comment: 'Worked well' });
    expect(comment.statusCode).toBe(200);
    expect(comment.json()).toMatchObject({ comment: 'Worked well', timesheet_id: expect.any(Number) });
  });

  it('answers 404 for unknown shifts and shifts outside a manager\'s scope, and checks the body id', async () => {
    expect((await call('PUT', '/api/shift/999999', ADMIN, newShift())).statusCode).toBe(404);
    expect((await call('PUT', '/api/shift/abc', ADMIN, newShift())).statusCode).toBe(404);
    const hackneyShift = await makeShift(t.db, { restaurant_id: hackney, period_date: MON, start_time: '12:00', finish_time: '15:00' });
    const res = await call('PUT', `/api/shift/${hackneyShift}`, MANAGER, newShift({ restaurant_id: hackney, driver_id: 0 }));
    expect(res.statusCode).toBe(404);
    expect((await call('PUT', `/api/shift/${hackneyShift}`, ADMIN, newShift({ id: hackneyShift + 1 }))).json()).toEqual({ id: [SHIFT_MSG.idMismatch] });
    expect((await call('PUT', `/api/shift/${hackneyShift}`, RESTAURANT, newShift())).statusCode).toBe(403);
    await t.db.deleteFrom('shifts').where('id', '=', hackneyShift).execute();
  });

  it('pushes to the new and the previous driver when asked (push_drivers 10)', async () => {
    const other = await makeDriver(t.db, { first: 'Otto', last: 'Other', areas: ['Camden'], weekly: { 0: ['00:00', '23:45'] } });
    const id = (await call('POST', '/api/shift', ADMIN, newShift())).json().id as number;
    const before = await t.db.selectFrom('push_deliveries').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    await call('PUT', `/api/shift/${id}`, ADMIN, newShift({ driver_id: other, push_drivers: 10 }));
    const told = await t.db.selectFrom('push_deliveries').select('driver_id').where('id', '>', Number(before.max ?? 0)).orderBy('driver_id').execute();
    expect(told.map((d) => d.driver_id).sort()).toEqual([tess, other].sort());
    await call('PUT', `/api/shift/${id}`, ADMIN, newShift({ driver_id: other, comment: 'no push' }));
    const after = await t.db.selectFrom('push_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '>', Number(before.max ?? 0)).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(2);
    await call('DELETE', `/api/shift/${id}`, ADMIN);
  });
});

describe('DELETE /api/shift/{id}', () => {
  it('removes an unpublished shift and tells open boards', async () => {
    const id = (await call('POST', '/api/shift', ADMIN, newShift())).json().id as number;
    feed.messages = [];
    const res = await call('DELETE', `/api/shift/${id}`, ADMIN);
    expect(res.statusCode).toBe(204);
    expect(await t.db.selectFrom('shifts').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(feed.messages).toEqual([{ channel: 'shift_channel', event: 'destroy', items: [{ id, restaurant_id: camden, period_date: MON }] }]);
  });

  it('refuses a published shift and one with a timesheet', async () => {
    const published = await makeShift(t.db, { restaurant_id: camden, status: 20, period_date: MON, start_time: '12:00', finish_time: '15:00' });
    expect((await call('DELETE', `/api/shift/${published}`, ADMIN)).json()).toEqual({ id: [SHIFT_MSG.publishedCannotDelete] });
    const worked = await makeShift(t.db, { restaurant_id: camden, status: 10, period_date: '2026-11-16', start_time: '12:00', finish_time: '15:00' });
    await addTimesheet(t.db, worked);
    expect((await call('DELETE', `/api/shift/${worked}`, ADMIN)).json()).toEqual({ id: [SHIFT_MSG.timesheetExists] });
    expect(await shiftRow(published)).toBeTruthy();
    expect(await shiftRow(worked)).toBeTruthy();
  });

  it("answers 404 outside a manager's scope and 403 to restaurant accounts", async () => {
    const id = await makeShift(t.db, { restaurant_id: hackney, period_date: MON, start_time: '12:00', finish_time: '15:00' });
    expect((await call('DELETE', `/api/shift/${id}`, MANAGER)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/shift/${id}`, RESTAURANT)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/shift/999999', ADMIN)).statusCode).toBe(404);
    expect(await shiftRow(id)).toBeTruthy();
  });
});
