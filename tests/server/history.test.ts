import { sql } from 'kysely';
import { suiteTestApp, ADMIN, MANAGER } from '../helpers/testApp';
import { RecordingBroadcaster } from '../helpers/timesheetFixtures';
import { makeDriver, makeShift, restaurantId } from '../helpers/shiftFixtures';
import { AVAILABILITY_MSG } from '../../domain/availability';
import { HISTORY_MSG } from '../../domain/history';

// Weeks after the test's today (18/11/2026).
const MON = '2026-12-07';
const TUE = '2026-12-08';
const WED = '2026-12-09';

const feed = new RecordingBroadcaster();
let camden: number;
let bombay: number;
let outside: number; // a restaurant outside manager@demo.test's areas
let ada: number;
let bo: number;

const t = suiteTestApp({ broadcaster: feed });
beforeAll(async () => {
  camden = await restaurantId(t.db, 'Pizza Palace Camden');
  bombay = await restaurantId(t.db, 'Bombay Spice');
  const managed = (await t.db.selectFrom('user_areas').innerJoin('users', 'users.id', 'user_areas.user_id').select('area_id').where('users.email', '=', MANAGER).execute()).map((r) => r.area_id);
  outside = (await t.db.selectFrom('restaurants').select('id').where('area_id', 'not in', managed).where('status', '=', 10).orderBy('id').executeTakeFirstOrThrow()).id;
  const everyDay = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, ['10:00', '23:00'] as [string, string]]));
  ada = await makeDriver(t.db, { first: 'Ada', last: 'History', areas: ['Camden'], weekly: everyDay });
  bo = await makeDriver(t.db, { first: 'Bo', last: 'History', areas: [], weekly: everyDay });
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who = ADMIN, payload?: unknown) {
  return t.app.inject({ method, url, headers: await t.as(who), ...(payload === undefined ? {} : { payload: payload as object }) });
}

const entriesOf = (actionId: string) =>
  t.db.selectFrom('history_entries').select(['table_name', 'record_id', 'op', 'before', 'after']).where('action_id', '=', actionId).orderBy('id').execute();

const shiftRows = (ids: number[]) => t.db.selectFrom('shifts').selectAll().where('id', 'in', ids).orderBy('id').execute();

/**
 * Undo puts back every field a change made, but not the version: Undo is a change too, and moves it forward
 * (migrations/0024_record_versions.ts), so a dialog opened before it is told to reload.
 */
async function expectPutBack(ids: number[], before: Awaited<ReturnType<typeof shiftRows>>) {
  const now = await shiftRows(ids);
  const fields = (rows: typeof now) => rows.map((row) => ({ ...row, updated_at: null }));
  expect(fields(now)).toEqual(fields(before));
  now.forEach((row, i) => expect(row.updated_at > before[i].updated_at).toBe(true));
}

const actionCount = async () => Number((await t.db.selectFrom('history_actions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const shift = (values: Partial<Parameters<typeof makeShift>[1]> = {}) =>
  makeShift(t.db, { restaurant_id: camden, period_date: MON, start_time: '18:00', finish_time: '22:00', ...values });

describe('the record', () => {
  it('a bulk publish leaves one action with one entry per shift, only the changed fields, who and the named action', async () => {
    const ids = [await shift({ driver_id: ada }), await shift({ restaurant_id: bombay, period_date: TUE })];
    const res = await call('POST', '/api/shift/publish', ADMIN, { shift_ids: ids, push_drivers: 20 });
    expect(res.statusCode).toBe(200);
    const actionId = res.headers['x-request-id'] as string;
    const action = await t.db.selectFrom('history_actions').selectAll().where('id', '=', actionId).executeTakeFirstOrThrow();
    expect(action).toMatchObject({ account_kind: 'user', role: 10, account_name: 'Alice Admin', name: 'published', route: 'POST /api/shift/publish' });
    const shiftEntries = (await entriesOf(actionId)).filter((e) => e.table_name === 'shifts');
    expect(shiftEntries.map((e) => [e.record_id, e.op])).toEqual(ids.map((id) => [String(id), 'updated']));
    for (const e of shiftEntries) {
      expect(e.before).toMatchObject({ status: 10 });
      expect(e.after).toMatchObject({ status: 20 });
      expect(Object.keys(e.before!).sort()).toEqual(Object.keys(e.after!).sort());
      expect(e.before).not.toHaveProperty('period_date'); // unchanged fields are not recorded
    }
  });

  it('a created, an edited and a deleted record each leave their entry; a refused write leaves none', async () => {
    const created = await call('POST', '/api/area', ADMIN, { name: 'History Heath', city_id: (await t.db.selectFrom('cities').select('id').executeTakeFirstOrThrow()).id, standardPayRate: 11, weekendPayRate: 12 });
    expect(created.statusCode).toBe(201);
    const areaId = created.json().id as number;
    expect(await entriesOf(created.headers['x-request-id'] as string)).toEqual([
      expect.objectContaining({ table_name: 'areas', record_id: String(areaId), op: 'created', before: null, after: expect.objectContaining({ name: 'History Heath' }) }),
    ]);
    const edited = await call('PUT', `/api/area/${areaId}`, ADMIN, { name: 'History Hill', city_id: created.json().city_id, standardPayRate: 11, weekendPayRate: 12 });
    expect(edited.statusCode).toBe(200);
    const editEntries = await entriesOf(edited.headers['x-request-id'] as string);
    expect(editEntries.find((e) => e.table_name === 'areas')).toMatchObject({ op: 'updated', before: { name: 'History Heath' }, after: { name: 'History Hill' } });
    const before = await actionCount();
    const refused = await call('PUT', `/api/area/${areaId}`, ADMIN, { name: '', city_id: created.json().city_id, standardPayRate: 11, weekendPayRate: 12 });
    expect(refused.statusCode).toBe(400);
    expect(await actionCount()).toBe(before);
    const removed = await call('DELETE', `/api/area/${areaId}`);
    expect(removed.statusCode).toBe(204);
    expect((await entriesOf(removed.headers['x-request-id'] as string)).find((e) => e.table_name === 'areas')).toMatchObject({ op: 'deleted', before: { name: 'History Hill' }, after: null });
  });

  it('never records a password or a token', async () => {
    const res = await call('POST', '/api/user', ADMIN, { first_name: 'Pat', last_name: 'Secret', role: 20, email: 'pat.secret@staff.test', area_ids: [], restaurant_ids: [] });
    expect(res.statusCode).toBeLessThan(300);
    const entries = await entriesOf(res.headers['x-request-id'] as string);
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toMatch(/password|token/);
  });

  it('reads write nothing', async () => {
    const before = await actionCount();
    expect((await call('GET', '/api/area')).statusCode).toBe(200);
    expect((await call('GET', '/api/history')).statusCode).toBe(200);
    expect(await actionCount()).toBe(before);
  });

  it('keeps on each action what it touched: records by kind, what it did, their restaurants, the label the list filters by', async () => {
    const ids = [await shift({ period_date: WED, start_time: '06:00', finish_time: '07:00' }), await shift({ restaurant_id: bombay, period_date: WED, start_time: '06:00', finish_time: '07:00' })];
    const published = await call('POST', '/api/shift/publish', ADMIN, { shift_ids: ids, push_drivers: 20 });
    const summary = await t.db.selectFrom('history_actions').select(['kinds', 'ops', 'restaurant_ids', 'label']).where('id', '=', published.headers['x-request-id'] as string).executeTakeFirstOrThrow();
    expect(summary).toEqual({ kinds: { shifts: 2 }, ops: ['updated'], restaurant_ids: [camden, bombay].sort((a, b) => a - b), label: 'published' });
    const removed = await call('POST', '/api/shift/unpublish', ADMIN, { shift_ids: ids });
    const made = await call('POST', '/api/shift', ADMIN, { restaurant_id: camden, period_date: WED, start_time: '07:00', finish_time: '08:00', driver_id: 0 });
    const deleted = await call('DELETE', `/api/shift/${made.json().id}`);
    const labels = await t.db.selectFrom('history_actions').select(['id', 'label', 'ops']).where('id', 'in', [removed, made, deleted].map((r) => r.headers['x-request-id'] as string)).execute();
    expect(Object.fromEntries(labels.map((a) => [a.id, [a.label, a.ops]]))).toEqual({
      [removed.headers['x-request-id'] as string]: ['unpublished', ['updated']],
      [made.headers['x-request-id'] as string]: ['created', ['created']],
      [deleted.headers['x-request-id'] as string]: ['deleted', ['deleted']],
    });
  });
});

describe('undo', () => {
  it('takes a bulk publish back field for field, in one call, and tells open boards', async () => {
    const ids = [await shift({ driver_id: ada, start_time: '11:00', finish_time: '13:00' }), await shift({ restaurant_id: bombay, period_date: TUE })];
    const before = await shiftRows(ids);
    const published = await call('POST', '/api/shift/publish', ADMIN, { shift_ids: ids, push_drivers: 20 });
    feed.messages = [];
    const undo = await call('POST', `/api/history/${published.headers['x-request-id']}/undo`);
    expect(undo.statusCode).toBe(200);
    await expectPutBack(ids, before);
    expect(feed.messages).toEqual([{ channel: 'shift_channel', event: 'update', items: expect.arrayContaining(ids.map((id) => expect.objectContaining({ id }))) }]);
    const again = await call('POST', `/api/history/${published.headers['x-request-id']}/undo`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ action: [HISTORY_MSG.alreadyUndone] });
  });

  it('takes back a single edit and a created shift', async () => {
    const id = await shift();
    const [before] = await shiftRows([id]);
    const edit = await call('PUT', `/api/shift/${id}`, ADMIN, { id, restaurant_id: camden, period_date: MON, start_time: '19:00', finish_time: '23:00', driver_id: 0 });
    expect(edit.statusCode).toBe(200);
    expect((await call('POST', `/api/history/${edit.headers['x-request-id']}/undo`)).statusCode).toBe(200);
    await expectPutBack([id], [before]);

    const made = await call('POST', '/api/shift', ADMIN, { restaurant_id: camden, period_date: TUE, start_time: '07:00', finish_time: '09:00', driver_id: 0 });
    expect(made.statusCode).toBe(201);
    const madeId = made.json().id as number;
    expect((await call('POST', `/api/history/${made.headers['x-request-id']}/undo`)).statusCode).toBe(200);
    expect(await shiftRows([madeId])).toEqual([]);
  });

  it('takes back a Fill open shifts action field for field', async () => {
    const id = await shift({ period_date: WED, start_time: '18:00', finish_time: '22:00', status: 20 });
    const before = await shiftRows([id]);
    const fill = await call('POST', '/api/shift/fill', ADMIN, { lines: [{ shift_id: id, driver_id: ada }] });
    expect(fill.json().assigned.map((s: { id: number }) => s.id)).toEqual([id]);
    expect((await shiftRows([id]))[0].driver_id).toBe(ada);
    const undo = await call('POST', `/api/history/${fill.headers['x-request-id']}/undo`);
    expect(undo.statusCode).toBe(200);
    await expectPutBack([id], before);
  });

  it('refuses when a record was changed since, naming it and who changed it, and changes nothing', async () => {
    const id = await shift();
    const published = await call('POST', '/api/shift/publish', ADMIN, { shift_ids: [id] });
    const edit = await call('PUT', `/api/shift/${id}`, MANAGER, { id, restaurant_id: camden, period_date: MON, start_time: '18:00', finish_time: '23:00', driver_id: 0 });
    expect(edit.statusCode).toBe(200);
    const [now] = await shiftRows([id]);
    const undo = await call('POST', `/api/history/${published.headers['x-request-id']}/undo`);
    expect(undo.statusCode).toBe(400);
    expect(undo.json()).toEqual({ action: ['Shift at Pizza Palace Camden, Mon 18:00 was edited by Mark Manager after this action'] });
    expect(await shiftRows([id])).toEqual([now]);
  });

  it("refuses a manager an action outside their restaurants, and a driver's double booking", async () => {
    const far = await shift({ restaurant_id: outside });
    const published = await call('POST', '/api/shift/publish', ADMIN, { shift_ids: [far] });
    expect((await call('POST', `/api/history/${published.headers['x-request-id']}/undo`, MANAGER)).statusCode).toBe(403);
    expect((await shiftRows([far]))[0].status).toBe(20);

    // Bo leaves one shift; another takes him at that time; putting him back would double-book him.
    const first = await shift({ driver_id: bo, status: 20, start_time: '12:00', finish_time: '16:00' });
    const unassign = await call('PUT', `/api/shift/${first}`, ADMIN, { id: first, restaurant_id: camden, period_date: MON, start_time: '12:00', finish_time: '16:00', driver_id: 0 });
    expect(unassign.statusCode).toBe(200);
    await shift({ restaurant_id: bombay, driver_id: bo, status: 20, start_time: '13:00', finish_time: '15:00' });
    const undo = await call('POST', `/api/history/${unassign.headers['x-request-id']}/undo`);
    expect(undo.json()).toEqual({ action: [AVAILABILITY_MSG.overlap] });
    expect((await shiftRows([first]))[0].driver_id).toBeNull();
  });
});

describe('restore', () => {
  const deletedEntry = (actionId: string, table: string) =>
    t.db.selectFrom('history_entries').select('id').where('action_id', '=', actionId).where('table_name', '=', table).where('op', '=', 'deleted').executeTakeFirstOrThrow();

  it('brings back a deleted shift as it was, for administrators only', async () => {
    const id = await shift({ driver_id: ada, period_date: TUE, start_time: '08:00', finish_time: '10:00' });
    const [before] = await shiftRows([id]);
    const removed = await call('DELETE', `/api/shift/${id}`);
    expect(removed.statusCode).toBe(204);
    const entry = await deletedEntry(removed.headers['x-request-id'] as string, 'shifts');
    expect((await call('POST', `/api/history/restore/${entry.id}`, MANAGER)).statusCode).toBe(403);
    feed.messages = [];
    const res = await call('POST', `/api/history/restore/${entry.id}`);
    expect(res.statusCode).toBe(200);
    expect(await shiftRows([id])).toEqual([before]);
    expect(feed.messages).toEqual([{ channel: 'shift_channel', event: 'update', items: [{ id, restaurant_id: camden, period_date: TUE }] }]);
    expect((await call('POST', `/api/history/restore/${entry.id}`)).json()).toEqual({ entry: [HISTORY_MSG.alreadyBack] });
  });

  it("brings back a deleted restaurant with its drivers' and managers' links", async () => {
    const area = (await t.db.selectFrom('restaurants').select('area_id').where('id', '=', camden).executeTakeFirstOrThrow()).area_id;
    const { id } = await t.db.insertInto('restaurants').values({ name: 'History Kitchen', area_id: area, contact_name: 'Sam', address: '1 Road', telephone: '020' }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('driver_restaurants').values({ driver_id: ada, restaurant_id: id }).execute();
    const manager = (await t.db.selectFrom('users').select('id').where('email', '=', MANAGER).executeTakeFirstOrThrow()).id;
    await t.db.insertInto('user_restaurants').values({ user_id: manager, restaurant_id: id }).execute();
    const links = async () => [
      await t.db.selectFrom('driver_restaurants').selectAll().where('restaurant_id', '=', id).execute(),
      await t.db.selectFrom('user_restaurants').selectAll().where('restaurant_id', '=', id).execute(),
    ];
    const [before, linksBefore] = [await t.db.selectFrom('restaurants').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), await links()];
    const removed = await call('DELETE', `/api/restaurant/${id}`);
    expect(removed.statusCode).toBeLessThan(300);
    expect(await links()).toEqual([[], []]);
    const entry = await deletedEntry(removed.headers['x-request-id'] as string, 'restaurants');
    expect((await call('POST', `/api/history/restore/${entry.id}`)).statusCode).toBe(200);
    expect(await t.db.selectFrom('restaurants').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await links()).toEqual(linksBefore);
    await t.db.deleteFrom('user_restaurants').where('restaurant_id', '=', id).execute();
  });

  it('brings back a deleted driver with their areas, restaurants and working times', async () => {
    const id = await makeDriver(t.db, { first: 'Cy', last: 'Gone', areas: ['Camden'], restaurants: ['Bombay Spice'], weekly: { 0: ['09:00', '17:00'], 5: 'off' } });
    const rows = async () => [
      await t.db.selectFrom('drivers').selectAll().where('id', '=', id).execute(),
      await t.db.selectFrom('driver_areas').selectAll().where('driver_id', '=', id).execute(),
      await t.db.selectFrom('driver_restaurants').selectAll().where('driver_id', '=', id).execute(),
      await t.db.selectFrom('driver_working_times').selectAll().where('driver_id', '=', id).orderBy('id').execute(),
    ];
    const before = await rows();
    // No API call deletes a driver (the spec has none): the deletion is recorded as a request's would be.
    const actionId = crypto.randomUUID();
    const admin = (await t.db.selectFrom('users').select('id').where('email', '=', ADMIN).executeTakeFirstOrThrow()).id;
    await t.db.transaction().execute(async (trx) => {
      await sql`select set_config('app.history', ${JSON.stringify({ request_id: actionId, kind: 'user', account_id: admin, role: 10, name: null, route: 'DELETE /api/driver/:id' })}, true)`.execute(trx);
      await trx.deleteFrom('drivers').where('id', '=', id).execute();
    });
    expect(await rows()).toEqual([[], [], [], []]);
    const entry = await deletedEntry(actionId, 'drivers');
    expect((await call('POST', `/api/history/restore/${entry.id}`)).statusCode).toBe(200);
    // Everything as it was, but the phone's push token, which the history never keeps: the app registers it again.
    const [driverBefore, ...linksBefore] = before;
    expect(await rows()).toEqual([[{ ...driverBefore[0], push_token: null }], ...linksBefore]);
  });

  it('refuses a record that was not deleted', async () => {
    const id = await shift({ period_date: TUE, start_time: '20:00', finish_time: '21:00' });
    const published = await call('POST', '/api/shift/publish', ADMIN, { shift_ids: [id] });
    const entry = await t.db.selectFrom('history_entries').select('id').where('action_id', '=', published.headers['x-request-id'] as string).executeTakeFirstOrThrow();
    expect((await call('POST', `/api/history/restore/${entry.id}`)).json()).toEqual({ entry: [HISTORY_MSG.notDeleted] });
  });
});

describe('GET /api/history', () => {
  it('lists actions newest first with their entries, pages on the server and filters by record', async () => {
    const id = await shift({ period_date: TUE, start_time: '06:00', finish_time: '08:00' });
    const first = await call('POST', '/api/shift/publish', ADMIN, { shift_ids: [id] });
    const second = await call('POST', '/api/shift/unpublish', ADMIN, { shift_ids: [id] });
    const list = await call('GET', `/api/history?range=${encodeURIComponent('[0,0]')}`);
    expect(list.headers['content-range']).toMatch(/^history 0-0\/\d+$/);
    expect(list.json()).toEqual([expect.objectContaining({ id: second.headers['x-request-id'], name: 'unpublished', account_name: 'Alice Admin' })]);
    const own = await call('GET', `/api/history?filter=${encodeURIComponent(JSON.stringify({ table: 'shifts', record_id: String(id) }))}`);
    expect(own.json().map((a: { id: string }) => a.id)).toEqual([second.headers['x-request-id'], first.headers['x-request-id']]);
    expect(own.json()[0].entries).toEqual([
      expect.objectContaining({ table_name: 'shifts', record_id: String(id), before: expect.objectContaining({ status: 20 }), after: expect.objectContaining({ status: 10 }) }),
    ]);
    const bad = await call('GET', `/api/history?filter=${encodeURIComponent('{"name":"exploded"}')}`);
    expect(bad.statusCode).toBe(400);
  });

  it("shows a manager only actions touching their restaurants", async () => {
    const far = await shift({ restaurant_id: outside, period_date: TUE, start_time: '05:00', finish_time: '06:00' });
    const published = await call('POST', '/api/shift/publish', ADMIN, { shift_ids: [far] });
    const ids = (await call('GET', `/api/history?range=${encodeURIComponent('[0,99]')}`, MANAGER)).json().map((a: { id: string }) => a.id);
    expect(ids).not.toContain(published.headers['x-request-id']);
    const adminIds = (await call('GET', `/api/history?range=${encodeURIComponent('[0,99]')}`)).json().map((a: { id: string }) => a.id);
    expect(adminIds).toContain(published.headers['x-request-id']);
  });

  it('filters by who, record kind, action and dates', async () => {
    const id = await shift({ period_date: WED, start_time: '09:00', finish_time: '10:00' });
    const published = await call('POST', '/api/shift/publish', ADMIN, { shift_ids: [id] });
    const edited = await call('PUT', `/api/shift/${id}`, MANAGER, { id, restaurant_id: camden, period_date: WED, start_time: '09:00', finish_time: '11:00', driver_id: 0 });
    const list = async (filter: object) =>
      (await call('GET', `/api/history?range=${encodeURIComponent('[0,99]')}&filter=${encodeURIComponent(JSON.stringify(filter))}`)).json() as { id: string; account_name: string; name: string | null; kinds: Record<string, number> }[];
    const byMark = await list({ who: 'mark' });
    expect(byMark.map((a) => a.id)).toContain(edited.headers['x-request-id']);
    expect(byMark.every((a) => a.account_name === 'Mark Manager')).toBe(true);
    const publishes = await list({ name: 'published' });
    expect(publishes.map((a) => a.id)).toContain(published.headers['x-request-id']);
    expect(publishes.every((a) => a.name === 'published')).toBe(true);
    const area = await call('POST', '/api/area', ADMIN, { name: 'Filter Fields', city_id: (await t.db.selectFrom('cities').select('id').executeTakeFirstOrThrow()).id, standardPayRate: 11, weekendPayRate: 12 });
    const areas = await list({ table: 'areas' });
    expect(areas.map((a) => a.id)).toContain(area.headers['x-request-id']);
    expect(areas.map((a) => a.id)).not.toContain(published.headers['x-request-id']);
    expect(areas.every((a) => a.kinds.areas > 0)).toBe(true);
    expect(await list({ date_from: '2026-11-01', date_to: '2026-11-02' })).toEqual([]);
  });

  it("counts at most 10,000 actions and says there are more ('/10000+')", async () => {
    await sql`insert into history_actions (id, account_kind, account_id, account_name, route)
      select gen_random_uuid(), 'user', 1, 'Filler', 'test filler' from generate_series(1, 10001)`.execute(t.db);
    try {
      const page = await call('GET', `/api/history?range=${encodeURIComponent('[25,49]')}`);
      expect(page.headers['content-range']).toBe('history 25-49/10000+');
      const few = await call('GET', `/api/history?range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent(JSON.stringify({ who: 'Alice' }))}`);
      expect(few.headers['content-range']).toMatch(/^history 0-\d+\/\d+$/);
    } finally {
      await t.db.deleteFrom('history_actions').where('route', '=', 'test filler').execute();
    }
  });
});
