import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { ADMIN, DRIVER, RESTAURANT, suiteTestApp } from '../helpers/testApp';
import { buildApp } from '../../server/app';
import { attendancePass, tellAttendance } from '../../server/services/attendance';
import { addDays } from '../../domain/dates';
import { SHIFT_ASSIGNED, SHIFT_STATUS } from '../../domain/statuses';
import type { FastifyInstance } from 'fastify';

// A winter evening far from the demo's weeks, so London time is UTC and the day holds only this file's shifts.
const DAY = '2027-03-10';
const NOW = new Date(`${DAY}T18:00:00Z`);

const t = suiteTestApp();
const ids: Record<string, number> = {};
let restaurantId = 0;
let driverId = 0;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: false });
  vi.setSystemTime(NOW);
  const owner = await t.db.selectFrom('restaurateurs').select('id').where('email', '=', RESTAURANT).executeTakeFirstOrThrow();
  restaurantId = (await t.db.selectFrom('restaurants').select('id').where('restaurateur_id', '=', owner.id).orderBy('id').executeTakeFirstOrThrow()).id;
  driverId = (await t.db.selectFrom('drivers').select('id').where('email', '=', DRIVER).executeTakeFirstOrThrow()).id;
  const shift = async (name: string, start: string, extra: Record<string, unknown> = {}) => {
    const row = await t.db
      .insertInto('shifts')
      .values({ restaurant_id: restaurantId, driver_id: driverId, status: SHIFT_STATUS.published, period_date: DAY, start_time: start, finish_time: '23:00', ...extra })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name] = row.id;
  };
  await shift('later', '18:30');
  await shift('withinGrace', '17:51');
  await shift('lateExactly', '17:50');
  await shift('late', '17:48');
  await shift('noShowExactly', '17:30');
  await shift('noShow', '17:00');
  await shift('startedLate', '17:45');
  await shift('finished', '16:00');
  await shift('draft', '17:00', { status: SHIFT_STATUS.draft });
  await shift('unpublished', '17:00', { status: SHIFT_STATUS.new });
  await shift('open', '17:00', { driver_id: null });
  await shift('cancelled', '17:00', { driver_id: null, driver_id_canceled: driverId, status_assigned: SHIFT_ASSIGNED.stale });
  await shift('yesterday', '17:00', { period_date: addDays(DAY, -1) });
});

afterAll(() => {
  vi.useRealTimers();
});

const board = async (who = ADMIN, date = DAY) => {
  const res = await t.call('GET', `/api/shift/attendance?date=${date}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as { limits: { lateMinutes: number; noShowMinutes: number }; items: { shift_id: number; attendance: { kind: string; minutes?: number; at?: string } | null }[] };
};
const stateOf = (answer: Awaited<ReturnType<typeof board>>, name: string) => answer.items.find((i) => i.shift_id === ids[name])?.attendance;
const attendanceAlerts = async () =>
  t.db.selectFrom('attendance_alerts').select(['shift_id', 'state']).where('shift_id', 'in', Object.values(ids)).orderBy('shift_id').orderBy('state').execute();

describe("today's attendance on the board", () => {
  it('starts the two shifts through the driver app: one started late, one on time and finished', async () => {
    const late = await t.call('POST', '/api/driver-app/timesheet/start', DRIVER, { shift_id: ids.startedLate });
    expect(late.statusCode).toBe(200);
    const onTime = await t.call('POST', '/api/driver-app/timesheet/start', DRIVER, { shift_id: ids.finished, driver_start_time: '15:58' });
    expect(onTime.statusCode).toBe(200);
    expect((await t.call('POST', '/api/driver-app/timesheet/finish', DRIVER, { shift_id: ids.finished, driver_finish_time: '17:55' })).statusCode).toBe(200);
  });

  it('answers each state, late after 10 minutes and a no-show after 30 by default', async () => {
    const answer = await board();
    expect(answer.limits).toEqual({ lateMinutes: 10, noShowMinutes: 30 });
    expect(stateOf(answer, 'later')).toEqual({ kind: 'notDue' });
    expect(stateOf(answer, 'withinGrace')).toEqual({ kind: 'notDue' });
    expect(stateOf(answer, 'lateExactly')).toEqual({ kind: 'late', minutes: 10 });
    expect(stateOf(answer, 'late')).toEqual({ kind: 'late', minutes: 12 });
    expect(stateOf(answer, 'noShowExactly')).toEqual({ kind: 'noShow', minutes: 30 });
    expect(stateOf(answer, 'noShow')).toEqual({ kind: 'noShow', minutes: 60 });
    expect(stateOf(answer, 'startedLate')).toEqual({ kind: 'started', at: '18:00' });
    expect(stateOf(answer, 'finished')).toEqual({ kind: 'finished' });
  });

  it('has nothing for drafts, unpublished, open or cancelled shifts, nor for another day', async () => {
    const answer = await board();
    for (const name of ['draft', 'unpublished', 'open', 'cancelled', 'yesterday']) expect(stateOf(answer, name)).toBeUndefined();
    expect((await board(ADMIN, addDays(DAY, -1))).items).toEqual([]);
  });

  it("shows a restaurant account its own restaurant's shifts only", async () => {
    const answer = await board(RESTAURANT);
    expect(stateOf(answer, 'late')).toEqual({ kind: 'late', minutes: 12 });
    const { count } = await t.db
      .selectFrom('shifts')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('period_date', '=', DAY)
      .where('restaurant_id', '!=', restaurantId)
      .executeTakeFirstOrThrow();
    expect(count).toBe(0);
    expect((await t.call('GET', `/api/shift/attendance?date=${DAY}`, DRIVER)).statusCode).toBe(403);
  });

  it('follows the limits an administrator sets', async () => {
    expect((await t.call('PUT', '/api/option/attendance_late_minutes', ADMIN, { ovalue: '15' })).statusCode).toBe(200);
    expect(stateOf(await board(), 'late')).toEqual({ kind: 'notDue' });
    const refused = await t.call('PUT', '/api/option/attendance_late_minutes', ADMIN, { ovalue: '0' });
    expect(refused.statusCode).toBe(400);
    expect((await t.call('PUT', '/api/option/attendance_late_minutes', ADMIN, { ovalue: '10' })).statusCode).toBe(200);
  });
});

describe('late and no-show alerts', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    // A second instance: another app object on the same database.
    second = await buildApp({ config: t.config, db: t.db, databaseKind: t.app.databaseKind });
    await second.ready();
  });
  afterAll(() => second.close());

  it('told the office of the driver who started late, at the start', async () => {
    expect(await attendanceAlerts()).toEqual([{ shift_id: ids.startedLate, state: 'late' }]);
  });

  it('fires once per shift and state across two passes and two instances', async () => {
    const before = await t.db.selectFrom('alerts').select(sql<number>`max(id)`.as('id')).executeTakeFirstOrThrow();
    expect(await attendancePass(t.app, 'first', NOW)).toBe(4);
    // The second instance finds the lease taken and does nothing; the first, running again, finds all told.
    expect(await attendancePass(second, 'second', NOW)).toBeNull();
    expect(await attendancePass(t.app, 'first', NOW)).toBe(0);
    // Past the lease, both at once: one runs, and the rows already recorded keep it silent.
    await t.db.updateTable('job_leases').set({ expires_at: '-infinity' }).execute();
    const both = await Promise.all([attendancePass(t.app, 'first', NOW), attendancePass(second, 'second', NOW)]);
    expect(both.filter((n) => n !== null)).toEqual([0]);
    expect(await tellAttendance(second, NOW)).toBe(0);

    expect(await attendanceAlerts()).toEqual(
      [
        { shift_id: ids.lateExactly, state: 'late' },
        { shift_id: ids.late, state: 'late' },
        { shift_id: ids.noShowExactly, state: 'noShow' },
        { shift_id: ids.noShow, state: 'noShow' },
        { shift_id: ids.startedLate, state: 'late' },
      ].sort((a, b) => a.shift_id - b.shift_id || a.state.localeCompare(b.state)),
    );
    const raised = await t.db.selectFrom('alerts').select(['event', 'data', 'restaurant_id']).where('id', '>', before.id ?? 0).execute();
    expect(raised.map((a) => a.event).sort()).toEqual(['late', 'late', 'noShow', 'noShow']);
    expect(raised.every((a) => a.restaurant_id === restaurantId)).toBe(true);
    expect(JSON.parse(raised.find((a) => a.event === 'late')!.data).message).toMatch(/is late for .* on 10\/03\/2027: the shift started at 17:5?\d\d?, not started 1\d min later/);

    const bell = (await t.call('GET', '/api/alert', ADMIN)).json() as { event: string; restaurant_id: number }[];
    expect(bell.filter((a) => a.event === 'noShow' && a.restaurant_id === restaurantId)).toHaveLength(2);
  });

  it('pushes to the driver when late, once per shift', async () => {
    const pushes = await t.db
      .selectFrom('push_messages as m')
      .innerJoin('push_deliveries as d', 'd.message_id', 'm.id')
      .select(['m.title', 'm.body', 'd.driver_id'])
      .where('m.title', '=', 'You are late')
      .execute();
    expect(pushes).toHaveLength(2);
    expect(pushes.every((p) => p.driver_id === driverId)).toBe(true);
    expect(pushes.map((p) => p.body).sort()).toEqual([expect.stringContaining('started at 17:48'), expect.stringContaining('started at 17:50')]);
  });

  it('tells nothing of drafts, open or cancelled shifts', async () => {
    const quiet = ['draft', 'unpublished', 'open', 'cancelled', 'yesterday', 'later', 'withinGrace', 'finished'].map((n) => ids[n]);
    const told = (await attendanceAlerts()).filter((a) => quiet.includes(a.shift_id));
    expect(told).toEqual([]);
  });
});
