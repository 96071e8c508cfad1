import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { londonToday } from '../../../domain/dates';
import {
  INTERVALS, intervalOf, intervalOfAddress, invalidRangeMessage, isValidRange, rangeFor, rangeOfAddress, stepRange, type DateRange,
  type Interval,
} from '../../../domain/ranges';

export interface DateRangeOptions {
  /** The interval a screen opens with (Week for most). */
  defaultInterval: Interval;
  /** The intervals the screen offers; a URL asking for another falls back to the default. */
  intervals?: readonly Interval[];
  /**
   * Told of a new range at the press, before the address changes: the page's render of a new address takes a while,
   * and a screen can have the new range's data on its way meanwhile.
   */
  onMove?: (next: DateRange) => void;
}

export interface DateRangeState {
  range: DateRange;
  interval: Interval;
  /** Switches interval, keeping the range's first day inside the new range. */
  setInterval: (interval: Interval) => void;
  /** Shows a picked range; answers the spec's 'Invalid date range' message instead when it is over 31 days. */
  setRange: (range: DateRange) => string | null;
  previous: () => void;
  next: () => void;
}

/**
 * The range a screen shows, kept in the address (`?interval=20&from=2026-11-16&to=2026-11-22`) so a reload, a
 * bookmark or the back button returns to the same days. Changing range replaces the history entry.
 */
export function useDateRange({ defaultInterval, intervals = INTERVALS, onMove }: DateRangeOptions): DateRangeState {
  const [params, setParams] = useSearchParams();
  const rawInterval = params.get('interval');
  const rawFrom = params.get('from');
  const rawTo = params.get('to');

  const addressInterval = intervalOfAddress({ interval: rawInterval, from: rawFrom, to: rawTo }, defaultInterval, intervals);
  const addressRange = useMemo<DateRange>(
    () => rangeOfAddress({ interval: null, from: rawFrom, to: rawTo }, addressInterval, londonToday()),
    [rawFrom, rawTo, addressInterval],
  );
  // The range just asked for is shown at once, while the address catches up: the router renders a new address as a
  // transition of the whole app, in slices, so the screen's own days would otherwise wait for the menus and the
  // top bar. Any change of the address (this one arriving, or the back button) hands the range back to it.
  const [asked, setAsked] = useState<{ range: DateRange; interval: Interval } | null>(null);
  useEffect(() => setAsked(null), [rawFrom, rawTo, rawInterval]);
  const range = asked?.range ?? addressRange;
  const interval = asked?.interval ?? addressInterval;

  const shown = useRef({ range, onMove });
  shown.current = { range, onMove };
  const write = useCallback(
    (next: DateRange, nextInterval: Interval) => {
      const now = shown.current;
      if (next.from !== now.range.from || next.to !== now.range.to) now.onMove?.(next);
      setAsked({ range: next, interval: nextInterval });
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          out.set('interval', String(nextInterval));
          out.set('from', next.from);
          out.set('to', next.to);
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setInterval = useCallback((next: Interval) => write(rangeFor(next, range.from), next), [write, range.from]);
  const setRange = useCallback(
    (next: DateRange) => {
      if (!isValidRange(next)) return invalidRangeMessage(next);
      // A picked span that is exactly a day, week, two weeks or month becomes that interval.
      const exact = intervalOf(next);
      write(next, exact && intervals.includes(exact) ? exact : interval);
      return null;
    },
    [write, interval, intervals],
  );
  const previous = useCallback(() => write(stepRange(range, -1), interval), [write, range, interval]);
  const next = useCallback(() => write(stepRange(range, 1), interval), [write, range, interval]);

  return { range, interval, setInterval, setRange, previous, next };
}
