import { describe, expect, it } from 'vitest';
import { BreachMarks } from '../../src/pages/schedule/breachMarks';
import { ShiftStore } from '../../src/pages/schedule/shiftStore';
import { breachingShifts, WORKING_TIME_DEFAULTS } from '../../domain/workingTime';
import { SHIFT_STATUS } from '../../domain/statuses';
import type { ShiftRecord } from '../../domain/shifts';

const shift = (id: number, driver: number | null, date: string, start = '09:00', finish = '17:00', status: number = SHIFT_STATUS.published) =>
  ({ id, restaurant_id: 1, driver_id: driver, status, period_date: date, start_time: start, finish_time: finish }) as ShiftRecord;

const drivers = new Map([
  [1, { working_time_opt_out: false }],
  [2, { working_time_opt_out: false }],
]);

/** What reading every shift afresh marks. */
const fresh = (store: ShiftStore) =>
  breachingShifts(
    store.all().filter((s) => s.status !== SHIFT_STATUS.draft),
    () => false,
    WORKING_TIME_DEFAULTS,
  );

function board() {
  const store = new ShiftStore();
  const marks = new BreachMarks(store);
  store.subscribe(marks.changed);
  // Driver 1: a late finish, then an early start the next morning (8 hours of rest, under 11).
  store.replaceAll([shift(1, 1, '2026-11-02', '14:00', '23:00'), shift(2, 1, '2026-11-03', '07:00', '15:00'), shift(3, 2, '2026-11-02')]);
  return { store, read: () => [...marks.read(drivers, WORKING_TIME_DEFAULTS)].sort() };
}

describe("the board's working-time marks", () => {
  it('mark the later shift of a short rest, and follow a change to it, its driver or its status', () => {
    const { store, read } = board();
    expect(read()).toEqual([2]);
    // Given to the other driver: driver 1's rest is long again, driver 2 has no short rest.
    store.upsert([{ ...store.get(2)!, driver_id: 2 }]);
    expect(read()).toEqual([]);
    // Driver 2's shift moved late on the day before: now driver 2's next morning is the short rest.
    store.upsert([{ ...store.get(3)!, start_time: '15:00', finish_time: '23:30' }]);
    expect(read()).toEqual([2]);
    store.upsert([{ ...store.get(3)!, status: SHIFT_STATUS.draft }]);
    expect(read()).toEqual([]);
    store.remove([3]);
    store.upsert([{ ...store.get(2)!, driver_id: 1 }]);
    expect(read()).toEqual([...fresh(store)].sort());
    expect(read()).toEqual([2]);
  });

  it('read everything again after a change they did not hear of', () => {
    const { store, read } = board();
    expect(read()).toEqual([2]);
    const unheard = new BreachMarks(store);
    expect([...unheard.read(drivers, WORKING_TIME_DEFAULTS)]).toEqual([2]);
    store.remove([1]);
    expect([...unheard.read(drivers, WORKING_TIME_DEFAULTS)]).toEqual([]);
    expect(read()).toEqual([]);
  });
});
