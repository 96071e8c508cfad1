import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { resolveSecrets } from '../server/secrets';
import { openDatabase, type DatabaseHandle } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed/demo';
import { issueToken } from '../server/auth/tokens';
import { addDays, londonToday } from '../domain/dates';

/**
 * `npx tsx bench/idempotency.ts [--calls 200] [--postgres]`: what an Idempotency-Key costs a creating call. The real
 * server (listening, over HTTP) on a fresh demo database (embedded, or a database of its own on the local PostgreSQL
 * server with --postgres, BENCH_POSTGRES_URL), POST /api/shift sent `--calls` times without a key and as many times
 * with a new key, taking turns so both meet the same load, then as many replays of one key. Medians and p95.
 */
const CALLS = Number(process.argv[process.argv.indexOf('--calls') + 1]) || 200;
const POSTGRES = process.argv.includes('--postgres');

async function openBenchDatabase(): Promise<DatabaseHandle> {
  if (!POSTGRES) return openDatabase({});
  const admin = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432');
  admin.pathname = '/postgres';
  const name = `bench_idempotency_${crypto.randomBytes(4).toString('hex')}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return { ...handle, close: async () => (await handle.close(), await run(`drop database ${name} with (force)`)) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
function figures(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `  ${label.padEnd(34)} median ${percentile(sorted, 50).toFixed(2).padStart(6)} ms   p95 ${percentile(sorted, 95).toFixed(2).padStart(6)} ms`;
}

async function main() {
  const database = await openBenchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-idempotency-'));
  try {
    await migrateToLatest(database.db);
    await seedDemo(database.db);
    const config = await resolveSecrets(loadConfig({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-app') }), database.db);
    const app = await buildApp({ config, db: database.db, databaseKind: database.kind });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await database.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow();
    const auth = { authorization: `Bearer ${await issueToken(database.db, 'user', admin.id, 1)}`, 'content-type': 'application/json' };
    const restaurant = await database.db.selectFrom('restaurants').select('id').where('name', '=', 'Pizza Palace Camden').executeTakeFirstOrThrow();

    let n = 0;
    const shift = () => JSON.stringify({ restaurant_id: restaurant.id, period_date: addDays(londonToday(), 30 + (++n % 200)), start_time: '18:00', finish_time: '22:00', driver_id: 0 });
    const post = async (body: string, key: string | null) => {
      const t0 = performance.now();
      const res = await fetch(`${address}/api/shift`, { method: 'POST', headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) }, body });
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      if (res.status !== 201) throw new Error(`POST /api/shift answered ${res.status}`);
      return ms;
    };

    for (let i = 0; i < 20; i++) await post(shift(), i % 2 ? crypto.randomUUID() : null); // warm-up
    const without: number[] = [];
    const withKey: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      without.push(await post(shift(), null));
      withKey.push(await post(shift(), crypto.randomUUID()));
    }
    const replayed = shift();
    const key = crypto.randomUUID();
    await post(replayed, key);
    const replays: number[] = [];
    for (let i = 0; i < CALLS; i++) replays.push(await post(replayed, key));

    console.log(`POST /api/shift on ${POSTGRES ? 'PostgreSQL' : 'PGlite'}, ${CALLS} calls each, taking turns (load average ${os.loadavg()[0].toFixed(1)}):`);
    console.log(figures('without Idempotency-Key', without));
    console.log(figures('with a new key', withKey));
    console.log(figures('the same key again (replayed)', replays));
    await app.close();
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
