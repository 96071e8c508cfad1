import { sql } from 'kysely';
import { suiteTestApp, ADMIN, MANAGER, createdBody } from '../helpers/testApp';
import { fields } from '../helpers/multipart';
import { makeDriver, makeShift, restaurantId } from '../helpers/shiftFixtures';
import { makeDriver as makeTimesheetDriver } from '../helpers/timesheetFixtures';
import { TIMESHEET_PROGRESS as P, TIMESHEET_STATUS as S } from '../../domain/statuses';
import { UNKNOWN_EDITOR, conflictMessage, type RecordConflict } from '../../domain/versions';
import type { ShiftRecord } from '../../domain/shifts';
import type { TimesheetView } from '../../domain/timesheets';

/** A save sent with an old version is refused (409) naming who changed the record and when; nothing is written. */

const MON = '2026-12-14';
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const t = suiteTestApp();
let camden: number;
let bombay: number;
let managerName: string;

beforeAll(async () => {
  camden = await restaurantId(t.db, 'Pizza Palace Camden');
  bombay = await restaurantId(t.db, 'Bombay Spice');
  const manager = await t.db.selectFrom('users').select(['first_name', 'last_name']).where('email', '=', MANAGER).executeTakeFirstOrThrow();
  managerName = `${manager.first_name} ${manager.last_name}`;
});

const shiftBody = (shift: ShiftRecord, extra: Record<string, unknown> = {}) => ({
  id: shift.id,
  restaurant_id: shift.restaurant_id,
  driver_id: shift.driver_id,
  period_date: shift.period_date,
  start_time: shift.start_time,
  finish_time: shift.finish_time,
  status: shift.status,
  cost_bonus: shift.cost_bonus,
  cost_extra_bonus: shift.cost_extra_bonus ?? 0,
  fuel_bonus_0: shift.fuel_bonus_0,
  fuel_bonus_3: shift.fuel_bonus_3,
  fuel_bonus_6: shift.fuel_bonus_6,
  extra_request: shift.extra_request,
  comment: shift.comment,
  push_drivers: 20,
  ...extra,
});

async function loadShift(id: number, who = ADMIN): Promise<ShiftRecord> {
  const res = await t.call('GET', `/api/shift/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const openShift = async (start = '18:00') => loadShift(await makeShift(t.db, { restaurant_id: camden, period_date: MON, start_time: start, finish_time: '22:00' }));
const storedComment = async (id: number) => (await t.db.selectFrom('shifts').select('comment').where('id', '=', id).executeTakeFirstOrThrow()).comment;

describe('a shift', () => {
  it('carries its version in the board list, its own answer and a save’s answer, which moves it forward', async () => {
    const shift = await openShift('10:00');
    expect(shift.updated_at).toMatch(ISO_MS);
    const listed = (await t.call('GET', `/api/shift?period_date_from=${MON}&period_date_to=${MON}&with_driver=1`, ADMIN)).json() as ShiftRecord[];
    expect(listed.find((s) => s.id === shift.id)?.updated_at).toBe(shift.updated_at);

    const saved = await t.call('PUT', `/api/shift/${shift.id}`, ADMIN, shiftBody(shift, { comment: 'Fresh', updated_at: shift.updated_at }));
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as ShiftRecord;
    expect(after).toMatchObject({ comment: 'Fresh', updated_at: expect.stringMatching(ISO_MS) });
    expect(after.updated_at! > shift.updated_at!).toBe(true);
    expect((await loadShift(shift.id)).updated_at).toBe(after.updated_at);
  });

  it('refuses a save on an old version with 409, naming who changed it and when (London time), and writes nothing', async () => {
    const shift = await openShift('11:00');
    const theirs = await t.call('PUT', `/api/shift/${shift.id}`, MANAGER, shiftBody(shift, { comment: 'Manager’s change', updated_at: shift.updated_at }));
    expect(theirs.statusCode, theirs.body).toBe(200);
    const changedAt = (theirs.json() as ShiftRecord).updated_at!;

    const mine = await t.call('PUT', `/api/shift/${shift.id}`, ADMIN, shiftBody(shift, { comment: 'Admin’s stale change', cost_bonus: 5, updated_at: shift.updated_at }));
    expect(mine.statusCode).toBe(409);
    const body = mine.json() as RecordConflict;
    expect(body).toEqual({ message: conflictMessage('shifts', managerName, changedAt), conflict: { changed_by: managerName, changed_at: changedAt } });
    expect(body.message).toMatch(new RegExp(`^This shift was changed by ${managerName} at \\d{2}:\\d{2}\\. Reload to see it\\.$`));
    expect(await storedComment(shift.id)).toBe('Manager’s change');
    expect((await loadShift(shift.id)).updated_at).toBe(changedAt);

    // Reloaded, the save goes through.
    const reloaded = await loadShift(shift.id);
    const again = await t.call('PUT', `/api/shift/${shift.id}`, ADMIN, shiftBody(reloaded, { comment: 'Admin after reload', updated_at: reloaded.updated_at }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ comment: 'Admin after reload' });
  });

  it('saves without a version as before, whatever changed meanwhile', async () => {
    const shift = await openShift('12:00');
    expect((await t.call('PUT', `/api/shift/${shift.id}`, MANAGER, shiftBody(shift, { comment: 'First' }))).statusCode).toBe(200);
    const blind = await t.call('PUT', `/api/shift/${shift.id}`, ADMIN, shiftBody(shift, { comment: 'Second, unversioned' }));
    expect(blind.statusCode).toBe(200);
    expect(blind.json()).toMatchObject({ comment: 'Second, unversioned' });
  });

  it('tells a version conflict apart from working-time warnings (both 409): the conflict comes first and carries `conflict`', async () => {
    const shift = await openShift('13:00');
    await t.call('PUT', `/api/shift/${shift.id}`, MANAGER, shiftBody(shift, { comment: 'Moved on' }));
    const stale = await t.call('PUT', `/api/shift/${shift.id}`, ADMIN, shiftBody(shift, { start_time: '02:00', updated_at: shift.updated_at }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toHaveProperty('conflict');
    expect(stale.json()).not.toHaveProperty('working_time');
  });

  it('answers 20 simultaneous saves each with its own values', async () => {
    const shift = await openShift('14:00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('PUT', `/api/shift/${shift.id}`, i % 2 ? MANAGER : ADMIN, shiftBody(shift, { comment: `Save ${i}`, cost_bonus: i }))),
    );
    answers.forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: shift.id, comment: `Save ${i}`, cost_bonus: i });
    });
    // Every save moved the version: twenty different ones, and the row holds the last.
    const versions = new Set(answers.map((res) => (res.json() as ShiftRecord).updated_at));
    expect(versions.size).toBe(20);
    expect([...versions].sort().at(-1)).toBe((await loadShift(shift.id)).updated_at);
  });

  it('lets exactly one of 20 simultaneous saves on the same version win; the others get 409 and write nothing', async () => {
    const shift = await openShift('15:00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call('PUT', `/api/shift/${shift.id}`, ADMIN, shiftBody(shift, { comment: `Race ${i}`, updated_at: shift.updated_at }))),
    );
    const won = answers.map((res, i) => [res.statusCode, i] as const).filter(([status]) => status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(19);
    expect(await storedComment(shift.id)).toBe(`Race ${won[0][1]}`);
    const refusal = answers.find((res) => res.statusCode === 409)!.json() as RecordConflict;
    expect(refusal.conflict).toEqual({ changed_by: 'Alice Admin', changed_at: (await loadShift(shift.id)).updated_at });
  });

  it('names "someone else" when the change that made the version is not on record', async () => {
    const shift = await openShift('16:00');
    // A change made outside the app's calls: no request, so no history.
    await t.db.updateTable('shifts').set({ comment: 'Changed in the database' }).where('id', '=', shift.id).execute();
    const now = await loadShift(shift.id);
    expect(now.updated_at! > shift.updated_at!).toBe(true);
    const res = await t.call('PUT', `/api/shift/${shift.id}`, ADMIN, shiftBody(shift, { updated_at: shift.updated_at }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: conflictMessage('shifts', UNKNOWN_EDITOR, now.updated_at!), conflict: { changed_by: UNKNOWN_EDITOR, changed_at: now.updated_at } });
  });

  it('refuses a version that is not a time, and answers 404 for a shift out of a manager’s reach before any conflict', async () => {
    const shift = await openShift('17:00');
    const bad = await t.call('PUT', `/api/shift/${shift.id}`, ADMIN, shiftBody(shift, { updated_at: 'yesterday' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('updated_at');
    const managed = (await t.db.selectFrom('user_areas').innerJoin('users', 'users.id', 'user_areas.user_id').select('area_id').where('users.email', '=', MANAGER).execute()).map((r) => r.area_id);
    const outside = (await t.db.selectFrom('restaurants').select('id').where('area_id', 'not in', managed).where('status', '=', 10).orderBy('id').executeTakeFirstOrThrow()).id;
    const far = await loadShift(await makeShift(t.db, { restaurant_id: outside, period_date: MON, start_time: '17:00', finish_time: '22:00' }));
    await t.call('PUT', `/api/shift/${far.id}`, ADMIN, shiftBody(far, { comment: 'moved on' }));
    const res = await t.call('PUT', `/api/shift/${far.id}`, MANAGER, shiftBody(far, { updated_at: far.updated_at }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).not.toHaveProperty('conflict');
    expect((await t.call('GET', `/api/shift/${far.id}`, MANAGER)).statusCode).toBe(404);
  });

  it('keeps the version through a bulk write that changes nothing, moves it on publish and on Undo', async () => {
    const shift = await openShift('19:00');
    const published = await t.call('POST', '/api/shift/publish', ADMIN, { shift_ids: [shift.id], push_drivers: 20 });
    expect(published.statusCode).toBe(200);
    const afterPublish = await loadShift(shift.id);
    expect(afterPublish.updated_at! > shift.updated_at!).toBe(true);
    const undo = await t.call('POST', `/api/history/${published.headers['x-request-id']}/undo`, ADMIN);
    expect(undo.statusCode, undo.body).toBe(200);
    const afterUndo = await loadShift(shift.id);
    expect(afterUndo.status).toBe(shift.status);
    expect(afterUndo.updated_at! > afterPublish.updated_at!).toBe(true);
    // A statement that rewrites the row as it is leaves the version alone.
    await sql`update shifts set comment = comment where id = ${shift.id}`.execute(t.db);
    expect((await loadShift(shift.id)).updated_at).toBe(afterUndo.updated_at);
  });
});

describe('a timesheet', () => {
  async function timesheet() {
    const driver = await makeTimesheetDriver(t.db, { areas: [(await t.db.selectFrom('restaurants').select('area_id').where('id', '=', camden).executeTakeFirstOrThrow()).area_id] });
    const res = await t.call('POST', '/api/timesheet', ADMIN, {
      restaurant_id: camden, driver_id: driver.id, period_date: '2026-11-10', start_time: '17:00', finish_time: '22:45', cost_bonus: 0,
      cost_extra_bonus: 0, fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0, comment: 'Evening', status: S.pending, status_progress: P.submitted,
      meal_time: 0, rest_time: 0,
    });
    return createdBody<TimesheetView>(res);
  }
  const body = (ts: TimesheetView, extra: Record<string, unknown> = {}) => ({
    id: ts.id, shift_id: ts.shift_id, restaurant_id: ts.restaurant_id, driver_id: ts.driver_id, status: ts.status, status_progress: ts.status_progress,
    period_date: ts.period_date, start_time: ts.start_time, finish_time: ts.finish_time, meal_time: 0, rest_time: 0, cost_bonus: ts.cost_bonus,
    cost_extra_bonus: ts.cost_extra_bonus, fuel_bonus_0: ts.fuel_bonus_0, fuel_bonus_3: ts.fuel_bonus_3, fuel_bonus_6: ts.fuel_bonus_6, comment: ts.comment,
    ...extra,
  });

  it('carries its version in the list and its own answer; a stale save is refused and changes nothing; a fresh one goes through', async () => {
    const ts = await timesheet();
    expect(ts.updated_at).toMatch(ISO_MS);
    const listed = (await t.call('GET', '/api/timesheet?period_date_from=2026-11-10&period_date_to=2026-11-10', ADMIN)).json() as TimesheetView[];
    expect(listed.find((r) => r.id === ts.id)?.updated_at).toBe(ts.updated_at);

    const theirs = await t.call('PUT', `/api/timesheet/${ts.id}`, MANAGER, body(ts, { comment: 'Manager', updated_at: ts.updated_at }));
    expect(theirs.statusCode, theirs.body).toBe(200);
    const changedAt = (theirs.json() as TimesheetView).updated_at!;
    expect(changedAt > ts.updated_at!).toBe(true);

    const stale = await t.call('PUT', `/api/timesheet/${ts.id}`, ADMIN, body(ts, { comment: 'Admin', fuel_bonus_0: 4, updated_at: ts.updated_at }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: conflictMessage('timesheets', managerName, changedAt), conflict: { changed_by: managerName, changed_at: changedAt } });
    const stored = await t.db.selectFrom('timesheets').select(['comment', 'fuel_bonus_0']).where('id', '=', ts.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ comment: 'Manager', fuel_bonus_0: 0 });

    const reloaded = (await t.call('GET', `/api/timesheet/${ts.id}`, ADMIN)).json() as TimesheetView;
    expect(reloaded).toMatchObject({ comment: 'Manager', updated_at: changedAt });
    const fresh = await t.call('PUT', `/api/timesheet/${ts.id}`, ADMIN, body(reloaded, { comment: 'Admin', updated_at: reloaded.updated_at }));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ comment: 'Admin' });
    // Without a version the save goes through as before.
    expect((await t.call('PUT', `/api/timesheet/${ts.id}`, MANAGER, body(ts, { comment: 'Unversioned' }))).statusCode).toBe(200);
  });

  it('refuses the form’s Approve on an old version item by item when it would write over the change; approving it as it stands is not refused', async () => {
    const ts = await timesheet();
    await t.call('PUT', `/api/timesheet/${ts.id}`, MANAGER, body(ts, { comment: 'Manager' }));
    const approve = await t.call('POST', '/api/timesheet/approve', ADMIN, [body(ts, { updated_at: ts.updated_at })]);
    expect(approve.statusCode).toBe(200);
    const changed = (await t.call('GET', `/api/timesheet/${ts.id}`, ADMIN)).json() as TimesheetView;
    expect(approve.json()).toMatchObject({
      data: [],
      fail: [{ errors: { updated_at: [conflictMessage('timesheets', managerName, changed.updated_at!)] }, conflict: { changed_by: managerName, changed_at: changed.updated_at } }],
    });
    expect(changed.status).toBe(S.pending);
    const all = await t.call('POST', '/api/timesheet/approve', ADMIN, [body(changed, { updated_at: ts.updated_at })]);
    expect(all.json()).toMatchObject({ data: [{ id: ts.id, status: S.approved }], fail: [] });
  });
});

describe('drivers, restaurants and areas', () => {
  it('refuse a driver’s save on an old version, and keep the version through bookkeeping (an area renamed)', async () => {
    const areas = await t.db.selectFrom('areas').select(['id', 'name', 'city_id', 'standard_pay_rate', 'weekend_pay_rate']).where('name', '=', 'Camden').executeTakeFirstOrThrow();
    const id = await makeDriver(t.db, { first: 'Vera', last: 'Version', areas: ['Camden'], weekly: {} });
    const load = async () => (await t.call('GET', `/api/driver?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`, ADMIN)).json()[0] as { updated_at: string; email: string };
    const loaded = await load();
    expect(loaded.updated_at).toMatch(ISO_MS);
    const save = (who: string, extra: Record<string, unknown>) =>
      t.send('PUT', `/api/driver/${id}?inactive=false`, who, fields({ id, first_name: 'Vera', last_name: 'Version', email: loaded.email, area_ids: JSON.stringify([areas.id]), ...extra }));

    // Renaming the area rewrites the driver's sort key: not a change to the driver.
    const renamed = await t.call('PUT', `/api/area/${areas.id}`, ADMIN, { name: 'Camden Town', city_id: areas.city_id, standardPayRate: areas.standard_pay_rate, weekendPayRate: areas.weekend_pay_rate });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await t.call('PUT', `/api/area/${areas.id}`, ADMIN, { name: 'Camden', city_id: areas.city_id, standardPayRate: areas.standard_pay_rate, weekendPayRate: areas.weekend_pay_rate });
    expect((await load()).updated_at).toBe(loaded.updated_at);

    const first = await save(ADMIN, { phone: '07700 900001', updated_at: loaded.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const changedAt = first.json().updated_at as string;
    const stale = await save(ADMIN, { phone: '07700 900002', updated_at: loaded.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: conflictMessage('drivers', 'Alice Admin', changedAt), conflict: { changed_by: 'Alice Admin', changed_at: changedAt } });
    expect((await t.db.selectFrom('drivers').select('phone').where('id', '=', id).executeTakeFirstOrThrow()).phone).toBe('07700 900001');

    // Working times live in their own table and count as a change to the driver.
    const times = await t.call('POST', '/api/driver-update-working-times', ADMIN, { driver_id: id, default_working_times: [{ week_day: 0, holiday: 20, start_at: '10:00', stop_at: '18:00' }], override_working_time: [] });
    expect(times.statusCode, times.body).toBe(200);
    expect((await load()).updated_at > changedAt).toBe(true);
  });

  it('refuse a restaurant’s save on an old version and write nothing', async () => {
    const load = async () => (await t.call('GET', `/api/restaurant?filter=${encodeURIComponent(JSON.stringify({ id: [bombay] }))}`, ADMIN)).json()[0] as Record<string, unknown> & { updated_at: string };
    const loaded = await load();
    expect(loaded.updated_at).toMatch(ISO_MS);
    const save = (who: string, extra: Record<string, unknown>) =>
      t.send('POST', `/api/restaurant/${bombay}`, who, fields({
        _method: 'PATCH', id: bombay, name: loaded.name, contactName: loaded.contact_name, address: loaded.address, postcode: loaded.postcode,
        email: loaded.email, business_email: loaded.business_email, telephone: loaded.telephone, area_id: loaded.area_id, logo_src: loaded.logo_src, ...extra,
      }));
    const first = await save(ADMIN, { meal: 'Pizza', updated_at: loaded.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await save(ADMIN, { meal: 'Curry', updated_at: loaded.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(conflictMessage('restaurants', 'Alice Admin', first.json().updated_at));
    expect((await load()).meal).toBe('Pizza');
  });

  it('refuse an area’s save on an old version and write nothing', async () => {
    const city = await t.db.selectFrom('cities').select('id').executeTakeFirstOrThrow();
    const area = createdBody<{ id: number; updated_at: string }>(await t.call('POST', '/api/area', ADMIN, { name: 'Version Vale', city_id: city.id, standardPayRate: 11, weekendPayRate: 12 }));
    expect(area.updated_at).toMatch(ISO_MS);
    const put = (extra: Record<string, unknown>) => t.call('PUT', `/api/area/${area.id}`, ADMIN, { name: 'Version Vale', city_id: city.id, standardPayRate: 11, weekendPayRate: 12, ...extra });
    const first = await put({ standardPayRate: 11.5, updated_at: area.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await put({ standardPayRate: 13, updated_at: area.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(conflictMessage('areas', 'Alice Admin', first.json().updated_at));
    expect((await t.db.selectFrom('areas').select('standard_pay_rate').where('id', '=', area.id).executeTakeFirstOrThrow()).standard_pay_rate).toBe(11.5);
  });
});
