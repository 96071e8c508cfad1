import type { Page } from 'playwright-core';
import { apiToken, demoRestaurants, logIn, serverAndBrowser } from '../helpers/e2e';
import { fromMinutes, londonToday, toMinutes } from '../../domain/dates';
import { worksForRestaurant } from '../../domain/availability';
import type { BoardDriver } from '../../domain/shiftCalls';
import { WORKING_TIME_CONFIRM_FIELD } from '../../domain/workingTime';

const both = serverAndBrowser();

/** London's wall-clock time now, 'HH:mm'. */
const londonNow = () => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());

async function api(path: string, token: string, method = 'GET', body?: unknown) {
  const res = await fetch(`${both.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

describe("today's attendance on the board", () => {
  it("turns the chip of a driver who has not started late, live, the filter and totals find it, and the restaurant's board shows it", { timeout: 240_000 }, async () => {
    // The shift starts this minute: it needs a minute of today before it and one after.
    while (toMinutes(londonNow()) < 1 || toMinutes(londonNow()) > 1436) await new Promise((r) => setTimeout(r, 10_000));
    const url = both.server.url;
    const admin = await apiToken(url);
    const { ids, camdenArea } = await demoRestaurants(url, admin);
    const camden = ids['Pizza Palace Camden'];
    const today = londonToday();
    // A driver of the restaurant, made free all day (no working times), so the shift fits at any hour.
    const drivers = (await api('/api/driver?status=10', admin)) as BoardDriver[];
    const busy = new Set(((await api(`/api/shift?period_date_from=${today}&period_date_to=${today}`, admin)) as { driver_id: number | null }[]).map((s) => s.driver_id));
    const driver = drivers.find((d) => !busy.has(d.id) && worksForRestaurant(d, { id: camden, area_id: camdenArea }))!;
    await api('/api/driver-update-working-times', admin, 'POST', { driver_id: driver.id, default_working_times: [], override_working_time: [] });

    // Late after one minute.
    await api('/api/option/attendance_late_minutes', admin, 'PUT', { ovalue: '1' });
    const start = londonNow();
    const shift = (await api('/api/shift', admin, 'POST', {
      restaurant_id: camden, period_date: today, start_time: start, finish_time: fromMinutes(toMinutes(start) + 30), driver_id: driver.id, [WORKING_TIME_CONFIRM_FIELD]: true,
    })) as { id: number };
    await api('/api/shift/publish', admin, 'POST', { shift_ids: [shift.id], push_drivers: 20, [WORKING_TIME_CONFIRM_FIELD]: true });

    const context = await both.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'en-GB' });
    const page: Page = await context.newPage();
    await logIn(page, url, 'admin@demo.test', 'Admin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`${url}/schedule?location=a${camdenArea}&interval=10&from=${today}&to=${today}`);
    const chip = page.locator(`.chip[data-shift-id="${shift.id}"]`);
    await expect.poll(() => chip.count(), { timeout: 30_000 }).toBe(1);
    // No call is needed: the board reads the state again each minute.
    await expect.poll(() => chip.textContent(), { timeout: 180_000, interval: 2_000 }).toMatch(/Late \d+ min/);
    expect(await chip.locator('.chip-attendance [aria-hidden="true"]').textContent()).toBe('◔');
    await expect.poll(() => page.locator('[data-total="Late and No-Shows"]').textContent()).not.toBe('0');

    await page.getByRole('button', { name: /^Late and no-shows/ }).click();
    await expect.poll(() => chip.count()).toBe(1);
    expect(await page.locator('.chip', { hasNotText: /Late \d+ min|No-show/ }).count()).toBe(0);
    await context.close();

    // The restaurant's own account sees the same state on its board.
    const owner = await both.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'en-GB' });
    const own: Page = await owner.newPage();
    await logIn(own, url, 'restaurant@demo.test', 'Business');
    await own.waitForURL((u) => !u.pathname.startsWith('/login'));
    await own.goto(`${url}/schedulerestaurant?interval=10&from=${today}&to=${today}`);
    const ownChip = own.locator(`.chip[data-shift-id="${shift.id}"]`);
    await expect.poll(() => ownChip.textContent(), { timeout: 30_000 }).toMatch(/Late \d+ min|No-show/);
    await owner.close();
  });
});
