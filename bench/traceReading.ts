import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { adminBrowser } from './boardScroll';
import { ROOT, prepareDataset, startBenchServer, type BenchServer, type Scale } from './benchServer';
import { buildWebAppIfStale } from '../scripts/webBuild.mjs';

/**
 * Reading a Chromium trace and the CPU profile taken alongside it, for the trace tools (boardTrace, timesheetTrace,
 * firstOpenTrace): the events and profile as Chromium gives them, the main thread's tasks, and script time by
 * function, named by the build's source maps when it wrote them (`npx vite build --sourcemap`).
 */

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

export interface Profile {
  nodes: { id: number; parent?: number; children?: number[]; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/**
 * Runs a trace tool: with `buildApp`, the app built first if its sources changed since; the dataset made ready and
 * served (on PostgreSQL when given its address) and a browser signed in as the admin for `trace`, both closed however
 * it ends. A failure is printed and ends the process with an error.
 */
export function runTraceTool(
  { scale, databaseUrl, buildApp }: { scale: Scale; databaseUrl: string | null; buildApp: boolean },
  trace: (session: { server: BenchServer; browser: Browser; context: BrowserContext; page: Page }) => Promise<void>,
): void {
  const main = async () => {
    if (buildApp) buildWebAppIfStale();
    await prepareDataset(scale, async () => null, databaseUrl);
    const server = await startBenchServer(scale, databaseUrl);
    const { browser, context, page } = await adminBrowser(server.url);
    try {
      await trace({ server, browser, context, page });
    } finally {
      await browser.close();
      await server.stop();
    }
  };
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/** The profiler on, sampling every 200 µs, ready to start with each trace. */
export async function profilerFor(context: BrowserContext, page: Page): Promise<CDPSession> {
  const profiler = await context.newCDPSession(page);
  await profiler.send('Profiler.enable');
  await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
  return profiler;
}

/** Starts the trace (the timeline and script, with `more` categories) and the CPU profile together. */
export async function startTrace(browser: Browser, page: Page, profiler: CDPSession, more: string[] = []): Promise<void> {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', ...more] });
  await profiler.send('Profiler.start');
}

/** From the app's home page, loaded and quiet, starts the trace and profile of a first open of a screen (user timing marks included). */
export async function traceFromHome(browser: Browser, page: Page, profiler: CDPSession, serverUrl: string): Promise<void> {
  await page.goto(`${serverUrl}/`);
  await page.waitForLoadState('networkidle');
  await startTrace(browser, page, profiler, ['blink.user_timing']);
}

/** Stops the CPU profile and the trace: the trace's events and the profile. */
export async function stopTrace(browser: Browser, profiler: CDPSession): Promise<{ events: TraceEvent[]; profile: Profile }> {
  const { profile } = (await profiler.send('Profiler.stop')) as unknown as { profile: Profile };
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  return { events: trace.traceEvents, profile };
}

/** The renderer's main thread: its thread_name event, of the process where `busy` finds a task. */
export function rendererMain(events: TraceEvent[], busy: (task: TraceEvent) => boolean): TraceEvent | undefined {
  return events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'RunTask' && busy(x)));
}

/** The complete events of a thread, in order, an enclosing event before what it holds. */
export function threadEvents(events: TraceEvent[], thread: TraceEvent): TraceEvent[] {
  return events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
}

/** What ran inside a task, by event name (and function, for script), each by its own time in µs. */
export function ownTimeInside(onThread: TraceEvent[], task: TraceEvent): Map<string, number> {
  const inside = onThread.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
  // Own time: an event's duration less its direct children's, so nested work is counted once.
  const own = new Map<string, number>();
  const stack: { end: number; key: string }[] = [];
  const add = (key: string, us: number) => own.set(key, (own.get(key) ?? 0) + us);
  for (const e of inside) {
    while (stack.length && stack.at(-1)!.end <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) add(parent.key, -e.dur!);
    const fn = e.args?.data?.functionName;
    const key = fn ? `${e.name} ${fn}` : e.name;
    add(key, e.dur!);
    stack.push({ end: e.ts + e.dur!, key });
  }
  return own;
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

/** Where a built frame's code was written, by the source map: its source file (without node_modules/), line and name. */
export function writtenAt(frame: CallFrame): { source: string; line: number; name: string | null | undefined } | null {
  const map = frame.url.includes('/assets/') && frame.lineNumber >= 0 ? sourceMap(frame.url) : null;
  const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at?.source) return null;
  return { source: at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, ''), line: at.line, name: at.name };
}

/** A profile node's function as written: source file (without node_modules/) and name. */
export function frameName(frame: CallFrame): string {
  if (!frame.url) return frame.functionName || '(native)';
  const at = writtenAt(frame);
  if (!at) return `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}`;
  return `${at.source}:${at.line} ${at.name ?? frame.functionName}`;
}

/** Each sample inside a window of the profile (µs, the trace's clock): the node it caught and the time it stands for, ms. */
function* samplesIn(profile: Profile, from: number, to: number): Generator<{ id: number; ms: number }> {
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = t + (profile.timeDeltas[i + 1] ?? 0);
    if (t < from || t > to) continue;
    yield { id: profile.samples[i], ms: (next - t) / 1000 };
  }
}

/** The script time of a window of the profile by the function each sample caught (own time), ms, under `name`. */
export function ownScriptTime(profile: Profile, from: number, to: number, name: (frame: CallFrame) => string = frameName): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const own = new Map<string, number>();
  for (const { id, ms } of samplesIn(profile, from, to)) {
    const key = name(byId.get(id)!.callFrame);
    own.set(key, (own.get(key) ?? 0) + ms);
  }
  return own;
}

/**
 * The script time of a window of the profile by each function on the sampled stacks (inclusive time), ms, under
 * `name`: a sample counts once for each name on its stack that `counted` takes.
 */
export function inclusiveScriptTime(profile: Profile, from: number, to: number, name: (frame: CallFrame) => string = frameName, counted: (name: string) => boolean = () => true): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  for (const { id: sampled, ms } of samplesIn(profile, from, to)) {
    const seen = new Set<string>();
    for (let id: number | undefined = sampled; id !== undefined; id = parent.get(id)) {
      const key = name(byId.get(id)!.callFrame);
      if (!counted(key) || seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + ms);
    }
  }
  return incl;
}

/** The `n` that took the most time, leaving out the idle time and the engine's own. */
export function busiest(times: Iterable<[string, number]>, n: number): [string, number][] {
  return [...times].filter(([k]) => k !== '(idle)' && k !== '(program)').sort((a, b) => b[1] - a[1]).slice(0, n);
}
