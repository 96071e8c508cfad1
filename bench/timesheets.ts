import fs from 'node:fs';
import path from 'node:path';
import { addDays, londonToday, mondayOf } from '../domain/dates';
import { TIMESHEET_PROGRESS, TIMESHEET_STATUS } from '../domain/statuses';
import { targetState, type TimesheetView } from '../domain/timesheets';
import { firstOfMonth, lastOfMonth, addMonths } from '../domain/ranges';
import { withAdminPage } from './benchServer';
import { areaRateEdited, describeAfterChange, load, median, onePerDay, timedAfterChange, type AfterChange, type Change, type LoadResult } from './load';

/**
 * The timesheet figures of `npm run bench`: GET /api/timesheet for a month of every restaurant, approving 1,000
 * timesheets in one call, and the timesheet screen for a week of every restaurant timed in Chromium from
 * navigation until its rows and totals are shown.
 */


/** The last whole month: a full month of worked shifts and their timesheets. */
export function benchMonth(today = londonToday()): { from: string; to: string } {
  const from = firstOfMonth(addMonths(today, -1));
  return { from, to: lastOfMonth(from) };
}

const monthUrl = (url: string) => {
  const { from, to } = benchMonth();
  return `${url}/api/timesheet?period_date_from=${from}&period_date_to=${to}`;
};

/** The month asked again and again while nothing changes (answered from the list cache after the first). */
export async function timesheetListLoad(url: string, auth: Record<string, string>, seconds: number): Promise<LoadResult> {
  const { from, to } = benchMonth();
  return load(`GET /api/timesheet (month ${from} – ${to}, all locations, unchanged)`, () => fetch(monthUrl(url), { headers: auth }), {
    concurrency: 1,
    seconds,
  });
}

/**
 * The month right after a change: what the first person to open it after an edit waits. After one timesheet is
 * saved (each run a timesheet of another day, as saved from the screen with its own values) the kept month builds
 * that day again; after a pay rate the rows show is changed it builds every day.
 */
export async function timesheetListAfterChange(url: string, auth: Record<string, string>): Promise<{ timesheet: AfterChange; everyDay: AfterChange }> {
  const month = await json<TimesheetView[]>(monthUrl(url), { headers: auth });
  const pending = month.filter((t) => t.id > 0 && t.status === TIMESHEET_STATUS.pending && t.driver_id);
  const oneADay = onePerDay(pending);
  if (oneADay.length < 7) throw new Error(`Only ${oneADay.length} days of the month have a pending timesheet`);
  const headers = { ...auth, 'content-type': 'application/json' };
  const timesheetSaved: Change = async (run) => {
    const t = oneADay[run % oneADay.length];
    await json(`${url}/api/timesheet/${t.id}`, { method: 'PUT', headers, body: JSON.stringify(payload(t, t)) });
  };
  const send = () => fetch(monthUrl(url), { headers: auth });
  const afterTimesheet = await timedAfterChange(timesheetSaved, send);
  const rate = await areaRateEdited(url, auth);
  try {
    return { timesheet: afterTimesheet, everyDay: await timedAfterChange(rate.change, send) };
  } finally {
    await rate.restore();
  }
}

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.json() as Promise<T>;
}

/** Pending, submitted timesheets with a driver, newest months first, until there are `count`. */
async function submittedTimesheets(url: string, auth: Record<string, string>, count: number): Promise<TimesheetView[]> {
  const found: TimesheetView[] = [];
  let month = firstOfMonth(londonToday());
  for (let i = 0; i < 12 && found.length < count; i++) {
    const rows = await json<TimesheetView[]>(`${url}/api/timesheet?period_date_from=${month}&period_date_to=${lastOfMonth(month)}&for_reports=1`, { headers: auth });
    found.push(...rows.filter((t) => t.status === TIMESHEET_STATUS.pending && t.status_progress === TIMESHEET_PROGRESS.submitted && t.driver_id && t.period_date <= londonToday()));
    month = addMonths(month, -1);
  }
  return found.slice(0, count);
}

const payload = (t: TimesheetView, state: { status: number; status_progress: number }) => ({ ...t, ...state, cost_total: t.cost_total.toFixed(2) });

/**
 * Approves 1,000 submitted timesheets in one call, then puts each back (Unapprove Time: pending, submitted) so the
 * dataset is the same for the next run. Answers the milliseconds of each approval call.
 */
export async function approveThousand(url: string, auth: Record<string, string>, runs = 3): Promise<{ ms: number[]; approved: number; failed: number }> {
  const headers = { ...auth, 'content-type': 'application/json' };
  const ms: number[] = [];
  let approved = 0;
  let failed = 0;
  for (let run = 0; run < runs; run++) {
    const items = await submittedTimesheets(url, auth, 1000);
    if (items.length < 1000) throw new Error(`Only ${items.length} submitted timesheets to approve`);
    const t0 = performance.now();
    const result = await json<{ data: TimesheetView[]; fail: unknown[] }>(`${url}/api/timesheet/approve`, {
      method: 'POST',
      headers,
      body: JSON.stringify(items.map((t) => payload(t, targetState('approve', t)))),
    });
    ms.push(performance.now() - t0);
    approved = result.data.length;
    failed = result.fail.length;
    // Back to where they were, a few at a time (not timed).
    const back = result.data.map((t) => () =>
      json(`${url}/api/timesheet/${t.id}`, { method: 'PUT', headers, body: JSON.stringify(payload(t, targetState('unapproveTime', t))) }),
    );
    for (let i = 0; i < back.length; i += 8) await Promise.all(back.slice(i, i + 8).map((f) => f()));
  }
  return { ms, approved, failed };
}

/**
 * The timesheet screen for the current week of every restaurant in Chromium: from navigation until the table
 * shows its rows and the totals bar the total the API gives. Median of `runs`; null when the app is not built.
 */
export async function timesheetScreenTime(url: string, auth: Record<string, string>, runs = 3): Promise<{ ms: number[]; rows: number } | null> {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) return null;
  const from = mondayOf(addDays(londonToday(), -7));
  const to = addDays(from, 6);
  const rows = (await json<TimesheetView[]>(`${url}/api/timesheet?period_date_from=${from}&period_date_to=${to}`, { headers: auth })).filter((t) => t.id > 0).length;

  return withAdminPage(url, async (page) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.goto('about:blank');
      const t0 = performance.now();
      await page.goto(`${url}/timesheet?interval=20&from=${from}&to=${to}`);
      await page.waitForFunction(
        (expected) => document.querySelector('[data-total="Total Timesheets"]')?.textContent === String(expected) && !!document.querySelector('[role=row][data-timesheet-id]'),
        rows,
        { timeout: 60_000, polling: 'raf' },
      );
      ms.push(performance.now() - t0);
    }
    return { ms, rows };
  });
}

export function printTimesheetFigures(
  afterChange: { timesheet: AfterChange; everyDay: AfterChange },
  approve: { ms: number[]; approved: number; failed: number },
  screen: { ms: number[]; rows: number } | null,
): void {
  console.log(`\nGET /api/timesheet (month, all locations) right after one timesheet is saved (its day built again): ${describeAfterChange(afterChange.timesheet)}`);
  console.log(`GET /api/timesheet (month, all locations) right after an area's pay rate is changed (every day built again): ${describeAfterChange(afterChange.everyDay)}`);
  console.log(`POST /api/timesheet/approve, 1,000 timesheets in one call: median ${median(approve.ms).toFixed(0)} ms (runs: ${approve.ms.map((m) => m.toFixed(0)).join(', ')}; ${approve.approved} approved, ${approve.failed} refused)`);
  if (screen) {
    console.log(`Timesheet screen, a week of all locations (${screen.rows} timesheets), navigation to rows and totals in Chromium: median ${median(screen.ms).toFixed(0)} ms (runs: ${screen.ms.map((m) => m.toFixed(0)).join(', ')})`);
  } else {
    console.log('Timesheet screen in Chromium: skipped, build the app first (npm run build)');
  }
}
