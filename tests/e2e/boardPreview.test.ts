import type { Page } from 'playwright-core';
import { logIn, serverAndBrowser } from '../helpers/e2e';
import { holdAppEntry } from '../helpers/heldEntry';

/**
 * The board's first view on a page load: drawn from the board's own first calls before the app's code has run, it
 * names the restaurants and shifts the board then draws, where the board draws them, and goes once the board has.
 */

const both = serverAndBrowser();

interface Row {
  name: string;
  shifts: number[];
  top: number;
}

/** The first view's rows: each restaurant's name, its chips' shifts and where the row starts. */
const previewRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.board-preview .preview-name')].map((name) => {
      const shifts: number[] = [];
      for (let cell = name.nextElementSibling; cell?.classList.contains('preview-cell'); cell = cell.nextElementSibling) {
        cell.querySelectorAll<HTMLElement>('[data-preview-shift]').forEach((chip) => shifts.push(Number(chip.dataset.previewShift)));
      }
      return { name: name.textContent ?? '', shifts: shifts.sort((a, b) => a - b), top: Math.round(name.getBoundingClientRect().top) };
    }),
  );

/** The board's drawn rows, likewise. */
const boardRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.shift-board .fc-datagrid-cell[data-resource-id]')]
      .filter((cell) => cell.querySelector('.row-name'))
      .map((cell) => {
        const lane = document.querySelector(`.shift-board td.fc-timeline-lane[data-resource-id="${cell.dataset.resourceId}"]`);
        const shifts = [...(lane?.querySelectorAll<HTMLElement>('.chip[data-shift-id]') ?? [])].map((c) => Number(c.dataset.shiftId));
        return { name: cell.querySelector('.row-name')!.textContent ?? '', shifts: shifts.sort((a, b) => a - b), top: Math.round(cell.getBoundingClientRect().top) };
      }),
  );

describe("The board's first view", () => {
  it('shows the restaurants and shifts the board then draws, in the same places, and is gone once the board is drawn', async () => {
    const context = await both.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // The app's entry is held back, as a slow network or a busy machine would: the first view has the page to itself.
    const release = await holdAppEntry(page);
    const shiftCalls: string[] = [];
    page.on('request', (request) => {
      // GETs: the board's HEADs of the weeks either side only have the server build them (useWarmNeighbours.ts).
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/shift') shiftCalls.push(request.url());
    });

    void page.goto(`${both.server.url}/schedule`).catch(() => undefined);
    await page.locator('.board-preview .preview-chip').first().waitFor();
    const preview = await previewRows(page);
    expect(preview.length).toBeGreaterThan(3);
    expect(preview.some((row) => row.shifts.length > 0)).toBe(true);
    // Nobody can act on it: hidden from screen readers, clicks pass through, and the page says it is busy.
    expect(await page.locator('.board-preview').getAttribute('aria-hidden')).toBe('true');
    expect(await page.locator('.board-preview').evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    expect(await page.locator('#root').getAttribute('aria-busy')).toBe('true');
    // British day headings, Monday first.
    expect(await page.locator('.board-preview .preview-day').first().textContent()).toMatch(/^Mon \d\d\/\d\d ▾$/);

    release();
    // The frame the board's first chip shows in: where its first row is, and whether the toolbar and driver list are in.
    const firstFrame = await page.waitForFunction(
      () => {
        if (!document.querySelector('.shift-board .chip')) return null;
        const cell = document.querySelector('.shift-board .fc-datagrid-cell[data-resource-id] .row-name')?.closest('.fc-datagrid-cell');
        const publish = [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Publish Shifts'));
        return { top: Math.round(cell!.getBoundingClientRect().top), publish, drivers: !!document.querySelector('nav[aria-label="Drivers"]') };
      },
      null,
      { polling: 'raf' },
    );
    const atFirstChip = (await firstFrame.jsonValue())!;
    await page.locator('.board-preview').waitFor({ state: 'detached' });
    expect(await page.locator('#root').getAttribute('aria-busy')).toBeNull();
    const board = await boardRows(page);

    // The rows both drew: the same restaurants in the same order, each with the same shifts, at the same height on
    // the page (a few pixels at most: a chip of today may carry the board's attendance line).
    const common = Math.min(preview.length, board.length);
    expect(common).toBeGreaterThan(3);
    const strip = (rows: Row[]) => rows.slice(0, common).map(({ name, shifts }) => ({ name, shifts }));
    expect(strip(preview)).toEqual(strip(board));
    expect(Math.abs(preview[0].top - board[0].top)).toBeLessThanOrEqual(2);
    // The toolbar's controls and the driver list follow the first rows, in the room kept for them: the rows do not
    // move when they come.
    expect(atFirstChip).toMatchObject({ publish: false, drivers: false });
    await page.getByRole('button', { name: 'Publish Shifts' }).waitFor();
    await page.getByRole('navigation', { name: 'Drivers' }).waitFor();
    await expect.poll(() => boardRows(page).then((rows) => rows[0].top)).toBe(atFirstChip.top);
    // The board took the first view's answers: its week's shifts were asked for once.
    expect(shiftCalls).toHaveLength(1);
    await context.close();
  }, 120_000);

  it('on a page load whose restaurants cannot be had, shows the error with the toolbar and the menu, not waiting for rows', async () => {
    const context = await both.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.route('**/api/restaurant?*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The database is not answering' }) }),
    );

    await page.goto(`${both.server.url}/schedule`);
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    // No rows will come: the toolbar and the shell's menu are drawn now, not when a wait for the rows runs out (3 s).
    const soon = { timeout: 1500 };
    await page.getByRole('button', { name: /^Publish Shifts/ }).waitFor(soon);
    await page.getByRole('menuitem', { name: 'Timesheets' }).waitFor(soon);
    await context.close();
  }, 120_000);
});
