import type { ShiftRecord } from '../../../domain/shifts';

/** Where the grid's view is across: its scroll from the left, its width and the width of all the days, in pixels. */
export interface GridAcross {
  left: number;
  width: number;
  total: number;
}

/** The same, with the width of a day's column (which a new range of as many days keeps). */
export interface AcrossView {
  left: number;
  width: number;
  dayWidth: number;
}

/**
 * Which days' chips the board draws. A month is 30 columns and a laptop shows about 8 of them, yet FullCalendar lays
 * out every chip it holds, so a drawn row holds only the chips of the days in view plus a margin, and the window
 * moves (each drawn row's chips drawn again, a step at a time) once the view leaves the days it covers.
 *
 * A row also keeps the chips of its busiest day and of today, whatever the window: a row is as tall as its highest
 * stack of chips (today's carry an attendance line), and a row whose height changed as it scrolled across would
 * move every row under it.
 */
export class DayWindow {
  private days: readonly string[] = [];
  private index = new Map<string, number>();
  private today = '';
  /** The days drawn: [from, to) of `days`. */
  private from = 0;
  private to = 0;
  /** Whether the window has been fitted to the view since the days were set. */
  private placed = false;
  /** Changes whenever the days drawn do: a row drawn under another version is drawn again. */
  version = 0;

  /** A new range of days: every day is drawn until the view's place across is known. */
  setDays(days: readonly string[], today: string): void {
    if (days.length === this.days.length && days.every((d, i) => d === this.days[i]) && today === this.today) return;
    this.days = days;
    this.index = new Map(days.map((d, i) => [d, i]));
    this.today = today;
    this.from = 0;
    this.to = days.length;
    this.placed = false;
    this.version++;
  }

  /**
   * Moves the window to the view (plus `margin` pixels each side) if the view has left the days it covers. A window
   * that still covers the view stays, so a scroll within the margin draws nothing.
   */
  follow(view: AcrossView | null, margin: number): void {
    const count = this.days.length;
    if (!view || !count || view.dayWidth <= 0) return;
    const { dayWidth } = view;
    const dayAt = (x: number) => Math.min(count, Math.max(0, Math.floor(x / dayWidth)));
    const firstSeen = dayAt(view.left);
    const lastSeen = Math.min(count, Math.ceil((view.left + view.width) / dayWidth));
    if (this.placed && firstSeen >= this.from && lastSeen <= this.to) return;
    const from = dayAt(view.left - margin);
    const to = Math.min(count, Math.ceil((view.left + view.width + margin) / dayWidth));
    this.placed = true;
    if (from === this.from && to === this.to) return;
    this.from = from;
    this.to = to;
    this.version++;
  }

  /** The grid's place across, with its days' width (null: no days, or not laid out). */
  viewOf(grid: GridAcross | null): AcrossView | null {
    return grid && this.days.length && grid.total > 0 ? { left: grid.left, width: grid.width, dayWidth: grid.total / this.days.length } : null;
  }

  /** A row's chips to draw: its shifts of the days in the window, of its busiest day and of today. */
  chips(shifts: readonly ShiftRecord[], busiest: string): ShiftRecord[] {
    if (this.from === 0 && this.to >= this.days.length) return shifts as ShiftRecord[];
    return shifts.filter((s) => {
      const i = this.index.get(s.period_date);
      return (i !== undefined && i >= this.from && i < this.to) || s.period_date === busiest || s.period_date === this.today;
    });
  }

  /** Where a day's column is across the grid, in pixels (undefined: not in the range). */
  columnOf(date: string, view: AcrossView): { left: number; width: number } | undefined {
    const i = this.index.get(date);
    return i === undefined ? undefined : { left: i * view.dayWidth, width: view.dayWidth };
  }
}

/** The day with the most shifts (the first such day), or '' when there are none. */
export function busiestDay(shifts: readonly ShiftRecord[]): { day: string; stack: number } {
  const perDay = new Map<string, number>();
  let day = '';
  let stack = 0;
  for (const s of shifts) {
    const n = (perDay.get(s.period_date) ?? 0) + 1;
    perDay.set(s.period_date, n);
    if (n > stack) {
      stack = n;
      day = s.period_date;
    }
  }
  return { day, stack };
}
