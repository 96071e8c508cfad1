import { describe, expect, it } from 'vitest';
import type { CalendarApi } from '@fullcalendar/core';
import type { BoardRestaurant } from '../../domain/shiftCalls';
import type { ShiftRecord } from '../../domain/shifts';
import { DrawnRows } from '../../src/pages/schedule/drawnRows';
import { boardRows } from '../../src/pages/schedule/rowWindow';
import { ShiftStore } from '../../src/pages/schedule/shiftStore';
import { laterTask } from '../../src/pages/schedule/tasks';
import { installPrioritizingScheduler } from './prioritizingScheduler';

/** The calendar as the rows use it: the rows it holds, in the order they were added, and a log of what ran. */
function fakeCalendar(log: string[]) {
  const resources = new Map<string, { id: string; remove(): void; setExtendedProp(): void }>();
  const api = {
    batchRendering: (run: () => void) => run(),
    getResources: () => [...resources.values()],
    getEventSources: () => [],
    getResourceById: (id: string) => resources.get(id) ?? null,
    getEventSourceById: () => null,
    addResource: ({ id, title }: { id: string; title: string }) => {
      log.push(`row ${title}`);
      resources.set(id, { id, remove: () => resources.delete(id), setExtendedProp: () => undefined });
    },
    addEventSource: () => undefined,
  };
  return api as unknown as CalendarApi;
}

const restaurant = (id: number): BoardRestaurant => ({ id, name: `Restaurant ${id}`, area_id: 1, area: { id: 1, name: 'Leeds' } }) as unknown as BoardRestaurant;
const shift = (id: number, restaurantId: number): ShiftRecord => ({ id, restaurant_id: restaurantId, period_date: '2026-12-01', start_time: '11:00', finish_time: '15:00' }) as ShiftRecord;

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
});
