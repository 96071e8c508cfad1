import { londonToday } from '../domain/dates';
import { INTERVAL, rangeFor } from '../domain/ranges';
import { boardQuiet } from './boardScroll';
import { postgresArg, scaleArg } from './benchServer';
import { busiest, ownScriptTime, ownTimeInside, profilerFor, rendererMain, runTraceTool, startTrace, stopTrace, threadEvents, type Profile, type TraceEvent } from './traceReading';

/**
 * `npx tsx bench/boardTrace.ts [--scale large] [--postgres] [--view week|month]`: where the board's long tasks go.
 * Opens the board (all locations) and presses Next under Chromium's trace, then lists every main-thread task over
 * 50 ms with the CPU it used and what it did (script, style recalculation, layout, paint...), each by its own time.
 * The board benchmark (bench/run.ts --only board) says how long the tasks are; this says why. Built with source maps
 * (`npx vite build --sourcemap`), the script of each task is named by its source files and functions, from a CPU
 * profile taken alongside.
 */
const scale = scaleArg();
const databaseUrl = postgresArg(scale);
const month = process.argv.includes('--view') && process.argv[process.argv.indexOf('--view') + 1] === 'month';
const RUNS = Number(process.env.BENCH_BOARD_RUNS ?? 2);
const LONG_US = 50_000;

/** Each long task of the page's main thread: its wall and CPU time, and the own time of what ran inside it. */
function longTasks(events: TraceEvent[], profile: Profile): string[] {
  const main = rendererMain(events, () => true);
  if (!main) return ['(no renderer main thread in the trace)'];
  const onMain = threadEvents(events, main);
  const lines: string[] = [];
  for (const task of onMain.filter((e) => e.name === 'RunTask' && e.dur! > LONG_US)) {
    const own = ownTimeInside(onMain, task);
    const top = [...own].filter(([, us]) => us > 2000).sort((a, b) => b[1] - a[1]).slice(0, 8);
    lines.push(
      `  task ${(task.dur! / 1000).toFixed(0)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(0)} ms): ` + top.map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`).join(', '),
      ...busiest(ownScriptTime(profile, task.ts, task.ts + task.dur!), 6).map(([name, ms]) => `      ${ms.toFixed(0)} ms ${name}`),
    );
  }
  return lines.length ? lines : ['  no task over 50 ms'];
}

// The screen figures need the built app, as the sources are now.
runTraceTool({ scale, databaseUrl, buildApp: true }, async ({ server, browser, context, page }) => {
  const interval = month ? INTERVAL.month : INTERVAL.week;
  const range = rangeFor(interval, londonToday());
  const board = `${server.url}/schedule?interval=${interval}&from=${range.from}&to=${range.to}`;
  await page.goto(board);
  await boardQuiet(page, 1500);
  const profiler = await profilerFor(context, page);
  for (let run = 1; run <= RUNS; run++) {
    for (const step of ['open', 'Next'] as const) {
      if (step === 'open') await page.goto(`${server.url}/`);
      // Found before the trace: Playwright's search by role is a long task of its own.
      const next = step === 'Next' ? await page.getByRole('button', { name: 'Next' }).elementHandle() : null;
      await startTrace(browser, page, profiler);
      if (step === 'open') await page.goto(board);
      else await next!.click();
      await boardQuiet(page, 1500);
      const { events, profile } = await stopTrace(browser, profiler);
      console.log(`${month ? 'Month' : 'Week'}, run ${run}, ${step}:`);
      for (const line of longTasks(events, profile)) console.log(line);
    }
  }
});
