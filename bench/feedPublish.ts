import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { createPostgresBroadcaster, type PostgresBroadcaster } from '../server/realtime/postgresBroadcaster';
import type { FeedMessage } from '../server/realtime/broadcaster';

/**
 * `npx tsx bench/feedPublish.ts`: what the live feed costs on PostgreSQL (BENCH_POSTGRES_URL, by default the local
 * server), on a scratch database of its own, between two broadcasters as two instances run them. A publish writes the
 * message to the feed's log and notifies it in one statement: 1,000 publishes one after another (a route awaits its
 * publish), then 1,000 at once (a burst, which the queue writes in batches), each until the other instance heard them
 * all. Then the catch-up: the other instance's LISTEN connection is killed, messages are published while it is down,
 * and it reads them back from the log when it listens again.
 */
const ROUNDS = Number(process.env.BENCH_FEED_ROUNDS ?? 3);
const serverUrl = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432');
const quiet = { warn: () => {} };

/** A shift message of the usual size (a few hundred bytes). */
const shiftMessage = (id: number): FeedMessage => ({
  channel: 'shift_channel',
  event: 'update',
  items: [{ id, restaurant_id: 3, area_id: 2, period_date: '2025-06-01', start: '10:00', end: '14:00', status: 10, driver_id: null }],
});

async function admin(text: string): Promise<void> {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 1));
}

async function publishing(publisher: PostgresBroadcaster, counter: { heard: number }) {
  const lines: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    counter.heard = 0;
    let started = performance.now();
    for (let i = 0; i < 1000; i++) await publisher.publish(shiftMessage(i));
    const oneByOne = performance.now() - started;
    await until(() => counter.heard === 1000);
    const oneByOneHeard = performance.now() - started;

    counter.heard = 0;
    started = performance.now();
    await Promise.all(Array.from({ length: 1000 }, (_, i) => publisher.publish(shiftMessage(i))));
    const atOnce = performance.now() - started;
    await until(() => counter.heard === 1000);
    const atOnceHeard = performance.now() - started;
    lines.push(
      `round ${round}: 1,000 publishes one after another ${(oneByOne / 1000).toFixed(3)} ms each (all heard by the other instance after ${oneByOneHeard.toFixed(0)} ms); ` +
        `1,000 at once answered in ${atOnce.toFixed(0)} ms (all heard after ${atOnceHeard.toFixed(0)} ms)`,
    );
  }
  return lines;
}

async function catchUp(url: string, name: string, publisher: PostgresBroadcaster, listener: PostgresBroadcaster, count: number) {
  const heardAt: number[] = [];
  const detach = listener.attach((message) => message.channel === 'catch_up' && heardAt.push(performance.now()));
  const killedAt = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [name]);
  await client.end();
  await Promise.all(Array.from({ length: count }, (_, i) => publisher.publish({ ...shiftMessage(i), channel: 'catch_up' })));
  const publishedAt = performance.now();
  await until(() => heardAt.length === count);
  detach();
  return (
    `catch-up of ${count.toLocaleString('en-GB')} messages published while the LISTEN connection was down (published in ${(publishedAt - killedAt).toFixed(0)} ms): ` +
    `first delivered ${(heardAt[0] - killedAt).toFixed(0)} ms after the kill (the reconnect waits 500 ms), all ${(heardAt[count - 1] - heardAt[0]).toFixed(0)} ms after the first`
  );
}

async function main() {
  const database = `bench_feed_${crypto.randomBytes(4).toString('hex')}`;
  await admin(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  try {
    const handle = await openDatabase({ databaseUrl: url.toString() });
    await migrateToLatest(handle.db);
    await handle.close();
    const listenerName = `bench-feed-listener:${process.pid}`;
    const publisher = await createPostgresBroadcaster(url.toString(), { log: quiet, name: `bench-feed-publisher:${process.pid}` });
    const listener = await createPostgresBroadcaster(url.toString(), { log: quiet, name: listenerName });
    const counter = { heard: 0 };
    listener.attach((message) => message.channel === 'shift_channel' && counter.heard++);
    // Warm up: connections made, statements planned.
    await Promise.all(Array.from({ length: 100 }, (_, i) => publisher.publish(shiftMessage(i))));
    await until(() => counter.heard === 100);
    for (const line of await publishing(publisher, counter)) console.log(line);
    for (const count of [1_000, 10_000]) console.log(await catchUp(url.toString(), listenerName, publisher, listener, count));
    await publisher.close();
    await listener.close();
  } finally {
    await admin(`drop database if exists ${database} with (force)`);
  }
}

await main();
