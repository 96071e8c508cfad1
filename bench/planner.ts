import { addDays, londonToday, mondayOf } from '../domain/dates';
import type { FillProposalsAnswer } from '../domain/planner';
import { median } from './load';

/**
 * The planning assistant at the large scale: proposals for next week (Monday to Sunday) of every restaurant, every
 * open shift, with every active driver a candidate, as the board's 'Fill open shifts' asks for them. The median of
 * five calls is the figure; nothing is written.
 */
export async function plannerFigures(url: string, auth: Record<string, string>): Promise<string[]> {
  const from = mondayOf(addDays(londonToday(), 7));
  const body = JSON.stringify({ period_date_from: from, period_date_to: addDays(from, 6) });
  const times: number[] = [];
  let answer: FillProposalsAnswer = { proposals: [], unfilled: [] };
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/shift/fill-proposals`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
    if (!res.ok) throw new Error(`fill-proposals answered ${res.status}: ${await res.text()}`);
    answer = (await res.json()) as FillProposalsAnswer;
    times.push(performance.now() - t0);
  }
  const open = answer.proposals.length + answer.unfilled.length;
  return [
    `POST /api/shift/fill-proposals, week of ${from}, all restaurants: ${open} open shifts, ${answer.proposals.length} proposed, ` +
      `${answer.unfilled.length} left open, median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
  ];
}
