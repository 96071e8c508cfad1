import { breachingShifts, type WorkingTimeLimits } from '../../../domain/workingTime';
import { SHIFT_STATUS } from '../../../domain/statuses';
import type { ShiftStore, StoreChange } from './shiftStore';

type OptedOut = ReadonlyMap<number, { working_time_opt_out?: boolean | number | null }>;

const isPlanned = (status: number) => status === SHIFT_STATUS.new || status === SHIFT_STATUS.published;

/**
 * The board's working-time marks (the shifts that break a rule), worked out again after a change only for the
 * drivers whose shifts it touched: a driver's marks depend on that driver's shifts alone. Reading a month of all
 * locations afresh took 30–55 ms of the task that applies each change; one edited shift now costs its driver's few.
 * Listens to the store (`changed`); a change it did not hear of (the store's version moved without it) or new
 * limits or drivers mean reading everything again.
 */
export class BreachMarks {
  private marks: ReadonlySet<number> = new Set();
  /** Each driver's marked shifts. */
  private byDriver = new Map<number, number[]>();
  /** Each shift's driver as last heard, so a shift given to someone else marks both drivers. */
  private driverOf = new Map<number, number>();
  private dirty: Set<number> | 'all' = 'all';
  private seenVersion = -1;
  private inputs: { drivers: OptedOut; limits: WorkingTimeLimits } | null = null;

  constructor(private readonly store: ShiftStore) {}

  readonly changed = (change: StoreChange): void => {
    this.seenVersion = this.store.version;
    if (change.all) this.dirty = 'all';
    if (this.dirty === 'all' || change.all) return;
    for (const id of change.ids) {
      const before = this.driverOf.get(id);
      if (before) this.dirty.add(before);
      const now = this.store.get(id)?.driver_id;
      if (now) {
        this.dirty.add(now);
        this.driverOf.set(id, now);
      } else this.driverOf.delete(id);
    }
  };

  read(drivers: OptedOut, limits: WorkingTimeLimits): ReadonlySet<number> {
    if (this.seenVersion !== this.store.version || this.inputs?.drivers !== drivers || this.inputs.limits !== limits) this.dirty = 'all';
    this.inputs = { drivers, limits };
    this.seenVersion = this.store.version;
    const dirty = this.dirty;
    if (dirty !== 'all' && !dirty.size) return this.marks;
    this.dirty = new Set();

    const shifts = this.store.all();
    if (dirty === 'all') {
      this.byDriver.clear();
      this.driverOf = new Map(shifts.filter((s) => s.driver_id).map((s) => [s.id, s.driver_id!]));
    } else for (const driver of dirty) this.byDriver.delete(driver);
    const planned = shifts.filter((s) => s.driver_id && isPlanned(s.status) && (dirty === 'all' || dirty.has(s.driver_id)));
    const marked = breachingShifts(planned, (id) => !!drivers.get(id)?.working_time_opt_out, limits);
    for (const id of marked) {
      const driver = this.store.get(id)!.driver_id!;
      const list = this.byDriver.get(driver);
      if (list) list.push(id);
      else this.byDriver.set(driver, [id]);
    }
    this.marks = new Set([...this.byDriver.values()].flat());
    return this.marks;
  }
}
