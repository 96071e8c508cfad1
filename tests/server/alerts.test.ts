import { suiteTestApp } from '../helpers/testApp';
import { raiseAlert } from '../../server/services/alerts';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { ALERT_STATUS } from '../../domain/statuses';

const feed = new RecordingBroadcaster();
const t = suiteTestApp({ broadcaster: feed });

const get = async (email: string) => t.app.inject({ url: '/api/alert', headers: await t.as(email) });

describe('GET /api/alert', () => {
  it('lists alerts newest first with status and a message in data', async () => {
    const res = await get('admin@demo.test');
    expect(res.statusCode).toBe(200);
    const alerts = res.json();
    expect(alerts.length).toBeGreaterThan(0);
    for (const a of alerts) {
      expect([ALERT_STATUS.unread, ALERT_STATUS.read]).toContain(a.status);
      expect(typeof JSON.parse(a.data).message).toBe('string');
    }
    const times = alerts.map((a: { created_at: string }) => a.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('is for administrators, managers and restaurant accounts; drivers are refused', async () => {
    expect((await get('manager@demo.test')).statusCode).toBe(200);
    expect((await get('restaurant@demo.test')).statusCode).toBe(200);
    expect((await get('driver@demo.test')).statusCode).toBe(403);
  });

  it("shows a manager only alerts of restaurants in their areas (or of none)", async () => {
    const manager = await t.db.selectFrom('users').select('id').where('email', '=', 'manager@demo.test').executeTakeFirstOrThrow();
    const outside = await t.db
      .selectFrom('restaurants')
      .select(['id', 'name'])
      .where('area_id', 'not in', t.db.selectFrom('user_areas').select('area_id').where('user_id', '=', manager.id))
      .executeTakeFirstOrThrow();
    const alert = await raiseAlert(t.app, { channel: 'shift_channel', event: 'request', message: `${outside.name} asks`, restaurantId: outside.id });
    const managerIds = (await get('manager@demo.test')).json().map((a: { id: number }) => a.id);
    const adminIds = (await get('admin@demo.test')).json().map((a: { id: number }) => a.id);
    expect(adminIds).toContain(alert.id);
    expect(managerIds).not.toContain(alert.id);
    const put = await t.app.inject({ method: 'PUT', url: `/api/alert/${alert.id}`, payload: { id: alert.id, status: 20 }, headers: await t.as('manager@demo.test') });
    expect(put.statusCode).toBe(404);
  });
});

describe('raising an alert', () => {
  it('stores it unread for everyone and broadcasts it on the alert feed', async () => {
    feed.messages = [];
    const alert = await raiseAlert(t.app, { channel: 'timesheet_channel', event: 'reject', message: 'Driver rejected a shift' });
    expect(feed.messages).toEqual([{ channel: 'alert_channel', event: 'store', items: [expect.objectContaining({ id: alert.id, status: 10 })] }]);
    const listed = (await get('admin@demo.test')).json()[0];
    expect(listed).toMatchObject({ id: alert.id, status: 10, channel: 'timesheet_channel', event: 'reject' });
    expect(JSON.parse(listed.data)).toEqual({ message: 'Driver rejected a shift' });
  });
});

describe('PUT /api/alert/{id} and POST /api/alert/all-readed', () => {
  it('marks one read for this user only, and back', async () => {
    const alert = await raiseAlert(t.app, { channel: 'news_feed_channel', event: 'publish', message: 'New reply' });
    const admin = await t.as('admin@demo.test');
    const res = await t.app.inject({ method: 'PUT', url: `/api/alert/${alert.id}`, payload: { id: alert.id, status: 20 }, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: alert.id, status: 20 });
    const otherAdmin = await t.db.selectFrom('users').select('email').where('role', '=', 10).where('email', '!=', 'admin@demo.test').executeTakeFirstOrThrow();
    const forOther = (await get(otherAdmin.email)).json().find((a: { id: number }) => a.id === alert.id);
    expect(forOther?.status ?? 10).toBe(10);
    const back = await t.app.inject({ method: 'PUT', url: `/api/alert/${alert.id}`, payload: { id: alert.id, status: 10 }, headers: admin });
    expect(back.json().status).toBe(10);
  });

  it('validates the status and the id', async () => {
    const admin = await t.as('admin@demo.test');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/alert/1', payload: { status: 99 }, headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['status']);
    expect((await t.app.inject({ method: 'PUT', url: '/api/alert/999999', payload: { status: 20 }, headers: admin })).statusCode).toBe(404);
  });

  it('marks every visible alert read', async () => {
    await raiseAlert(t.app, { channel: 'shift_channel', event: 'request', message: 'Open shifts requested' });
    const headers = await t.as('admin@demo.test');
    const res = await t.app.inject({ method: 'POST', url: '/api/alert/all-readed', headers });
    expect(res.json()).toMatchObject({ success: true });
    expect((await get('admin@demo.test')).json().every((a: { status: number }) => a.status === 20)).toBe(true);
  });
});

describe("a restaurant account's bell", () => {
  const restaurantOf = async (email: string) =>
    t.db
      .selectFrom('restaurants')
      .innerJoin('restaurateurs', 'restaurateurs.id', 'restaurants.restaurateur_id')
      .select(['restaurants.id', 'restaurants.name'])
      .where('restaurateurs.email', '=', email)
      .executeTakeFirstOrThrow();
  const idsFor = async (email: string) => (await get(email)).json().map((a: { id: number }) => a.id);

  it("lists its own restaurants' late drivers and no-shows only: not another restaurant's, nor the office's", async () => {
    const own = await restaurantOf('restaurant@demo.test');
    const other = await restaurantOf('goldenwok@demo.test');
    const late = await raiseAlert(t.app, { channel: 'shift_channel', event: 'late', message: `Sam is late for ${own.name}`, restaurantId: own.id });
    const noShow = await raiseAlert(t.app, { channel: 'shift_channel', event: 'noShow', message: `Sam is a no-show at ${own.name}`, restaurantId: own.id });
    const elsewhere = await raiseAlert(t.app, { channel: 'shift_channel', event: 'late', message: `Kim is late for ${other.name}`, restaurantId: other.id });
    // The office's: a driver's timesheet (its pay) and shift request at the same restaurant, and alerts of no restaurant.
    const timesheet = await raiseAlert(t.app, { channel: 'timesheet_channel', event: 'publish', message: 'Timesheet submitted', restaurantId: own.id });
    const request = await raiseAlert(t.app, { channel: 'shift_channel', event: 'request', message: 'Shift requested', restaurantId: own.id });
    const office = await raiseAlert(t.app, { channel: 'news_feed_channel', event: 'publish', message: 'A driver replied' });

    const mine = await idsFor('restaurant@demo.test');
    expect(mine).toEqual(expect.arrayContaining([late.id, noShow.id]));
    for (const id of [elsewhere.id, timesheet.id, request.id, office.id]) expect(mine).not.toContain(id);
    expect(await idsFor('goldenwok@demo.test')).toContain(elsewhere.id);
    expect(await idsFor('goldenwok@demo.test')).not.toContain(late.id);
    const listed = (await get('restaurant@demo.test')).json().find((a: { id: number }) => a.id === late.id);
    expect(listed).toMatchObject({ status: 10, event: 'late' });
    expect(JSON.parse(listed.data)).toEqual({ message: `Sam is late for ${own.name}` });
  });

  it('marks its alerts read, one or all, for itself only; the office and other alerts are out of its reach', async () => {
    const own = await restaurantOf('restaurant@demo.test');
    const other = await restaurantOf('goldenwok@demo.test');
    const headers = await t.as('restaurant@demo.test');
    const late = await raiseAlert(t.app, { channel: 'shift_channel', event: 'late', message: 'Late', restaurantId: own.id });
    const noShow = await raiseAlert(t.app, { channel: 'shift_channel', event: 'noShow', message: 'No-show', restaurantId: own.id });
    const elsewhere = await raiseAlert(t.app, { channel: 'shift_channel', event: 'late', message: 'Late elsewhere', restaurantId: other.id });
    const office = await raiseAlert(t.app, { channel: 'timesheet_channel', event: 'publish', message: 'Timesheet', restaurantId: own.id });

    const put = (id: number, status: number) => t.app.inject({ method: 'PUT', url: `/api/alert/${id}`, payload: { id, status }, headers });
    const read = await put(late.id, 20);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: late.id, status: 20 });
    // Its read is its own: the office still has it unread.
    const forAdmin = (await get('admin@demo.test')).json().find((a: { id: number }) => a.id === late.id);
    expect(forAdmin.status).toBe(10);
    expect((await put(late.id, 10)).json()).toMatchObject({ status: 10 });
    for (const id of [elsewhere.id, office.id]) expect((await put(id, 20)).statusCode).toBe(404);

    const all = await t.app.inject({ method: 'POST', url: '/api/alert/all-readed', headers });
    expect(all.json()).toMatchObject({ success: true });
    const mine = (await get('restaurant@demo.test')).json();
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((a: { status: number }) => a.status === 20)).toBe(true);
    expect(mine.map((a: { id: number }) => a.id)).toEqual(expect.arrayContaining([late.id, noShow.id]));
    // Marking all read reached nothing beyond its own alerts.
    const otherAccount = (await get('goldenwok@demo.test')).json().find((a: { id: number }) => a.id === elsewhere.id);
    expect(otherAccount.status).toBe(10);
    const reads = await t.db.selectFrom('restaurateur_alert_reads').select('alert_id').where('alert_id', 'in', [elsewhere.id, office.id]).execute();
    expect(reads).toEqual([]);
  });
});
