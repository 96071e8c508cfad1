import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { resolveSecrets } from '../../server/secrets';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection';
import { issueToken } from '../../server/auth/tokens';
import { OWN_MSG } from '../../domain/messages';
import { startTcpProxy, type TcpProxy } from '../helpers/tcpProxy';
import { scratchDatabase } from '../helpers/scratchDatabase';

/**
 * The app on PostgreSQL through a proxy that cuts, silences and refuses its connections, as restarts, failovers and
 * quiet networks do: no failure ends the process, every request is answered within its limits (503 with the
 * message and Retry-After when the database cannot serve it), health tells the truth, and service comes back
 * without a restart.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('when PostgreSQL goes away', () => {
  const limits = { connectMs: 500, statementMs: 800 };
  /** A request may wait for a connection, then for one statement's answer (its limit and a second's grace). */
  const ANSWER_WITHIN_MS = limits.connectMs + limits.statementMs + 1_000 + 700;
  const scratch = scratchDatabase(process.env.TEST_DATABASE_URL!, 'backoffice_outage');
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let dataDir: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    await scratch.create();
    const url = new URL(scratch.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    database = await openDatabase({ databaseUrl: proxy.urlThrough(scratch.url), limits });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-outage-'));
    const config = await resolveSecrets(loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-app') }), database.db);
    app = await buildApp({ config, db: database.db, databaseKind: database.kind, logger: process.env.DEBUG_OUTAGE ? { level: 'warn' } : false });
    await app.ready();
    const user = await database.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    headers = { authorization: `Bearer ${await issueToken(database.db, 'user', user.id, 1)}` };
  });

  afterAll(async () => {
    await proxy?.resume();
    await app?.close();
    await database?.close();
    await proxy?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  });

  afterEach(() => proxy.resume());

  const timed = async (url: string) => {
    const started = Date.now();
    const res = await app.inject({ url, headers });
    if (process.env.DEBUG_OUTAGE) console.log(url, res.statusCode, Date.now() - started, res.body.slice(0, 300));
    return { res, ms: Date.now() - started };
  };

  const expectUnavailable = (res: Awaited<ReturnType<FastifyInstance['inject']>>) => {
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(OWN_MSG.databaseUnavailable);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('answers every request when all connections are cut under load, with 503 at worst, and serves again at once', async () => {
    const answers: number[] = [];
    const load = Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        for (let n = 0; n < 6; n++) answers.push((await app.inject({ url: i % 2 ? '/api/area' : '/api/restaurant', headers })).statusCode);
      }),
    );
    for (let cut = 0; cut < 3; cut++) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      proxy.killAll();
    }
    await load;
    expect(answers).toHaveLength(72);
    expect(answers.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(answers.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect((await app.inject({ url: '/api/area', headers })).statusCode).toBe(200);
  });

  it('a transaction cut between two statements answers 503 and leaves nothing half-written', async () => {
    const before = (await sql<{ n: number }>`select count(*)::int as n from cities`.execute(database.db)).rows[0].n;
    const attempt = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('cities').values({ city_name: 'Cut-off Town' }).execute();
      proxy.killAll();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await trx.insertInto('cities').values({ city_name: 'Never Reached' }).execute();
    });
    await expect(attempt).rejects.toMatchObject({ name: 'DatabaseUnavailableError' });
    const after = (await sql<{ n: number }>`select count(*)::int as n from cities`.execute(database.db)).rows[0].n;
    expect(after).toBe(before);
  });

  it('a silent database: requests and health answer 503 within their limits, then serve again', async () => {
    await app.inject({ url: '/api/area', headers }); // a pooled connection that will go quiet
    proxy.silence();
    const [data, health] = await Promise.all([timed('/api/area'), timed('/api/health')]);
    expectUnavailable(data.res);
    expect(data.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(health.res.statusCode).toBe(503);
    expect(health.res.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect(health.ms).toBeLessThan(3_000);
    expect((await timed('/api/health/ready')).res.statusCode).toBe(503);
    expect((await timed('/api/health/live')).res.statusCode).toBe(200);
    proxy.killAll();
    await proxy.resume();
    expect((await timed('/api/area')).res.statusCode).toBe(200);
    expect((await timed('/api/health')).res.statusCode).toBe(200);
  });

  it('a database that refuses connections: 503 at once, and health says it is unreachable', async () => {
    await proxy.refuse();
    proxy.killAll();
    const data = await timed('/api/area');
    expectUnavailable(data.res);
    expect(data.ms).toBeLessThan(ANSWER_WITHIN_MS);
    const health = await timed('/api/health');
    expect([health.res.statusCode, health.res.json().database]).toEqual([503, 'unreachable']);
    await proxy.resume();
    expect((await timed('/api/area')).res.statusCode).toBe(200);
  });

  it('a statement past its limit is cancelled by the server (503), and its connection keeps serving', async () => {
    const slow = sql`select pg_sleep(3)`.execute(database.db);
    await expect(slow).rejects.toMatchObject({ name: 'DatabaseUnavailableError' });
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows[0].one).toBe(1);
  });
});
