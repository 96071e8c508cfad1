import os from 'node:os';
import type { Page } from 'playwright-core';
import { addDays, londonToday, mondayOf } from '../domain/dates';
import { INTERVAL, rangeFor, type DateRange } from '../domain/ranges';
import { adminBrowser, blockingSince, navigateInApp, type Blocking } from './boardScroll';
import { serveFloorPages } from './floorPages';
import { median } from './load';

/**
 * The first open of the Week board, the Month board and the Timesheets week, each against its floor: the same API
 * answer fetched and drawn as a plain HTML table in the same browser. Every run takes the floor, a full navigation
 * (a bookmark or a refresh) and a menu navigation (the app already loaded, from the home page) one after the other,
 * so a busy machine weighs on all three alike and each run's ratio stands on its own.
 *
 * "First rows shown" is the page time (from the navigation, or from the menu click) at which the screen's first
 * rows are in the page: the board's first shift chips, the timesheet table's first rows, the floor's first cells.
 * On a full navigation, "first view" is when the first view drawn before the app (src/firstView.ts) shows its first
 * rows (the board's first chip, the timesheet table's first row); "full navigation" stays the screen's own.
 */

const RUNS = Number(process.env.BENCH_FIRST_OPEN_RUNS ?? 5);
/** Which screens to time, by name, comma-separated and case-insensitive (`BENCH_FIRST_OPEN_SCREENS=timesheets`); all by default. */
const ONLY = (process.env.BENCH_FIRST_OPEN_SCREENS ?? '').toLowerCase().split(',').map((s) => s.trim()).filter(Boolean);

interface Screen {
  name: string;
  /** The screen's address. */
  path: string;
  /** What is in the page once its first rows are shown. */
  rows: string;
  /** The floor page's script: fetch the screen's answer with `h` (the headers) and fill `#t`. */
  floorScript: string;
  /** Its targets: ratio to the floor for a full and a menu navigation. */
  target: { full: number; menu: number };
  /** What is in the page once the first view drawn before the app shows its first rows, on a full navigation. */
  preview: string;
}

/** The screens' first views (src/firstView.ts): the board's chips, the timesheet table's rows. */
const BOARD_PREVIEW_ROWS = '.board-preview .preview-chip';
const TIMESHEET_PREVIEW_ROWS = '.timesheet-preview [data-preview-timesheet]';

/** The board's floor: the range's shifts and the restaurants, one table of every restaurant × day, set as innerHTML. */
export const boardFloor = (range: DateRange) => `
  const [shifts, restaurants] = await Promise.all([
    fetch('/api/shift?period_date_from=${range.from}&period_date_to=${range.to}&with_driver=1', { headers: h }).then((r) => r.json()),
    fetch('/api/restaurant?status=10', { headers: h }).then((r) => r.json()),
  ]);
  const days = [];
  for (let d = new Date('${range.from}T00:00:00Z'); d <= new Date('${range.to}T00:00:00Z'); d = new Date(d.getTime() + 864e5)) days.push(d.toISOString().slice(0, 10));
  const cells = new Map();
  for (const s of shifts) {
    const key = s.restaurant_id + '|' + s.period_date;
    cells.set(key, (cells.get(key) || '') + '<div class="chip"><b>' + s.start_time + '–' + s.finish_time + '</b><br>' + (s.driver ? s.driver.full_name : 'Open shift') + '</div>');
  }
  restaurants.sort((a, b) => a.area.name.localeCompare(b.area.name) || a.name.localeCompare(b.name));
  let html = '<tr><th>Restaurant</th>' + days.map((d) => '<th>' + d + '</th>').join('') + '</tr>';
  for (const r of restaurants) html += '<tr><th>' + r.name + '</th>' + days.map((d) => '<td>' + (cells.get(r.id + '|' + d) || '') + '</td>').join('') + '</tr>';
  document.getElementById('t').innerHTML = html;`;

const timesheetFloor = (range: DateRange) => `
  const rows = await fetch('/api/timesheet?period_date_from=${range.from}&period_date_to=${range.to}', { headers: h }).then((r) => r.json());
  let html = '<tr><th>Date</th><th>Driver</th><th>Restaurant</th><th>Start</th><th>Finish</th><th>Total</th></tr>';
  for (const t of rows) html += '<tr class="chip"><td>' + t.period_date + '</td><td>' + (t.driver_name || '') + '</td><td>' + (t.restaurant_name || '') + '</td><td>' + t.start_time + '</td><td>' + t.finish_time + '</td><td>' + t.cost_total + '</td></tr>';
  document.getElementById('t').innerHTML = html;`;

function screens(today = londonToday()): Screen[] {
  const week = rangeFor(INTERVAL.week, today);
  const month = rangeFor(INTERVAL.month, today);
  // Last week: a week of worked shifts, each with its timesheet.
  const from = mondayOf(addDays(today, -7));
  const lastWeek = { from, to: addDays(from, 6) };
  const board = (r: DateRange, interval: number) => `/schedule?interval=${interval}&from=${r.from}&to=${r.to}`;
  return [
    { name: 'Week board', path: board(week, INTERVAL.week), rows: '.shift-board .chip', floorScript: boardFloor(week), target: { full: 2, menu: 1.5 }, preview: BOARD_PREVIEW_ROWS },
    { name: 'Month board', path: board(month, INTERVAL.month), rows: '.shift-board .chip', floorScript: boardFloor(month), target: { full: 1.5, menu: 1.5 }, preview: BOARD_PREVIEW_ROWS },
    {
      name: 'Timesheets week',
      path: `/timesheet?interval=${INTERVAL.week}&from=${lastWeek.from}&to=${lastWeek.to}`,
      rows: '[role=row][data-timesheet-id]',
      floorScript: timesheetFloor(lastWeek),
      target: { full: 2, menu: 1.5 },
      preview: TIMESHEET_PREVIEW_ROWS,
    },
  ];
}

/** The page time, from `since`, at which `selector` first matches: polled every frame. */
async function shownAt(page: Page, selector: string, since: number): Promise<number> {
  const at = await page.waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : 0), selector, { timeout: 60_000, polling: 'raf' });
  return Math.round(((await at.jsonValue()) as number) - since);
}

/**
 * Watches, from the start of every document, for the first frame in which each selector matches (window.__firstSeen):
 * a view drawn before the page's load event (the board's first view) is timed when it shows, not when the bench
 * gets to look after the load. Polled every frame, as shownAt polls.
 */
const watchFirstSeen = (selectors: string[]) => `(() => {
  const seen = (window.__firstSeen = {});
  const tick = () => {
    for (const s of ${JSON.stringify(selectors)}) if (!(s in seen) && document.querySelector(s)) seen[s] = performance.now();
    if (Object.keys(seen).length < ${selectors.length} && performance.now() < 60000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** The page time at which each watched selector first matched, ms (absent: not seen). */
const firstSeen = (page: Page) => page.evaluate(() => (window as unknown as { __firstSeen?: Record<string, number> }).__firstSeen ?? {});

/**
 * Where a full navigation's time went: when the app's code the first rows waited for had arrived (the scripts in by
 * then; the live feed's, fetched after, is not counted), and when the data call went and came.
 */
interface Timeline {
  scriptsEnd: number;
  dataStart: number;
  dataEnd: number;
}

/** Read from the page's resource timings once its first rows are shown. */
function timeline(page: Page, dataPath: string, rowsAt: number): Promise<Timeline> {
  return page.evaluate(([data, shown]) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = entries.filter((e) => (e.initiatorType === 'script' || e.name.endsWith('.js')) && e.responseEnd <= shown);
    const calls = entries.filter((e) => new URL(e.name).pathname === data);
    return {
      scriptsEnd: Math.round(Math.max(0, ...scripts.map((e) => e.responseEnd))),
      dataStart: Math.round(Math.min(...calls.map((e) => e.startTime))),
      dataEnd: Math.round(Math.max(...calls.map((e) => e.responseEnd))),
    };
  }, [dataPath, rowsAt] as const);
}

interface Run {
  floor: number;
  /** The first view's first chip on a full navigation, ms (null: none drawn, or the screen has none). */
  preview: number | null;
  full: number;
  timeline: Timeline;
  menu: number;
  /** The longest main-thread task while opening (full navigation, menu navigation): its length and start, ms. */
  fullWorst: Blocking;
  menuWorst: Blocking;
}

/**
 * Opens `address` from an empty tab: the page before is gone first, so neither the floor nor the screen is timed
 * while the browser tears down the other's page (the Month's floor is a table of some 14,000 chips).
 */
async function openFromBlank(page: Page, address: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(address);
}

/** What is in a floor's page once its first rows are shown: the board's first cell chip, the timesheets' first row. */
const FLOOR_ROWS = 'td .chip, tr.chip';

/**
 * The page time, from `since`, at which `selector` was first in a frame: as the watcher (watchFirstSeen) saw it from
 * the document's start, or as polling saw it, whichever is earlier. Polling alone starts only once the test tool has
 * set it up after the navigation, and in about half the opens that was some 100 ms after the rows were already
 * there: it then timed its own start. The floors, timed so, came out 100–130 ms or 210–340 ms by that alone.
 */
async function firstShownAt(page: Page, selector: string, since: number): Promise<number> {
  const polled = await shownAt(page, selector, since);
  const seen = (await firstSeen(page))[selector];
  return seen !== undefined && seen >= since ? Math.min(polled, Math.round(seen - since)) : polled;
}

async function timeScreen(page: Page, url: string, screen: Screen, floorUrl: string): Promise<Run> {
  await openFromBlank(page, floorUrl);
  const floor = await firstShownAt(page, FLOOR_ROWS, 0);
  await openFromBlank(page, `${url}${screen.path}`);
  const full = await firstShownAt(page, screen.rows, 0);
  const seen = await firstSeen(page);
  const preview = seen[screen.preview] !== undefined ? Math.round(seen[screen.preview]) : null;
  const fullWorst = await blockingSince(page, 0);
  const fullTimeline = await timeline(page, new URL(screen.path, url).pathname === '/timesheet' ? '/api/timesheet' : '/api/shift', full);
  // From the menu: the app is loaded on its home page, and the screen is opened as the menu opens it.
  await page.goto(`${url}/`);
  await page.waitForLoadState('networkidle');
  const calls = followCalls(page);
  try {
    const t0 = await navigateInApp(page, screen.path);
    const menu = await firstShownAt(page, screen.rows, t0);
    const menuWorst = await blockingSince(page, t0);
    // The screen's later calls (the board's driver list: 2 MB the server takes some 0.15 s to write) finish before
    // the next run's floor starts: left behind, the server would still be writing them while the floor's calls waited.
    await calls.done();
    return { floor, preview, full, timeline: fullTimeline, menu, fullWorst, menuWorst };
  } finally {
    calls.stop();
  }
}

/**
 * Follows the page's requests from now; `done` waits until none has been out for `quietMs`, `stop` stops following.
 */
function followCalls(page: Page, quietMs = 300) {
  const out = new Set<unknown>();
  const sent = (r: unknown) => out.add(r);
  const back = (r: unknown) => out.delete(r);
  page.on('request', sent);
  page.on('requestfinished', back);
  page.on('requestfailed', back);
  return {
    async done(): Promise<void> {
      for (let quietSince = Date.now(); Date.now() - quietSince < quietMs; ) {
        await new Promise((r) => setTimeout(r, 50));
        if (out.size) quietSince = Date.now();
      }
    },
    stop(): void {
      page.off('request', sent);
      page.off('requestfinished', back);
      page.off('requestfailed', back);
    },
  };
}

/** The issue's bound on any one main-thread task while a screen opens. */
const LONG_TASK_MS = 100;

/** 'week-board': the screen's floor page's name. */
const floorName = (s: Screen) => s.name.toLowerCase().replace(/\W+/g, '-');

/** '148 (at 1,210)': a task and when it began, so a long one can be told from the first rows' own. */
const worstWords = (b: Blocking) => (b.worst ? `${b.worst} (at ${b.worstAt})` : '–');

/** `npm run bench -- --only firstopen`: every run of each screen, its floor, its open times and their ratios. */
export async function firstOpenFigures(url: string): Promise<string[]> {
  const chosen = screens().filter((s) => !ONLY.length || ONLY.some((o) => s.name.toLowerCase().includes(o)));
  const floors = serveFloorPages(Object.fromEntries(chosen.map((s) => [floorName(s), s.floorScript])));
  const { browser, page } = await adminBrowser(url);
  const lines = [`Machine load (1, 5, 15 min) at the start: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`];
  await page.addInitScript(watchFirstSeen([FLOOR_ROWS, ...new Set(screens().flatMap((s) => [s.preview, s.rows]))]));
  try {
    for (const screen of chosen) {
      const floorUrl = floors.address(url, floorName(screen));
      // One unmeasured round, so every figure is of a browser with the app's files in its cache.
      await timeScreen(page, url, screen, floorUrl);
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await timeScreen(page, url, screen, floorUrl));
      lines.push('', `${screen.name} (targets: full navigation ≤ ${screen.target.full}× the floor, menu ≤ ${screen.target.menu}×)`);
      lines.push(
        '| run | floor ms | first view ms | × floor | full navigation ms | × floor | worst task ms (began at) | full: code arrived / data asked / data in, ms | menu ms | × floor | worst task ms (began at) |',
        '|---|---|---|---|---|---|---|---|---|---|---|',
      );
      const ratio = (ms: number, floor: number) => ms / Math.max(floor, 1);
      const previewCells = (ms: number | null, floor: number) => (ms === null ? '– | –' : `${ms} | ${ratio(ms, floor).toFixed(1)}`);
      runs.forEach((r, i) =>
        lines.push(
          `| ${i + 1} | ${r.floor} | ${previewCells(r.preview, r.floor)} | ${r.full} | ${ratio(r.full, r.floor).toFixed(1)} | ${worstWords(r.fullWorst)} | ${r.timeline.scriptsEnd} / ${r.timeline.dataStart} / ${r.timeline.dataEnd} | ${r.menu} | ${ratio(r.menu, r.floor).toFixed(1)} | ${worstWords(r.menuWorst)} |`,
        ),
      );
      const fullRatio = median(runs.map((r) => ratio(r.full, r.floor)));
      const menuRatio = median(runs.map((r) => ratio(r.menu, r.floor)));
      const previews = runs.filter((r) => r.preview !== null);
      const previewRatio = previews.length === runs.length ? median(previews.map((r) => ratio(r.preview!, r.floor))) : null;
      lines.push(
        `| median | ${median(runs.map((r) => r.floor))} | ${previewRatio === null ? '– | –' : `${median(previews.map((r) => r.preview!))} | ${previewRatio.toFixed(1)}`} | ${median(runs.map((r) => r.full))} | ${fullRatio.toFixed(1)} | ${median(runs.map((r) => r.fullWorst.worst))} | ${median(runs.map((r) => r.timeline.scriptsEnd))} / ${median(runs.map((r) => r.timeline.dataStart))} / ${median(runs.map((r) => r.timeline.dataEnd))} | ${median(runs.map((r) => r.menu))} | ${menuRatio.toFixed(1)} | ${median(runs.map((r) => r.menuWorst.worst))} |`,
        `${screen.name}: full navigation ${fullRatio <= screen.target.full ? 'meets' : 'misses'} its target, menu ${menuRatio <= screen.target.menu ? 'meets' : 'misses'} it` +
          `; its first view ${previewRatio !== null && previewRatio <= screen.target.full ? 'meets' : 'misses'} the full navigation's target` +
          `; no task over ${LONG_TASK_MS} ms in ${runs.filter((r) => r.fullWorst.worst <= LONG_TASK_MS).length} of ${runs.length} full navigations and ${runs.filter((r) => r.menuWorst.worst <= LONG_TASK_MS).length} of ${runs.length} from the menu`,
      );
    }
    lines.push('', `Machine load at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    return lines;
  } finally {
    await browser.close();
    floors.remove();
  }
}
