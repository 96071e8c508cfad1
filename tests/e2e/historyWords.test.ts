import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions } from 'playwright-core';
import { apiToken, loggedInPage, serverAndBrowser } from '../helpers/e2e';
import { addDays, londonToday, mondayOf, ukDate } from '../../domain/dates';
import { weekdayOf } from '../../domain/history';
import { SHIFT_STATUS } from '../../domain/statuses';

const both = serverAndBrowser();
// An empty week: the demo plans shifts up to the end of the week after next.
const DAY = addDays(mondayOf(londonToday()), 37);
const SHOTS = process.env.SHOTS_DIR;

async function api(method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown) {
  const res = await fetch(`${both.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

// An American browser: its own language and zone must change nothing the History screen shows.
const AMERICAN = { locale: 'en-US', timezoneId: 'America/New_York' };

/** The History screen as the administrator sees it in this window. */
async function adminHistory(window: BrowserContextOptions) {
  const opened = await loggedInPage(both.browser, both.server.url, 'admin@demo.test', 'Admin', window);
  await opened.page.goto(`${both.server.url}/history`);
  return opened;
}

describe('History in words', () => {
  it('names an edited shift, its fields by the forms’ labels and in British formats, in an American browser and on a phone', async () => {
    const token = await apiToken(both.server.url);
    const restaurants = (await api('GET', '/api/restaurant?status=10', token)) as { id: number; name: string }[];
    const sushi = restaurants.find((r) => r.name === 'Sushi Kaito')!.id;
    const shift = {
      restaurant_id: String(sushi), driver_id: '0', period_date: DAY, start_time: '08:15', finish_time: '11:00', cost_bonus: '0', cost_extra_bonus: '0',
      fuel_bonus_0: '0', fuel_bonus_3: '0', fuel_bonus_6: '0', extra_request: '0', comment: '', status: SHIFT_STATUS.new, push_drivers: 20,
    };
    const { id } = (await api('POST', '/api/shift', token, shift)) as { id: number };
    await api('PUT', `/api/shift/${id}`, token, { ...shift, id, finish_time: '11:45', cost_bonus: '2.5' });
    const name = `Shift · Sushi Kaito · ${weekdayOf(DAY)} ${ukDate(DAY)} 08:15–11:45`;

    const desk = await adminHistory({ viewport: { width: 1366, height: 768 }, ...AMERICAN });
    try {
      const { page } = desk;
      const row = page.getByRole('row').filter({ hasText: name }).first();
      await expect.poll(() => row.getByRole('cell').allTextContents()).toEqual(['', expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/), 'Alice Admin (Administrator)', 'Edited', name, 'Undo']);
      const when = await row.getByRole('cell').nth(1).textContent();
      const londonNow = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
      expect(when!.slice(0, 10)).toBe(londonNow);

      await row.getByText('Edited').click();
      const entry = page.getByTestId('history-entry').first();
      await expect.poll(() => entry.getByRole('row').allTextContents()).toEqual(['FieldBeforeAfter', 'Finish Time11:0011:45', 'Total cost£33.00£44.50', 'Add Driver Bonus£0.00£2.50']);

      const created = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Created', exact: true }) }).filter({ hasText: name });
      await created.getByRole('cell', { name: 'Created', exact: true }).click();
      const fields = page.getByTestId('history-entry').nth(1);
      await expect.poll(() => fields.getByRole('row').filter({ hasText: 'Date' }).first().textContent()).toBe(`Date${ukDate(DAY)}`);
      expect(await fields.getByRole('row').filter({ hasText: 'Created by' }).textContent()).toBe('Created byAlice Admin');
      expect(await fields.getByRole('row').filter({ hasText: 'Restaurant' }).textContent()).toBe('RestaurantSushi Kaito');
      expect(await fields.textContent()).not.toMatch(/restaurant_id|creator_id|created_at|updated_at|status_assigned/);

      const from = page.getByRole('textbox', { name: 'From' });
      await from.pressSequentially('01122026');
      expect(await from.inputValue()).toBe('01/12/2026');
      await from.fill('');
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/history-1366.png` });
      }
    } finally {
      await desk.context.close();
    }

    const phone = await adminHistory({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, ...AMERICAN });
    try {
      const { page } = phone;
      const card = page.getByTestId('history-card').filter({ hasText: name }).first();
      await expect.poll(() => card.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · Alice Admin \(Administrator\)Edited/);
      await card.getByRole('button', { name: 'Show changes' }).click();
      await expect.poll(() => card.getByRole('row').allTextContents()).toEqual(['FieldBeforeAfter', 'Finish Time11:0011:45', 'Total cost£33.00£44.50', 'Add Driver Bonus£0.00£2.50']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/history-390.png` });
    } finally {
      await phone.context.close();
    }
  });
});
