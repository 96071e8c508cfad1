import path from 'node:path';
import { londonToday } from '../domain/dates';
import { INTERVAL, rangeFor } from '../domain/ranges';
import { navigateInApp } from './boardScroll';
import { scaleArg } from './benchServer';
import { busiest, inclusiveScriptTime, ownScriptTime, profilerFor, rendererMain, runTraceTool, stopTrace, traceFromHome, writtenAt, type CallFrame, type Profile } from './traceReading';

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
/** With --detail, each task over 50 ms is broken down by the functions it ran, inclusive. */
const detail = process.argv.includes('--detail');

/** A profile node's function as written, or with `fileOnly` the package or source folder it is in. */
function frameName(frame: CallFrame, fileOnly = false): string {
  if (!frame.url) return frame.functionName || '(native)';
  const at = writtenAt(frame);
  if (!at) return `${frame.functionName || '(anon)'} ${path.basename(frame.url)}`;
  const source = at.source.replace(/^work\/wt-firstopen\//, '');
  if (fileOnly) return source.startsWith('@') || !source.includes('/') ? source.split('/').slice(0, source.startsWith('@') ? 2 : 1).join('/') : source.split('/').slice(0, 2).join('/');
  return `${source}:${at.line} ${at.name ?? frame.functionName}`;
}
const OURS_OR_COMPONENTS = /^(src|domain|providers|resources|ra-|@mui\/material\/esm\/[A-Z])/;
function scriptIn(profile: Profile, from: number, to: number, fileOnly: boolean, incl = false, keep = OURS_OR_COMPONENTS): [string, number][] {
  const name = (frame: CallFrame) => frameName(frame, fileOnly);
  const times = incl ? inclusiveScriptTime(profile, from, to, name) : ownScriptTime(profile, from, to, name);
  return busiest([...times].filter(([n]) => n !== '(root)' && (!incl || keep.test(n))), incl ? 45 : 12);
}

runTraceTool({ scale, databaseUrl: null, buildApp: false }, async ({ server, browser, context, page }) => {
  const interval = month ? INTERVAL.month : INTERVAL.week;
  const range = rangeFor(interval, londonToday());
  const boardPath = `/schedule?interval=${interval}&from=${range.from}&to=${range.to}`;
  await page.goto(server.url + boardPath);
  await page.locator('.shift-board .chip').first().waitFor({ timeout: 60000 });
  const profiler = await profilerFor(context, page);
  for (let run = 1; run <= RUNS; run++) {
    await traceFromHome(browser, page, profiler, server.url);
    let t0 = 0;
    if (viaMenu) t0 = await navigateInApp(page, boardPath);
    else await page.goto(server.url + boardPath, { waitUntil: 'commit' });
    const shown = (await (await page.waitForFunction(() => (document.querySelector('.shift-board .chip') ? performance.now() : 0), null, { polling: 'raf', timeout: 60000 })).jsonValue()) as number;
    await new Promise((r) => setTimeout(r, 1000));
    const { events, profile } = await stopTrace(browser, profiler);
    const res = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.responseEnd), e.decodedBodySize] as const));
    const main = rendererMain(events, (task) => (task.dur ?? 0) > 1000);
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
      if (detail && task.dur! >= 50000) {
        const inside = new Map<string, number>();
        for (const e of events) {
          if (e.pid !== task.pid || e.tid !== task.tid || e.ph !== 'X' || e === task || e.ts < task.ts || e.ts >= task.ts + task.dur!) continue;
          inside.set(e.name, (inside.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
        }
        console.log('      trace events (nested ones counted in each): ' + busiest([...inside], 10).map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', '));
        for (const [n, ms] of scriptIn(profile, task.ts, task.ts + task.dur!, false, true, /./).slice(0, 12)) console.log(`      ${ms.toFixed(0)} ${n}`);
        console.log('      ours and the components:');
        for (const [n, ms] of scriptIn(profile, task.ts, task.ts + task.dur!, false, true).slice(0, 25)) console.log(`      ${ms.toFixed(0)} ${n}`);
      }
    }
    const all = scriptIn(profile, onMain[0]?.ts ?? 0, (onMain.at(-1)?.ts ?? 0) + (onMain.at(-1)?.dur ?? 0), false);
    console.log('  top functions (self):');
    for (const [n, ms] of all) console.log(`    ${ms.toFixed(0)} ${n}`);
    const allIncl = scriptIn(profile, base, base + (shown - t0) * 1000, false, true);
    console.log('  top functions (inclusive):');
    for (const [n, ms] of allIncl) console.log(`    ${ms.toFixed(0)} ${n}`);
  }
});
