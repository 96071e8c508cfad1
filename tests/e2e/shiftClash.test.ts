import type { BrowserContext, Page } from 'playwright-core';
import { demoRestaurants, apiToken, logIn, serverAndBrowser } from '../helpers/e2e';
import { addDays, londonToday, mondayOf, ukDate } from '../../domain/dates';

const both = serverAndBrowser();
const contexts: BrowserContext[] = [];

// An empty week: the demo plans shifts up to the end of the week after next.
const MON = addDays(mondayOf(londonToday()), 28);
const TUE = addDays(MON, 1);
const SUN = addDays(MON, 6);

let camdenArea: number;
let camden: number;

beforeAll(async () => {
  const demo = await demoRestaurants(both.server.url, await apiToken(both.server.url));
  camdenArea = demo.camdenArea;
  camden = demo.ids['Pizza Palace Camden'];
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function openBoard(): Promise<Page> {
  const context = await both.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'en-GB' });
  contexts.push(context);
  const page = await context.newPage();
  await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${both.server.url}/schedule?location=a${camdenArea}&interval=20&from=${MON}&to=${SUN}`);
  await page.getByRole('combobox', { name: 'Interval' }).waitFor();
  return page;
}

const chip = (page: Page, time: string) => page.locator(`td.fc-timeline-lane[data-resource-id="${camden}"] .chip`, { hasText: time });

/** New Shift at Pizza Palace Camden on Tuesday: times first, then the driver list as it stands for them. */
async function newShift(page: Page, start: string, finish: string) {
  await page.getByRole('button', { name: `Add shift at Pizza Palace Camden on ${ukDate(TUE)}` }).click();
  const dialog = page.getByRole('dialog', { name: /New Shift/ });
  await dialog.getByRole('combobox', { name: 'Start Time' }).fill(start);
  await dialog.getByRole('combobox', { name: 'Finish Time' }).fill(finish);
  await dialog.getByLabel('Comment').click();
  await dialog.getByRole('combobox', { name: 'Driver' }).fill('Dan Driver');
  return dialog;
}

describe("a driver's clashing shifts on the board", () => {
  it('marks the driver busy, names the other shift, asks on Save and saves it on Save anyway', async () => {
    const page = await openBoard();
    const first = await newShift(page, '17:00', '22:00');
    await page.getByRole('option', { name: /^Dan Driver/ }).click();
    await first.getByRole('button', { name: 'Save' }).click();
    await first.waitFor({ state: 'detached' });
    await expect.poll(() => chip(page, '17:00–22:00').textContent()).toContain('Dan Driver');

    const dialog = await newShift(page, '18:00', '23:00');
    const dan = page.getByRole('option', { name: /^Dan Driver/ });
    await expect.poll(() => dan.textContent()).toContain('busy 17:00–22:00 Pizza Palace Camden');
    await dan.click();
    const warning = `Dan Driver already has a shift at Pizza Palace Camden on ${ukDate(TUE)}, 17:00–22:00 (not published)`;
    await expect.poll(() => dialog.getByRole('alert', { name: 'Other shifts at this time' }).textContent()).toBe(warning);

    await dialog.getByRole('button', { name: 'Save' }).click();
    const question = page.getByRole('dialog', { name: 'Another shift at this time' });
    await expect.poll(() => question.getByRole('list', { name: 'Other shifts at this time' }).textContent()).toBe(warning);
    await question.getByRole('button', { name: 'Save anyway' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => chip(page, '18:00–23:00').textContent()).toContain('Dan Driver');
    await expect.poll(() => chip(page, '17:00–22:00').count()).toBe(1);
  });
});
