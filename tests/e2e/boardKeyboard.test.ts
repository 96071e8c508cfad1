import type { Page } from 'playwright-core';
import { logIn } from '../helpers/e2e';
import { scaledServerAndBrowser, scaledWeek } from '../helpers/scaledServer';
import { INTERVAL, rangeFor } from '../../domain/ranges';
import { addDays, londonToday } from '../../domain/dates';
import type { ShiftRecord } from '../../domain/shifts';
import { sortRestaurants } from '../../src/pages/schedule/boardOrder';
import type { BoardRestaurant } from '../../domain/shiftCalls';

/**
 * The admin board by keyboard at a few hundred restaurants: the skip link reaches the shifts, arrow keys travel
 * between chips well past the rows first drawn, and at every step the name beside the focused chip is its
 * restaurant and the heading above it its day; the driver list and the restaurant names are one Tab stop each.
 */

const both = scaledServerAndBrowser();
const week = scaledWeek();

const api = <T>(url: string, init?: RequestInit) => both.scaled.api<T>(url, init);

/**
 * The focused chip's shift, and what a person sees beside it and above it: the restaurant name drawn in the frozen
 * column at the chip's height and the day heading drawn at its middle (read from the screen, so a column or a
 * heading scrolled apart from the grid shows as a wrong one).
 */
const focusedChip = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const chip = el?.classList.contains('fc-event') ? el.querySelector<HTMLElement>('.chip') : null;
    if (!el || !chip) return null;
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + Math.min(box.height / 2, 10);
    const grid = el.closest<HTMLElement>('.fc-scroller')!.getBoundingClientRect();
    const names = document.querySelector('.fc-datagrid-body')!.closest<HTMLElement>('.fc-scroller')!.getBoundingClientRect();
    const heading = document.querySelector('.fc-timeline-header')!.closest<HTMLElement>('.fc-scroller')!.getBoundingClientRect();
    const nameCell = document.elementFromPoint(names.left + names.width / 2, y)?.closest<HTMLElement>('td.fc-datagrid-cell[data-resource-id]');
    const dayCell = document.elementFromPoint(x, heading.top + heading.height / 2)?.closest<HTMLElement>('th.fc-timeline-slot[data-date]');
    return {
      shiftId: Number(chip.dataset.shiftId),
      inView: y >= grid.top && y <= grid.bottom && x >= grid.left && x <= grid.right,
      lane: el.closest<HTMLElement>('td.fc-timeline-lane[data-resource-id]')?.dataset.resourceId ?? null,
      beside: nameCell?.dataset.resourceId ?? null,
      besideName: nameCell?.textContent?.trim() ?? null,
      above: dayCell?.dataset.date ?? null,
    };
  });

type Focused = NonNullable<Awaited<ReturnType<typeof focusedChip>>>;

describe('the admin board by keyboard, at a few hundred restaurants', () => {
  it('skips to the shifts, arrows across restaurants and days with names and headings aligned at every step; the driver list and the names are one Tab stop each', async () => {
    const restaurants = sortRestaurants(await api<BoardRestaurant[]>('/api/restaurant?status=10'));
    expect(restaurants.length).toBeGreaterThan(300);
    const order = new Map(restaurants.map((r, i) => [r.id, i]));
    const nameOf = new Map(restaurants.map((r) => [r.id, r.name]));
    const shifts = await api<ShiftRecord[]>(`/api/shift?period_date_from=${week.from}&period_date_to=${week.to}&with_driver=1&filter_draft=1`);
    const byId = new Map(shifts.map((s) => [s.id, s]));

    const context = await both.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-GB' });
    const page = await context.newPage();
    await logIn(page, both.scaled.server.url, 'admin@demo.test', 'Admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${both.scaled.server.url}/schedule?interval=${INTERVAL.week}&from=${week.from}&to=${week.to}`);
    await page.locator('.shift-board .chip').first().waitFor();
    await page.locator('nav[aria-label="Drivers"] [data-nav]').nth(5).waitFor();
    const drawnAtFirst = await page.locator('.shift-board .row-name').count();

    // From the toolbar's last button: the skip link, then the first shift in view.
    await page.getByRole('button', { name: 'Copy Shifts' }).focus();
    let skip = '';
    for (let i = 0; i < 6 && skip !== 'Skip to the shifts'; i++) {
      await page.keyboard.press('Tab');
      skip = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    }
    expect(skip).toBe('Skip to the shifts');
    await page.keyboard.press('Enter');

    const check = (f: Focused, step: string) => {
      const shift = byId.get(f.shiftId);
      expect(shift, `${step}: a shift of the week`).toBeDefined();
      expect(f.inView, `${step}: the focused chip is in view`).toBe(true);
      expect(f.lane, `${step}: the chip's row`).toBe(String(shift!.restaurant_id));
      expect(f.beside, `${step}: the name beside the chip ("${f.besideName}") is its restaurant's ("${nameOf.get(shift!.restaurant_id)}")`).toBe(String(shift!.restaurant_id));
      expect(f.above, `${step}: the heading above the chip is its day`).toBe(shift!.period_date);
      return shift!;
    };
    /** The focus on another chip than `from`, with a name beside it and a heading above it matching its own. */
    const settled = (f: Focused | null, from: number | null) => {
      const shift = f && byId.get(f.shiftId);
      return !!f && !!shift && f.shiftId !== from && f.inView && f.beside === String(shift.restaurant_id) && f.above === shift.period_date;
    };
    /** The focused chip once it has settled (at most 15 s), else as it is then. */
    const focusOnceSettled = async (from: number | null) => {
      const until = Date.now() + 15_000;
      let now = await focusedChip(page);
      while (!settled(now, from) && Date.now() < until) {
        await page.waitForTimeout(100);
        now = await focusedChip(page);
      }
      return now;
    };
    /**
     * Presses a key and waits for the focus to land on another chip (the rows may have to be drawn first) with its
     * name and heading in line; then checks it, so a chip that stays beside another restaurant or day fails.
     */
    const press = async (key: string, from: ShiftRecord, step: string) => {
      await page.keyboard.press(key);
      const now = await focusOnceSettled(from.id);
      expect(now, `${step}: the focus moves to a chip`).not.toBeNull();
      expect(now!.shiftId, `${step}: the focus moves to another chip`).not.toBe(from.id);
      return check(now!, step);
    };

    const first = await focusOnceSettled(null);
    expect(first, 'the skip link focuses a chip').not.toBeNull();
    let shift = check(first!, 'after the skip link');
    // Down across many restaurants, the same day; well past the rows drawn at first.
    for (let i = 1; i <= 45; i++) {
      const next = await press('ArrowDown', shift, `Down ${i}`);
      expect(next.period_date, `Down ${i}: same day`).toBe(shift.period_date);
      expect(order.get(next.restaurant_id)!, `Down ${i}: same or a later restaurant`).toBeGreaterThanOrEqual(order.get(shift.restaurant_id)!);
      if (next.restaurant_id === shift.restaurant_id) expect(next.start_time >= shift.start_time).toBe(true);
      shift = next;
    }
    const reached = restaurants.findIndex((r) => r.id === shift.restaurant_id);
    expect(reached, 'the keys went past the rows drawn at first').toBeGreaterThan(drawnAtFirst + 5);
    // Across the days and back, then up a few restaurants.
    const steps: [string, number][] = [['ArrowRight', 3], ['ArrowLeft', 2], ['ArrowUp', 6], ['ArrowRight', 2]];
    for (const [key, times] of steps) {
      for (let i = 1; i <= times; i++) {
        const step = `${key} ${i}`;
        // A move to a day with no shift in this row, or past the week's end, stays: only existing targets are pressed.
        const row = shifts.filter((s) => s.restaurant_id === shift.restaurant_id);
        if (key === 'ArrowRight' && !row.some((s) => s.period_date > shift.period_date)) break;
        if (key === 'ArrowLeft' && !row.some((s) => s.period_date < shift.period_date)) break;
        const next = await press(key, shift, step);
        if (key === 'ArrowRight' || key === 'ArrowLeft') {
          expect(next.restaurant_id, `${step}: same restaurant`).toBe(shift.restaurant_id);
          expect(key === 'ArrowRight' ? next.period_date > shift.period_date : next.period_date < shift.period_date, `${step}: the next day with a shift`).toBe(true);
        } else {
          expect(next.period_date, `${step}: same day`).toBe(shift.period_date);
          expect(order.get(next.restaurant_id)!).toBeLessThanOrEqual(order.get(shift.restaurant_id)!);
        }
        shift = next;
      }
    }

    // The driver list and the restaurant names: one Tab stop each, arrow keys inside.
    const tabStops = () =>
      page.evaluate(() => ({
        drivers: document.querySelectorAll('nav[aria-label="Drivers"] [data-nav][tabindex="0"]').length,
        driverItems: document.querySelectorAll('nav[aria-label="Drivers"] [data-nav]').length,
        names: document.querySelectorAll('.shift-board .row-name[tabindex="0"]').length,
        nameItems: document.querySelectorAll('.shift-board .row-name').length,
      }));
    const stops = await tabStops();
    expect(stops.drivers).toBe(1);
    expect(stops.driverItems).toBeGreaterThan(5);
    expect(stops.names).toBe(1);
    expect(stops.nameItems).toBeGreaterThan(5);

    // Tab from the search field: one stop in the driver list, then (past the switch and the days) one name, then the grid.
    await page.getByRole('textbox', { name: 'Search drivers' }).focus();
    const visited: string[] = [];
    // Past the switch and the seven days' buttons to the first chip.
    for (let i = 0; i < 16 && visited.at(-1) !== 'grid'; i++) {
      await page.keyboard.press('Tab');
      visited.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          if (el.closest('nav[aria-label="Drivers"] [data-nav]')) return 'driver list';
          if (el.classList.contains('row-name')) return 'name';
          if (el.closest('.fc-timeline-header')) return 'day';
          if (el.closest('.fc-timeline-body')) return 'grid';
          return el.getAttribute('aria-label') ?? el.tagName;
        }),
      );
    }
    expect(visited.filter((v) => v === 'driver list'), visited.join(' → ')).toHaveLength(1);
    expect(visited.filter((v) => v === 'name'), visited.join(' → ')).toHaveLength(1);
    expect(visited.indexOf('name')).toBeGreaterThan(visited.indexOf('driver list'));
    expect(visited.at(-1)).toBe('grid');

    // Arrow keys inside the list: down to a driver, and End to the last one (drawn once scrolled to).
    await page.locator('nav[aria-label="Drivers"] [data-nav][tabindex="0"]').focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement).dataset.nav)).toBe('4');
    await page.keyboard.press('End');
    // The three choices, then every driver ('All drivers [n]'): End is the last driver, drawn once scrolled to.
    const driverCount = Number((await page.locator('nav[aria-label="Drivers"] [data-nav="0"]').textContent())!.match(/\[(\d+)\]/)![1]);
    expect(driverCount).toBeGreaterThan(500);
    await expect.poll(() => page.evaluate(() => Number((document.activeElement as HTMLElement).dataset.nav))).toBe(3 + driverCount - 1);
    expect((await tabStops()).drivers).toBe(1);

    // Arrow keys down the names, each name level with its own row of the grid.
    await page.locator('.shift-board .row-name[tabindex="0"]').focus();
    await page.keyboard.press('Home');
    const focusedRow = () => page.evaluate(() => document.activeElement?.closest<HTMLElement>('td[data-resource-id]')?.dataset.resourceId);
    await expect.poll(focusedRow).toBe(String(restaurants[0].id));
    for (let i = 1; i <= 25; i++) {
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() =>
          page.evaluate(() => {
            const el = document.activeElement as HTMLElement;
            const cell = el.closest<HTMLElement>('td.fc-datagrid-cell[data-resource-id]');
            if (!el.classList.contains('row-name') || !cell) return 'no name focused';
            const box = el.getBoundingClientRect();
            const scrolledTo = (table: string) => document.querySelector(table)!.closest<HTMLElement>('.fc-scroller')!.scrollTop;
            const grid = document.querySelector('.fc-timeline-body')!.closest<HTMLElement>('.fc-scroller')!.getBoundingClientRect();
            const lane = document.elementFromPoint(grid.left + 5, box.top + box.height / 2)?.closest<HTMLElement>('td.fc-timeline-lane[data-resource-id]');
            return lane?.dataset.resourceId === cell.dataset.resourceId ? `aligned ${cell.dataset.resourceId}` : `name ${cell.dataset.resourceId} at ${Math.round(box.top)}, grid ${lane?.dataset.resourceId} (view ${Math.round(grid.top)}–${Math.round(grid.bottom)}, scrolled ${scrolledTo('.fc-timeline-body')} beside the names' ${scrolledTo('.fc-datagrid-body')})`;
          }),
        )
        .toMatch(/^aligned /);
    }
    await expect.poll(focusedRow).toBe(String(restaurants[25].id));
    expect((await tabStops()).names).toBe(1);
    await context.close();
  }, 240_000);

  it("reaches a month's last days by keyboard, whose chips are drawn only once the view comes near them", async () => {
    // A month with no shifts yet, three months on: the board's first restaurant gets two on the 2nd and one on the 27th.
    const month = rangeFor(INTERVAL.month, addDays(londonToday(), 100));
    const restaurant = sortRestaurants(await api<BoardRestaurant[]>('/api/restaurant?status=10'))[0];
    const make = (day: number, start: string, finish: string) =>
      api<ShiftRecord>('/api/shift', {
        method: 'POST',
        body: JSON.stringify({ restaurant_id: restaurant.id, driver_id: null, period_date: addDays(month.from, day - 1), start_time: start, finish_time: finish, status: 10 }),
      });
    const early = await make(2, '10:00', '14:00');
    await make(2, '18:00', '22:00');
    const late = await make(27, '11:00', '15:00');

    const context = await both.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-GB' });
    const page = await context.newPage();
    await logIn(page, both.scaled.server.url, 'admin@demo.test', 'Admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${both.scaled.server.url}/schedule?interval=${INTERVAL.month}&from=${month.from}&to=${month.to}`);
    const chipOf = (id: number) => page.locator(`.shift-board .chip[data-shift-id="${id}"]`);
    await chipOf(early.id).waitFor();
    // The 27th is far beyond a laptop's view: its chip is not drawn yet.
    expect(await chipOf(late.id).count()).toBe(0);

    await page.getByRole('button', { name: 'Skip to the shifts' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focusedChip(page))?.shiftId).toBe(early.id);
    // End: the row's last chip, scrolled to, drawn and focused, under its own day and beside its own restaurant.
    await page.keyboard.press('End');
    await expect
      .poll(async () => {
        const f = await focusedChip(page);
        return f && { shiftId: f.shiftId, inView: f.inView, above: f.above, beside: f.beside };
      }, { timeout: 15_000 })
      .toEqual({ shiftId: late.id, inView: true, above: late.period_date, beside: String(restaurant.id) });
    // And back to the first with Home.
    await page.keyboard.press('Home');
    await expect.poll(async () => (await focusedChip(page))?.shiftId, { timeout: 15_000 }).toBe(early.id);
    await context.close();
  }, 120_000);
});
