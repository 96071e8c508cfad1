import { INTERVAL, rangeFor } from '../domain/ranges';
import { londonToday } from '../domain/dates';
import type { ShiftRecord } from '../domain/shifts';
import { SHIFT_STATUS } from '../domain/statuses';
import { describeAfterChange, onePerDay, timedAfterChange, type Change } from './load';
import type { Writer } from './schedule';

/**
 * The board's list calls (GET /api/shift for this week and this month, as the board asks) on the instance the browser
 * uses: the first call of a freshly started instance (built whole), the same call again (kept), and right after one
 * shift is saved with its own values through `writer` (on PostgreSQL another instance: only that shift's day is built
 * again). Run before the board's browser figures, so the first call is the instance's first.
 */
export async function keptShiftListFigures(reader: Writer, writer: Writer): Promise<string[]> {
  const lines = ['', `Board's list calls on the browser's instance${reader.url === writer.url ? '' : ', shifts saved through the other instance'} (ms):`];
  for (const [name, interval] of [['week', INTERVAL.week], ['month', INTERVAL.month]] as const) {
    const range = rangeFor(interval, londonToday());
    const listUrl = `${reader.url}/api/shift?period_date_from=${range.from}&period_date_to=${range.to}&with_driver=1&filter_draft=1`;
    const send = () => fetch(listUrl, { headers: reader.auth });
    const timed = async () => {
      const t0 = performance.now();
      const res = await send();
      const rows = (await res.json()) as ShiftRecord[];
      return { ms: performance.now() - t0, rows };
    };
    const first = await timed();
    const again = [await timed(), await timed(), await timed()].map((r) => r.ms);
    const editable = onePerDay(first.rows.filter((s) => !s.timesheet_id && s.status !== SHIFT_STATUS.draft));
    const saved: Change = async (run) => {
      const shift = editable[run % editable.length];
      const res = await fetch(`${writer.url}/api/shift/${shift.id}`, { method: 'PUT', headers: { ...writer.auth, 'content-type': 'application/json' }, body: JSON.stringify(shift) });
      if (!res.ok) throw new Error(`Saving shift ${shift.id} answered ${res.status}`);
    };
    const afterSave = await timedAfterChange(saved, send, 5);
    lines.push(`  ${name}: first ${first.ms.toFixed(0)}; again ${again.map((ms) => ms.toFixed(0)).join(', ')}; right after a shift saved: ${describeAfterChange(afterSave)}`);
  }
  return lines;
}
