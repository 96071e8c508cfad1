import type { BrowserContext, Page } from 'playwright-core';
import { demoRestaurants, apiToken, logIn, serverAndBrowser } from '../helpers/e2e';
import { addDays, londonToday, mondayOf, ukDate } from '../../domain/dates';
import { OPTION_FACTS, OPTION_GROUPS } from '../../domain/options';

/**
 * An office PC set to American English in New York still gets British dates, 24-hour times, pounds with pence and
 * options in words: nothing on these screens follows the browser's language.
 */
const both = serverAndBrowser();
let context: BrowserContext;
let camdenArea: number;

// A week with no demo shifts; its Monday's day and month differ, so DD/MM and MM/DD cannot look alike.
let monday = addDays(mondayOf(londonToday()), 28);
while (Number(monday.slice(8)) === Number(monday.slice(5, 7))) monday = addDays(monday, 7);

beforeAll(async () => {
  camdenArea = (await demoRestaurants(both.server.url, await apiToken(both.server.url))).camdenArea;
  context = await both.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-US', timezoneId: 'America/New_York' });
});
afterAll(async () => {
  await context?.close();
});

let loggedIn = false;

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  // The context keeps the login for the next page.
  if (!loggedIn) {
    await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    loggedIn = true;
  }
  await page.goto(`${both.server.url}${path}`);
  return page;
}

describe('British formats under an American browser', () => {
  it('New Shift: the date DD/MM/YYYY in the field as in the subtitle, typed or picked; times 24-hour', async () => {
    const page = await open(`/schedule?location=a${camdenArea}&interval=20&from=${monday}&to=${addDays(monday, 6)}`);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await page.getByRole('button', { name: `Add shift at Pizza Palace Camden on ${ukDate(monday)}` }).click();
    const dialog = page.getByRole('dialog', { name: /New Shift/ });
    const date = dialog.getByRole('textbox', { name: 'Date' });
    expect(await date.inputValue()).toBe(ukDate(monday));
    expect(await dialog.textContent()).toContain(`Pizza Palace Camden · ${ukDate(monday)}`);
    expect(await date.getAttribute('type')).toBe('text');

    await date.fill('');
    await date.pressSequentially('01122026');
    expect(await date.inputValue()).toBe('01/12/2026');
    await expect.poll(() => dialog.textContent()).toContain('Pizza Palace Camden · 01/12/2026');

    await dialog.getByRole('button', { name: 'Open calendar' }).click();
    const calendar = page.getByRole('grid', { name: 'December 2026' });
    expect(await calendar.getByRole('gridcell', { name: 'Tuesday 1 December 2026' }).getAttribute('aria-selected')).toBe('true');
    await calendar.getByRole('gridcell', { name: 'Monday 7 December 2026' }).click();
    expect(await date.inputValue()).toBe('07/12/2026');
    await expect.poll(() => dialog.textContent()).toContain('Pizza Palace Camden · 07/12/2026');

    await dialog.getByRole('combobox', { name: 'Start Time' }).fill('17:30');
    await dialog.getByRole('combobox', { name: 'Finish Time' }).fill('22:00');
    await dialog.getByLabel('Comment').click();
    expect(await dialog.getByRole('combobox', { name: 'Start Time' }).inputValue()).toBe('17:30');
    expect(await dialog.textContent()).not.toMatch(/\b(AM|PM)\b/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.close();
  });

  it('Options: labels, units and groups, never a key; the gear and the title say Options', async () => {
    const page = await open('/options');
    await page.getByRole('region', { name: 'Pay and billing' }).waitFor();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(OPTION_GROUPS.filter((g) => g.id !== 'other').map((g) => g.label));
    for (const facts of Object.values(OPTION_FACTS)) expect(await page.getByText(facts.label, { exact: true }).count()).toBe(1);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('£1.50 per delivery');
    expect(text).toContain('11 hours');
    expect(text).toContain('Latitude 51.4, longitude 0, zoom 12');
    for (const okey of Object.keys(OPTION_FACTS)) expect(text).not.toContain(okey);
    expect(await page.getByRole('link', { name: 'Options' }).count()).toBe(1);
    expect(await page.getByRole('banner').textContent()).toContain('Options');

    await page.getByRole('button', { name: 'Edit Fuel bonus, 0–3 miles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fuel bonus, 0–3 miles' });
    expect(await dialog.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('1.50');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.close();
  });
});
