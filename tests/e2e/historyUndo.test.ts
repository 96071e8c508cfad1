import type { Page } from 'playwright-core';
import { apiToken, loggedInPage, serverAndBrowser } from '../helpers/e2e';
import { addDays, londonToday, mondayOf } from '../../domain/dates';
import { SHIFT_STATUS } from '../../domain/statuses';

const both = serverAndBrowser();
// An empty week: the demo plans shifts up to the end of the week after next.
const MON = addDays(mondayOf(londonToday()), 35);
const SUN = addDays(MON, 6);

async function api(path: string, token: string, body?: unknown) {
  const res = await fetch(`${both.server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const adminToken = () => apiToken(both.server.url);

const openShift = (restaurantId: number, date: string) => ({
  restaurant_id: String(restaurantId), driver_id: '0', period_date: date, start_time: '18:00', finish_time: '23:00', cost_bonus: '0',
  cost_extra_bonus: '0', fuel_bonus_0: '0', fuel_bonus_3: '0', fuel_bonus_6: '0', extra_request: '0', comment: '', status: SHIFT_STATUS.new, push_drivers: 20,
});

const total = (page: Page, label: string) => page.locator(`[data-total="${label}"]`).textContent();

describe('Undo from the snackbar', () => {
  it('publishes a week on the board, takes it back with Undo, and the board and the server show it unpublished again', async () => {
    const token = await adminToken();
    const restaurants = (await api('/api/restaurant?status=10', token)) as { id: number; name: string }[];
    const sushi = restaurants.find((r) => r.name === 'Sushi Kaito')!.id;
    const ids = [
      ((await api('/api/shift', token, openShift(sushi, addDays(MON, 1)))) as { id: number }).id,
      ((await api('/api/shift', token, openShift(sushi, addDays(MON, 3)))) as { id: number }).id,
    ];

    const { context, page } = await loggedInPage(both.browser, both.server.url, 'admin@demo.test', 'Admin');
    try {
      await page.goto(`${both.server.url}/schedule?location=r${sushi}&interval=20&from=${MON}&to=${SUN}`);
      await page.getByRole('button', { name: 'Publish Shifts [2]' }).click();
      const publish = page.getByRole('dialog', { name: 'Publish Shifts' });
      await publish.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => total(page, 'Published')).toBe('2');

      const snackbar = page.getByRole('alert').filter({ hasText: 'Shifts published' });
      await snackbar.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => page.getByText('Shifts published: undone').count()).toBe(1);
      await expect.poll(() => total(page, 'Unpublished')).toBe('2');
      await expect.poll(() => total(page, 'Published')).toBe('0');
      await expect.poll(() => page.getByRole('button', { name: 'Publish Shifts [2]' }).count()).toBe(1);

      const shifts = (await api(`/api/shift?period_date_from=${MON}&period_date_to=${SUN}&shift_ids=${ids.join(',')}`, token)) as { id: number; status: number }[];
      expect(shifts.map((s) => [s.id, s.status])).toEqual(ids.map((id) => [id, SHIFT_STATUS.new]));
    } finally {
      await context.close();
    }
  });
});

describe('one message per action', () => {
  it('shows a publish as one message with Undo, clear of the totals, and a refusal in its place at once', async () => {
    const token = await adminToken();
    const restaurants = (await api('/api/restaurant?status=10', token)) as { id: number; name: string }[];
    const other = restaurants.find((r) => r.name !== 'Sushi Kaito')!.id;
    await api('/api/shift', token, openShift(other, addDays(MON, 2)));

    const { context, page } = await loggedInPage(both.browser, both.server.url, 'admin@demo.test', 'Admin');
    try {
      await page.goto(`${both.server.url}/schedule?location=r${other}&interval=20&from=${MON}&to=${SUN}`);
      await page.getByRole('button', { name: 'Publish Shifts [1]' }).click();
      await page.getByRole('dialog', { name: 'Publish Shifts' }).getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => total(page, 'Published')).toBe('1');

      const messages = page.locator('.MuiSnackbar-root');
      await expect.poll(() => messages.allTextContents()).toEqual([expect.stringMatching(/^1 shift published/i)]);
      await page.waitForTimeout(1000); // a second message would be up by now
      expect(await messages.count()).toBe(1);
      const shown = (await messages.boundingBox())!;
      const totals = (await page.locator('dl[aria-label="Totals"]').boundingBox())!;
      expect(shown.y + shown.height, 'the message ends above the totals bar').toBeLessThanOrEqual(totals.y);

      // Undo refused (someone changed the shift since): the refusal replaces the success at once.
      await page.route('**/api/history/*/undo', (route) =>
        route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'The shift has changed since' }) }),
      );
      await messages.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => messages.allTextContents(), { timeout: 2000 }).toEqual([expect.stringContaining('The shift has changed since')]);
      expect(await messages.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
