import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiToken, demoRestaurants, logIn, serverAndBrowser } from '../helpers/e2e';
import { addDays, londonToday, mondayOf, ukDayDate } from '../../domain/dates';
import { AVAILABILITY_MSG, BULK_PUBLISH_QUESTION } from '../../domain/availability';
import { SHIFT_STATUS } from '../../domain/statuses';
import { WORKING_TIME_CONFIRM_FIELD } from '../../domain/workingTime';

/**
 * A fresh install's first Publish of next week: the demo plans it by the rules, so only the shift this test adds
 * clashing with another of the same driver is refused; it is listed on a line of its own, 'Publish correct shifts'
 * publishes the rest and the board shows them published. With SCREENSHOT_DIR set, the confirmation is also saved as
 * it looks on a laptop and on a phone.
 */
const both = serverAndBrowser();
const MON = addDays(mondayOf(londonToday()), 7);
const SUN = addDays(MON, 6);
const TUE = addDays(MON, 1);
const shots = process.env.SCREENSHOT_DIR;

let camden: number;

async function post(token: string, url: string, body: unknown) {
  const res = await fetch(`${both.server.url}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return res.json();
}

beforeAll(async () => {
  const token = await apiToken(both.server.url);
  camden = (await demoRestaurants(both.server.url, token)).ids['Pizza Palace Camden'];
  const drivers = (await (await fetch(`${both.server.url}/api/driver?status=10`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; full_name: string }[];
  const dan = drivers.find((d) => d.full_name === 'Dan Driver')!.id;
  // Dan works from 10:00 and the demo's lunches start at 11:00: two unpublished shifts of his at 10:00 clash only
  // with each other (the save checks against published shifts, so both are taken).
  const shift = (start: string) => ({
    restaurant_id: camden, driver_id: dan, period_date: TUE, start_time: start, finish_time: '10:45', status: SHIFT_STATUS.new, push_drivers: 20,
    cost_bonus: 0, cost_extra_bonus: 0, fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0, extra_request: 0, comment: null, [WORKING_TIME_CONFIRM_FIELD]: true,
  });
  await post(token, '/api/shift', shift('10:00'));
  await post(token, '/api/shift', shift('10:15'));
});

async function board(viewport: { width: number; height: number }, query: string): Promise<Page> {
  const context = await both.browser.newContext({ viewport, locale: 'en-GB' });
  const page = await context.newPage();
  await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${both.server.url}/schedule?${query}interval=20&from=${MON}&to=${SUN}`);
  await page.getByRole('combobox', { name: 'Interval' }).waitFor();
  return page;
}

const publishButton = (page: Page) => page.getByRole('button', { name: /^Publish Shifts \[\d+\]$/ });
const count = async (page: Page) => Number((await publishButton(page).textContent())?.match(/\[(\d+)\]/)?.[1]);

describe('Publishing next week on a fresh install', () => {
  it('lists the refused shift on its own line, publishes the rest, closes, and the board shows them published', async () => {
    if (shots) {
      const phone = await board({ width: 390, height: 844 }, `location=r${camden}&`);
      await phone.getByRole('combobox', { name: 'Restaurant' }).click();
      await phone.getByRole('option', { name: 'Pizza Palace Camden' }).click();
      await expect.poll(() => count(phone)).toBeGreaterThan(1);
      await publishButton(phone).click();
      const dialog = phone.getByRole('dialog', { name: 'Publish Shifts' });
      await dialog.getByRole('list', { name: 'Shifts not published' }).waitFor();
      await phone.screenshot({ path: path.join(shots, 'publish-390x844.png') });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await phone.context().close();
    }

    const page = await board({ width: 1366, height: 768 }, '');
    await expect.poll(() => count(page)).toBeGreaterThan(20);
    const before = await count(page);
    await publishButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Publish Shifts' });
    const lines = dialog.getByRole('list', { name: 'Shifts not published' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(1);
    const line = (await lines.first().textContent()) ?? '';
    expect(line).toContain('Dan Driver · Pizza Palace Camden');
    expect(line).toContain(`${ukDayDate(TUE)} · 10:15–10:45`);
    expect(line).toContain(AVAILABILITY_MSG.overlap);
    expect(await dialog.textContent()).toContain(BULK_PUBLISH_QUESTION.lead(1));
    expect(await dialog.textContent()).toContain(BULK_PUBLISH_QUESTION.ask);
    if (shots) await page.screenshot({ path: path.join(shots, 'publish-1366x768.png') });

    await dialog.getByRole('button', { name: 'Publish correct shifts' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText(`${before - 1} shifts published`).count()).toBe(1);
    await expect.poll(() => count(page)).toBe(1);
    await expect.poll(() => page.locator('[data-total="Unpublished"]').textContent()).toBe('1');
    await page.context().close();
  });
});
