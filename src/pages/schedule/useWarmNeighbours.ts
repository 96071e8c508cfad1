import { useEffect } from 'react';
import { stepRange, type DateRange } from '../../../domain/ranges';
import { useDataProviderRef } from '../../../providers/dataProvider';

/**
 * How long after the shown range has loaded the ranges either side are warmed: after the board's first rows and
 * its other first calls (drivers, alerts), so warming never delays what the user is waiting for.
 */
const WARM_AFTER_MS = 1500;

/**
 * Once the shown range has loaded, has the server ready the next range's shifts, then the previous range's
 * (providers/methods/shifts.ts, warmShifts): a press of Next or Previous is then answered from the server's kept
 * lists, not built first (at a few hundred restaurants, some 300 ms for a week and 600 ms for a month). Nothing of
 * the answer is kept here, so what the board shows after Next is always what the server has then. Stopped when the
 * range changes or the board closes.
 */
export function useWarmNeighbours(range: DateRange, loaded: boolean): void {
  const provider = useDataProviderRef();
  useEffect(() => {
    if (!loaded) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void (async () => {
        for (const step of [1, -1] as const) await provider.current.warmShifts(stepRange(range, step), controller.signal);
      })().catch(() => undefined);
    }, WARM_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The range's dates, not the range object, as the board's own load.
  }, [range.from, range.to, loaded, provider]); // eslint-disable-line react-hooks/exhaustive-deps
}
