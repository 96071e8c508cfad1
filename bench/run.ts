import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { isEmpty, seedDemo, DEMO_PASSWORD } from '../server/db/seed/demo';
import { SCALE_PRESETS, seedScale } from '../server/db/seed/scale';
import { refreshStatistics } from '../server/db/maintenance';
import { firstLoadFigures } from './firstLoad';
import { load, printResults } from './load';
import { benchBoard, benchShiftApi, printBoard } from './schedule';
import { busiestRestaurant, invoiceFigures, type InvoiceTarget } from './invoices';
import { plannerFigures } from './planner';
import { approveThousand, printTimesheetFigures, timesheetListAfterChange, timesheetListLoad, timesheetScreenTime } from './timesheets';

/**
 * `npm run bench [-- --scale small|large|xlarge] [--only board]`: builds (once) a dataset of the chosen scale in its own data directory,
 * starts the real server process on it, and measures the calls under load from this separate process.
 */
const argument = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const scale = (argument('--scale') ?? 'large') as keyof typeof SCALE_PRESETS;
if (!(scale in SCALE_PRESETS)) throw new Error(`--scale: one of ${Object.keys(SCALE_PRESETS).join(', ')}`);
/** `--only board`: the schedule board's figures alone. */
const only = argument('--only');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(root, `data-bench-${scale}`);

async function prepareDataset(): Promise<InvoiceTarget | null> {
  const handle = await openDatabase({ dataDir, lock: true });
  try {
    await migrateToLatest(handle.db);
    if (await isEmpty(handle.db)) {
      const t0 = Date.now();
      await seedDemo(handle.db);
      await seedScale(handle.db, { ...SCALE_PRESETS[scale], log: (m) => console.log(`  ${m}`) });
      await refreshStatistics(handle.db);
      console.log(`Built the ${scale} dataset in ${((Date.now() - t0) / 1000).toFixed(1)} s (kept in ${dataDir})`);
    }
    const counts = await Promise.all(
      (['restaurants', 'drivers', 'shifts', 'timesheets', 'alerts'] as const).map(async (table) => {
        const row = await handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return `${table} ${row.n}`;
      }),
    );
    console.log(`Dataset: ${counts.join(', ')}`);
    return await busiestRestaurant(handle.db);
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

/** The board figures need the built app; build it when it is missing. */
function ensureBuilt() {
  if (fs.existsSync(path.join(root, 'dist', 'index.html'))) return;
  console.log('Building the app for the board figures (npm run build)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The app did not build');
}

async function main() {
  ensureBuilt();
  fs.mkdirSync(dataDir, { recursive: true });
  const invoiceTarget = await prepareDataset();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    console.log(`Server ready in ${((performance.now() - t0) / 1000).toFixed(2)} s on the ${scale} dataset`);

    const loginBody = JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD });
    const json = { 'content-type': 'application/json' };
    const token = (await (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: loginBody })).json()).access_token;
    const auth = { authorization: `Bearer ${token}` };

    if (only === 'board') {
      printBoard(await benchBoard(url, token));
      return;
    }
    const results = [
      await load('POST /api/auth/login', () => fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: loginBody }), { concurrency: 4, seconds }),
      await load('GET /api/alert', () => fetch(`${url}/api/alert`, { headers: auth }), { concurrency: 8, seconds }),
      await load('GET /api/health', () => fetch(`${url}/api/health`), { concurrency: 8, seconds }),
      // The whole driver list (every status) with areas, restaurants, working times and Data Full.
      await load('GET /api/driver?status=30', () => fetch(`${url}/api/driver?status=30`, { headers: auth }), { concurrency: 1, seconds }),
      await load('GET /api/restaurant', () => fetch(`${url}/api/restaurant`, { headers: auth }), { concurrency: 4, seconds }),
      await timesheetListLoad(url, auth, seconds),
    ];
    const shiftApi = await benchShiftApi(url, token, seconds);
    results.push(...shiftApi.loads);
    printResults(results);
    console.log('');
    for (const line of shiftApi.publish) console.log(line);
    for (const line of await plannerFigures(url, auth)) console.log(line);
    if (invoiceTarget) console.log(['', ...(await invoiceFigures(url, auth, invoiceTarget))].join('\n'));
    printBoard(await benchBoard(url, token));
    printTimesheetFigures(await timesheetListAfterChange(url, auth), await approveThousand(url, auth), await timesheetScreenTime(url, auth));
    console.log(['', 'First load (JavaScript downloaded on a fresh profile):', ...(await firstLoadFigures(url))].join('\n'));
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
