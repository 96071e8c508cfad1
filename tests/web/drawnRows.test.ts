import { describe, expect, it } from 'vitest';
import type { CalendarApi } from '@fullcalendar/core';
import type { BoardRestaurant } from '../../domain/shiftCalls';
import type { ShiftRecord } from '../../domain/shifts';
import { DrawnRows } from '../../src/pages/schedule/drawnRows';
import { boardRows } from '../../src/pages/schedule/rowWindow';
import { datesOf } from '../../domain/ranges';
import { ShiftStore } from '../../src/pages/schedule/shiftStore';
import { laterTask } from '../../src/pages/schedule/tasks';
import { installPrioritizingScheduler } from './prioritizingScheduler';

/**
 * The calendar as the rows use it: the rows it holds, in the order they were added, a log of what ran, and the chips
 * each row holds (`chips`, by row id: the shifts' ids).
 */
function fakeCalendar(log: string[], chips = new Map<string, number[]>()) {
  const resources = new Map<string, { id: string; remove(): void; setExtendedProp(): void }>();
  const sources = new Map<string, { remove(): void }>();
  const api = {
    batchRendering: (run: () => void) => run(),
    getResources: () => [...resources.values()],
    getEventSources: () => [...sources.values()],
    getResourceById: (id: string) => resources.get(id) ?? null,
    getEventSourceById: (id: string) => sources.get(id) ?? null,
    addResource: ({ id, title }: { id: string; title: string }) => {
      log.push(`row ${title}`);
      resources.set(id, { id, remove: () => resources.delete(id), setExtendedProp: () => undefined });
    },
    addEventSource: ({ id, events }: { id: string; events: { id: string }[] }) => {
      const row = id.replace('row-', '');
      chips.set(row, events.map((e) => Number(e.id)));
      sources.set(id, { remove: () => (sources.delete(id), chips.delete(row)) });
    },
    getEventById: (id: string) => {
      const row = [...chips].find(([, ids]) => ids.includes(Number(id)))?.[0];
      return row ? { remove: () => chips.set(row, chips.get(row)!.filter((chip) => chip !== Number(id))) } : null;
    },

  };
  return api as unknown as CalendarApi;
}

const restaurant = (id: number): BoardRestaurant => ({ id, name: `Restaurant ${id}`, area_id: 1, area: { id: 1, name: 'Leeds' } }) as unknown as BoardRestaurant;
const shift = (id: number, restaurantId: number, date = '2026-12-01'): ShiftRecord => ({ id, restaurant_id: restaurantId, period_date: date, start_time: '11:00', finish_time: '15:00' }) as ShiftRecord;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the board's drawn rows", () => {
  it('draws the first rows ahead of the work the page queued, though the view was measured just before', async () => {
    installPrioritizingScheduler();
    const log: string[] = [];
    const store = new ShiftStore();
    store.replaceAll([shift(1, 1), shift(2, 2)]);
    const drawn = new DrawnRows(() => calendar, store, () => new Map());
    const calendar = fakeCalendar(log);
    // Work the page queued before (the working-time marks), then, as the board's first render does, the view's size
    // (an ordinary step) and the rows (an urgent one).
    laterTask(() => log.push('working-time marks'));
    drawn.scrolled(0, 600);
    drawn.setRows(boardRows([restaurant(1), restaurant(2)], true), () => true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['row Leeds', 'row Restaurant 1', 'row Restaurant 2', 'working-time marks']);
    drawn.dispose();
  });

  it("draws a month's chips of the days in view (and each row's busiest day and today's), and the next days' as the view moves across", async () => {
    const days = datesOf({ from: '2026-12-01', to: '2026-12-30' });
    const store = new ShiftStore();
    // Restaurant 1: a shift every day, three on the 20th (its busiest day); restaurant 2: two on the 25th, one on the 2nd.
    const shifts = days
      .map((date, i) => shift(100 + i, 1, date))
      .concat([shift(200, 1, '2026-12-20'), shift(201, 1, '2026-12-20'), shift(300, 2, '2026-12-25'), shift(301, 2, '2026-12-25'), shift(302, 2, '2026-12-02')]);
    store.replaceAll(shifts);
    const chips = new Map<string, number[]>();
    const log: string[] = [];
    const calendar = fakeCalendar(log, chips);
    // Thirty days of 100 px; the view is 800 px wide, so with 400 px beside it the days drawn are the first twelve.
    const view = { left: 0, width: 800, total: 3000 };
    const drawn = new DrawnRows(() => calendar, store, () => new Map(), { across: () => view });
    store.subscribe((change) => drawn.storeChanged(change));
    drawn.setDays(days, '2026-12-05');
    drawn.scrolled(0, 600);
    drawn.setRows(boardRows([restaurant(1), restaurant(2)], false), () => true);
    await settle();
    const ids = (from: number, to: number) => store.all().filter((s) => s.restaurant_id === 1 && s.period_date >= days[from] && s.period_date <= days[to]).map((s) => s.id);
    const busiest = [119, 200, 201];
    expect(new Set(chips.get('1'))).toEqual(new Set([...ids(0, 11), ...busiest]));
    expect(new Set(chips.get('2'))).toEqual(new Set([300, 301, 302]));

    // Two of the 20th's shifts cancelled elsewhere: the row's busiest day is now its first, and the 20th's last chip,
    // beside the view, goes with the rest of the days not drawn.
    store.remove([200, 201]);
    await settle();
    expect(new Set(chips.get('1'))).toEqual(new Set(ids(0, 11)));

    // Scrolled to the month's end: the last days' chips come, the first days' go (but the busiest's and today's);
    // the rows themselves stay.
    const rowsAdded = log.length;
    view.left = 2200;
    drawn.scrolled(0, 600);
    await settle();
    expect(new Set(chips.get('1'))).toEqual(new Set([...ids(18, 29), 100, 104]));
    expect(new Set(chips.get('2'))).toEqual(new Set([300, 301]));
    expect(log).toHaveLength(rowsAdded);
    // The keyboard scrolls to a day's column to reach a chip not drawn.
    expect(drawn.columnOf('2026-12-02')).toEqual({ left: 100, width: 100 });
    drawn.dispose();
  });
});
