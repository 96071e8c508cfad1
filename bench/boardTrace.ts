import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { londonToday } from '../domain/dates';
import { INTERVAL, rangeFor } from '../domain/ranges';
import { adminBrowser, boardQuiet } from './boardScroll';
import { ROOT, postgresArg, prepareDataset, scaleArg, startBenchServer } from './benchServer';
import { buildWebAppIfStale } from '../scripts/webBuild.mjs';

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

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
/** The source map of a built file of dist/assets, when the build wrote one. */
function sourceMap(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    const file = path.join(ROOT, 'dist', new URL(url).pathname + '.map');
    maps.set(url, fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8')) as RawSourceMap) : null);
  }
  return maps.get(url)!;
}

/** A profile node's function as written: source file (without node_modules/) and name. */
function frameName(frame: Profile['nodes'][number]['callFrame']): string {
  if (!frame.url) return frame.functionName || '(native)';
  const map = frame.url.includes('/assets/') && frame.lineNumber >= 0 ? sourceMap(frame.url) : null;
  const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at?.source) return `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}`;
  const source = at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${source}:${at.line} ${at.name ?? frame.functionName}`;
}

/** The script time of a window of the profile (µs, the trace's clock), by function, in ms. */
function scriptIn(profile: Profile, from: number, to: number): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const own = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = t + (profile.timeDeltas[i + 1] ?? 0);
    if (t < from || t > to) continue;
    const name = frameName(byId.get(profile.samples[i])!.callFrame);
    own.set(name, (own.get(name) ?? 0) + (next - t) / 1000);
  }
  return [...own].filter(([n]) => n !== '(idle)' && n !== '(program)').sort((a, b) => b[1] - a[1]).slice(0, 6);
}

/** Each long task of the page's main thread: its wall and CPU time, and the own time of what ran inside it. */
function longTasks(events: TraceEvent[], profile: Profile): string[] {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'RunTask'));
  if (!main) return ['(no renderer main thread in the trace)'];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const lines: string[] = [];
  for (const task of onMain.filter((e) => e.name === 'RunTask' && e.dur! > LONG_US)) {
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
    // Own time: an event's duration less its direct children's, so nested work is counted once.
    const own = new Map<string, number>();
    const stack: { e: TraceEvent; end: number; key: string }[] = [];
    const add = (key: string, us: number) => own.set(key, (own.get(key) ?? 0) + us);
    for (const e of inside) {
      while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) add(parent.key, -e.dur!);
      const fn = e.args?.data?.functionName;
      const key = fn ? `${e.name} ${fn}` : e.name;
      add(key, e.dur!);
      stack.push({ e, end: e.ts + e.dur!, key });
    }
    const top = [...own].filter(([, us]) => us > 2000).sort((a, b) => b[1] - a[1]).slice(0, 8);
    lines.push(
      `  task ${(task.dur! / 1000).toFixed(0)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(0)} ms): ` + top.map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`).join(', '),
      ...scriptIn(profile, task.ts, task.ts + task.dur!).map(([name, ms]) => `      ${ms.toFixed(0)} ms ${name}`),
    );
  }
  return lines.length ? lines : ['  no task over 50 ms'];
}

async function main() {
  // The screen figures need the built app, as the sources are now.
  buildWebAppIfStale();
  await prepareDataset(scale, async () => null, databaseUrl);
  const server = await startBenchServer(scale, databaseUrl);
  const { browser, context, page } = await adminBrowser(server.url);
  try {
    const interval = month ? INTERVAL.month : INTERVAL.week;
    const range = rangeFor(interval, londonToday());
    const board = `${server.url}/schedule?interval=${interval}&from=${range.from}&to=${range.to}`;
    await page.goto(board);
    await boardQuiet(page, 1500);
    const profiler: CDPSession = await context.newCDPSession(page);
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    for (let run = 1; run <= RUNS; run++) {
      for (const step of ['open', 'Next'] as const) {
        if (step === 'open') await page.goto(`${server.url}/`);
        // Found before the trace: Playwright's search by role is a long task of its own.
        const next = step === 'Next' ? await page.getByRole('button', { name: 'Next' }).elementHandle() : null;
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
        await profiler.send('Profiler.start');
        if (step === 'open') await page.goto(board);
        else await next!.click();
        await boardQuiet(page, 1500);
        const { profile } = (await profiler.send('Profiler.stop')) as unknown as { profile: Profile };
        const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        console.log(`${month ? 'Month' : 'Week'}, run ${run}, ${step}:`);
        for (const line of longTasks(trace.traceEvents, profile)) console.log(line);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
