import { addDays, londonToday, mondayOf } from '../domain/dates';
import type { FillProposalsAnswer } from '../domain/planner';
import type { ShiftRecord } from '../domain/shifts';
import { breachingShifts, rulesWindow, WORKING_TIME_DEFAULTS } from '../domain/workingTime';
import { median } from './load';

/**
 * The planning assistant at the large scale: proposals for next week (Monday to Sunday) of every restaurant, every
 * open shift, with every active driver a candidate, as the board's 'Fill open shifts' asks for them. The median of
 * five calls is the figure; nothing is written.
 */
export async function plannerFigures(url: string, auth: Record<string, string>, serverCpuMs?: () => number): Promise<string[]> {
  const from = mondayOf(addDays(londonToday(), 7));
  const body = JSON.stringify({ period_date_from: from, period_date_to: addDays(from, 6) });
  const times: number[] = [];
  const cpu: number[] = [];
  let answer: FillProposalsAnswer = { proposals: [], unfilled: [] };
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const c0 = serverCpuMs?.() ?? NaN;
    const res = await fetch(`${url}/api/shift/fill-proposals`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
    if (!res.ok) throw new Error(`fill-proposals answered ${res.status}: ${await res.text()}`);
    const text = await res.text();
    cpu.push((serverCpuMs?.() ?? NaN) - c0);
    answer = JSON.parse(text) as FillProposalsAnswer;
    times.push(performance.now() - t0);
  }
  const open = answer.proposals.length + answer.unfilled.length;
  // On a busy machine the wall time mostly waits for a core; the server's own CPU time says what the call costs.
  const cpuText = cpu.every(Number.isFinite) ? `; server CPU median ${median(cpu).toFixed(0)} ms` : '';
  return [
    `POST /api/shift/fill-proposals, week of ${from}, all restaurants: ${open} open shifts, ${answer.proposals.length} proposed, ` +
      `${answer.unfilled.length} left open, median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})${cpuText}`,
  ];
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await run();
  return [value, performance.now() - t0];
}

/**
 * The board's working-time marks at the large scale, two ways: in the browser from the week's loaded shifts
 * (breachingShifts, what the board does), against the extra shifts a server answer would have to read (the rules'
 * window around the week, about three weeks of every restaurant).
 */
export async function boardMarkFigures(url: string, auth: Record<string, string>): Promise<string[]> {
  const from = mondayOf(londonToday());
  const to = addDays(from, 6);
  const get = (range: { from: string; to: string }) => async () => {
    const res = await fetch(`${url}/api/shift?period_date_from=${range.from}&period_date_to=${range.to}&with_driver=1`, { headers: auth });
    if (!res.ok) throw new Error(`GET /api/shift answered ${res.status}`);
    return (await res.json()) as ShiftRecord[];
  };
  const [week, weekMs] = await timed(get({ from, to }));
  const browser: number[] = [];
  let marked = 0;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    marked = breachingShifts(week, () => false, WORKING_TIME_DEFAULTS).size;
    browser.push(performance.now() - t0);
  }
  const window = rulesWindow(from, to, WORKING_TIME_DEFAULTS);
  // Ranges are capped at 31 days: the window (about 3 weeks) fits in one call.
  const [around, aroundMs] = await timed(get(window));
  return [
    `Working-time marks, week of ${from}: ${week.length} shifts loaded in ${weekMs.toFixed(0)} ms, ${marked} marked; ` +
      `in the browser median ${median(browser).toFixed(1)} ms; a server answer would first read the rules' window ` +
      `${window.from}–${window.to} (${around.length} shifts, ${aroundMs.toFixed(0)} ms for the shifts alone)`,
  ];
}
