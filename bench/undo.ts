import os from 'node:os';
import { addDays, londonToday, mondayOf } from '../domain/dates';
import { rangeFor, INTERVAL } from '../domain/ranges';
import type { FillProposalsAnswer } from '../domain/planner';
import { WORKING_TIME_CONFIRM_FIELD } from '../domain/workingTime';
import { postgresArg, prepareDataset, scaleArg, startBenchServer } from './benchServer';
import { post } from './schedule';

/**
 * `npx tsx bench/undo.ts [--scale small|large] [--postgres] [--runs 3] [--only import|publish|fill]`: what Undo costs against the action it takes
 * back, through the real server, for three actions: an import of 1,000 drivers (CSV, two areas each), a publish of
 * 1,000 shifts (copied into an empty week first, not timed) and Fill open shifts for next week (every proposal
 * ticked). Each run times the action's call and then its Undo's, and prints both and their ratio, every run; the
 * target is Undo within 1.5× the action. On the embedded database the server's CPU time of each call is given too (the
 * database runs in the server's process), steadier than wall time on a shared machine. Everything is taken back, so
 * the dataset stays as it was.
 */
const RUNS = (() => {
  const i = process.argv.indexOf('--runs');
  return i >= 0 ? Number(process.argv[i + 1]) : 3;
})();
const DRIVERS = 1000;
const SHIFTS = 1000;

type Auth = Record<string, string>;

interface Run {
  what: string;
  actionMs: number;
  undoMs: number;
  /** The server process's CPU time of each call (with the embedded database, the database's work too). */
  actionCpuMs: number;
  undoCpuMs: number;
  load: number;
}

/** The server's CPU clock, read around each call. */
let serverCpuMs: () => number = () => NaN;

async function timed(call: () => Promise<Response>): Promise<{ res: Response; body: string; ms: number; cpuMs: number }> {
  const c0 = serverCpuMs();
  const t0 = performance.now();
  const res = await call();
  const body = await res.text();
  return { res, body, ms: performance.now() - t0, cpuMs: serverCpuMs() - c0 };
}

/** Undo of the action `action` answered for, timed: a Run of `what`. */
async function undone(url: string, auth: Auth, what: string, action: Awaited<ReturnType<typeof timed>>): Promise<Run> {
  const actionId = action.res.headers.get('x-request-id');
  if (!actionId) throw new Error('the action answered no x-request-id');
  const load = os.loadavg()[0];
  const { res, body, ms, cpuMs } = await timed(() => fetch(`${url}/api/history/${actionId}/undo`, { method: 'POST', headers: auth }));
  if (!res.ok) throw new Error(`undo answered ${res.status}: ${body.slice(0, 300)}`);
  return { what, actionMs: action.ms, actionCpuMs: action.cpuMs, undoMs: ms, undoCpuMs: cpuMs, load };
}

async function importRun(url: string, auth: Auth, run: number): Promise<Run> {
  const areas = (await (await fetch(`${url}/api/area?restaurants=false`, { headers: auth })).json()) as { name: string }[];
  const twoAreas = areas.slice(0, 2).map((a) => a.name).join('; ');
  const tag = `${Date.now().toString(36)}${run}`;
  const lines = ['First name,Last name,E-mail,Phone,Areas,Date of birth'];
  for (let i = 0; i < DRIVERS; i++) lines.push(`Bench,Undo ${i},undo.${tag}.${i}@import.test,07700 8${String(i).padStart(5, '0')},"${twoAreas}",14/03/1991`);
  const form = new FormData();
  form.append('file', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'drivers.csv');
  const action = await timed(() => fetch(`${url}/api/driver/import?mode=commit`, { method: 'POST', headers: auth, body: form }));
  const counts = (JSON.parse(action.body) as { counts?: { create: number } }).counts;
  if (!action.res.ok || counts?.create !== DRIVERS) throw new Error(`import answered ${action.res.status}: ${action.body.slice(0, 300)}`);
  return undone(url, auth, `import of ${DRIVERS.toLocaleString('en-GB')} drivers`, action);
}

/** A Monday two years and a week ahead: an empty week, apart from the board benchmark's (two years ahead). */
const emptyWeek = () => mondayOf(addDays(londonToday(), 737));

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

async function publishRun(url: string, auth: Auth): Promise<Run> {
  // The dataset's shifts of the next five weeks, their first 1,000 copied (unpublished) into an empty week onwards.
  const from = mondayOf(londonToday());
  const current = await json<{ id: number; status: number }[]>(await fetch(`${url}/api/shift?period_date_from=${from}&period_date_to=${addDays(from, 30)}&filter_draft=1`, { headers: auth }));
  const sources = current.slice(0, SHIFTS).map((s) => s.id);
  const ids = (await json<{ id: number }[]>(await post(url, auth, '/api/shift/copyshifts', { shift_ids: sources, to_date: emptyWeek(), period_date_from: from, [WORKING_TIME_CONFIRM_FIELD]: true }))).map((c) => c.id);
  try {
    const action = await timed(() => post(url, auth, '/api/shift/publish', { shift_ids: ids, push_drivers: 10 }));
    if (!action.res.ok) throw new Error(`publish answered ${action.res.status}: ${action.body.slice(0, 300)}`);
    return await undone(url, auth, `publish of ${ids.length.toLocaleString('en-GB')} shifts`, action);
  } finally {
    await post(url, auth, '/api/shift/unpublish', { shift_ids: ids, push_drivers: 20 });
    await post(url, auth, '/api/shift/remove', { shift_ids: ids, push_drivers: 20 });
  }
}

async function fillRun(url: string, auth: Auth): Promise<Run> {
  const week = rangeFor(INTERVAL.week, addDays(londonToday(), 7));
  const proposals = await json<FillProposalsAnswer>(await post(url, auth, '/api/shift/fill-proposals', { period_date_from: week.from, period_date_to: week.to }));
  const lines = proposals.proposals.map((p) => ({ shift_id: p.shift_id, driver_id: p.driver_id }));
  if (!lines.length) throw new Error(`no open shift to fill in the week of ${week.from}`);
  const action = await timed(() => post(url, auth, '/api/shift/fill', { lines }));
  if (!action.res.ok) throw new Error(`fill answered ${action.res.status}: ${action.body.slice(0, 300)}`);
  const assigned = (JSON.parse(action.body) as { assigned: unknown[] }).assigned.length;
  return undone(url, auth, `fill of next week (${assigned} shifts)`, action);
}

const line = (r: Run, run: number, withCpu: boolean) =>
  `  ${r.what.padEnd(34)} run ${run + 1}: action ${(r.actionMs / 1000).toFixed(2)} s, undo ${(r.undoMs / 1000).toFixed(2)} s, ` +
  `undo/action ${(r.undoMs / r.actionMs).toFixed(2)}×` +
  (withCpu ? `; server CPU ${(r.actionCpuMs / 1000).toFixed(2)} → ${(r.undoCpuMs / 1000).toFixed(2)} s, ${(r.undoCpuMs / r.actionCpuMs).toFixed(2)}×` : '') +
  ` (load average ${r.load.toFixed(1)})`;

async function main() {
  const scale = scaleArg();
  const databaseUrl = postgresArg(scale);
  await prepareDataset(scale, async () => undefined, databaseUrl);
  const { url, auth, cpuMs, stop } = await startBenchServer(scale, databaseUrl);
  serverCpuMs = cpuMs;
  try {
    console.log(`Undo against the action, ${RUNS} runs each, ${databaseUrl ? 'PostgreSQL' : 'embedded database'}, ${scale} dataset; target undo/action ≤ 1.5×`);
    console.log(`  uptime: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
    const cases: Record<string, (run: number) => Promise<Run>> = {
      import: (run) => importRun(url, auth, run),
      publish: () => publishRun(url, auth),
      fill: () => fillRun(url, auth),
    };
    for (const [name, measure] of Object.entries(cases)) {
      if (only && only !== name) continue;
      // On PostgreSQL the database's work is in its own processes: the server's CPU time would leave it out.
      for (let run = 0; run < RUNS; run++) console.log(line(await measure(run), run, !databaseUrl));
    }
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
