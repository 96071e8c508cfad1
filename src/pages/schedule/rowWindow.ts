import type { BoardRestaurant } from '../../../domain/shiftCalls';

/**
 * Which of the board's rows are drawn. FullCalendar 6 has no virtual rendering and its cost grows with every row
 * and chip it holds, so the board gives it only the rows in view plus a margin; the rows above and below are two
 * spacer rows as tall as the rows they stand for, so the scroll bar stays true to the whole list.
 */

/** One row of the board: an area's heading (admin board) or a restaurant. */
export type BoardRow = { kind: 'area'; key: string; title: string } | { kind: 'restaurant'; key: string; restaurant: BoardRestaurant };

/** Rows in order; on the admin board each area's restaurants follow its heading (rows come sorted by area). */
export function boardRows(restaurants: readonly BoardRestaurant[], withAreas: boolean): BoardRow[] {
  const rows: BoardRow[] = [];
  let area: number | null = null;
  for (const r of restaurants) {
    if (withAreas && r.area_id !== area) {
      area = r.area_id;
      rows.push({ kind: 'area', key: `area-${r.area_id}`, title: r.area.name });
    }
    rows.push({ kind: 'restaurant', key: String(r.id), restaurant: r });
  }
  return rows;
}

/**
 * Row heights: measured for rows drawn before (while their chip count is the same), otherwise learnt from drawn
 * rows with the same number of chips stacked in their busiest day (a restaurant row's height follows it), else a
 * straight line through what was seen.
 */
export class RowHeights {
  private measured = new Map<string, { stack: number; height: number }>();
  private byStack = new Map<number, number>();
  private area = 30;

  constructor(private readonly guess = { base: 34, perChip: 42 }) {}

  record(row: BoardRow, stack: number, height: number): void {
    if (row.kind === 'area') this.area = height;
    else {
      this.measured.set(row.key, { stack, height });
      // The smallest height seen for a stack: a long name wrapping onto two lines makes only its own row taller.
      const seen = this.byStack.get(stack);
      if (seen === undefined || height < seen) this.byStack.set(stack, height);
    }
  }

  height(row: BoardRow, stack: number): number {
    if (row.kind === 'area') return this.area;
    const known = this.measured.get(row.key);
    if (known && known.stack === stack) return known.height;
    const same = this.byStack.get(stack);
    if (same !== undefined) return same;
    return this.fit(stack);
  }

  private fit(stack: number): number {
    const points = [...this.byStack].sort((a, b) => a[0] - b[0]);
    if (points.length >= 2) {
      const [[s0, h0], [s1, h1]] = [points[0], points[points.length - 1]];
      const perChip = (h1 - h0) / (s1 - s0);
      return Math.max(h0, h0 + perChip * (stack - s0));
    }
    if (points.length === 1) return Math.max(this.guess.base, points[0][1] + this.guess.perChip * (stack - points[0][0]));
    return this.guess.base + this.guess.perChip * stack;
  }
}

/** Where each row starts (tops[i]) and the whole height (tops[rows]). */
export function rowTops(heights: readonly number[]): number[] {
  const tops = new Array<number>(heights.length + 1);
  tops[0] = 0;
  for (let i = 0; i < heights.length; i++) tops[i + 1] = tops[i] + heights[i];
  return tops;
}

/** The first row whose bottom is below `y`. */
export function rowAt(tops: readonly number[], y: number): number {
  let lo = 0;
  let hi = tops.length - 2;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tops[mid + 1] <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The rows [from, to) that meet the view from `scrollTop` for `viewHeight`, widened by `margin` pixels each side. */
export function rowsInView(tops: readonly number[], scrollTop: number, viewHeight: number, margin: number): { from: number; to: number } {
  const count = tops.length - 1;
  if (count <= 0) return { from: 0, to: 0 };
  const from = rowAt(tops, Math.max(0, scrollTop - margin));
  const to = Math.min(count, rowAt(tops, scrollTop + viewHeight + margin) + 1);
  return { from, to };
}
