import type { Page } from 'playwright-core';
import { loggedInPage } from '../helpers/e2e';
import { holdAppEntry } from '../helpers/heldEntry';
import { scaledServerAndBrowser, scaledWeek } from '../helpers/scaledServer';
import { addDays, londonToday, mondayOf } from '../../domain/dates';
import { compareTimesheetRows, matchesStatusFilter, TIMESHEET_FILTER, type TimesheetView } from '../../domain/timesheets';
import { INTERVAL, rangeFor } from '../../domain/ranges';
import { SHIFT_STATUS } from '../../domain/statuses';
import { SHIFT_LABEL, type ShiftRecord } from '../../domain/shifts';
import { shiftListUrls } from '../../providers/methods/boardUrls';
import { sortRestaurants } from '../../src/pages/schedule/boardOrder';
import type { BoardRestaurant } from '../../domain/shiftCalls';

/**
 * The admin board and the timesheets at a few hundred restaurants: they open with the right first rows (their first
 * views too), only the rows in view are drawn, and the last row still works.
 */

const both = scaledServerAndBrowser();
const week = scaledWeek();

const api = <T>(url: string, init?: RequestInit) => both.scaled.api<T>(url, init);

/** Someone else takes the driver off a shift. */
const makeOpen = (shift: ShiftRecord) => api(`/api/shift/${shift.id}`, { method: 'PUT', body: JSON.stringify({ ...shift, driver_id: null }) });

const chip = (page: Page, shift: ShiftRecord) => page.locator(`td.fc-timeline-lane[data-resource-id="${shift.restaurant_id}"] .chip[data-shift-id="${shift.id}"]`);

describe('Admin schedule board at a few hundred restaurants', () => {
  it('draws only the rows in view, scrolls to the last restaurant, edits a shift there and shows changes made elsewhere', async () => {
    const restaurants = sortRestaurants(await api<BoardRestaurant[]>('/api/restaurant?status=10'));
    expect(restaurants.length).toBeGreaterThan(300);
    const shifts = await api<ShiftRecord[]>(`/api/shift?period_date_from=${week.from}&period_date_to=${week.to}&with_driver=1&filter_draft=1`);
    const planned = new Set(shifts.map((s) => s.restaurant_id));
    const last = restaurants.filter((r) => planned.has(r.id)).at(-1)!;
    const editable = shifts.filter((s) => s.restaurant_id === last.id && s.driver_id && !s.timesheet_id && s.period_date >= londonToday());
    expect(editable.length).toBeGreaterThanOrEqual(3);
    const [edited, changedOutOfView, changedInView] = editable;

    const { context, page } = await loggedInPage(both.browser, both.scaled.server.url, 'admin@demo.test', 'Admin');
    await page.goto(`${both.scaled.server.url}/schedule?interval=${INTERVAL.week}&from=${week.from}&to=${week.to}`);
    await page.locator('.shift-board .chip').first().waitFor();

    // A few dozen rows are drawn, not hundreds, and the scroll bar spans them all.
    await page.waitForTimeout(1000);
    const drawn = await page.locator('.shift-board .row-name').count();
    expect(drawn).toBeGreaterThan(3);
    expect(drawn).toBeLessThan(60);
    const scroller = page.locator('.fc-scrollgrid-section-body .fc-scroller').last();
    const { scrollHeight, clientHeight } = await scroller.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
    expect(scrollHeight).toBeGreaterThan(clientHeight * 20);

    // Changed while its row is far out of view: the row shows the change when it comes into view.
    await makeOpen(changedOutOfView);
    await page.waitForTimeout(500);
    await expect
      .poll(
        () =>
          page.evaluate((rid) => {
            for (const el of document.querySelectorAll<HTMLElement>('.shift-board .fc-scroller')) el.scrollTop = el.scrollHeight;
            return document.querySelectorAll(`td.fc-timeline-lane[data-resource-id="${rid}"] .chip`).length;
          }, last.id),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await expect.poll(() => chip(page, changedOutOfView).textContent()).toContain(SHIFT_LABEL.openShift);
    expect(await page.locator('.shift-board .row-name').count()).toBeLessThan(60);

    // Edited there, through the shift menu.
    await chip(page, edited).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit Shift/ });
    await dialog.getByRole('combobox', { name: 'Driver' }).fill(SHIFT_LABEL.openShift);
    await page.getByRole('option', { name: new RegExp(`^${SHIFT_LABEL.openShift}`) }).first().click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => chip(page, edited).textContent()).toContain(SHIFT_LABEL.openShift);
    const saved = (await api<ShiftRecord[]>(`/api/shift?period_date_from=${week.from}&period_date_to=${week.to}&shift_ids=${edited.id}`))[0];
    expect(saved.driver_id).toBeNull();

    // Changed elsewhere while in view: shown live.
    await makeOpen(changedInView);
    await expect.poll(() => chip(page, changedInView).textContent()).toContain(SHIFT_LABEL.openShift);
    await context.close();
  }, 180_000);

  // Week and Month, each by a full navigation as a bookmark or a refresh opens it: the first view drawn before the
  // app's code, then the board itself. Their calls start before the app's code has arrived, and the board takes their
  // answers instead of asking again.
  it.each([
    { view: 'Week', interval: INTERVAL.week, range: week },
    { view: 'Month', interval: INTERVAL.month, range: rangeFor(INTERVAL.month, addDays(londonToday(), 3)) },
  ])("opens the $view board with its first rows right: the restaurants in view, in the board's order, each with the API's shifts", async ({ interval, range }) => {
    const restaurants = sortRestaurants(await api<BoardRestaurant[]>('/api/restaurant?status=10'));
    // The board's calls, a week at a time (drafts included), asked for as the plain list the spec answers: the board
    // reads the same shifts as blocks (compact=1).
    const plain = (url: string) => url.replace('&compact=1', '');
    const shifts = (await Promise.all(shiftListUrls(range).map((url) => api<ShiftRecord[]>(plain(url))))).flat();
    const { context, page } = await loggedInPage(both.browser, both.scaled.server.url, 'admin@demo.test', 'Admin');
    const shiftCalls: string[] = [];
    page.on('request', (request) => {
      // GETs: the board's HEADs of the weeks either side only have the server build them (useWarmNeighbours.ts).
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/shift') shiftCalls.push(request.url());
    });
    const release = await holdAppEntry(page);
    void page.goto(`${both.scaled.server.url}/schedule?interval=${interval}&from=${range.from}&to=${range.to}`).catch(() => undefined);

    // The first view: the board's first restaurants, in order, each with its shifts of the days it shows.
    await page.locator('.board-preview .preview-chip').first().waitFor();
    const preview = await page.evaluate(() => {
      const days = [...document.querySelectorAll<HTMLElement>('.board-preview .preview-day')].map((d) => d.dataset.previewDate!);
      const rows = [...document.querySelectorAll<HTMLElement>('.board-preview .preview-name')].map((name) => ({
        id: Number(name.dataset.previewRestaurant),
        name: name.textContent,
        chips: [] as number[],
      }));
      document.querySelectorAll<HTMLElement>('.board-preview .preview-name').forEach((name, i) => {
        for (let cell = name.nextElementSibling; cell?.classList.contains('preview-cell'); cell = cell.nextElementSibling) {
          cell.querySelectorAll<HTMLElement>('[data-preview-shift]').forEach((chip) => rows[i].chips.push(Number(chip.dataset.previewShift)));
        }
        rows[i].chips.sort((a, b) => a - b);
      });
      return { days, rows };
    });
    expect(preview.rows.length).toBeGreaterThan(3);
    expect(preview.rows.map((row) => row.name)).toEqual(restaurants.slice(0, preview.rows.length).map((r) => r.name));
    for (const row of preview.rows) {
      const expected = shifts
        .filter((s) => s.restaurant_id === row.id && s.status !== SHIFT_STATUS.draft && preview.days.includes(s.period_date))
        .map((s) => s.id)
        .sort((a, b) => a - b);
      expect({ restaurant: row.name, shifts: row.chips }).toEqual({ restaurant: row.name, shifts: expected });
    }

    // The board, once its code has run.
    release();
    await page.locator('.shift-board .chip').first().waitFor();
    expect(shiftCalls).toHaveLength(shiftListUrls(range).length);
    const { drawn, daysInView } = await page.evaluate(() => {
      const grid = document.querySelector('.shift-board .fc-timeline-body')!.closest('.fc-scroller')!.getBoundingClientRect();
      // The days whose headings are in the grid's view (a month's chips are drawn near the view only).
      const daysInView = [...document.querySelectorAll<HTMLElement>('.shift-board .day-btn[data-date]')]
        .filter((day) => {
          const box = day.getBoundingClientRect();
          return box.right > grid.left && box.left < grid.right;
        })
        .map((day) => day.dataset.date!);
      const drawn = [...document.querySelectorAll<HTMLElement>('.shift-board .fc-datagrid-cell[data-resource-id]')]
        .filter((cell) => cell.querySelector('.row-name'))
        .map((cell) => {
          const id = cell.dataset.resourceId!;
          const lane = document.querySelector(`.shift-board td.fc-timeline-lane[data-resource-id="${id}"]`);
          const chips = [...(lane?.querySelectorAll<HTMLElement>('.chip[data-shift-id]') ?? [])].map((c) => Number(c.dataset.shiftId));
          return { id: Number(id), name: cell.querySelector('.row-name')!.textContent, chips: chips.sort((a, b) => a - b) };
        });
      return { drawn, daysInView };
    });
    expect(drawn.length).toBeGreaterThan(3);
    expect(daysInView.length).toBeGreaterThan(5);
    // The rows in view are the board's first restaurants, in order, under their names.
    expect(drawn.map((row) => row.name)).toEqual(restaurants.slice(0, drawn.length).map((r) => r.name));
    // Each row's chips are that restaurant's shifts of the range: every one of the days in view, and no other shift.
    for (const row of drawn) {
      const own = shifts.filter((s) => s.restaurant_id === row.id);
      const inView = own.filter((s) => daysInView.includes(s.period_date)).map((s) => s.id);
      expect({ restaurant: row.name, missing: inView.filter((id) => !row.chips.includes(id)) }).toEqual({ restaurant: row.name, missing: [] });
      expect({ restaurant: row.name, others: row.chips.filter((id) => !own.some((s) => s.id === id)) }).toEqual({ restaurant: row.name, others: [] });
    }
    expect(drawn.some((row) => row.chips.length > 0)).toBe(true);
    await context.close();
  }, 120_000);
});

describe('Timesheets at a few hundred restaurants', () => {
  it("opens last week with its first rows right: the first view's rows, then the table's, are the API's first rows in the table's order", async () => {
    const from = mondayOf(addDays(londonToday(), -7));
    const lastWeek = { from, to: addDays(from, 6) };
    const all = await api<TimesheetView[]>(`/api/timesheet?period_date_from=${lastWeek.from}&period_date_to=${lastWeek.to}`);
    const expected = all.filter((t) => matchesStatusFilter(t, TIMESHEET_FILTER.active)).sort(compareTimesheetRows);
    expect(expected.length).toBeGreaterThan(100);

    const { context, page } = await loggedInPage(both.browser, both.scaled.server.url, 'admin@demo.test', 'Admin');
    const timesheetCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/timesheet') timesheetCalls.push(request.url());
    });
    const release = await holdAppEntry(page);
    void page.goto(`${both.scaled.server.url}/timesheet?interval=${INTERVAL.week}&from=${lastWeek.from}&to=${lastWeek.to}`).catch(() => undefined);
    const ids = (rows: HTMLElement[], key: string) => rows.map((r) => Number(r.dataset[key]));

    // The first view, drawn before the app's code has run.
    await page.locator('.timesheet-preview [data-preview-timesheet]').first().waitFor();
    const preview = await page.locator('.timesheet-preview [data-preview-timesheet]').evaluateAll(ids, 'previewTimesheet');
    expect(preview.length).toBeGreaterThan(5);
    expect(preview).toEqual(expected.slice(0, preview.length).map((t) => t.id));

    release();
    await page.locator('[role=row][data-timesheet-id]').first().waitFor();
    await page.locator('.timesheet-preview').waitFor({ state: 'detached' });
    // The call started with the page is the one the screen used.
    expect(timesheetCalls).toHaveLength(1);
    const drawn = await page.locator('[role=row][data-timesheet-id]').evaluateAll(ids, 'timesheetId');
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn).toEqual(expected.slice(0, drawn.length).map((t) => t.id));
    await context.close();
  }, 120_000);
});
