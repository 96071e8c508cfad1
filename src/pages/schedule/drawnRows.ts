import type { CalendarApi, EventInput } from '@fullcalendar/core';
import type { ShiftRecord } from '../../../domain/shifts';
import { chipClasses } from './chip';
import { DayWindow, busiestDay, type AcrossView, type GridAcross } from './dayWindow';
import { RowHeights, rowAt, rowTops, rowsInView, type BoardRow } from './rowWindow';
import type { ShiftStore, StoreChange } from './shiftStore';
import { laterTask, urgentTask, type CancelTask } from './tasks';

/** Rows drawn beyond the view above and below, and days beside it, in pixels: a wheel turn never shows an empty row. */
const MARGIN_PX = 400;
/**
 * What a step of rows may take, in ms of wall time. FullCalendar renders a step's rows in one go, then lays them out
 * (its scroll-bar check forces it), so a step cannot be cut once begun: the number of chips a step draws is chosen
 * from the time the steps before took per chip, and shrinks when the machine is busy. Kept well under the 50 ms
 * of a long task, so a step that takes twice its estimate is still no long task.
 */
const STEP_MS = 35;
/**
 * Chips per step: the first step's guess, and the bounds. A chip costs about 0.35 ms on a 2-core machine once the
 * board has drawn a few steps, but the board's very first step runs FullCalendar's code for the first time and cost
 * about 1 ms a chip (a month's first three rows, all their days, were one task of 100–130 ms), so the first guess is
 * twice the warm cost and the steps after learn the real cost. At least a few rows' worth, since each step also pays
 * for FullCalendar's render and layout of the whole timeline: steps of a few chips on a loaded machine made a jump to
 * the end take seconds.
 */
const FIRST_MS_PER_CHIP = 0.7;
const MIN_CHIPS = 40;
const MAX_CHIPS = 160;
/** Building the shifts by restaurant takes a step of its own when it took longer than this. */
const INDEX_ALONE_MS = 8;

export const ABOVE = '__above';
export const BELOW = '__below';
/** The spacer rows FullCalendar starts with; every other row is added and removed as the view moves. */
export const SPACERS = [
  { id: ABOVE, sortIndex: -1, kind: 'spacer', height: 0 },
  { id: BELOW, sortIndex: Number.MAX_SAFE_INTEGER, kind: 'spacer', height: 0 },
];

const toEvent = (s: ShiftRecord): EventInput => ({
  id: String(s.id),
  resourceId: String(s.restaurant_id),
  start: s.period_date,
  allDay: true,
  classNames: chipClasses(s),
  extendedProps: { sortKey: `${s.start_time}|${String(s.id).padStart(10, '0')}` },
});

const sourceId = (key: string) => `row-${key}`;

/** A restaurant's shown shifts, the most chips they stack in one day, and that day. */
interface Shown {
  shifts: ShiftRecord[];
  stack: number;
  busiest: string;
}
const NONE_SHOWN: Shown = { shifts: [], stack: 0, busiest: '' };

/** getApi() is typed as CalendarApi; the object is the Calendar, which can batch renders. */
const batch = (api: CalendarApi, run: () => void) => (api as unknown as { batchRendering(run: () => void): void }).batchRendering(run);

/**
 * Keeps FullCalendar holding the rows in view (plus a margin) and their chips of the days near the view (DayWindow),
 * as one unbroken run of rows between the two spacers. A jump draws the rows in view first and the margins after, a
 * few rows per step, each step its own task. Shifts come from the store when a row is drawn, so live changes to rows
 * out of view show when they come into view. Everything it made goes with the calendar: it holds no listener outside it.
 */
export class DrawnRows {
  private rows: BoardRow[] = [];
  private rowIndex = new Map<string, number>();
  private visible: (shift: ShiftRecord) => boolean = () => true;
  private heights = new RowHeights();
  /** The drawn rows: [from, to) of `rows`. */
  private from = 0;
  private to = 0;
  private view = { top: 0, height: 800 };
  private timer: CancelTask | null = null;
  /** Whether the pending step goes ahead of the page's queued work. */
  private timerUrgent = false;
  private disposed = false;
  /** Between hold() and release(): the range is changing, and no row is drawn. */
  private held = false;
  private holdTimer: CancelTask | null = null;
  /** The shown shifts of each restaurant, the most chips they stack in one day and that day, rebuilt after a store change. */
  private byRestaurant: Map<number, Shown> | null = null;
  /** The index before the last store change: a row whose busiest day moved is drawn again. */
  private lastIndex: Map<number, Shown> | null = null;
  /** The days whose chips are drawn, and the window's version each drawn restaurant row was drawn under. */
  private readonly dayWindow = new DayWindow();
  private drawnWith = new Map<string, number>();
  /**
   * Where the view was across when last read: after a step's own layout (read then, it costs nothing), or at a scroll.
   * Read at the start of a step instead, it would lay out the page the caller left changed (a new range's render)
   * once more before the step's own layout. Kept over a new range: a day's width stays, and the next step reads it again.
   */
  private acrossSeen: AcrossView | null = null;
  private spacerHeights = { [ABOVE]: 0, [BELOW]: 0 };
  /** What a chip of a step has cost lately, ms (a moving average of the steps' wall time per chip). */
  private msPerChip = FIRST_MS_PER_CHIP;

  constructor(
    private readonly api: () => CalendarApi | undefined,
    private readonly store: ShiftStore,
    private readonly measure: () => Map<string, number>,
    private readonly hooks: {
      /** After each step that brought rows into the page. */
      drew?: () => void;
      /** Where the grid's view is across (null: not laid out yet). */
      across?: () => GridAcross | null;
    } = {},
  ) {}

  /** The range's days, and today (whose chips are always drawn: see DayWindow). */
  setDays(days: readonly string[], today: string): void {
    this.dayWindow.setDays(days, today);
    this.schedule();
  }

  /** New rows (location, filter) or a new chip filter: everything is drawn again from the view. */
  setRows(rows: BoardRow[], visible: (shift: ShiftRecord) => boolean): void {
    this.rows = rows;
    this.rowIndex = new Map(rows.map((r, i) => [r.key, i]));
    this.visible = visible;
    this.byRestaurant = null;
    this.redraw();
  }

  scrolled(top: number, height: number): void {
    this.view = { top, height: height || this.view.height };
    this.acrossSeen = null;
    this.schedule();
  }

  storeChanged(change: StoreChange): void {
    this.byRestaurant = null;
    if (change.all) return this.redraw();
    const api = this.api();
    if (!api) return;
    batch(api, () => {
      for (const id of change.ids) {
        api.getEventById(String(id))?.remove();
        const shift = this.store.get(id);
        // Drawn whatever its day: a chip beside the view is still the shift, and a row's new busiest day must show.
        if (!shift || !this.visible(shift) || !this.isDrawn(String(shift.restaurant_id))) continue;
        const source = api.getEventSourceById(sourceId(String(shift.restaurant_id)));
        if (source) api.addEvent(toEvent(shift), source);
      }
    });
    // Chip counts change row heights: measure again and set the spacers.
    this.schedule();
  }

  /** The board's rows, drawn or not (the keyboard moves through all of them). */
  allRows(): readonly BoardRow[] {
    return this.rows;
  }

  /** A restaurant's shown shifts (from the index the drawing uses: nothing is built for a key press). */
  shiftsOf(restaurantId: number): readonly ShiftRecord[] {
    this.index();
    return this.byRestaurant!.get(restaurantId)?.shifts ?? [];
  }

  /** Where a day's column is across the grid's scroll, in pixels. */
  columnOf(date: string): { left: number; width: number } | undefined {
    const view = this.across();
    return view ? this.dayWindow.columnOf(date, view) : undefined;
  }

  /** Where a row starts in the grid's scroll: measured if it was drawn, estimated if not. */
  topOf(key: string): number | undefined {
    const i = this.rowIndex.get(key);
    return i === undefined ? undefined : this.tops()[i];
  }

  /**
   * The calendar is mounted (again: in development React mounts a component, unmounts it and mounts it again, and
   * the rows must still be drawn after that).
   */
  attach(): void {
    this.disposed = false;
  }

  dispose(): void {
    this.disposed = true;
    this.timer?.();
    this.holdTimer?.();
  }

  /**
   * The range is about to change. FullCalendar renders a new range's columns over every row it holds before any
   * of them can go (over 150 ms of CPU for a month of drawn rows), so the drawn rows go first, in a task of their
   * own, leaving the spacers as tall as the whole list; `then` (which changes the range) runs in the task after.
   * No row is drawn again until release(): the rows the old range's shifts would draw would show no chip, or a
   * wrong one, while the new range's shifts load.
   */
  hold(then: () => void): void {
    this.held = true;
    this.holdTimer?.();
    this.holdTimer = laterTask(() => {
      const api = this.api();
      if (api && !this.disposed && this.held) this.clearHeld(api);
      this.holdTimer = laterTask(() => {
        this.holdTimer = null;
        if (!this.disposed) then();
      });
    });
  }

  /**
   * The new range and its shifts are in: the rows in view come back, a step at a time, the first ahead of the other
   * work the new shifts queued (the working-time marks, the driver list's counts).
   */
  release(): void {
    if (!this.held) return;
    this.held = false;
    this.byRestaurant = null;
    this.schedule(true);
  }

  /**
   * Drops every drawn row and draws the view again, from the next task on (the caller's task may be long already),
   * ahead of the page's other queued work: the rows in view are what the user is waiting for.
   */
  private redraw(): void {
    const api = this.api();
    if (!api) return;
    const rows = api.getResources().filter((resource) => resource.id !== ABOVE && resource.id !== BELOW);
    const sources = api.getEventSources();
    // Nothing drawn (a range loading): FullCalendar would render the whole timeline again for nothing.
    if (rows.length || sources.length) {
      batch(api, () => {
        for (const resource of rows) resource.remove();
        for (const source of sources) source.remove();
      });
    }
    this.drawnWith.clear();
    this.from = this.to = 0;
    this.schedule(true);
  }

  /**
   * Posts the next step, once. An urgent step replaces a pending ordinary one: on the board's first render the view's
   * size is given (an ordinary step) just before its rows (an urgent one), and the first rows must not wait behind
   * the timers and renders the page queued in between.
   */
  private schedule(urgent = false): void {
    if (this.disposed) return;
    if (this.timer) {
      if (this.timerUrgent || !urgent) return;
      this.timer();
    }
    this.timerUrgent = urgent;
    this.timer = (urgent ? urgentTask : laterTask)(() => {
      this.timer = null;
      this.step(urgent);
    });
  }

  private isDrawn(key: string): boolean {
    const i = this.rowIndex.get(key);
    return i !== undefined && i >= this.from && i < this.to;
  }

  private shown(row: BoardRow): Shown {
    this.index();
    return (row.kind === 'restaurant' && this.byRestaurant!.get(row.restaurant.id)) || NONE_SHOWN;
  }

  /** The chips a restaurant row draws: its shown shifts of the days drawn (see DayWindow). */
  private chipsOf(row: BoardRow): ShiftRecord[] {
    const shown = this.shown(row);
    return this.dayWindow.chips(shown.shifts, shown.busiest);
  }

  /**
   * The shown shifts by restaurant, built again after a store change; answers whether it had to be built. A drawn row
   * whose busiest day moved is drawn again: the day that sets its height must be among its chips.
   */
  private index(): boolean {
    if (this.byRestaurant) return false;
    const map = new Map<number, Shown>();
    for (const s of this.store.all()) {
      if (!this.visible(s)) continue;
      let entry = map.get(s.restaurant_id);
      if (!entry) map.set(s.restaurant_id, (entry = { shifts: [], stack: 0, busiest: '' }));
      entry.shifts.push(s);
    }
    for (const [id, entry] of map) {
      const { day, stack } = busiestDay(entry.shifts);
      entry.stack = stack;
      entry.busiest = day;
      if (this.lastIndex && this.lastIndex.get(id)?.busiest !== day) this.drawnWith.delete(String(id));
    }
    this.byRestaurant = this.lastIndex = map;
    return true;
  }

  private tops(): number[] {
    return rowTops(this.rows.map((row) => this.heights.height(row, this.shown(row).stack)));
  }

  /** One step: rows that left the view go, up to a step's worth of rows come, the spacers follow. */
  private step(urgent = false): void {
    const api = this.api();
    if (!api || this.disposed) return;
    // Held (a new range loading): rows drawn meanwhile (new rows, the old range's shifts again) go, nothing comes.
    if (this.held) {
      if (this.to > this.from) this.clearHeld(api);
      return;
    }
    const t0 = performance.now();
    // A month of shifts sorted by restaurant is a task's worth of its own on a busy machine: the rows come next task.
    if (this.index() && performance.now() - t0 > INDEX_ALONE_MS) return this.schedule(urgent);
    // The view left the days drawn: every drawn row's chips are drawn again, the rows in view first (below).
    this.dayWindow.follow((this.acrossSeen ??= this.across()), MARGIN_PX);
    const tops = this.tops();
    const want = rowsInView(tops, this.view.top, this.view.height, MARGIN_PX);
    const leaving: BoardRow[] = [];
    let from: number;
    let to: number;
    if (this.to <= want.from || this.from >= want.to || this.from === this.to) {
      // Nothing drawn is wanted (a jump): clear it in a step of its own, then start again at the first row in view.
      if (this.to > this.from) {
        this.clear(api, this.rows.slice(this.from, this.to));
        return;
      }
      from = to = Math.max(want.from, Math.min(rowAt(tops, this.view.top), want.to - 1));
    } else {
      for (let i = this.from; i < this.to; i++) if (i < want.from || i >= want.to) leaving.push(this.rows[i]);
      from = Math.max(this.from, want.from);
      to = Math.min(this.to, want.to);
    }

    // Down first (the view starts at the first drawn row), then up into the margin above.
    const coming: [number, BoardRow][] = [];
    let chips = 0;
    const budget = Math.min(MAX_CHIPS, Math.max(MIN_CHIPS, Math.floor(STEP_MS / this.msPerChip)));
    while (chips < budget && (to < want.to || from > want.from)) {
      const i = to < want.to ? to++ : --from;
      coming.push([i, this.rows[i]]);
      chips += Math.max(1, this.chipsOf(this.rows[i]).length);
    }
    // With the step's room left: drawn rows whose chips are of other days than the window's, from the view down.
    const redrawing: BoardRow[] = [];
    const version = this.dayWindow.version;
    const isComing = new Set(coming.map(([i]) => i));
    const first = Math.min(Math.max(from, rowAt(tops, this.view.top)), to);
    for (let n = 0; n < to - from && chips < budget; n++) {
      const i = first + n < to ? first + n : from + (first + n - to);
      const row = this.rows[i];
      if (row.kind !== 'restaurant' || isComing.has(i) || this.drawnWith.get(row.key) === version) continue;
      redrawing.push(row);
      chips += Math.max(1, this.chipsOf(row).length);
    }

    this.from = from;
    this.to = to;
    const above = Math.round(tops[from]);
    const below = Math.round(tops[tops.length - 1] - tops[to]);
    if (!leaving.length && !coming.length && !redrawing.length && above === this.spacerHeights[ABOVE] && below === this.spacerHeights[BELOW]) return;

    batch(api, () => {
      this.remove(api, leaving);
      for (const [i, row] of coming) {
        const title = row.kind === 'area' ? row.title : row.restaurant.name;
        api.addResource({ id: row.key, title, sortIndex: i, kind: row.kind });
        if (row.kind === 'restaurant') this.drawChips(api, row, version);
      }
      for (const row of redrawing) {
        api.getEventSourceById(sourceId(row.key))?.remove();
        this.drawChips(api, row, version);
      }
      this.setSpacer(api, ABOVE, above);
      this.setSpacer(api, BELOW, below);
    });

    if (coming.length) this.hooks.drew?.();
    // FullCalendar has laid the rows out: their real heights correct the estimates of the rows not drawn.
    const measured = this.measure();
    this.acrossSeen = this.across();
    if (chips) this.learnStepCost(performance.now() - t0, chips);
    let changed = false;
    for (let i = this.from; i < this.to; i++) {
      const row = this.rows[i];
      const height = measured.get(row.key);
      if (height === undefined) continue;
      const stack = this.shown(row).stack;
      if (Math.abs(this.heights.height(row, stack) - height) > 0.5) changed = true;
      this.heights.record(row, stack, height);
    }
    if (changed || this.from > want.from || this.to < want.to || this.staleRows(version)) this.schedule();
  }

  private drawChips(api: CalendarApi, row: BoardRow, version: number): void {
    api.addEventSource({ id: sourceId(row.key), events: this.chipsOf(row).map(toEvent) });
    this.drawnWith.set(row.key, version);
  }

  /** Whether a drawn restaurant row's chips are of other days than the window's. */
  private staleRows(version: number): boolean {
    for (let i = this.from; i < this.to; i++) if (this.rows[i].kind === 'restaurant' && this.drawnWith.get(this.rows[i].key) !== version) return true;
    return false;
  }

  private across(): AcrossView | null {
    return this.dayWindow.viewOf(this.hooks.across?.() ?? null);
  }

  /** A step of `chips` took `ms`: the next steps are sized on the recent steps, the latest counting half. */
  private learnStepCost(ms: number, chips: number): void {
    this.msPerChip = (this.msPerChip + ms / chips) / 2;
  }

  private remove(api: CalendarApi, rows: BoardRow[]): void {
    for (const row of rows) {
      api.getEventSourceById(sourceId(row.key))?.remove();
      api.getResourceById(row.key)?.remove();
      this.drawnWith.delete(row.key);
    }
  }

  /** Removes the drawn rows, leaving the spacers as tall as the whole list, and comes back for the view. */
  private clear(api: CalendarApi, rows: BoardRow[]): void {
    this.removeAll(api, rows);
    this.schedule();
  }

  /** Removes the drawn rows and leaves the spacers as tall as the whole list, until release(). */
  private clearHeld(api: CalendarApi): void {
    this.removeAll(api, this.rows.slice(this.from, this.to));
  }

  private removeAll(api: CalendarApi, rows: BoardRow[]): void {
    const tops = this.tops();
    this.from = this.to = 0;
    batch(api, () => {
      this.remove(api, rows);
      this.setSpacer(api, ABOVE, Math.round(tops[tops.length - 1]));
      this.setSpacer(api, BELOW, 0);
    });
  }

  private setSpacer(api: CalendarApi, id: typeof ABOVE | typeof BELOW, height: number): void {
    if (this.spacerHeights[id] === height) return;
    this.spacerHeights[id] = height;
    api.getResourceById(id)?.setExtendedProp('height', height);
  }
}
