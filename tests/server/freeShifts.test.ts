import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { suiteIds, suiteTestApp, ADMIN, MANAGER, RESTAURANT, DRIVER } from '../helpers/testApp';
import { addTimesheet, makeDriver, makeShift, restaurantId } from '../helpers/shiftFixtures';
import { SHIFT_MSG } from '../../domain/validation/shiftMessages';
import { OWN_MSG } from '../../domain/messages';
import { CANCEL_MSG } from '../../domain/validation/cancellation';
import { draftTooEarlyMessage, type ShiftRecord } from '../../domain/shifts';
import { addDays, londonToday, mondayOf, ukDate } from '../../domain/dates';

const OTHER_RESTAURANT = 'spiceroute@demo.test';
// Drafts are dated from tomorrow on: next week's Monday and Tuesday, whatever day the tests run.
const TODAY = londonToday();
const MON = mondayOf(addDays(TODAY, 7));
const TUE = addDays(MON, 1);

const feed = new RecordingBroadcaster();
const t = suiteTestApp({ broadcaster: feed });
const ids = suiteIds(async () => ({
  camden: await restaurantId(t.db, 'Pizza Palace Camden'),
  islington: await restaurantId(t.db, 'Pizza Palace Islington'),
  bombay: await restaurantId(t.db, 'Bombay Spice'),
  /** restaurant@demo.test, the account of the Pizza Palace restaurants. */
  owner: (await t.db.selectFrom('restaurateurs').select('id').where('email', '=', RESTAURANT).executeTakeFirstOrThrow()).id,
}));

const call = t.call;

const free = (over: Record<string, unknown> = {}) => ({ restaurant_id: ids.camden, period_date: MON, start_time: '18:00', finish_time: '22:00', cost_bonus: 10, comment: 'Busy night', ...over });
const row = (id: number) => t.db.selectFrom('shifts').selectAll().where('id', '=', id).executeTakeFirst();

describe('POST /api/shift/createFree', () => {
  it('creates a draft open shift without cost, and never sends the cancellation fee back', async () => {
    const res = await call('POST', '/api/shift/createFree', RESTAURANT, free({ driver_id: 12, cost_per_hour: 30, cost_total: 300 }));
    expect(res.statusCode).toBe(201);
    const shift = res.json() as ShiftRecord;
    expect(shift).toMatchObject({
      restaurant_id: ids.camden, driver_id: null, status: 30, status_assigned: 20, cost_per_hour: 0, cost_total: 0, cost_bonus: 10,
      comment: 'Busy night', restaurateur_creator_id: ids.owner, creator: { kind: 'restaurateur', name: 'Pizza Palace Ltd' },
    });
    expect(shift).not.toHaveProperty('cost_extra_bonus');
    expect(feed.messages).toEqual([{ channel: 'shift_channel', event: 'store', items: [{ id: shift.id, restaurant_id: ids.camden, period_date: MON }] }]);
  });

  it('dates drafts from tomorrow on: today and the past are refused, pasted or made, and nothing is stored', async () => {
    const before = await t.db.selectFrom('shifts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const date of [TODAY, addDays(TODAY, -3)]) {
      const res = await call('POST', '/api/shift/createFree', RESTAURANT, free({ period_date: date }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ period_date: [draftTooEarlyMessage(addDays(TODAY, 1))] });
    }
    expect((await t.db.selectFrom('shifts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toBe(before.n);
    expect((await call('POST', '/api/shift/createFree', RESTAURANT, free({ period_date: addDays(TODAY, 1) }))).statusCode).toBe(201);
  });

  it('refuses a finish equal to the start', async () => {
    const res = await call('POST', '/api/shift/createFree', RESTAURANT, free({ start_time: '18:00', finish_time: '18:00' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ finish_time: [OWN_MSG.finishEqualsStart] });
  });

  it("answers the restaurant dialog's messages", async () => {
    const res = await call('POST', '/api/shift/createFree', RESTAURANT, { restaurant_id: ids.camden, period_date: MON, cost_bonus: 15 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ start_time: [SHIFT_MSG.startRequired], finish_time: [SHIFT_MSG.startRequired], cost_bonus: [SHIFT_MSG.freeBonus] });
  });

  it("refuses another restaurant's restaurant, and staff and drivers", async () => {
    const res = await call('POST', '/api/shift/createFree', RESTAURANT, free({ restaurant_id: ids.bombay }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SHIFT_MSG.outOfScope });
    expect((await call('POST', '/api/shift/createFree', OTHER_RESTAURANT, free())).statusCode).toBe(403);
    expect((await call('POST', '/api/shift/createFree', ADMIN, free())).statusCode).toBe(403);
    expect((await call('POST', '/api/shift/createFree', DRIVER, free())).statusCode).toBe(403);
  });
});

describe('PUT /api/shift/updateFree/{id} and DELETE /api/shift/removeFree/{id}', () => {
  it('edits its own draft, sends it to moderation with status 10 and takes it back with 30', async () => {
    const id = ((await call('POST', '/api/shift/createFree', RESTAURANT, free())).json() as ShiftRecord).id;
    const edited = await call('PUT', `/api/shift/updateFree/${id}`, RESTAURANT, free({ id, start_time: '17:00', cost_bonus: 20, restaurant_id: ids.islington }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ restaurant_id: ids.islington, start_time: '17:00', cost_bonus: 20, status: 30 });

    feed.messages = [];
    const sent = await call('PUT', `/api/shift/updateFree/${id}`, RESTAURANT, free({ restaurant_id: ids.islington, status: 10 }));
    expect(sent.json()).toMatchObject({ status: 10, restaurateur_moderator_id: ids.owner });
    expect(feed.messages.map((m) => [m.channel, m.event])).toEqual([['shift_channel', 'moderate'], ['alert_channel', 'store']]);

    const back = await call('PUT', `/api/shift/updateFree/${id}`, RESTAURANT, free({ restaurant_id: ids.islington, status: 30 }));
    expect(back.json()).toMatchObject({ status: 30 });
    expect((await call('PUT', `/api/shift/updateFree/${id}`, RESTAURANT, free({ restaurant_id: ids.islington, status: 20 }))).json()).toEqual({ status: [SHIFT_MSG.freeStatusInvalid] });

    expect((await call('DELETE', `/api/shift/removeFree/${id}`, RESTAURANT)).statusCode).toBe(204);
    expect(await row(id)).toBeUndefined();
  });

  it('moves a draft to today or the past never, but still edits a draft already dated today', async () => {
    const id = ((await call('POST', '/api/shift/createFree', RESTAURANT, free())).json() as ShiftRecord).id;
    const moved = await call('PUT', `/api/shift/updateFree/${id}`, RESTAURANT, free({ period_date: TODAY }));
    expect(moved.json()).toEqual({ period_date: [draftTooEarlyMessage(addDays(TODAY, 1))] });
    expect((await row(id))!.period_date).toBe(MON);
    const old = await makeShift(t.db, { restaurant_id: ids.camden, status: 30, period_date: TODAY, start_time: '12:00', finish_time: '15:00', restaurateur_creator_id: ids.owner });
    const kept = await call('PUT', `/api/shift/updateFree/${old}`, RESTAURANT, free({ period_date: TODAY, start_time: '12:30' }));
    expect(kept.json()).toMatchObject({ period_date: TODAY, start_time: '12:30' });
  });

  it("refuses the office's shifts, published or claimed ones, and shifts with a timesheet", async () => {
    const office = await makeShift(t.db, { restaurant_id: ids.camden, period_date: MON, start_time: '12:00', finish_time: '15:00' });
    const published = await makeShift(t.db, { restaurant_id: ids.camden, status: 20, period_date: MON, start_time: '12:00', finish_time: '15:00', restaurateur_creator_id: ids.owner });
    const worked = await makeShift(t.db, { restaurant_id: ids.camden, status: 10, period_date: '2026-11-16', start_time: '12:00', finish_time: '15:00', restaurateur_creator_id: ids.owner });
    await addTimesheet(t.db, worked);
    for (const id of [office, published]) {
      expect((await call('PUT', `/api/shift/updateFree/${id}`, RESTAURANT, free())).json()).toEqual({ id: [SHIFT_MSG.notEditableFree] });
      expect((await call('DELETE', `/api/shift/removeFree/${id}`, RESTAURANT)).json()).toEqual({ id: [SHIFT_MSG.notEditableFree] });
    }
    expect((await call('DELETE', `/api/shift/removeFree/${worked}`, RESTAURANT)).json()).toEqual({ id: [SHIFT_MSG.timesheetExists] });
    expect(await row(office)).toBeTruthy();
  });

  it("answers 404 for another account's shift", async () => {
    const theirs = await makeShift(t.db, { restaurant_id: ids.bombay, status: 30, period_date: MON, start_time: '12:00', finish_time: '15:00', restaurateur_creator_id: ids.owner });
    expect((await call('PUT', `/api/shift/updateFree/${theirs}`, RESTAURANT, free())).statusCode).toBe(404);
    expect((await call('DELETE', `/api/shift/removeFree/${theirs}`, RESTAURANT)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/shift/removeFree/${theirs}`, ADMIN)).statusCode).toBe(403);
  });
});

describe('POST /api/shift/moderateFree', () => {
  it('sends the drafts to moderation, shows them on the admin board and raises one alert per restaurant', async () => {
    const a = ((await call('POST', '/api/shift/createFree', RESTAURANT, free())).json() as ShiftRecord).id;
    const b = ((await call('POST', '/api/shift/createFree', RESTAURANT, free({ period_date: TUE }))).json() as ShiftRecord).id;
    const c = ((await call('POST', '/api/shift/createFree', RESTAURANT, free({ restaurant_id: ids.islington }))).json() as ShiftRecord).id;
    feed.messages = [];
    const res = await call('POST', '/api/shift/moderateFree', RESTAURANT, { shift_ids: [a, b, c] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ShiftRecord[]).map((s) => s.status)).toEqual([10, 10, 10]);
    const alerts = feed.messages.filter((m) => m.channel === 'alert_channel').map((m) => JSON.parse((m.items[0] as { data: string }).data).message);
    expect(alerts.sort()).toEqual([
      `Pizza Palace Camden sent 2 draft shifts for moderation (${ukDate(MON)}, ${ukDate(TUE)})`,
      `Pizza Palace Islington sent 1 draft shift for moderation (${ukDate(MON)})`,
    ]);
    const board = (await call('GET', `/api/shift?period_date_from=${MON}&period_date_to=${TUE}&filter_draft=1`, ADMIN)).json() as ShiftRecord[];
    expect(board.filter((s) => [a, b, c].includes(s.id)).map((s) => s.status)).toEqual([10, 10, 10]);
    const stored = await t.db.selectFrom('alerts').select(['channel', 'event']).where('restaurant_id', '=', ids.camden).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored).toEqual({ channel: 'shift_channel', event: 'publish' });
    // Again: nothing left to send.
    expect((await call('POST', '/api/shift/moderateFree', RESTAURANT, { shift_ids: [a, b] })).json()).toEqual({ shift_ids: [SHIFT_MSG.noMoreToPublish], fail: [] });
  });

  it("refuses shifts that are not the account's", async () => {
    const theirs = await makeShift(t.db, { restaurant_id: ids.bombay, status: 30, period_date: MON, start_time: '12:00', finish_time: '15:00' });
    const res = await call('POST', '/api/shift/moderateFree', RESTAURANT, { shift_ids: [theirs] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fail).toEqual([{ id: theirs, period_date: null, errors: { id: [SHIFT_MSG.notFound] } }]);
    expect((await row(theirs))!.status).toBe(30);
    expect((await call('POST', '/api/shift/moderateFree', MANAGER, { shift_ids: [theirs] })).statusCode).toBe(403);
  });
});

describe('POST /api/shift/copyShiftsFree', () => {
  it("copies the account's shifts as draft open shifts without cost", async () => {
    const driver = await makeDriver(t.db, { first: 'Cara', last: 'Copy', areas: ['Camden'], weekly: { 0: ['00:00', '23:45'] } });
    const office = await makeShift(t.db, { restaurant_id: ids.camden, driver_id: driver, status: 20, period_date: MON, start_time: '17:00', finish_time: '22:00' });
    await t.db.updateTable('shifts').set({ cost_bonus: 5 }).where('id', '=', office).execute();
    const foreign = await makeShift(t.db, { restaurant_id: ids.bombay, status: 20, period_date: MON, start_time: '17:00', finish_time: '22:00' });
    const res = await call('POST', '/api/shift/copyShiftsFree', RESTAURANT, { shift_ids: [office, foreign], to_date: addDays(MON, 7) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([
      expect.objectContaining({ restaurant_id: ids.camden, period_date: addDays(MON, 7), driver_id: null, status: 30, cost_per_hour: 0, cost_total: 0, cost_bonus: 0, restaurateur_creator_id: ids.owner }),
    ]);
  });

  it('copies nothing into today or the past: those copies are left out, and a copy with none left is refused', async () => {
    const from = addDays(TODAY, -7);
    const early = await makeShift(t.db, { restaurant_id: ids.camden, status: 30, period_date: from, start_time: '12:00', finish_time: '15:00', restaurateur_creator_id: ids.owner });
    const late = await makeShift(t.db, { restaurant_id: ids.camden, status: 30, period_date: addDays(from, 2), start_time: '12:00', finish_time: '15:00', restaurateur_creator_id: ids.owner });
    const count = async () => (await t.db.selectFrom('shifts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    // A week back: every copy would be in the past.
    const refused = await call('POST', '/api/shift/copyShiftsFree', RESTAURANT, { shift_ids: [early, late], to_date: addDays(from, -7), period_date_from: from });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ to_date: [draftTooEarlyMessage(addDays(TODAY, 1))] });
    expect(await count()).toBe(before);
    // A week on: the first lands today and is left out, the second the day after tomorrow.
    const res = await call('POST', '/api/shift/copyShiftsFree', RESTAURANT, { shift_ids: [early, late], to_date: TODAY, period_date_from: from });
    expect(res.statusCode).toBe(201);
    expect((res.json() as ShiftRecord[]).map((c) => c.period_date)).toEqual([addDays(TODAY, 2)]);
    expect(await count()).toBe(before + 1);
  });
});

describe('POST /api/reporting/create (Cancel shift)', () => {
  const cancel = (shift: { id: number; driver_id: number }, over: Record<string, unknown> = {}) => ({
    shift_id: shift.id, restaurant_id: ids.camden, driver_id: shift.driver_id, period_date: MON, cost: -15, comment_cancelled: 'Driver ill', model_type: 10, event: 10, model_id: shift.id, ...over,
  });

  it('takes the driver off, marks the shift rejected and records the charge, in one go', async () => {
    const driver = await makeDriver(t.db, { first: 'Carl', last: 'Cancel', areas: ['Camden'], weekly: { 0: ['00:00', '23:45'] } });
    const id = await makeShift(t.db, { restaurant_id: ids.camden, driver_id: driver, status: 20, period_date: MON, start_time: '17:00', finish_time: '22:00' });
    const res = await call('POST', '/api/reporting/create', ADMIN, cancel({ id, driver_id: driver }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      reporting: { shift_id: id, driver_id: driver, restaurant_id: ids.camden, cost: -15, event: 10, model_type: 10, model_id: id, start_time: '17:00', finish_time: '22:00', comment_cancelled: 'Driver ill' },
      shift: { id, driver_id: null, status_assigned: 30, driver_id_canceled: driver, comment_cancelled: 'Driver ill', driver_canceled: { id: driver, full_name: 'Carl Cancel' } },
    });
    expect(feed.messages).toEqual([
      { channel: 'shift_channel', event: 'cancel', items: [{ id, restaurant_id: ids.camden, period_date: MON }] },
      { channel: 'timesheet_channel', event: 'store', items: [res.json().timesheet] },
    ]);
    // Twice is refused: the driver is already off.
    expect((await call('POST', '/api/reporting/create', ADMIN, cancel({ id, driver_id: driver }))).json()).toEqual({ shift_id: [SHIFT_MSG.alreadyCancelled] });
  });

  it('refuses a positive charge, an unpublished or worked shift, and a driver who is not on it', async () => {
    const driver = await makeDriver(t.db, { first: 'Nia', last: 'Nope', areas: ['Camden'], weekly: { 0: ['00:00', '23:45'] } });
    const unpublished = await makeShift(t.db, { restaurant_id: ids.camden, driver_id: driver, status: 10, period_date: MON, start_time: '11:00', finish_time: '15:00' });
    expect((await call('POST', '/api/reporting/create', ADMIN, cancel({ id: unpublished, driver_id: driver }, { cost: 5 }))).json()).toEqual({ cost: [CANCEL_MSG.costNegative] });
    expect((await call('POST', '/api/reporting/create', ADMIN, cancel({ id: unpublished, driver_id: driver }))).json()).toEqual({ shift_id: [SHIFT_MSG.cancelNotPublished] });
    const worked = await makeShift(t.db, { restaurant_id: ids.camden, driver_id: driver, status: 20, period_date: '2026-11-16', start_time: '11:00', finish_time: '15:00' });
    await addTimesheet(t.db, worked);
    expect((await call('POST', '/api/reporting/create', ADMIN, cancel({ id: worked, driver_id: driver }, { period_date: '2026-11-16' }))).json()).toEqual({ shift_id: [SHIFT_MSG.timesheetExists] });
    const published = await makeShift(t.db, { restaurant_id: ids.camden, driver_id: driver, status: 20, period_date: MON, start_time: '11:00', finish_time: '15:00' });
    expect((await call('POST', '/api/reporting/create', ADMIN, cancel({ id: published, driver_id: driver + 1 }))).json()).toEqual({ driver_id: [CANCEL_MSG.shiftMismatch] });
    expect((await call('POST', '/api/reporting/create', ADMIN, cancel({ id: published, driver_id: driver }, { restaurant_id: ids.bombay }))).json()).toEqual({ shift_id: [CANCEL_MSG.shiftMismatch] });
    expect((await row(published))!.driver_id).toBe(driver);
    expect(await t.db.selectFrom('reporting').select('id').where('shift_id', 'in', [unpublished, worked, published]).execute()).toEqual([]);
  });

  it('refuses a fee set on approval (event 40) for a shift without a timesheet to carry it, touching nothing', async () => {
    const driver = await makeDriver(t.db, { first: 'Fay', last: 'Fee', areas: ['Camden'], weekly: { 0: ['00:00', '23:45'] } });
    const worked = await makeShift(t.db, { restaurant_id: ids.camden, driver_id: driver, status: 20, period_date: '2026-11-16', start_time: '11:00', finish_time: '15:00' });
    const res = await call('POST', '/api/reporting/create', ADMIN, cancel({ id: worked, driver_id: driver }, { period_date: '2026-11-16', event: 40, cost: 10 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ shift_id: [CANCEL_MSG.noTimesheet] });
    expect((await row(worked))!.driver_id).toBe(driver);
    expect(await t.db.selectFrom('reporting').select('id').where('shift_id', '=', worked).execute()).toEqual([]);
  });

  it("is for staff only, within a manager's scope", async () => {
    const hackney = await restaurantId(t.db, 'Pizza Palace Hackney');
    const driver = await makeDriver(t.db, { first: 'Sam', last: 'Scope', areas: ['Hackney'], weekly: { 0: ['00:00', '23:45'] } });
    const id = await makeShift(t.db, { restaurant_id: hackney, driver_id: driver, status: 20, period_date: MON, start_time: '11:00', finish_time: '15:00' });
    const payload = cancel({ id, driver_id: driver }, { restaurant_id: hackney });
    expect((await call('POST', '/api/reporting/create', MANAGER, payload)).statusCode).toBe(404);
    expect((await call('POST', '/api/reporting/create', RESTAURANT, payload)).statusCode).toBe(403);
    expect((await call('POST', '/api/reporting/create', DRIVER, payload)).statusCode).toBe(403);
    expect((await row(id))!.driver_id).toBe(driver);
  });
});
