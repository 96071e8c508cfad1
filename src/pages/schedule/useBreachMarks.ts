import { useEffect, useMemo, useState } from 'react';
import type { WorkingTimeLimits } from '../../../domain/workingTime';
import { BreachMarks } from './breachMarks';
import type { ShiftStore } from './shiftStore';

const NONE: ReadonlySet<number> = new Set();

/**
 * The board's working-time marks, read in a task of their own after the render that changed the shifts: the first
 * read of a month of all locations (every driver's shifts) is 15–30 ms of CPU that the task receiving the lists
 * cannot spare; a later change reads only its drivers again (BreachMarks).
 */
export function useBreachMarks(
  store: ShiftStore,
  version: number,
  drivers: ReadonlyMap<number, { working_time_opt_out?: boolean }>,
  limits: WorkingTimeLimits,
  /** False while the drivers are still loading: no mark is read until they are in. */
  ready = true,
): ReadonlySet<number> {
  const marks = useMemo(() => new BreachMarks(store), [store]);
  useEffect(() => store.subscribe(marks.changed), [store, marks]);
  const [breaches, setBreaches] = useState(NONE);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setBreaches(marks.read(drivers, limits)), 0);
    return () => clearTimeout(timer);
  }, [marks, version, drivers, limits, ready]);
  return breaches;
}
