import fs from 'node:fs';
import type pg from 'pg';
import Pusher from 'pusher-js';
import { THROTTLE_LIMITS } from '../../server/auth/loginThrottle';
import { SHIFT_STATUS } from '../../domain/statuses';
import { startProcess, type ServerProcess } from '../helpers/serverProcess';
import { runSql, scratchDatabase } from '../helpers/scratchDatabase';
import { until } from '../helpers/waiting';

/**
 * Two real server processes behind a (notional) load balancer on one PostgreSQL database, as a scaled-out
 * deployment runs them: started together on an empty database, they migrate and seed it once; a change made through
 * one reaches a pusher-js client of the other, and each one's kept shift lists at once; what is published while one's LISTEN connection
 * is down reaches its clients once it listens again; a logout through one closes the socket held by the other; failed logins count across
 * both.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const scratch = scratchDatabase(adminUrl, 'backoffice_two');
  let a: ServerProcess;
  let b: ServerProcess;
  const clients: Pusher[] = [];
  const sql = async <T extends pg.QueryResultRow>(text: string, url = adminUrl) => (await runSql<T>(url, text)).rows;

  beforeAll(async () => {
    await scratch.create('empty');
    // Started at the same moment on the empty database: both must come up, one having seeded it.
    [a, b] = await Promise.all([startProcess({ DATABASE_URL: scratch.url }), startProcess({ DATABASE_URL: scratch.url })]);
  }, 240_000);

  afterAll(async () => {
    clients.splice(0).forEach((c) => c.disconnect());
    await Promise.all([a?.stop(), b?.stop()]);
    for (const server of [a, b]) if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await scratch.drop();
  });

  const login = async (server: ServerProcess, email: string, password = 'demo1234') =>
    fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const tokenOn = async (server: ServerProcess, email: string) => ((await (await login(server, email)).json()) as { access_token: string }).access_token;

  /** A pusher-js client of `server`, subscribed as the front end subscribes; counts its subscriptions. */
  async function listenOn(server: ServerProcess, token: string) {
    const { pusherKey } = (await (await fetch(`${server.url}/api/client-config`)).json()) as { pusherKey: string };
    const client = new Pusher(pusherKey, {
      cluster: '',
      wsHost: '127.0.0.1',
      wsPort: server.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: { endpoint: `${server.url}/broadcasting/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } },
    });
    clients.push(client);
    const heard: { channel: string; event: string }[] = [];
    const state = { subscriptions: 0 };
    const channel = client.subscribe('private-panelmessages');
    channel.bind('message', (payload: { data: { channel: string; event: string } }) => heard.push(payload.data));
    channel.bind('pusher:subscription_succeeded', () => state.subscriptions++);
    await until(() => state.subscriptions === 1, 10_000);
    return { client, heard, state };
  }

  it('both started on the empty database; the demo data was made once', async () => {
    for (const server of [a, b]) expect(((await (await fetch(`${server.url}/api/health`)).json()) as { status: string }).status).toBe('ok');
    const admins = await sql<{ n: number }>(`select count(*)::int as n from users where email = 'admin@demo.test'`, scratch.url);
    expect(admins[0].n).toBe(1);
    // Both sign the live feed with the one generated key.
    const keys = await Promise.all([a, b].map(async (s) => ((await (await fetch(`${s.url}/api/client-config`)).json()) as { pusherKey: string }).pusherKey));
    expect(keys[0]).toBe(keys[1]);
  });

  it("a change made through one instance reaches a pusher-js client of the other", async () => {
    const onB = await listenOn(b, await tokenOn(b, 'admin@demo.test'));
    const token = await tokenOn(a, 'admin@demo.test');
    const res = await fetch(`${a.url}/api/option/fuel_bonus_0`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ okey: 'fuel_bonus_0', ovalue: '1.25' }),
    });
    expect(res.status).toBe(200);
    await until(() => onB.heard.some((m) => m.channel === 'option_channel' && m.event === 'update'), 10_000);
  });

  it("what is published while one instance's LISTEN connection is down reaches that instance's clients after, once, without their subscribing again", async () => {
    const token = await tokenOn(a, 'admin@demo.test');
    const [onA, onB] = [await listenOn(a, token), await listenOn(b, token)];
    const put = (server: ServerProcess, okey: string, ovalue: string) =>
      fetch(`${server.url}/api/option/${okey}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ okey, ovalue }),
      });
    const terminated = await sql<{ ok: boolean }>(`select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'backoffice-feed:${a.child.pid}'`);
    expect(terminated).toHaveLength(1);
    // Saved through the other instance while this one is not listening (it listens again after half a second).
    expect((await put(b, 'fuel_bonus_3', '3.5')).status).toBe(200);
    expect((await put(b, 'fuel_bonus_6', '5.5')).status).toBe(200);
    const options = (heard: { channel: string }[]) => heard.filter((m) => m.channel === 'option_channel');
    await until(() => options(onA.heard).length >= 2, 15_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(options(onA.heard)).toHaveLength(2);
    expect(options(onB.heard)).toHaveLength(2);
    expect([onA.state.subscriptions, onB.state.subscriptions]).toEqual([1, 1]);
  });

  it('a logout through one instance closes the socket the other holds for that login', async () => {
    const token = await tokenOn(a, 'manager@demo.test');
    const onB = await listenOn(b, token);
    const closed = new Promise<number>((resolve) => onB.client.connection.bind('state_change', ({ current }: { current: string }) => current !== 'connected' && resolve(0)));
    expect((await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('socket not closed')), 10_000))]);
  });

  it("each instance's kept shift list shows at once a shift moved, then removed, through the other", async () => {
    const token = await tokenOn(a, 'admin@demo.test');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const [shift] = await sql<{ id: number; period_date: string }>(
      `select s.id, s.period_date::text as period_date from shifts s
       where s.status = ${SHIFT_STATUS.new} and s.driver_id is null and not exists (select 1 from timesheets t where t.shift_id = s.id)
       order by s.period_date desc, s.id limit 1`,
      scratch.url,
    );
    const day = (offset: number) => new Date(Date.parse(`${shift.period_date}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const range = `period_date_from=${day(-3)}&period_date_to=${day(3)}&with_driver=1&with_timesheet=1`;
    type Row = { id: number; period_date: string; comment: string | null };
    const list = async (server: ServerProcess) => (await (await fetch(`${server.url}/api/shift?${range}`, { headers })).json()) as Row[];
    const onA = async () => (await list(a)).find((s) => s.id === shift.id);

    // Read twice on A, so the second answer is its kept list.
    const before = (await list(a)).find((s) => s.id === shift.id)!;
    expect(await onA()).toEqual(before);
    const moved = await fetch(`${b.url}/api/shift/${shift.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...before, period_date: day(1), comment: 'Moved through the other instance' }),
    });
    expect(moved.status).toBe(200);
    expect(await onA()).toMatchObject({ period_date: day(1), comment: 'Moved through the other instance' });
    expect(JSON.stringify(await list(a))).toBe(JSON.stringify(await list(b)));

    expect((await fetch(`${b.url}/api/shift/${shift.id}`, { method: 'DELETE', headers: { authorization: headers.authorization } })).status).toBe(204);
    expect(await onA()).toBeUndefined();
  });

  it('counts failed logins across instances', async () => {
    for (let i = 0; i < THROTTLE_LIMITS.login.perEmail; i++) {
      expect((await login(i % 2 ? a : b, 'restaurant@demo.test', 'wrong-password')).status).toBe(401);
    }
    expect((await login(a, 'restaurant@demo.test', 'wrong-password')).status).toBe(429);
  });
});
