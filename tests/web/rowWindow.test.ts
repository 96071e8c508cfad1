import { describe, expect, it } from 'vitest';
import { RowHeights, boardRows, rowTops, rowsInView } from '../../src/pages/schedule/rowWindow';
import { boardRestaurant as restaurant } from '../helpers/boardRestaurant';

describe('the rows the board draws', () => {
  it("puts each area's heading before its restaurants on the admin board only", () => {
    const list = [restaurant(1, 1), restaurant(2, 1), restaurant(3, 2)];
    expect(boardRows(list, true).map((r) => r.key)).toEqual(['area-1', '1', '2', 'area-2', '3']);
    expect(boardRows(list, false).map((r) => r.key)).toEqual(['1', '2', '3']);
  });

  it('draws the rows in view and a margin, whatever the number of rows', () => {
    const tops = rowTops(new Array(1000).fill(100));
    expect(tops[1000]).toBe(100_000);
    expect(rowsInView(tops, 0, 800, 200)).toEqual({ from: 0, to: 11 });
    expect(rowsInView(tops, 50_000, 800, 200)).toEqual({ from: 498, to: 511 });
    // Held at the end of the scroll bar: the last rows.
    expect(rowsInView(tops, 99_200, 800, 200)).toEqual({ from: 990, to: 1000 });
    expect(rowsInView(rowTops([]), 0, 800, 200)).toEqual({ from: 0, to: 0 });
  });

  it('estimates the rows not drawn from the rows drawn with as many chips a day', () => {
    const heights = new RowHeights();
    const [a, b, c] = boardRows([restaurant(1, 1), restaurant(2, 1), restaurant(3, 1)], false);
    heights.record(a, 1, 64);
    heights.record(b, 3, 136);
    // A row seen before keeps its own height while its chips are the same.
    expect(heights.height(a, 1)).toBe(64);
    // Another with two chips in its busiest day: between the two seen.
    expect(heights.height(c, 2)).toBe(100);
    expect(heights.height(c, 3)).toBe(136);
  });
});
