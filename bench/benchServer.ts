import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { isEmpty, seedDemo, DEMO_PASSWORD } from '../server/db/seed/demo';
import { SCALE_PRESETS, seedScale } from '../server/db/seed/scale';
import { refreshStatistics } from '../server/db/maintenance';
import type { Database } from '../server/db/schema';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Page } from 'playwright-core';

/** What every benchmark shares: a dataset of a `--scale` preset in its own data directory, and the real server on it. */

export type Scale = keyof typeof SCALE_PRESETS;

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** `--scale <preset>` of the command line, `large` when absent. */
export function scaleArg(): Scale {
  const i = process.argv.indexOf('--scale');
  const value = i >= 0 ? process.argv[i + 1] : 'large';
  if (!Object.hasOwn(SCALE_PRESETS, value)) throw new Error(`--scale takes ${Object.keys(SCALE_PRESETS).join(', ')}, not '${value}'`);
  return value as Scale;
}

export const benchDataDir = (scale: Scale) => process.env.BENCH_DATA_DIR ?? path.join(ROOT, `data-bench-${scale}`);

/**
 * `--postgres`: the dataset in a database of its own on the local PostgreSQL server (BENCH_POSTGRES_URL, by
 * default postgres://postgres@127.0.0.1:5432), named after the scale (or BENCH_POSTGRES_DB, for checkouts at other
 * migrations sharing one server); null without the flag (the embedded database).
 */
export function postgresArg(scale: Scale): string | null {
  if (!process.argv.includes('--postgres')) return null;
  const url = new URL(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432');
  url.pathname = `/${process.env.BENCH_POSTGRES_DB ?? `bench_board_${scale}`}`;
  return url.toString();
}

/** Creates the benchmark's PostgreSQL database when it does not exist yet. */
async function ensurePostgresDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * Builds the dataset once (demo data plus the preset), migrates it, prints its counts, and hands the open database
 * to `inspect` for what a benchmark needs to know before the server starts.
 */
export async function prepareDataset<T>(scale: Scale, inspect: (db: Kysely<Database>) => Promise<T>, databaseUrl: string | null = null): Promise<T> {
  const dataDir = benchDataDir(scale);
  fs.mkdirSync(dataDir, { recursive: true });
  if (databaseUrl) await ensurePostgresDatabase(databaseUrl);
  const handle = await openDatabase({ databaseUrl, dataDir, lock: true });
  try {
    await migrateToLatest(handle.db);
    if (await isEmpty(handle.db)) {
      const t0 = Date.now();
      await seedDemo(handle.db);
      await seedScale(handle.db, { ...SCALE_PRESETS[scale], log: (m) => console.log(`  ${m}`) });
      await refreshStatistics(handle.db);
      console.log(`Built the ${scale} dataset in ${((Date.now() - t0) / 1000).toFixed(1)} s (kept in ${databaseUrl ? new URL(databaseUrl).pathname.slice(1) : dataDir})`);
    }
    const counts = await Promise.all(
      (['restaurants', 'drivers', 'shifts', 'timesheets', 'alerts'] as const).map(async (table) => {
        const row = await handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return `${table} ${row.n}`;
      }),
    );
    console.log(`Dataset: ${counts.join(', ')}`);
    return await inspect(handle.db);
  } finally {
    await handle.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface BenchServer {
  url: string;
  token: string;
  /** The administrator's bearer header. */
  auth: Record<string, string>;
  /** The server process's CPU time so far, in ms (Linux): what a call cost it, whatever else the machine runs. */
  cpuMs(): number;
  /** SIGTERM, then waits for the process to exit, so the next run's server never meets this one still shutting down. */
  stop(): Promise<void>;
}

/** User + system CPU of a process from /proc/{pid}/stat, in ms (clock ticks of 10 ms). */
function processCpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * The real server process on the scale's data directory (or, given a database URL, on PostgreSQL with a data
 * directory of its own for files), with the demo administrator logged in.
 */
export async function startBenchServer(scale: Scale, databaseUrl: string | null = null): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const dataDir = databaseUrl ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-instance-')) : benchDataDir(scale);
  const database = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    env: { ...process.env, ...database, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) =>
    server.once('exit', () => {
      if (databaseUrl) fs.rmSync(dataDir, { recursive: true, force: true });
      resolve();
    }),
  );
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  };
  try {
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    console.log(`Server ready in ${((performance.now() - t0) / 1000).toFixed(2)} s on the ${scale} dataset${databaseUrl ? ' (PostgreSQL)' : ''}, port ${port}`);
    const token = (await (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody() })).json()).access_token;
    return { url, token, auth: { authorization: `Bearer ${token}` }, cpuMs: () => processCpuMs(server.pid), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export const loginBody = () => JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD });

/** A bearer header for a demo account, logged in through one of the login calls. */
export async function login(url: string, call: string, email: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}${call}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`${call} as ${email}: ${res.status}`);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

/** Runs `measure` on a Chromium page (1366×800) where the administrator has logged in, and closes the browser after. */
export async function withAdminPage<T>(url: string, measure: (page: Page) => Promise<T>): Promise<T> {
  const { launchChromium, logIn } = await import('../tests/helpers/e2e');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await logIn(page, url, 'admin@demo.test', 'Admin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    return await measure(page);
  } finally {
    await browser.close();
  }
}
