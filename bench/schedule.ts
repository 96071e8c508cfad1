import type { BrowserContext, Page } from 'playwright-core';
import { addDays, londonToday, mondayOf } from '../domain/dates';
import { rangeFor, INTERVAL, type DateRange } from '../domain/ranges';
import type { ShiftRecord } from '../domain/shifts';
import { SHIFT_STATUS } from '../domain/statuses';
import { adminBrowser, blockingSince, boardQuiet, heapAfterGc, jumpToLastRow, navigateInApp, type Blocking, type Jump } from './boardScroll';
import { sortRestaurants } from '../src/pages/schedule/boardOrder';
import type { BoardRestaurant } from '../domain/shiftCalls';
import { boardFloor } from './firstOpen';
import { serveFloorPages } from './floorPages';
import { areaRateEdited, describeAfterChange, load, median, onePerDay, timedAfterChange, type Change, type LoadResult } from './load';

/**
 * The schedule's figures at the large scale: the shift list for a week and publishing 1,000 shifts in one
 * call (API), and the admin board's Week and Month views in headless Chromium, each timed from navigation until
 * the shift chips stop changing, next to the same shifts rendered as a plain static HTML table (the floor).
 */

const RUNS = Number(process.env.BENCH_BOARD_RUNS ?? 3);
/** The board is settled once the chip count has not changed for this long. */
const QUIET_MS = 1500;
/** Visits to the Month board in one tab, for its time and heap on the first and the last. */
const VISITS = 10;

export interface BoardFigure {
  name: string;
  /** Median time from navigation to the last change of the chip count, ms. */
  ms: number;
  chips: number;
  runs: number[];
}


/** Waits until the chip count has not changed for QUIET_MS (after page time `from`, if given). */
async function settle(page: Page, from = 0): Promise<{ ms: number; chips: number }> {
  const deadline = Date.now() + 60_000;
  let last = { last: -1, count: -1 };
  let since = Date.now();
  for (;;) {
    const now = (await page.evaluate('window.__chips')) as { last: number; count: number };
    if (now.count !== last.count || now.last !== last.last) {
      last = now;
      since = Date.now();
    } else if (now.count > 0 && now.last >= from && Date.now() - since > QUIET_MS) break;
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ms: Math.round(last.last), chips: last.count };
}

async function timeRuns(name: string, page: Page, go: () => Promise<unknown>, after?: () => Promise<{ ms: number; chips: number }>): Promise<BoardFigure> {
  const runs: number[] = [];
  let chips = 0;
  for (let i = 0; i < RUNS; i++) {
    await go();
    const result = after ? await after() : await settle(page);
    runs.push(result.ms);
    chips = result.chips;
  }
  return { name, ms: median(runs), chips, runs };
}

export interface ScrollRun {
  /** From navigation until the chips stopped changing, ms. */
  open: number;
  openBlocking: Blocking;
  jump: Jump;
  /** Next (week or month), from the click: until the new range's first chips were painted, and until the board settled. */
  next: { painted: number; ms: number; blocking: Blocking };
}

export interface BoardResults {
  figures: BoardFigure[];
  /** `slowPresses`: the presses under LATENCY_MS of added latency, when asked. */
  scroll: { name: string; runs: ScrollRun[]; presses: Presses; slowPresses?: Presses }[];
  visits: { ms: number; heapMb: number }[];
  live: { ms: number; blocking: Blocking; shifts: number } | null;
}

/** The restaurant of the board's last row that has shifts in the range (rows sorted as the board sorts them). */
async function lastRowWithShifts(url: string, auth: Record<string, string>, range: DateRange): Promise<number> {
  const restaurants = await json<BoardRestaurant[]>(await fetch(`${url}/api/restaurant?status=10`, { headers: auth }));
  const shifts = await json<ShiftRecord[]>(await fetch(`${url}/api/shift?period_date_from=${range.from}&period_date_to=${range.to}&filter_draft=1`, { headers: auth }));
  const planned = new Set(shifts.map((s) => s.restaurant_id));
  return sortRestaurants(restaurants).filter((r) => planned.has(r.id)).at(-1)!.id;
}

/**
 * Marks the Next and Previous buttons for pressRangeButton. Found before any clock starts: Playwright finds a button by
 * role and name inside the page, walking every element's accessible name (a task of about 90 ms of CPU on the Month
 * board), which is its work, not the board's.
 */
async function markRangeButtons(page: Page): Promise<void> {
  for (const name of ['Next', 'Previous']) await page.getByRole('button', { name, exact: true }).evaluate((b, n) => b.setAttribute('data-bench-press', n), name);
}

/**
 * Clicks Next or Previous inside the page, which then watches every frame for the new range's first chips: the
 * range's first day in the timeline's header has moved on, and a chip is drawn (-1 when none came within a minute).
 * A string: the bundler's helpers are not in the page.
 */
async function pressRangeButton(page: Page, name: 'Next' | 'Previous'): Promise<{ t0: number; painted: number }> {
  return (await page.evaluate(`new Promise((resolve) => {
    const firstDay = () => document.querySelector('.shift-board th.fc-timeline-slot[data-date]')?.getAttribute('data-date');
    const before = firstDay();
    const t0 = performance.now();
    document.querySelector('[data-bench-press="${name}"]').click();
    const tick = () => {
      if (firstDay() !== before && document.querySelector('.shift-board .chip')) resolve({ t0, painted: performance.now() - t0 });
      else if (performance.now() - t0 > 60000) resolve({ t0, painted: -1 });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`)) as { t0: number; painted: number };
}

async function openAndJump(page: Page, boardUrl: string, lastRow: number): Promise<ScrollRun> {
  await page.goto(boardUrl);
  const open = (await settle(page)).ms;
  const openBlocking = await blockingSince(page, 0);
  const jump = await jumpToLastRow(page, lastRow, QUIET_MS);
  await markRangeButtons(page);
  const { t0, painted } = await pressRangeButton(page, 'Next');
  const end = await boardQuiet(page, QUIET_MS);
  return { open, openBlocking, jump, next: { painted: Math.round(painted), ms: Math.round(end - t0), blocking: await blockingSince(page, t0) } };
}

/** How many times Previous and Next are pressed in turn after the runs (BENCH_BOARD_PRESSES). */
const PRESSES = Number(process.env.BENCH_BOARD_PRESSES ?? 10);
/**
 * The presses again with this much latency added to every request (BENCH_BOARD_LATENCY_MS; 0 leaves them out): an
 * office far from its server, or a phone on mobile data. Here the server is on the same machine.
 */
const LATENCY_MS = Number(process.env.BENCH_BOARD_LATENCY_MS ?? 200);

export interface Presses {
  /** Each press's first chips painted, ms after the click. */
  painted: number[];
  /** Each press's longest task, ms. */
  worst: number[];
}

/**
 * Presses Previous and Next in turn, PRESSES times, from where the runs left the board (the range after the current
 * one, at the last row; Previous first, as the dataset's shifts end weeks after today), each once the board has
 * settled: until the new range's first
 * chips were painted (as openAndJump's Next), and the press's longest task. The ranges are kept by the server after
 * the first two presses, as they are for a planner paging back and forth.
 */
async function pressPreviousAndNext(page: Page): Promise<Presses> {
  await markRangeButtons(page);
  const presses: Presses = { painted: [], worst: [] };
  for (let i = 0; i < PRESSES; i++) {
    const { t0, painted } = await pressRangeButton(page, i % 2 ? 'Next' : 'Previous');
    await boardQuiet(page, QUIET_MS);
    presses.painted.push(Math.round(painted));
    presses.worst.push((await blockingSince(page, t0)).worst);
  }
  return presses;
}

/** Runs `measure` with LATENCY_MS added to every request of `page` (Chromium's network emulation), then without. */
async function withLatency<T>(context: BrowserContext, page: Page, measure: () => Promise<T>): Promise<T> {
  const cdp = await context.newCDPSession(page);
  const conditions = (latency: number) => ({ offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', conditions(LATENCY_MS));
  try {
    return await measure();
  } finally {
    await cdp.send('Network.emulateNetworkConditions', conditions(0));
    await cdp.detach();
  }
}

/** Where the other writers' changes go: the board's own server, or a second instance on the same database. */
export interface Writer {
  url: string;
  auth: Record<string, string>;
}

export async function benchBoard(url: string, token: string, writer: Writer): Promise<BoardResults> {
  const auth = { authorization: `Bearer ${token}` };
  const today = londonToday();
  const week = rangeFor(INTERVAL.week, today);
  const month = rangeFor(INTERVAL.month, today);
  const floors = serveFloorPages({ week: boardFloor(week), month: boardFloor(month) });
  const { browser, context, page } = await adminBrowser(url);
  try {
    const boardPath = (r: DateRange, interval: number) => `/schedule?interval=${interval}&from=${r.from}&to=${r.to}`;
    const board = (r: DateRange, interval: number) => `${url}${boardPath(r, interval)}`;

    // One unmeasured visit each, so every figure is of a browser with the app's files in its cache.
    await page.goto(board(week, INTERVAL.week));
    await settle(page);
    await page.goto(floors.address(url, 'week'));
    await settle(page);

    const figures = [
      await timeRuns('Floor: static table, week, all locations', page, () => page.goto(floors.address(url, 'week'))),
      await timeRuns('Board: Week, all locations (first rows painted, scrollable)', page, () => page.goto(board(week, INTERVAL.week))),
      await timeRuns('Floor: static table, month, all locations', page, () => page.goto(floors.address(url, 'month'))),
      await timeRuns('Board: Month, all locations (first rows painted, scrollable)', page, () => page.goto(board(month, INTERVAL.month))),
    ];

    const scroll: BoardResults['scroll'] = [];
    for (const [name, range, interval] of [['Week', week, INTERVAL.week], ['Month', month, INTERVAL.month]] as const) {
      const lastRow = await lastRowWithShifts(url, auth, range);
      const runs: ScrollRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await openAndJump(page, board(range, interval), lastRow));
      const presses = await pressPreviousAndNext(page);
      scroll.push({ name, runs, presses, slowPresses: LATENCY_MS > 0 ? await withLatency(context, page, () => pressPreviousAndNext(page)) : undefined });
    }

    // Ten visits to the Month board in one tab, leaving for the home page in between (no page load).
    const cdp = await context.newCDPSession(page);
    const visits: BoardResults['visits'] = [];
    await page.goto(`${url}/`);
    await page.waitForLoadState('networkidle');
    for (let i = 0; i < VISITS; i++) {
      const t0 = await navigateInApp(page, boardPath(month, INTERVAL.month));
      const { ms } = await settle(page, t0);
      // The heap once the driver list is in as well: it loads after the shifts, so on a big dataset an early reading
      // could be taken before it on one visit and after it on another.
      await page.getByText(/^All drivers \[[1-9]/).waitFor({ timeout: 60_000 });
      visits.push({ ms: Math.round(ms - t0), heapMb: await heapAfterGc(cdp) });
      await navigateInApp(page, '/');
      await page.waitForTimeout(300);
    }

    return { figures, scroll, visits, live: await liveUpdate(page, url, writer, boardPath) };
  } finally {
    await browser.close();
    floors.remove();
  }
}

/** A Monday two years ahead, outside anything the dataset plans. */
const farWeek = () => mondayOf(addDays(rangeFor(INTERVAL.week, londonToday()).from, 730));

/**
 * 1,000 shifts of the current week copied (unpublished) into the far week: answers their ids and a way to remove
 * them again, so the dataset stays as it was.
 */
export async function copyThousand(url: string, auth: Record<string, string>): Promise<{ ids: number[]; ms: number; remove: () => Promise<void> }> {
  const week = rangeFor(INTERVAL.week, londonToday());
  const current = await json<{ id: number }[]>(await fetch(`${url}/api/shift?period_date_from=${week.from}&period_date_to=${week.to}&filter_draft=1`, { headers: auth }));
  const t0 = performance.now();
  const body = { shift_ids: current.slice(0, 1000).map((s) => s.id), to_date: farWeek(), period_date_from: week.from };
  const copies = await json<{ id: number }[]>(await post(url, auth, '/api/shift/copyshifts', body));
  const ids = copies.map((c) => c.id);
  return {
    ids,
    ms: performance.now() - t0,
    async remove() {
      await post(url, auth, '/api/shift/unpublish', { shift_ids: ids, push_drivers: 20 });
      await post(url, auth, '/api/shift/remove', { shift_ids: ids, push_drivers: 20 });
    },
  };
}

export const post = (url: string, auth: Record<string, string>, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * The board open on a week of 1,000 unpublished shifts when someone else publishes them all in one call, through
 * `writer` (with two instances, the other one: the change reaches the board through the database's notifications).
 */
async function liveUpdate(page: Page, url: string, writer: Writer, boardPath: (r: DateRange, interval: number) => string): Promise<BoardResults['live']> {
  const copied = await copyThousand(writer.url, writer.auth);
  try {
    const target = farWeek();
    await page.goto(`${url}${boardPath({ from: target, to: addDays(target, 6) }, INTERVAL.week)}`);
    await settle(page);
    const t0 = (await page.evaluate('performance.now()')) as number;
    const res = await post(writer.url, writer.auth, '/api/shift/publish', { shift_ids: copied.ids, push_drivers: 20 });
    if (!res.ok) return null;
    const end = await boardQuiet(page, QUIET_MS);
    return { ms: Math.round(end - t0), blocking: await blockingSince(page, t0), shifts: copied.ids.length };
  } finally {
    await copied.remove();
  }
}

export function printBoard({ figures, scroll, visits, live }: BoardResults): void {
  const floorWeek = figures.find((f) => f.name.startsWith('Floor') && f.name.includes('week'))!;
  const floorMonth = figures.find((f) => f.name.startsWith('Floor') && f.name.includes('month'))!;
  console.log('\n| board view (headless Chromium, median of runs) | ms | chips | × floor | runs |');
  console.log('|---|---|---|---|---|');
  for (const f of figures) {
    const floor = f.name.includes('Month') || f.name.includes('month') ? floorMonth : floorWeek;
    const ratio = f.name.startsWith('Floor') ? '1.0' : (f.ms / floor.ms).toFixed(1);
    console.log(`| ${f.name} | ${f.ms} | ${f.chips} | ${ratio} | ${f.runs.join(', ')} |`);
  }

  const each = (runs: ScrollRun[], pick: (r: ScrollRun) => number) => `${median(runs.map(pick))} (${runs.map(pick).join(', ')})`;
  console.log('\n| all locations, ms: median (every run) | open | open: worst task | open: blocked | jump: last row painted | jump: settled | jump: worst task | jump: blocked | Next: first chips painted | Next: settled | Next: worst task |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { name, runs } of scroll) {
    const cells = [
      each(runs, (r) => r.open),
      each(runs, (r) => r.openBlocking.worst),
      each(runs, (r) => r.openBlocking.blocked),
      each(runs, (r) => r.jump.painted),
      each(runs, (r) => r.jump.settled),
      each(runs, (r) => r.jump.blocking.worst),
      each(runs, (r) => r.jump.blocking.blocked),
      each(runs, (r) => r.next.painted),
      each(runs, (r) => r.next.ms),
      each(runs, (r) => r.next.blocking.worst),
    ];
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
  const pressLine = (name: string, presses: Presses, network: string) =>
    `${name}, Previous and Next pressed in turn ${presses.painted.length} times from the last row${network}: first chips painted median ${median(presses.painted)} ms (${presses.painted.join(', ')}); worst task median ${median(presses.worst)} ms (${presses.worst.join(', ')})`;
  for (const { name, presses, slowPresses } of scroll) {
    console.log(pressLine(name, presses, ''));
    if (slowPresses) console.log(pressLine(name, slowPresses, `, ${LATENCY_MS} ms added to every request`));
  }
  const first = visits[0];
  const last = visits.at(-1)!;
  console.log(`\nMonth board, ${visits.length} visits in one tab (ms until the chips stopped changing / MB of JS heap after GC):`);
  console.log(`  ${visits.map((v, i) => `#${i + 1} ${v.ms} ms ${v.heapMb} MB`).join(', ')}`);
  console.log(`  visit ${visits.length} / visit 1: time ${(last.ms / first.ms).toFixed(2)}×, heap ${(last.heapMb / first.heapMb).toFixed(2)}×`);
  if (live) console.log(`Live update: ${live.shifts} shifts published elsewhere, applied in ${live.ms} ms; worst task ${live.blocking.worst} ms, blocked ${live.blocking.blocked} ms`);
  else console.log('Live update: the publish of the copied shifts was refused');
}

async function json<T>(res: Response): Promise<T> {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body as T;
}

/**
 * GET /api/shift for a week, as the board asks for it, one request at a time (the median is the figure) and
 * under load; then 1,000 unpublished shifts (copied from the current week into an empty week far ahead) published
 * in one call with pushes to the drivers, and removed again so the dataset stays as it was.
 */
export async function benchShiftApi(url: string, token: string, seconds: number): Promise<{ loads: LoadResult[]; publish: string[] }> {
  const auth = { authorization: `Bearer ${token}` };
  const week = rangeFor(INTERVAL.week, londonToday());
  const weekUrl = `${url}/api/shift?period_date_from=${week.from}&period_date_to=${week.to}&with_driver=1&filter_draft=1`;
  const loads = [
    await load('GET /api/shift week (board query, unchanged), 1 at a time', () => fetch(weekUrl, { headers: auth }), { concurrency: 1, seconds }),
    await load('GET /api/shift week (board query, unchanged), 4 at once', () => fetch(weekUrl, { headers: auth }), { concurrency: 4, seconds }),
  ];
  // Right after a shift is saved from the board with its own values (each run a shift of another day: that day is
  // built again), and after an area's pay rate is changed (every day built again).
  const editable = (await json<ShiftRecord[]>(await fetch(weekUrl, { headers: auth }))).filter((s) => !s.timesheet_id && s.status !== SHIFT_STATUS.draft);
  const oneADay = onePerDay(editable);
  const shiftSaved: Change = async (run) => {
    const i = run % oneADay.length;
    const res = await fetch(`${url}/api/shift/${oneADay[i].id}`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(oneADay[i]) });
    // The saved copy is the one to save next time: the same day's shift saved again from its old copy is refused
    // as a save over someone else's change (409).
    oneADay[i] = await json<ShiftRecord>(res);
  };
  const send = () => fetch(weekUrl, { headers: auth });
  const afterShift = await timedAfterChange(shiftSaved, send, 9);
  const rate = await areaRateEdited(url, auth);
  const afterRate = await timedAfterChange(rate.change, send, 9).finally(rate.restore);

  const { ids, ms: copyMs, remove } = await copyThousand(url, auth);
  const lines = [
    `GET /api/shift week right after one shift is saved (its day built again): ${describeAfterChange(afterShift)}`,
    `GET /api/shift week right after an area's pay rate is changed (every day built again): ${describeAfterChange(afterRate)}`,
    `POST /api/shift/copyshifts: ${ids.length} shifts copied in ${copyMs.toFixed(0)} ms`,
  ];
  try {
    const t1 = performance.now();
    const res = await post(url, auth, '/api/shift/publish', { shift_ids: ids, push_drivers: 10 });
    const body = await res.json();
    const ms = performance.now() - t1;
    if (res.ok) lines.push(`POST /api/shift/publish: ${(body as unknown[]).length} shifts published in one call, with pushes, in ${ms.toFixed(0)} ms`);
    else {
      const failed = (body as { fail: { id: number }[] }).fail ?? [];
      lines.push(`POST /api/shift/publish: refused in ${ms.toFixed(0)} ms, ${failed.length} shifts listed as failing`);
      const rest = ids.filter((id) => !failed.some((f) => f.id === id));
      const t2 = performance.now();
      const again = await post(url, auth, '/api/shift/publish', { shift_ids: rest, push_drivers: 10 });
      lines.push(`POST /api/shift/publish (the rest): ${again.status}, ${rest.length} shifts in ${(performance.now() - t2).toFixed(0)} ms`);
    }
  } finally {
    await remove();
  }
  return { loads, publish: lines };
}
