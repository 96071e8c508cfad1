import crypto from 'node:crypto';
import fs from 'node:fs';
import { startProcess, type ServerProcess } from '../helpers/serverProcess';
import { startTcpProxy, type TcpProxy } from '../helpers/tcpProxy';
import { listenOn, type FeedClient } from '../helpers/feedClient';
import { startLoad, type Load } from './load';
import { FaultReport, describeCounts, health, login, msUntilHealth, query, sleep, stopUnderLoad } from './faults';

/**
 * Two server processes on one PostgreSQL database, as a scaled-out office runs them: A reaches the database through a
 * proxy that cuts, silences and refuses its connections; B reaches it directly and holds a screen's live feed. Under a
 * steady mix of new shifts and board reads, each fault must leave A running, answering every request within 10 s
 * (503 at worst), telling the truth on /api/health within 3 s, and serving again without a restart; no acknowledged
 * write may be lost. The figures are printed at the end.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the server when PostgreSQL restarts, fails over or goes quiet', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `backoffice_fault_${crypto.randomBytes(4).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  })();
  /** Shorter than the defaults so the suite spends less time waiting on each fault; the defaults are longer still. */
  const limits = { DB_CONNECT_TIMEOUT_MS: '1500', DB_STATEMENT_TIMEOUT_MS: '3000' };
  const ANSWER_WITHIN_MS = 10_000;
  const HEALTH_WITHIN_MS = 3_000;
  const days = ['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05', '2027-03-06', '2027-03-07'];

  const report = new FaultReport();
  const acknowledged: number[] = [];
  /** The comments of the shifts the server said it saved, each unique to one user action. */
  const saved: string[] = [];
  let retries = 0;
  let proxy: TcpProxy;
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string;
  let restaurantIds: number[];
  const feeds: FeedClient[] = [];

  beforeAll(async () => {
    await query(adminUrl, `create database ${name}`);
    const target = new URL(adminUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    a = await startProcess({ DATABASE_URL: proxy.urlThrough(databaseUrl), ...limits });
    b = await startProcess({ DATABASE_URL: databaseUrl, SEED_DEMO: '0', ...limits });
    token = await login(a.url);
    const rows = await query<{ id: number }>(databaseUrl, `select id from restaurants where status = 10 order by id`);
    restaurantIds = rows.map((r) => r.id);
  });

  afterAll(async () => {
    report.print('Fault suite on PostgreSQL');
    feeds.splice(0).forEach((feed) => feed.client.disconnect());
    await proxy?.resume();
    await Promise.all([a?.stop(), b?.stop()]);
    await proxy?.close();
    for (const server of [a, b]) if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await query(adminUrl, `drop database if exists ${name} with (force)`);
  });

  afterEach(() => proxy.resume());

  const load = (server = a): Load => startLoad({ url: server.url, token, restaurantIds, days });

  /** Stops the load and checks what every fault must leave true; answers the load's counts for the report. */
  async function finish(running: Load, label: string, server = a) {
    await running.stop();
    acknowledged.push(...running.acknowledged);
    saved.push(...running.savedComments);
    retries += running.counts.retries;
    const { counts } = running;
    report.add(
      `${label}: ${counts.requests} requests (${describeCounts(counts.byStatus)}), ${counts.writesAcknowledged} writes acknowledged, ${counts.retries} sent again with their key, slowest answer ${counts.slowestMs} ms`,
    );
    expect(server.child.exitCode, `the process ended:\n${server.output().slice(-2000)}`).toBeNull();
    expect(running.unexpected).toEqual([]);
    expect(Object.keys(counts.byStatus).filter((k) => k.startsWith('no answer'))).toEqual([]);
    expect(counts.slowestMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(counts.writesAcknowledged).toBeGreaterThan(0);
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
  }

  /** After a fault ends: time until health answers 200 and a write goes through again, without a restart. */
  async function recovery(label: string) {
    const since = Date.now();
    const healthy = await msUntilHealth(a.url, 200, since);
    report.add(`${label}: service back in ${healthy} ms (health 200)`);
  }

  it('every connection cut under load, five times', async () => {
    const running = load();
    await sleep(1_000);
    let cut = 0;
    for (let round = 0; round < 5; round++) {
      cut += proxy.killAll();
      await sleep(1_000);
    }
    report.add(`cuts: 5 rounds, ${cut} connections cut`);
    await recovery('cuts');
    await finish(running, 'cuts');
  });

  it('a silent database (connections up, no bytes)', async () => {
    const running = load();
    await sleep(500);
    proxy.silence();
    const since = Date.now();
    const unhealthy = await msUntilHealth(a.url, 503, since);
    report.add(`silent: health 503 after ${unhealthy} ms`);
    expect(unhealthy).toBeLessThan(HEALTH_WITHIN_MS);
    await sleep(5_000);
    // The silence ends as a failover ends it: the old connections are gone, new ones reach the server.
    proxy.killAll();
    await proxy.resume();
    await recovery('silent');
    await finish(running, 'silent');
  });

  it('a database that refuses connections', async () => {
    const running = load();
    await sleep(500);
    await proxy.refuse();
    proxy.killAll();
    const since = Date.now();
    const unhealthy = await msUntilHealth(a.url, 503, since);
    report.add(`refusing: health 503 after ${unhealthy} ms`);
    expect(unhealthy).toBeLessThan(HEALTH_WITHIN_MS);
    expect((await health(a.url, '/api/health/ready')).status).toBe(503);
    expect((await health(a.url, '/api/health/live')).status).toBe(200);
    await sleep(4_000);
    await proxy.resume();
    await recovery('refusing');
    await finish(running, 'refusing');
  });

  it('no acknowledged write was lost, and no retry with its key wrote twice', async () => {
    const found = await query<{ n: number }>(databaseUrl, 'select count(*)::int as n from shifts where id = any($1)', [acknowledged]);
    const rows = await query<{ comment: string; n: number }>(databaseUrl, `select comment, count(*)::int as n from shifts where comment like 'load %' group by comment`);
    const kept = new Map(rows.map((r) => [r.comment, r.n]));
    const lost = saved.filter((comment) => !kept.has(comment));
    const twice = rows.filter((r) => r.n > 1);
    report.add(
      `writes: ${saved.length} acknowledged (${acknowledged.length} with their answer, ${saved.length - acknowledged.length} told 'saved already' on a retry), ${lost.length} lost; ${retries} tries sent again with their key, ${twice.length} shifts written twice`,
    );
    expect(found[0].n).toBe(acknowledged.length);
    expect(lost).toEqual([]);
    expect(twice).toEqual([]);
  });

  it("live messages reach the other instance's screens across a lost LISTEN connection and cut writer connections", async () => {
    const feed = await listenOn(b.url, await login(b.url));
    feeds.push(feed);
    const running = load();
    await sleep(700);
    const kills = await query<{ killed: boolean }>(
      adminUrl,
      `select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = $1`,
      [`backoffice-feed:${b.child.pid}`],
    );
    await sleep(700);
    proxy.killAll(); // the writer's connections, its own LISTEN and publishing ones included
    await sleep(1_500);
    await running.stop();
    acknowledged.push(...running.acknowledged);
    const heardIds = () => new Set(feed.heard.filter((m) => m.channel === 'shift_channel').flatMap((m) => m.items.map((i) => i.id)));
    const deadline = Date.now() + 15_000;
    while (running.acknowledged.some((id) => !heardIds().has(id)) && Date.now() < deadline) await sleep(100);
    const heard = heardIds();
    const missing = running.acknowledged.filter((id) => !heard.has(id));
    const storeMessages = feed.heard.filter((m) => m.channel === 'shift_channel' && m.event === 'store').flatMap((m) => m.items.map((i) => i.id));
    const duplicates = storeMessages.length - new Set(storeMessages).size;
    report.add(
      `live feed: LISTEN killed ${kills.length} time(s), writer cut once; ${running.acknowledged.length} shifts created, ${running.acknowledged.length - missing.length} heard on the other instance, ${missing.length} missing, ${duplicates} heard twice, ${feed.state.subscriptions - 1} reload signal(s)`,
    );
    expect(kills.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
    expect(duplicates).toBe(0);
  });

  it('two people saving one shift on the two instances: the later, stale save is refused with 409, not written', async () => {
    const manager = await login(b.url, 'manager@demo.test');
    const restaurant = await query<{ id: number }>(
      databaseUrl,
      `select r.id from restaurants r join user_areas ua on ua.area_id = r.area_id join users u on u.id = ua.user_id
       where u.email = 'manager@demo.test' and r.status = 10 order by r.id limit 1`,
    );
    const body = { restaurant_id: restaurant[0].id, period_date: days[2], start_time: '11:00', finish_time: '15:00', driver_id: 0 };
    const send = (url: string, who: string, method: string, path: string, payload: object) =>
      fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${who}`, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    const created = (await (await send(a.url, token, 'POST', '/api/shift', body)).json()) as { id: number; updated_at: string };
    const first = await send(b.url, manager, 'PUT', `/api/shift/${created.id}`, { ...body, id: created.id, comment: 'first', updated_at: created.updated_at });
    const stale = await send(a.url, token, 'PUT', `/api/shift/${created.id}`, { ...body, id: created.id, comment: 'second', updated_at: created.updated_at });
    const refusal = (await stale.json()) as { message: string };
    report.add(`stale save: first ${first.status}, the stale one ${stale.status} '${refusal.message}'`);
    expect(first.status).toBe(200);
    expect(stale.status).toBe(409);
    expect(refusal.message).toMatch(/^This shift was changed by .+ at \d\d:\d\d\. Reload to see it\.$/);
    const [kept] = await query<{ comment: string }>(databaseUrl, 'select comment from shifts where id = $1', [created.id]);
    expect(kept.comment).toBe('first');
  });

  it('SIGTERM during writes: requests in flight finish, the process exits 0, nothing acknowledged is lost', async () => {
    const c = await startProcess({ DATABASE_URL: databaseUrl, SEED_DEMO: '0', ...limits });
    try {
      const stop = await stopUnderLoad(c, { token, restaurantIds, days });
      const acked = stop.load.acknowledged;
      const found = await query<{ n: number }>(databaseUrl, 'select count(*)::int as n from shifts where id = any($1)', [acked]);
      report.add(
        `SIGTERM: exit ${stop.exitCode} after ${stop.stoppedMs} ms; ${acked.length} writes acknowledged, ${acked.length - found[0].n} lost; ${stop.inFlightUnanswered.length} requests in flight at the stop left unanswered; ${describeCounts(stop.load.counts.byStatus)}`,
      );
      expect(stop.exitCode).toBe(0);
      expect(found[0].n).toBe(acked.length);
      expect(stop.load.unexpected).toEqual([]);
      expect(stop.inFlightUnanswered).toEqual([]);
    } finally {
      await c.kill();
      fs.rmSync(c.dataDir, { recursive: true, force: true });
    }
  });
});
