import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { addDays, londonToday, mondayOf } from '../domain/dates';
import { INTERVAL } from '../domain/ranges';
import { adminBrowser, navigateInApp } from './boardScroll';
import { ROOT, prepareDataset, startBenchServer } from './benchServer';
import { buildWebAppIfStale } from '../scripts/webBuild.mjs';

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
function sourceMap(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    const file = path.join(ROOT, 'dist', new URL(url).pathname + '.map');
    maps.set(url, fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8')) as RawSourceMap) : null);
  }
  return maps.get(url)!;
}

function frameName(frame: Profile['nodes'][number]['callFrame']): string {
  if (!frame.url) return frame.functionName || '(native)';
  const map = frame.url.includes('/assets/') && frame.lineNumber >= 0 ? sourceMap(frame.url) : null;
  const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at?.source) return `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}`;
  const source = at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${source}:${at.line} ${at.name ?? frame.functionName}`;
}

/** Own and inclusive (by our own source files) script time of a window of the profile, ms. */
function scriptIn(profile: Profile, from: number, to: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes as (Profile['nodes'][number] & { children?: number[] })[]) for (const c of n.children ?? []) parent.set(c, n.id);
  const own = new Map<string, number>();
  const ours = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = t + (profile.timeDeltas[i + 1] ?? 0);
    if (t < from || t > to) continue;
    const ms = (next - t) / 1000;
    const name = frameName(byId.get(profile.samples[i])!.callFrame);
    own.set(name, (own.get(name) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const f = frameName(byId.get(id)!.callFrame);
      if (!/^(src|domain|providers|resources)\//.test(f) || seen.has(f)) continue;
      seen.add(f);
      ours.set(f, (ours.get(f) ?? 0) + ms);
    }
  }
  const top = (m: Map<string, number>, n: number) => [...m].filter(([k]) => k !== '(idle)' && k !== '(program)').sort((a, b) => b[1] - a[1]).slice(0, n);
  return [
    ...top(own, 8).map(([k, ms]) => `      own ${ms.toFixed(0)} ms ${k}`),
    ...top(ours, 10).map(([k, ms]) => `      incl ${ms.toFixed(0)} ms ${k}`),
  ];
}

function tasks(events: TraceEvent[], profile: Profile, origin: number, until: number): string[] {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'RunTask' && x.ts > origin));
  if (!main) return ['(no renderer main thread)'];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const lines: string[] = [];
  for (const task of onMain.filter((e) => e.name === 'RunTask' && e.dur! > TASK_US && e.ts >= origin && e.ts <= until)) {
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
    const own = new Map<string, number>();
    const stack: { end: number; key: string }[] = [];
    const add = (key: string, us: number) => own.set(key, (own.get(key) ?? 0) + us);
    for (const e of inside) {
      while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
      const up = stack.at(-1);
      if (up) add(up.key, -e.dur!);
      const fn = e.args?.data?.functionName;
      const key = fn ? `${e.name} ${fn}` : e.name;
      add(key, e.dur!);
      stack.push({ end: e.ts + e.dur!, key });
    }
    const top = [...own].filter(([, us]) => us > 2000).sort((a, b) => b[1] - a[1]).slice(0, 6);
    lines.push(
      `  at ${((task.ts - origin) / 1000).toFixed(0)} ms: task ${(task.dur! / 1000).toFixed(0)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(0)}): ` + top.map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`).join(', '),
      ...scriptIn(profile, task.ts, task.ts + task.dur!),
    );
  }
  return lines;
}

async function main() {
  buildWebAppIfStale();
  await prepareDataset('large', async () => null, null);
  const server = await startBenchServer('large', null);
  const { browser, context, page } = await adminBrowser(server.url);
  const today = londonToday();
  const from = mondayOf(addDays(today, -7));
  const screen = `/timesheet?interval=${INTERVAL.week}&from=${from}&to=${addDays(from, 6)}`;
  try {
    await page.goto(`${server.url}${screen}`);
    await page.waitForSelector(ROWS);
    const profiler: CDPSession = await context.newCDPSession(page);
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    for (let run = 1; run <= RUNS; run++) {
      await page.goto(`${server.url}/`);
      await page.waitForLoadState('networkidle');
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
      await profiler.send('Profiler.start');
      let t0 = 0;
      // A mark in the trace where the menu opens the screen: the page clock's zero for the tasks listed.
      if (menu) await page.evaluate(() => console.timeStamp('open'));
      if (menu) t0 = await navigateInApp(page, screen);
      else await page.goto(`${server.url}${screen}`, { waitUntil: 'commit' });
      const shown = (await (await page.waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : 0), ROWS, { polling: 'raf' })).jsonValue()) as number;
      const nowAt = (await page.evaluate(() => performance.now())) as number;
      await page.waitForTimeout(300);
      const { profile } = (await profiler.send('Profiler.stop')) as unknown as { profile: Profile };
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const events = trace.traceEvents;
      // The trace's time of the page clock's zero: the navigation's start, or the mark made as the menu opens it.
      const zero = events.filter((e) => e.name === (menu ? 'TimeStamp' : 'navigationStart')).at(-1);
      const origin = zero?.ts ?? 0;
      console.log(`${menu ? 'menu' : 'full'} run ${run}: first rows at ${(shown - t0).toFixed(0)} ms (page now ${nowAt.toFixed(0)})${zero ? '' : ' (no start found in the trace)'}`);
      for (const line of tasks(events, profile, origin, origin + (shown - t0) * 1000 + 50_000)) console.log(line);
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
