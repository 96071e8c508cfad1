import { useMemo, useSyncExternalStore } from 'react';
import { busyNote, clashingShifts, clashWarning } from '../../../domain/clashes';
import { addDays } from '../../../domain/dates';
import type { ShiftRecord } from '../../../domain/shifts';
import type { ShiftStore } from './shiftStore';

export interface ClashTimes {
  date: string;
  start: string;
  finish: string;
}

export interface DriverClashes {
  /** The driver list's marks: 'busy 17:00–22:00 Balti Palace', by driver. */
  notes: (driverId: number) => string[];
  /** The warnings naming each other shift of the driver at this time, as the server words them. */
  warnings: (driverId: number, driverName: string) => string[];
}

/**
 * The shifts the board holds that share time with the one in the dialog, by driver (any restaurant, unpublished or
 * published; the day before and after for night shifts). Read again when the board's shifts change, so a shift
 * saved elsewhere meanwhile shows. The server checks again against every shift, loaded or not.
 */
export function useDriverClashes(
  store: ShiftStore,
  times: ClashTimes | null,
  shiftId: number | undefined,
  restaurantName: (id: number) => string,
): DriverClashes {
  const version = useSyncExternalStore(store.subscribe, store.getVersion);
  // The board's shifts as of this version of the store (one object for the board's life, changed in place).
  const held = useMemo(() => ({ version, shifts: store.all() }), [store, version]);
  return useMemo(() => {
    const byDriver = new Map<number, ShiftRecord[]>();
    if (times) {
      const from = addDays(times.date, -1);
      const to = addDays(times.date, 1);
      for (const s of held.shifts) {
        if (!s.driver_id || s.period_date < from || s.period_date > to) continue;
        const list = byDriver.get(s.driver_id);
        if (list) list.push(s);
        else byDriver.set(s.driver_id, [s]);
      }
    }
    const clashes = (driverId: number) => {
      const theirs = byDriver.get(driverId);
      if (!theirs || !times) return [];
      return clashingShifts({ id: shiftId ?? null, driver_id: driverId, period_date: times.date, start_time: times.start, finish_time: times.finish }, theirs);
    };
    return {
      notes: (driverId) => clashes(driverId).map((s) => busyNote(s, restaurantName(s.restaurant_id), times!.date)),
      warnings: (driverId, driverName) => clashes(driverId).map((s) => clashWarning(driverName, s, restaurantName(s.restaurant_id))),
    };
  }, [held, times, shiftId, restaurantName]);
}
