import type { ShiftRecord } from '../../../domain/shifts';

/** What changed in the store: every shift (a new range), or these ids (added, changed or gone). */
export type StoreChange = { all: true } | { all: false; ids: number[] };

/**
 * The shifts of the range a board shows, by id. Kept outside React: the calendar applies each change to the
 * events it touches (FullCalendar re-renders thousands of events slowly), while summaries read `version`.
 */
export class ShiftStore {
  private byId = new Map<number, ShiftRecord>();
  private listeners = new Set<(change: StoreChange) => void>();
  version = 0;

  get(id: number): ShiftRecord | undefined {
    return this.byId.get(id);
  }

  all(): ShiftRecord[] {
    return [...this.byId.values()];
  }

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  replaceAll(shifts: readonly ShiftRecord[]): void {
    this.byId = new Map(shifts.map((s) => [s.id, s]));
    this.emit({ all: true });
  }

  /** Adds or replaces shifts; one already held exactly as given (the feed's echo of a change made here) is no change. */
  upsert(shifts: readonly ShiftRecord[]): void {
    const changed: number[] = [];
    for (const s of shifts) {
      const held = this.byId.get(s.id);
      if (held && JSON.stringify(held) === JSON.stringify(s)) continue;
      this.byId.set(s.id, s);
      changed.push(s.id);
    }
    if (changed.length) this.emit({ all: false, ids: changed });
  }

  remove(ids: readonly number[]): void {
    const gone = ids.filter((id) => this.byId.delete(id));
    if (gone.length) this.emit({ all: false, ids: gone });
  }

  subscribe = (listener: (change: StoreChange) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** For useSyncExternalStore. */
  getVersion = (): number => this.version;

  private emit(change: StoreChange): void {
    this.version++;
    for (const listener of [...this.listeners]) listener(change);
  }
}
