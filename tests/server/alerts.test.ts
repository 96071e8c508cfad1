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

  it('is for administrators and managers only', async () => {
    expect((await get('manager@demo.test')).statusCode).toBe(200);
    expect((await get('restaurant@demo.test')).statusCode).toBe(403);
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
