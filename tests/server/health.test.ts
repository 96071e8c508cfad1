import { sql } from 'kysely';
import { openDatabase } from '../../server/db/connection';
import { suiteTestApp } from '../helpers/testApp';

const t = suiteTestApp();

describe('GET /api/health', () => {
  it('answers the database kind and that every migration ran, without a token', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: 'reachable',
      engine: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      migrations: { pending: 0, latest: '0031_restaurant_alert_reads' },
    });
  });

  it('answers liveness and readiness for a load balancer', async () => {
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }]);
  });
});

describe('error shape', () => {
  it('unknown API paths answer 404 JSON; app routes without a built app explain themselves', async () => {
    const api = await t.app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
    const page = await t.app.inject({ url: '/schedule', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build');
  });

  it('malformed JSON is a 400 with a message, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('an unexpected failure is a 500 with a request id and nothing internal', async () => {
    const headers = await t.as('admin@demo.test');
    await t.db.schema.alterTable('alert_reads').renameTo('alert_reads_away').execute();
    try {
      const res = await t.app.inject({ url: '/api/alert', headers });
      expect(res.statusCode).toBe(500);
      expect(Object.keys(res.json()).sort()).toEqual(['message', 'request_id']);
      expect(res.body).not.toMatch(/alert_reads|select|stack/i);
    } finally {
      await t.db.schema.alterTable('alert_reads_away').renameTo('alert_reads').execute();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  it('keep answering after the server ends the idle ones', async () => {
    const mine = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(t.db)).rows[0].pid;
    const before = await mine();
    // Ended from another session, as an administrator or a server restart would: the pool's idle client dies.
    const other = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL! });
    try {
      await sql`select pg_terminate_backend(${before})`.execute(other.db);
    } finally {
      await other.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(await mine()).not.toBe(before);
  });
});
