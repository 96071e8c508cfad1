import type { ShiftRecord } from '../../../domain/shifts';
import type { BoardRow } from './rowWindow';

/**
 * Where an arrow key goes on the board, worked out from the rows and the shown shifts rather than from what is
 * drawn: the board draws only the rows in view (drawnRows.ts), and the keyboard must reach the rows beyond them.
 * Chips in a day stack as FullCalendar orders them (start time, then id).
 */

export type BoardKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';
export const BOARD_KEYS: ReadonlySet<string> = new Set<BoardKey>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

const chipOrder = (a: ShiftRecord, b: ShiftRecord) => (a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : a.id - b.id);

/** A restaurant's shown shifts of one day, in the order its chips stack. */
function dayStack(shifts: readonly ShiftRecord[], date: string): ShiftRecord[] {
  return shifts.filter((s) => s.period_date === date).sort(chipOrder);
}

/**
 * The chip an arrow key moves to from `current`, or null to stay: Up and Down through the day's stack, then to the
 * nearest restaurant above or below with a shift that day; Left and Right to the nearest day before or after with a
 * shift in the same restaurant (the same place in its stack, or its last); Home and End to the row's first and last.
 */
export function nextShift(
  rows: readonly BoardRow[],
  shiftsOf: (restaurantId: number) => readonly ShiftRecord[],
  current: ShiftRecord,
  key: BoardKey,
): ShiftRecord | null {
  const own = shiftsOf(current.restaurant_id);
  const stack = dayStack(own, current.period_date);
  const place = Math.max(0, stack.findIndex((s) => s.id === current.id));
  if (key === 'Home' || key === 'End') {
    const sorted = [...own].sort((a, b) => (a.period_date < b.period_date ? -1 : a.period_date > b.period_date ? 1 : chipOrder(a, b)));
    const to = key === 'Home' ? sorted[0] : sorted.at(-1);
    return to && to.id !== current.id ? to : null;
  }
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const later = key === 'ArrowRight';
    let best: string | null = null;
    for (const s of own) {
      const d = s.period_date;
      if (later ? d > current.period_date && (best === null || d < best) : d < current.period_date && (best === null || d > best)) best = d;
    }
    if (best === null) return null;
    const next = dayStack(own, best);
    return next[Math.min(place, next.length - 1)];
  }
  const down = key === 'ArrowDown';
  if (down && place < stack.length - 1) return stack[place + 1];
  if (!down && place > 0) return stack[place - 1];
  const at = rows.findIndex((r) => r.kind === 'restaurant' && r.restaurant.id === current.restaurant_id);
  if (at < 0) return null;
  for (let i = at + (down ? 1 : -1); i >= 0 && i < rows.length; i += down ? 1 : -1) {
    const row = rows[i];
    if (row.kind !== 'restaurant') continue;
    const there = dayStack(shiftsOf(row.restaurant.id), current.period_date);
    if (there.length) return down ? there[0] : there[there.length - 1];
  }
  return null;
}

/** The restaurant row an arrow key moves to in the names column (areas' headings are skipped), or null to stay. */
export function nextRestaurantRow(rows: readonly BoardRow[], currentKey: string, key: BoardKey): string | null {
  const restaurants = rows.filter((r) => r.kind === 'restaurant');
  if (!restaurants.length) return null;
  const at = restaurants.findIndex((r) => r.key === currentKey);
  let to: number;
  if (key === 'Home') to = 0;
  else if (key === 'End') to = restaurants.length - 1;
  else if (key === 'ArrowDown') to = at + 1;
  else if (key === 'ArrowUp') to = at - 1;
  else return null;
  if (to < 0 || to >= restaurants.length || to === at) return null;
  return restaurants[to].key;
}
