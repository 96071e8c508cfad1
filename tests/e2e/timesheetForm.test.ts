import type { Locator, Page } from 'playwright-core';
import { apiJson, apiLogin, apiToken, logIn, serverAndBrowser } from '../helpers/e2e';
import { addDays, londonToday, mondayOf, ukDate } from '../../domain/dates';
import type { TimesheetView } from '../../domain/timesheets';

/**
 * The timesheet form is readable before Approve: on a phone-sized window (whatever the browser says it is) a
 * full-height sheet where Approve is on screen only together with what it approves (driver, restaurant, date,
 * times, pay); on a 1366×768 laptop a sheet at least 420 px wide and tall.
 */

const both = serverAndBrowser();
const PHONE_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const api = <T>(token: string, method: string, path: string, body?: unknown) => apiJson<T>(both.server.url, token, method, path, body);

/** On screen: inside the window and not covered or clipped at its middle (what a person can see there is it). */
const onScreen = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });

/** A week long before the demo data, with one pending timesheet of Dan Driver's at Pizza Palace Camden. */
async function pendingTimesheet(): Promise<{ sheet: TimesheetView; monday: string; restaurant: string }> {
  const admin = await apiToken(both.server.url);
  const dan = (await apiLogin(both.server.url, '/api/auth/login/driver', 'driver@demo.test')).driver!.id;
  const areas = await api<{ restaurants: { id: number; name: string }[] }[]>(admin, 'GET', '/api/area');
  const ppc = areas.flatMap((a) => a.restaurants).find((r) => r.name === 'Pizza Palace Camden')!;
  const monday = mondayOf(addDays(londonToday(), -70));
  const sheet = await api<TimesheetView>(admin, 'POST', '/api/timesheet', {
    restaurant_id: ppc.id, driver_id: dan, period_date: addDays(monday, 1), start_time: '17:00', finish_time: '22:00', status: 10, status_progress: 20,
  });
  return { sheet, monday, restaurant: ppc.name };
}

async function openWeek(page: Page, monday: string) {
  await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${both.server.url}/timesheet?interval=20&from=${monday}&to=${addDays(monday, 6)}`);
}

let data: Awaited<ReturnType<typeof pendingTimesheet>>;
beforeAll(async () => {
  data = await pendingTimesheet();
});

describe('the timesheet form before Approve', () => {
  it.each([
    ['a phone (its cards, then Process)', PHONE_AGENT],
    ['a desktop browser in a window as narrow as a phone (its table, then the row)', undefined],
  ])('on %s: Approve is on screen only while the driver, restaurant, date, times and pay are', async (_what, userAgent) => {
    const context = await both.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB', userAgent });
    const page = await context.newPage();
    await openWeek(page, data.monday);
    const approve = page.getByRole('button', { name: 'Approve', exact: true });
    if (userAgent) {
      const card = page.getByRole('article', { name: /Dan Driver/ });
      await card.waitFor();
      expect(await approve.count()).toBe(0);
      await card.getByRole('button', { name: 'Process' }).click();
    } else {
      const row = page.getByRole('row').filter({ hasText: 'Dan Driver' }).first();
      await row.waitFor();
      expect(await approve.count()).toBe(0);
      await row.click();
    }
    const dialog = page.getByRole('dialog', { name: 'Process timesheet' });
    await dialog.waitFor();
    await expect.poll(() => approve.isEnabled()).toBe(true);
    const details = dialog.getByTestId('timesheet-details');
    const pay = dialog.getByTestId('earned');
    expect(await details.textContent()).toBe(`${ukDate(data.sheet.period_date)} · 17:00–22:00 · Dan Driver · ${data.restaurant}`);
    expect(await pay.textContent()).toContain('£62.50');

    // Wherever the fields are scrolled to, Approve is seen only with the details and the pay.
    const fields = dialog.locator('section[aria-label="Timesheet"] > div').filter({ has: page.getByLabel('Start Time') });
    const seen: boolean[] = [];
    for (const to of [0, 150, 400, 10_000]) {
      await fields.evaluate((el, top) => (el.scrollTop = top), to);
      await page.waitForTimeout(100);
      const approveSeen = await onScreen(approve);
      seen.push(approveSeen);
      if (approveSeen) {
        expect(await onScreen(details), `details on screen with Approve (scrolled to ${to})`).toBe(true);
        expect(await onScreen(pay), `pay on screen with Approve (scrolled to ${to})`).toBe(true);
      }
    }
    expect(seen.every(Boolean), 'Approve stays within reach while the fields scroll').toBe(true);

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    expect(await approve.count()).toBe(0);
    await context.close();
  }, 90_000);

  it('on a 1366×768 laptop: the form is a sheet at least 420 px wide and tall, its details and pay beside Approve', async () => {
    const context = await both.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'en-GB' });
    const page = await context.newPage();
    await openWeek(page, data.monday);
    await page.getByRole('row').filter({ hasText: 'Dan Driver' }).first().click();
    const form = page.getByRole('region', { name: 'Timesheet' });
    await form.waitFor();
    const box = (await form.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(420);
    expect(box.height).toBeGreaterThanOrEqual(420);
    const approve = form.getByRole('button', { name: 'Approve', exact: true });
    expect(await onScreen(approve)).toBe(true);
    expect(await onScreen(form.getByTestId('timesheet-details'))).toBe(true);
    expect(await onScreen(form.getByTestId('earned'))).toBe(true);
    // The fields themselves are on screen too, not scrolled away under a strip.
    expect(await onScreen(form.getByLabel('Start Time'))).toBe(true);
    expect(await onScreen(form.getByLabel('Finish Time'))).toBe(true);
    await context.close();
  }, 60_000);
});
