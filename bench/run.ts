import { load, printResults } from './load';
import { benchBoard, benchShiftApi, printBoard } from './schedule';
import { busiestRestaurant, invoiceFigures } from './invoices';
import { boardMarkFigures, plannerFigures } from './planner';
import { firstLoadFigures, printFirstLoadOnDemo } from './firstLoad';
import { firstOpenFigures } from './firstOpen';
import { attendanceFigures } from './attendance';
import { approveThousand, printTimesheetFigures, timesheetListAfterChange, timesheetListLoad, timesheetScreenTime } from './timesheets';
import { listFigures, printListFigures } from './lists';
import { importFigures } from './imports';
import { keptShiftListFigures } from './keptShiftLists';
import { changeLogCostFigures } from './changeLogCost';
import { loginBody, postgresArg, prepareDataset, scaleArg, startBenchServer } from './benchServer';
import { buildWebAppIfStale } from '../scripts/webBuild.mjs';

/**
 * `npm run bench [-- --scale small|large|xlarge|lists] [--only board|planner|lists|firstload|changelog]`: builds (once) a dataset of the
 * chosen scale in its own data directory, starts the real server process on it, and measures the calls under load from this
 * separate process. `--only board`: the schedule board's figures alone; `--only planner`: the assistant's proposals
 * and the board's working-time marks; `--only lists`: the Drivers and Restaurants lists (calls and screens);
 * `--only changelog`: what logging the changed days costs a write (no server); `--only attendance`: the attendance pass over a day (no server); `--only firstopen`: the first open of
 * the Week and Month boards and the Timesheets week, full and menu navigation, each run against its floor;
 * `--only firstload`: the JavaScript a first visit downloads (login page, then the
 * board), on the demo data. `--postgres` (with `--only board` or `changelog`): the dataset on the local PostgreSQL
 * server; for the board, two server processes on it: the browser on one, other people's writes through the other.
 */
const scale = scaleArg();
const databaseUrl = postgresArg(scale);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  if (only === 'attendance') {
    const lines = await prepareDataset(scale, (db) => attendanceFigures(db, databaseUrl ? 'postgres' : 'pglite'), databaseUrl);
    for (const line of lines) console.log(line);
    return;
  }
  if (only === 'changelog') {
    const lines = await prepareDataset(scale, (db) => changeLogCostFigures(db, databaseUrl ? 'PostgreSQL' : 'embedded'), databaseUrl);
    for (const line of lines) console.log(line);
    return;
  }
  // The screen figures need the built app, as the sources are now.
  buildWebAppIfStale();
  if (only === 'firstload') return printFirstLoadOnDemo();
  if (databaseUrl && only !== 'board') throw new Error('--postgres goes with --only board or changelog');
  const invoiceTarget = await prepareDataset(scale, busiestRestaurant, databaseUrl);
  const { url, token, auth, cpuMs, stop } = await startBenchServer(scale, databaseUrl);
  try {
    if (only === 'board') {
      const writer = databaseUrl ? await startBenchServer(scale, databaseUrl) : null;
      try {
        const listLines = await keptShiftListFigures({ url, auth }, writer ?? { url, auth });
        printBoard(await benchBoard(url, token, writer ?? { url, auth }));
        for (const line of listLines) console.log(line);
      } finally {
        await writer?.stop();
      }
      return;
    }
    if (only === 'planner') {
      for (const line of [...(await plannerFigures(url, auth, cpuMs)), ...(await boardMarkFigures(url, auth))]) console.log(line);
      return;
    }
    if (only === 'firstopen') {
      for (const line of await firstOpenFigures(url)) console.log(line);
      return;
    }
    if (only === 'lists') {
      printListFigures(await listFigures(url, auth));
      return;
    }
    const json = { 'content-type': 'application/json' };
    const results = [
      await load('POST /api/auth/login', () => fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: loginBody() }), { concurrency: 4, seconds }),
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
    for (const line of [...(await plannerFigures(url, auth, cpuMs)), ...(await boardMarkFigures(url, auth))]) console.log(line);
    if (invoiceTarget) console.log(['', ...(await invoiceFigures(url, auth, invoiceTarget))].join('\n'));
    printBoard(await benchBoard(url, token, { url, auth }));
    console.log(['', 'First open against the floor:', ...(await firstOpenFigures(url))].join('\n'));
    printTimesheetFigures(await timesheetListAfterChange(url, auth), await approveThousand(url, auth), await timesheetScreenTime(url, auth));
    printListFigures(await listFigures(url, auth));
    for (const line of await importFigures(url, auth)) console.log(line);
    console.log(['', 'First load (JavaScript downloaded on a fresh profile):', ...(await firstLoadFigures(url))].join('\n'));
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
