import { addDays, londonToday, mondayOf } from '../domain/dates';
import { INTERVAL } from '../domain/ranges';
import { navigateInApp } from './boardScroll';
import { busiest, inclusiveScriptTime, ownScriptTime, ownTimeInside, profilerFor, rendererMain, runTraceTool, stopTrace, traceFromHome, threadEvents, type Profile, type TraceEvent } from './traceReading';

/**
 * `npx tsx bench/timesheetTrace.ts [--menu]`: where the Timesheets week's first open goes, on the large dataset.
 * Opens last week's timesheets (a full navigation, or from the menu with `--menu`) under Chromium's trace and lists
 * every main-thread task over 16 ms until the first rows show, at its page time, with the CPU it used and, built
 * with source maps (`npx vite build --sourcemap`), the functions its script time went to.
 */
const menu = process.argv.includes('--menu');
const RUNS = Number(process.env.BENCH_TRACE_RUNS ?? 2);
const TASK_US = 16_000;
const ROWS = '[role=row][data-timesheet-id]';

/** Own and inclusive (by our own source files) script time of a window of the profile, ms. */
function scriptIn(profile: Profile, from: number, to: number): string[] {
  const ours = inclusiveScriptTime(profile, from, to, undefined, (f) => /^(src|domain|providers|resources)\//.test(f));
  return [
    ...busiest(ownScriptTime(profile, from, to), 8).map(([k, ms]) => `      own ${ms.toFixed(0)} ms ${k}`),
    ...busiest(ours, 10).map(([k, ms]) => `      incl ${ms.toFixed(0)} ms ${k}`),
  ];
}

function tasks(events: TraceEvent[], profile: Profile, origin: number, until: number): string[] {
  const main = rendererMain(events, (task) => task.ts > origin);
  if (!main) return ['(no renderer main thread)'];
  const onMain = threadEvents(events, main);
  const lines: string[] = [];
  for (const task of onMain.filter((e) => e.name === 'RunTask' && e.dur! > TASK_US && e.ts >= origin && e.ts <= until)) {
    const own = ownTimeInside(onMain, task);
    const top = [...own].filter(([, us]) => us > 2000).sort((a, b) => b[1] - a[1]).slice(0, 6);
    lines.push(
      `  at ${((task.ts - origin) / 1000).toFixed(0)} ms: task ${(task.dur! / 1000).toFixed(0)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(0)}): ` + top.map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`).join(', '),
      ...scriptIn(profile, task.ts, task.ts + task.dur!),
    );
  }
  return lines;
}

runTraceTool({ scale: 'large', databaseUrl: null, buildApp: true }, async ({ server, browser, context, page }) => {
  const today = londonToday();
  const from = mondayOf(addDays(today, -7));
  const screen = `/timesheet?interval=${INTERVAL.week}&from=${from}&to=${addDays(from, 6)}`;
  await page.goto(`${server.url}${screen}`);
  await page.waitForSelector(ROWS);
  const profiler = await profilerFor(context, page);
  for (let run = 1; run <= RUNS; run++) {
    await traceFromHome(browser, page, profiler, server.url);
    let t0 = 0;
    // A mark in the trace where the menu opens the screen: the page clock's zero for the tasks listed.
    if (menu) await page.evaluate(() => console.timeStamp('open'));
    if (menu) t0 = await navigateInApp(page, screen);
    else await page.goto(`${server.url}${screen}`, { waitUntil: 'commit' });
    const shown = (await (await page.waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : 0), ROWS, { polling: 'raf' })).jsonValue()) as number;
    const nowAt = (await page.evaluate(() => performance.now())) as number;
    await page.waitForTimeout(300);
    const { events, profile } = await stopTrace(browser, profiler);
    // The trace's time of the page clock's zero: the navigation's start, or the mark made as the menu opens it.
    const zero = events.filter((e) => e.name === (menu ? 'TimeStamp' : 'navigationStart')).at(-1);
    const origin = zero?.ts ?? 0;
    console.log(`${menu ? 'menu' : 'full'} run ${run}: first rows at ${(shown - t0).toFixed(0)} ms (page now ${nowAt.toFixed(0)})${zero ? '' : ' (no start found in the trace)'}`);
    for (const line of tasks(events, profile, origin, origin + (shown - t0) * 1000 + 50_000)) console.log(line);
  }
});
