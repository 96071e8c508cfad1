import { sql } from 'kysely';
import { suiteTestApp, ADMIN, MANAGER } from '../helpers/testApp';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { multipart } from '../helpers/multipart';
import { makeDriver, makeShift, restaurantId } from '../helpers/shiftFixtures';
import { HISTORY_MSG } from '../../domain/history';

/**
 * Undo of actions that touched many records at once (an import, a bulk publish, a fill) puts every record back
 * exactly as it was, and a record changed since refuses the whole undo, leaving every record as it is.
 */
const feed = new RecordingBroadcaster();
const t = suiteTestApp({ broadcaster: feed });

// A week after the test's today (18/11/2026), clear of the other tests' shifts.
const DAYS = ['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17'];
const MANY = 40;
const everyDay = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, ['06:00', '23:30'] as [string, string]]));

async function undo(actionId: unknown, who = ADMIN) {
  return t.app.inject({ method: 'POST', url: `/api/history/${String(actionId)}/undo`, headers: await t.as(who) });
}

const post = async (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: await t.as(ADMIN), payload });

/** Every row of the tables, by key: what 'exactly as it was' is compared against. */
async function snapshot(tables: string[]) {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) rows[table] = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2`.execute(t.db)).rows;
  return rows;
}

/** The rows without their version, which an undo moves forward (it is a change too). */
const unversioned = (rows: Record<string, unknown[]>) =>
  Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, list.map((r) => ({ ...(r as object), updated_at: null }))]));

const shiftIds = (from: number) =>
  t.db.selectFrom('shifts').select('id').where('id', '>=', from).where('period_date', 'in', DAYS).orderBy('id').execute().then((rows) => rows.map((r) => r.id));

/** MANY shifts over DAYS at two restaurants, every third with a driver of `drivers`. */
async function manyShifts(drivers: number[]): Promise<number[]> {
  const restaurants = [await restaurantId(t.db, 'Pizza Palace Camden'), await restaurantId(t.db, 'Bombay Spice')];
  const ids: number[] = [];
  for (let i = 0; i < MANY; i++) {
    const start = 8 + (i % 5) * 3;
    ids.push(await makeShift(t.db, {
      restaurant_id: restaurants[i % 2],
      period_date: DAYS[i % DAYS.length],
      start_time: `${String(start).padStart(2, '0')}:00`,
      finish_time: `${String(start + 2).padStart(2, '0')}:00`,
      driver_id: i % 3 === 0 ? drivers[i % drivers.length] : null,
      cost_per_hour: 11 + (i % 4),
    }));
  }
  return ids;
}

describe('undo of many records at once', () => {
  it('takes back an import of many drivers: every driver and every area link goes, nothing else changes', async () => {
    const tables = ['drivers', 'driver_areas', 'driver_restaurants', 'driver_working_times'];
    const before = await snapshot(tables);
    const lines = ['First name,Last name,E-mail,Phone,Areas'];
    for (let i = 0; i < MANY; i++) lines.push(`Many,Import ${i},many.${i}@undo.test,07700 7${String(i).padStart(5, '0')},"Camden; Islington"`);
    const body = multipart([{ name: 'file', file: Buffer.from(lines.join('\r\n')), filename: 'drivers.csv' }]);
    const imported = await t.app.inject({ method: 'POST', url: '/api/driver/import?mode=commit', payload: body.payload, headers: { ...(await t.as(ADMIN)), ...body.headers } });
    expect(imported.json().counts.create).toBe(MANY);
    expect((await snapshot(['drivers'])).drivers.length).toBe(before.drivers.length + MANY);

    const res = await undo(imported.headers['x-request-id']);
    expect(res.statusCode).toBe(200);
    expect(res.json().records).toBe(MANY * 3);
    expect(await snapshot(tables)).toEqual(before);
    // The History shows the undo as the removal of those drivers and their areas, and nothing else.
    const recorded = await t.db.selectFrom('history_actions').select(['kinds', 'ops']).where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(recorded).toEqual({ kinds: { drivers: MANY, driver_areas: MANY * 2 }, ops: ['deleted'] });
  });

  it('takes back a publish of many shifts, each field for field', async () => {
    const drivers = [
      await makeDriver(t.db, { first: 'Una', last: 'Many', areas: ['Camden'], weekly: everyDay }),
      await makeDriver(t.db, { first: 'Vic', last: 'Many', areas: ['Camden'], weekly: everyDay }),
    ];
    const ids = await manyShifts(drivers);
    const before = await snapshot(['shifts']);
    const published = await post('/api/shift/publish', { shift_ids: ids, push_drivers: 20 });
    expect(published.statusCode).toBe(200);
    expect(new Set((await t.db.selectFrom('shifts').select('status').where('id', 'in', ids).execute()).map((s) => s.status))).toEqual(new Set([20]));

    expect((await undo(published.headers['x-request-id'])).statusCode).toBe(200);
    const after = await snapshot(['shifts']);
    expect(unversioned(after)).toEqual(unversioned(before));
    await t.db.deleteFrom('shifts').where('id', 'in', ids).execute();
  });

  it('takes back a fill of many open shifts: each gets its driver taken off again', async () => {
    const drivers: number[] = [];
    for (let i = 0; i < 8; i++) drivers.push(await makeDriver(t.db, { first: `Fill${i}`, last: 'Many', areas: ['Camden', 'Islington'], weekly: everyDay }));
    const ids = await manyShifts([]);
    const lines = ids.map((shift_id, i) => ({ shift_id, driver_id: drivers[(i * 3 + Math.floor(i / 8)) % drivers.length] }));
    const before = await snapshot(['shifts']);
    const fill = await post('/api/shift/fill', { lines });
    expect(fill.statusCode).toBe(200);
    const assigned = fill.json().assigned.length as number;
    expect(assigned).toBeGreaterThan(MANY / 2);

    expect((await undo(fill.headers['x-request-id'])).statusCode).toBe(200);
    expect(unversioned(await snapshot(['shifts']))).toEqual(unversioned(before));
    await t.db.deleteFrom('shifts').where('id', 'in', ids).execute();
  });

  it('refuses when one of many records was changed since, and leaves every record as it is', async () => {
    const from = (await t.db.selectFrom('shifts').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0;
    const ids = await manyShifts([]);
    expect(await shiftIds(from + 1)).toEqual(ids);
    const published = await post('/api/shift/publish', { shift_ids: ids, push_drivers: 20 });
    expect(published.statusCode).toBe(200);
    // A shift at Pizza Palace Camden, in the manager's restaurants.
    const last = await t.db.selectFrom('shifts').selectAll().where('id', '=', ids[MANY - 2]).executeTakeFirstOrThrow();
    const edit = await t.app.inject({
      method: 'PUT', url: `/api/shift/${last.id}`, headers: await t.as(MANAGER),
      payload: { id: last.id, restaurant_id: last.restaurant_id, period_date: last.period_date, start_time: last.start_time, finish_time: '23:00', driver_id: 0 },
    });
    expect(edit.statusCode).toBe(200);
    const now = await snapshot(['shifts']);
    const actions = await t.db.selectFrom('history_actions').select('id').execute();
    feed.messages = [];

    const res = await undo(published.headers['x-request-id']);
    expect(res.statusCode).toBe(400);
    expect(res.json().action[0]).toMatch(/^Shift at .* was edited by Mark Manager after this action$/);
    expect(await snapshot(['shifts'])).toEqual(now);
    expect(await t.db.selectFrom('history_actions').select('id').execute()).toEqual(actions);
    expect(feed.messages).toEqual([]);
    await t.db.deleteFrom('shifts').where('id', 'in', ids).execute();
  });

  it('takes back an action that created, changed twice and deleted records, to the fields before its first change', async () => {
    const ids = await manyShifts([]);
    const [a, b, gone] = ids;
    await t.db.deleteFrom('shifts').where('id', 'in', ids.slice(3)).execute();
    const before = await snapshot(['shifts']);
    const actionId = crypto.randomUUID();
    const admin = (await t.db.selectFrom('users').select('id').where('email', '=', ADMIN).executeTakeFirstOrThrow()).id;
    const camden = await restaurantId(t.db, 'Pizza Palace Camden');
    // No single call does all of this: the writes are recorded as one request's would be.
    await t.db.transaction().execute(async (trx) => {
      await sql`select set_config('app.history', ${JSON.stringify({ request_id: actionId, kind: 'user', account_id: admin, role: 10, name: null, route: 'POST /api/shift' })}, true)`.execute(trx);
      await trx.updateTable('shifts').set({ start_time: '19:00', cost_per_hour: 20 }).where('id', 'in', [a, b]).execute();
      await trx.updateTable('shifts').set({ start_time: '20:00', status: 20 }).where('id', '=', a).execute();
      await trx.deleteFrom('shifts').where('id', '=', gone).execute();
      await trx.insertInto('shifts')
        .values({ restaurant_id: camden, period_date: DAYS[0], start_time: '07:00', finish_time: '09:00', status: 10, status_assigned: 20, cost_per_hour: 12, cost_total: 24 })
        .execute();
    });

    expect((await undo(actionId)).statusCode).toBe(200);
    expect(unversioned(await snapshot(['shifts']))).toEqual(unversioned(before));
    expect(await undo(actionId).then((r) => r.json())).toEqual({ action: [HISTORY_MSG.alreadyUndone] });
    await t.db.deleteFrom('shifts').where('id', 'in', [a, b, gone]).execute();
  });
});
