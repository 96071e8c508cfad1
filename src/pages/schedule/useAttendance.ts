import { useEffect, useMemo, useRef, useState } from 'react';
import { attendanceOf, attendanceWords, type Attendance, type AttendanceLimits, type AttendanceSheet } from '../../../domain/attendance';
import { londonToday } from '../../../domain/dates';
import { inRange, type DateRange } from '../../../domain/ranges';
import { SHIFT_CHANNEL } from '../../../domain/shifts';
import { TIMESHEET_CHANNEL } from '../../../domain/channels';
import { subscribeToFeed } from '../../../providers/realtime';
import { useDataProviderRef } from '../../../providers/dataProvider';
import type { ShiftStore } from './shiftStore';

const TICK_MS = 60_000;
const COALESCE_MS = 400;

interface Facts {
  date: string;
  limits: AttendanceLimits;
  sheets: ReadonlyMap<number, AttendanceSheet | null>;
  /** When a cover gave a shift to its driver: lateness counts from then. */
  covered: ReadonlyMap<number, string>;
}

/**
 * The attendance of today's shifts on the board, by shift id: late, no-show, started or finished. The timesheet facts
 * come from one small call, asked again when the live feed says a shift or timesheet changed (a driver started);
 * each minute the states are read again in the browser with the same function the server's alerts use, so a chip
 * turns late without a call. Nothing when the range does not hold today.
 */
export function useAttendance(store: ShiftStore, version: number, range: DateRange): ReadonlyMap<number, Attendance> {
  const provider = useDataProviderRef();
  const [now, setNow] = useState(() => new Date());
  const [facts, setFacts] = useState<Facts | null>(null);
  const [asks, setAsks] = useState(0);
  const today = londonToday(now);
  const showsToday = inRange(today, range);

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!showsToday) return;
    const controller = new AbortController();
    // A failed or unreadable answer leaves the chips without attendance until the next ask; the board goes on.
    provider.current
      .getAttendance(today, controller.signal)
      .then((answer) =>
        setFacts({
          date: answer.date,
          limits: answer.limits,
          sheets: new Map(answer.items.map((i) => [i.shift_id, i.sheet])),
          covered: new Map(answer.items.flatMap((i) => (i.covered_at ? [[i.shift_id, i.covered_at] as const] : []))),
        }),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [showsToday, today, asks, provider]);

  useEffect(() => {
    if (!showsToday) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const ask = () => {
      timer ??= setTimeout(() => {
        timer = null;
        setAsks((n) => n + 1);
      }, COALESCE_MS);
    };
    const stops = [subscribeToFeed(SHIFT_CHANNEL, ask), subscribeToFeed(TIMESHEET_CHANNEL, ask)];
    return () => {
      stops.forEach((stop) => stop());
      if (timer) clearTimeout(timer);
    };
  }, [showsToday]);

  // The same map while no state's words change: the board's filters and chips follow this map, and a new one on
  // every change of the store would redraw them all (and lose the board's scroll place).
  const last = useRef<ReadonlyMap<number, Attendance>>(NOTHING);
  return useMemo(() => {
    const out = new Map<number, Attendance>();
    if (facts && facts.date === today) {
      for (const shift of store.all()) {
        if (shift.period_date !== today) continue;
        const a = attendanceOf({ ...shift, covered_at: facts.covered.get(shift.id) ?? null }, facts.sheets.get(shift.id) ?? null, now, facts.limits);
        if (a && a.kind !== 'notDue') out.set(shift.id, a);
      }
    }
    if (sameWords(out, last.current)) return last.current;
    last.current = out;
    return out;
  }, [store, version, facts, now, today]); // eslint-disable-line react-hooks/exhaustive-deps
}

const NOTHING: ReadonlyMap<number, Attendance> = new Map();

function sameWords(a: ReadonlyMap<number, Attendance>, b: ReadonlyMap<number, Attendance>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, state] of a) if (attendanceWords(state) !== attendanceWords(b.get(id))) return false;
  return true;
}
