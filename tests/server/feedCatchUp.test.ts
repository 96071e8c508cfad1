import crypto from 'node:crypto';
import { createPostgresBroadcaster, type PostgresBroadcaster, type PostgresBroadcasterOptions } from '../../server/realtime/postgresBroadcaster';
import type { FeedMessage } from '../../server/realtime/broadcaster';
import { startTcpProxy, type TcpProxy } from '../helpers/tcpProxy';
import { runSql, scratchDatabase } from '../helpers/scratchDatabase';
import { sleep, until } from '../helpers/waiting';

/**
 * The live feed across a database that misbehaves, as instances on one PostgreSQL see it: a LISTEN connection killed
 * or gone silent while another instance publishes a steady stream, the publishing instance's own connections killed
 * mid-stream, and stretches the log can no longer account for. What an instance's sockets hear (here, what reaches
 * its attached hub) must be every message once, in order, or, when that cannot be known, the reload signal. Nothing
 * may end the process. The figures are printed.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the live feed when the database connection fails (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const scratch = scratchDatabase(adminUrl, 'backoffice_feedfault');
  const { name, url } = scratch;
  let proxy: TcpProxy;
  const open: PostgresBroadcaster[] = [];
  /** Whatever escapes to the process: an 'error' event nobody handled, a rejection nobody caught. */
  const escaped: unknown[] = [];
  const onEscape = (error: unknown) => escaped.push(error);

  beforeAll(async () => {
    await scratch.create();
    const u = new URL(url);
    proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 5432) });
    process.on('uncaughtException', onEscape);
    process.on('unhandledRejection', onEscape);
  });

  afterAll(async () => {
    await Promise.all(open.map((b) => b.close()));
    await proxy?.close();
    await scratch.drop();
    process.off('uncaughtException', onEscape);
    process.off('unhandledRejection', onEscape);
  });

  afterEach(async () => {
    await proxy.resume();
    await Promise.all(open.splice(0).map((b) => b.close()));
  });

  /** An instance's broadcaster, named for pg_stat_activity; what it logs is kept. */
  async function instance(label: string, options: PostgresBroadcasterOptions & { throughProxy?: boolean } = {}) {
    const warnings: string[] = [];
    const feedName = `feedtest-${label}-${crypto.randomBytes(3).toString('hex')}`;
    const broadcaster = await createPostgresBroadcaster(options.throughProxy ? proxy.urlThrough(url) : url, {
      name: feedName,
      log: { warn: (...parts: unknown[]) => warnings.push(parts.join(' ')) },
      ...options,
    });
    open.push(broadcaster);
    return { broadcaster, name: feedName, warnings };
  }

  /** What an instance's sockets hear on one test's channel: the numbers of the stream, and the reload signals. */
  function hearing(broadcaster: PostgresBroadcaster, channel: string) {
    const heard: number[] = [];
    const state = { gaps: 0 };
    broadcaster.attach(
      (message) => {
        if (message.channel === channel) heard.push(message.items[0] as number);
      },
      () => state.gaps++,
    );
    return { heard, state };
  }

  const tick = (channel: string, n: number): FeedMessage => ({ channel, event: 'tick', items: [n] });

  /** Publishes 0, 1, 2 ... every `everyMs` for `count` messages; answers what was published and the slowest publish. */
  async function stream(broadcaster: PostgresBroadcaster, channel: string, count: number, everyMs = 20) {
    const published: number[] = [];
    let slowestMs = 0;
    for (let n = 0; n < count; n++) {
      const started = performance.now();
      await broadcaster.publish(tick(channel, n));
      slowestMs = Math.max(slowestMs, performance.now() - started);
      published.push(n);
      await sleep(everyMs);
    }
    return { published, slowestMs };
  }

  function tally(published: number[], heard: number[]) {
    const seen = new Set<number>();
    let duplicates = 0;
    for (const n of heard) {
      if (seen.has(n)) duplicates++;
      seen.add(n);
    }
    return {
      published: published.length,
      delivered: heard.length,
      duplicates,
      missing: published.filter((n) => !seen.has(n)).length,
      inOrder: heard.every((n, i) => i === 0 || n > heard[i - 1]),
    };
  }

  const terminate = async (where: string) =>
    (await runSql(adminUrl, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and ${where}`)).rowCount ?? 0;

  it("delivers once and in order everything published while an instance's LISTEN connection was killed", async () => {
    const listener = await instance('listener');
    const publisher = await instance('publisher');
    const channel = 'stream_killed_listen';
    const { heard, state } = hearing(listener.broadcaster, channel);

    const publishing = stream(publisher.broadcaster, channel, 50);
    await sleep(300);
    const killedAt = performance.now();
    expect(await terminate(`application_name = '${listener.name}'`)).toBe(1);
    const { published } = await publishing;
    await until(() => heard.length >= published.length, 15_000);
    const caughtUpMs = performance.now() - killedAt;
    await sleep(300);

    const counts = tally(published, heard);
    console.log(`LISTEN killed mid-stream: ${JSON.stringify(counts)}, all delivered ${caughtUpMs.toFixed(0)} ms after the kill`);
    console.log(listener.warnings.join('\n'));
    expect(counts).toEqual({ published: 50, delivered: 50, duplicates: 0, missing: 0, inOrder: true });
    expect(state.gaps).toBe(0);
    // The stream went on while it was not listening: those messages came from the log.
    const readBack = listener.warnings.map((w) => /(\d+) messages read back/.exec(w)?.[1]).find(Boolean);
    expect(Number(readBack)).toBeGreaterThan(0);
  });

  it('delivers each of two instances\' streams once and in its order when the listener loses its LISTEN connection twice meanwhile', async () => {
    const listener = await instance('listener');
    const [first, second] = [await instance('first'), await instance('second')];
    const channel = 'stream_two_publishers';
    const { heard, state } = hearing(listener.broadcaster, channel);

    // The second stream numbers from 1000, so each stream's part of what was heard can be told apart.
    const streams = Promise.all([
      stream(first.broadcaster, channel, 60, 15),
      (async () => {
        const published: number[] = [];
        for (let n = 1000; n < 1060; n++) {
          await second.broadcaster.publish(tick(channel, n));
          published.push(n);
          await sleep(15);
        }
        return { published };
      })(),
    ]);
    await sleep(150);
    expect(await terminate(`application_name = '${listener.name}'`)).toBe(1);
    await until(() => listener.warnings.some((w) => w.includes('read back')), 10_000);
    expect(await terminate(`application_name = '${listener.name}'`)).toBe(1);
    const [{ published: fromFirst }, { published: fromSecond }] = await streams;
    await until(() => heard.length >= 120, 15_000);
    await sleep(300);

    const counts = {
      first: tally(fromFirst, heard.filter((n) => n < 1000)),
      second: tally(fromSecond, heard.filter((n) => n >= 1000)),
    };
    console.log(`two streams, LISTEN killed twice: ${JSON.stringify(counts)}`);
    for (const c of Object.values(counts)) expect(c).toEqual({ published: 60, delivered: 60, duplicates: 0, missing: 0, inOrder: true });
    expect(state.gaps).toBe(0);
  });

  it("loses nothing when the publishing instance's connections are killed while it publishes", async () => {
    const publisher = await instance('publisher', { throughProxy: true });
    const listener = await instance('listener');
    const channel = 'stream_killed_publisher';
    const onListener = hearing(listener.broadcaster, channel);
    const onPublisher = hearing(publisher.broadcaster, channel);

    const publishing = stream(publisher.broadcaster, channel, 50);
    let terminated = 0;
    for (let round = 0; round < 4; round++) {
      await sleep(150);
      if (round % 2) {
        // Killed by the database, as an operator or a restart would; once the feed has connected again after the
        // last cut (its reconnection backs off, and a loaded machine slows it further).
        const deadline = Date.now() + 2_000;
        let killed = 0;
        while (!killed && Date.now() < deadline) {
          killed = await terminate(`application_name like '${publisher.name}%'`);
          if (!killed) await sleep(50);
        }
        terminated += killed;
      } else {
        // Cut by the network, and refused for a moment.
        await proxy.refuse();
        proxy.killAll();
        await sleep(150);
        await proxy.resume();
      }
    }
    const { published, slowestMs } = await publishing;
    await until(() => onListener.heard.length >= 50 && onPublisher.heard.length >= 50, 15_000);
    await sleep(300);

    const counts = { listener: tally(published, onListener.heard), publisher: tally(published, onPublisher.heard) };
    console.log(`publisher's connections killed 4 times: ${JSON.stringify(counts)}, slowest publish ${slowestMs.toFixed(0)} ms`);
    expect(terminated).toBeGreaterThan(0);
    for (const c of Object.values(counts)) expect(c).toEqual({ published: 50, delivered: 50, duplicates: 0, missing: 0, inOrder: true });
    expect(onListener.state.gaps + onPublisher.state.gaps).toBe(0);
    // The publishes answered at once although the database did not take them for a while: they were held, and sent.
    expect(publisher.warnings.some((w) => w.includes('could not publish'))).toBe(true);
    expect(publisher.warnings.some((w) => w.includes('takes messages again'))).toBe(true);
    expect(slowestMs).toBeLessThan(1_500);
  });

  it('delivers once and in order everything published while the LISTEN connection was silent, once the heartbeat notices', async () => {
    const listener = await instance('silent', { throughProxy: true, heartbeatMs: 200, heartbeatTimeoutMs: 300, connectTimeoutMs: 500, queryTimeoutMs: 1_000 });
    const publisher = await instance('publisher');
    const channel = 'stream_silent_listen';
    const { heard, state } = hearing(listener.broadcaster, channel);

    const publishing = stream(publisher.broadcaster, channel, 50);
    await sleep(200);
    proxy.silence();
    const { published } = await publishing;
    await sleep(300);
    expect(heard.length).toBeLessThan(published.length);
    const resumedAt = performance.now();
    await proxy.resume();
    await until(() => heard.length >= published.length, 15_000);
    const caughtUpMs = performance.now() - resumedAt;
    await sleep(300);

    const counts = tally(published, heard);
    console.log(`LISTEN silent mid-stream: ${JSON.stringify(counts)}, all delivered ${caughtUpMs.toFixed(0)} ms after the network came back`);
    console.log(listener.warnings.join('\n'));
    expect(counts).toEqual({ published: 50, delivered: 50, duplicates: 0, missing: 0, inOrder: true });
    expect(state.gaps).toBe(0);
    expect(listener.warnings.some((w) => w.includes('no answer to the heartbeat'))).toBe(true);
  });

  it('tells the sockets to reload when the listener was away longer than the log keeps, and goes on from there', async () => {
    const retention = { retentionMs: 1_000, heartbeatMs: 200, heartbeatTimeoutMs: 300, connectTimeoutMs: 500 };
    const listener = await instance('away', { throughProxy: true, ...retention });
    const publisher = await instance('publisher', retention);
    const channel = 'stream_away';
    const { heard, state } = hearing(listener.broadcaster, channel);

    await proxy.refuse();
    proxy.killAll();
    for (let n = 0; n < 5; n++) await publisher.broadcaster.publish(tick(channel, n));
    await sleep(1_500);
    // This write prunes what is older than the log keeps.
    await publisher.broadcaster.publish(tick(channel, 5));
    const { rows } = await runSql(url, `select count(*)::int as n from broadcast_messages where payload->>'channel' = '${channel}'`);
    expect(rows[0].n).toBe(1);
    await proxy.resume();
    await until(() => state.gaps === 1, 15_000);
    await publisher.broadcaster.publish(tick(channel, 6));
    await until(() => heard.length > 0);
    await sleep(300);
    // What it missed is for the screens to fetch anew; what came after the reload signal, it hears.
    expect(heard).toEqual([6]);
    expect(state.gaps).toBe(1);
  });

  it('tells every instance to reload when a publisher could not write its messages within the log\'s window', async () => {
    const retention = { retentionMs: 1_000, heartbeatMs: 200, heartbeatTimeoutMs: 300, connectTimeoutMs: 500 };
    const publisher = await instance('cutoff', { throughProxy: true, ...retention });
    const listener = await instance('listener', retention);
    const channel = 'stream_cut_off';
    const onListener = hearing(listener.broadcaster, channel);

    await proxy.refuse();
    proxy.killAll();
    const started = performance.now();
    for (let n = 0; n < 3; n++) await publisher.broadcaster.publish(tick(channel, n));
    expect(performance.now() - started).toBeLessThan(1_500);
    await sleep(1_500);
    await proxy.resume();
    await until(() => onListener.state.gaps === 1, 15_000);
    await publisher.broadcaster.publish(tick(channel, 3));
    await until(() => onListener.heard.length > 0);
    await sleep(300);
    expect(onListener.heard).toEqual([3]);
    expect(onListener.state.gaps).toBe(1);
    expect(publisher.warnings.some((w) => w.includes('dropped 3 messages'))).toBe(true);
  });

  it('closes promptly, sending what it still can, even with the database gone silent', async () => {
    const publisher = await instance('closing', { throughProxy: true, heartbeatMs: 200, heartbeatTimeoutMs: 300, connectTimeoutMs: 500, queryTimeoutMs: 1_000 });
    const listener = await instance('listener');
    const channel = 'stream_closing';
    const { heard } = hearing(listener.broadcaster, channel);
    await publisher.broadcaster.publish(tick(channel, 0));
    await until(() => heard.length === 1);

    // Refused for a moment, then back: what waited goes before the close answers.
    await proxy.refuse();
    proxy.killAll();
    await publisher.broadcaster.publish(tick(channel, 1));
    setTimeout(() => void proxy.resume(), 300);
    let started = performance.now();
    await publisher.broadcaster.close();
    const flushedMs = performance.now() - started;
    await until(() => heard.length === 2);
    expect(heard).toEqual([0, 1]);

    // Silent for good: the close gives up within its limits.
    const silent = await instance('silent', { throughProxy: true, heartbeatMs: 200, heartbeatTimeoutMs: 300, connectTimeoutMs: 500, queryTimeoutMs: 1_000 });
    proxy.silence();
    await silent.broadcaster.publish(tick(channel, 2));
    started = performance.now();
    await silent.broadcaster.close();
    const gaveUpMs = performance.now() - started;
    console.log(`close: sent what waited in ${flushedMs.toFixed(0)} ms; gave up on a silent database after ${gaveUpMs.toFixed(0)} ms`);
    expect(gaveUpMs).toBeLessThan(5_000);
    expect(silent.warnings.some((w) => w.includes('1 messages could not be published before shutdown'))).toBe(true);
  });

  it('let no database error escape to the process through all of it', () => {
    expect(escaped).toEqual([]);
  });
});
