import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { londonToday } from '../domain/dates';
import { INTERVAL, rangeFor } from '../domain/ranges';
import { adminBrowser, navigateInApp } from './boardScroll';
import { ROOT, prepareDataset, scaleArg, startBenchServer } from './benchServer';

/**
 * `npx tsx bench/firstOpenTrace.ts [--scale large] [--month] [--menu]`: where a first open of the board goes, up to its
 * first chip. Opens the board (a full navigation from the home page, or with --menu as the menu does) under
 * Chromium's trace and a CPU profile, and prints: what the page fetched and when (page time), the main thread's CPU
 * until the first chip, each main-thread task over 4 ms at its page time with the packages or source folders its
 * script ran in, and the functions that took the most. Build with `npx vite build --sourcemap` to name them.
 * bench/firstOpen.ts says how long the first open takes against its floor; this says where the time went.
 */
const scale = scaleArg();
const month = process.argv.includes('--month');
const viaMenu = process.argv.includes('--menu');
const RUNS = Number(process.env.RUNS ?? 2);

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string; functionName?: string } } }
interface Profile { nodes: { id: number; parent?: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[]; startTime: number; samples: number[]; timeDeltas: number[] }

const maps = new Map<string, SourceMapConsumer | null>();
function sourceMap(url: string) {
  if (!maps.has(url)) {
    const file = path.join(ROOT, 'dist', new URL(url).pathname + '.map');
    maps.set(url, fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8')) as RawSourceMap) : null);
  }
  return maps.get(url)!;
}
function frameName(frame: Profile['nodes'][number]['callFrame'], fileOnly = false): string {
  if (!frame.url) return frame.functionName || '(native)';
  const map = frame.url.includes('/assets/') && frame.lineNumber >= 0 ? sourceMap(frame.url) : null;
  const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!at?.source) return `${frame.functionName || '(anon)'} ${path.basename(frame.url)}`;
  const source = at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '').replace(/^work\/wt-firstopen\//, '');
  if (fileOnly) return source.startsWith('@') || !source.includes('/') ? source.split('/').slice(0, source.startsWith('@') ? 2 : 1).join('/') : source.split('/').slice(0, 2).join('/');
  return `${source}:${at.line} ${at.name ?? frame.functionName}`;
}
function scriptIn(profile: Profile, from: number, to: number, fileOnly: boolean, incl = false): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const own = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = t + (profile.timeDeltas[i + 1] ?? 0);
    if (t < from || t > to) continue;
    if (incl) {
      const seen = new Set<string>();
      for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) {
        const name = frameName(byId.get(id)!.callFrame, fileOnly);
        if (seen.has(name)) continue;
        seen.add(name);
        own.set(name, (own.get(name) ?? 0) + (next - t) / 1000);
      }
    } else {
      const name = frameName(byId.get(profile.samples[i])!.callFrame, fileOnly);
      own.set(name, (own.get(name) ?? 0) + (next - t) / 1000);
    }
  }
  return [...own].filter(([n]) => n !== '(idle)' && n !== '(program)' && n !== '(root)' && (!incl || /^(src|domain|providers|resources|ra-|@mui\/material\/esm\/[A-Z])/.test(n))).sort((a, b) => b[1] - a[1]).slice(0, incl ? 45 : 12);
}

async function main() {
  await prepareDataset(scale, async () => null);
  const server = await startBenchServer(scale);
  const { browser, context, page } = await adminBrowser(server.url);
  try {
    const interval = month ? INTERVAL.month : INTERVAL.week;
    const range = rangeFor(interval, londonToday());
    const boardPath = `/schedule?interval=${interval}&from=${range.from}&to=${range.to}`;
    await page.goto(server.url + boardPath);
    await page.locator('.shift-board .chip').first().waitFor({ timeout: 60000 });
    const profiler: CDPSession = await context.newCDPSession(page);
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    for (let run = 1; run <= RUNS; run++) {
      await page.goto(`${server.url}/`);
      await page.waitForLoadState('networkidle');
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
      await profiler.send('Profiler.start');
      let t0 = 0;
      if (viaMenu) t0 = await navigateInApp(page, boardPath);
      else await page.goto(server.url + boardPath, { waitUntil: 'commit' });
      const shown = (await (await page.waitForFunction(() => (document.querySelector('.shift-board .chip') ? performance.now() : 0), null, { polling: 'raf', timeout: 60000 })).jsonValue()) as number;
      await new Promise((r) => setTimeout(r, 1000));
      const { profile } = (await profiler.send('Profiler.stop')) as unknown as { profile: Profile };
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      const res = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.responseEnd), e.decodedBodySize] as const));
      const events = trace.traceEvents;
      const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'RunTask' && (x.dur ?? 0) > 1000));
      const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) > 4000).sort((a, b) => a.ts - b.ts);
      console.log(`\n${month ? 'Month' : 'Week'} ${viaMenu ? 'menu' : 'full'} run ${run}: first chip at ${Math.round(shown - t0)} ms (page time ${Math.round(shown)})`);
      for (const [name, s, e, size] of res) if (s >= t0 - 5) console.log(`  res ${s}-${e} ${name.slice(0, 110)} ${size}`);
      // The trace's clock against page time: the shifts' call as the trace saw it go and as the page timed it.
      const send = events.find((e) => e.name === 'ResourceSendRequest' && (e.args?.data?.url ?? '').includes('/api/shift?'));
      const shiftStart = res.find(([n]) => n.startsWith('/api/shift?'))?.[1] ?? 0;
      const base = send ? send.ts - (shiftStart - t0) * 1000 : onMain.length ? onMain[0].ts : 0;
      const end = onMain.length ? onMain[onMain.length - 1].ts : 0;
      const upTo = base + (shown - t0) * 1000;
      const allTasks = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= base && e.ts < upTo);
      const cpu = allTasks.reduce((n, e) => n + (e.tdur ?? 0), 0) / 1000;
      const over100 = Math.max(0, ...allTasks.map((e) => e.dur ?? 0)) / 1000;
      console.log(`  CPU on the main thread until the first chip: ${cpu.toFixed(0)} ms; longest task ${over100.toFixed(0)} ms`);
      console.log(`  tasks over 4 ms, at their page time (ms from the navigation or the menu click), until ${((end - base) / 1000).toFixed(0)} ms:`);
      for (const task of onMain) {
        console.log(`  @${((task.ts - base) / 1000).toFixed(0)} ${(task.dur! / 1000).toFixed(0)} ms: ` + scriptIn(profile, task.ts, task.ts + task.dur!, true).slice(0, 6).map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', '));
      }
      const all = scriptIn(profile, onMain[0]?.ts ?? 0, (onMain.at(-1)?.ts ?? 0) + (onMain.at(-1)?.dur ?? 0), false);
      console.log('  top functions (self):');
      for (const [n, ms] of all) console.log(`    ${ms.toFixed(0)} ${n}`);
      const allIncl = scriptIn(profile, base, base + (shown - t0) * 1000, false, true);
      console.log('  top functions (inclusive):');
      for (const [n, ms] of allIncl) console.log(`    ${ms.toFixed(0)} ${n}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
