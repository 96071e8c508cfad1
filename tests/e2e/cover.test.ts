import type { Page } from 'playwright-core';
import { apiToken, demoRestaurants, logIn, serverAndBrowser } from '../helpers/e2e';
import { fromMinutes, londonToday, toMinutes } from '../../domain/dates';
import { worksForRestaurant } from '../../domain/availability';
import type { BoardDriver } from '../../domain/shiftCalls';
import { WORKING_TIME_CONFIRM_FIELD } from '../../domain/workingTime';

const both = serverAndBrowser();

/** London's wall-clock time now, 'HH:mm'. */
const londonNow = () => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());

async function call(path: string, token: string | null, method = 'GET', body?: unknown) {
  return fetch(`${both.server.url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function api(path: string, token: string, method = 'GET', body?: unknown) {
  const res = await call(path, token, method, body);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

describe('a no-show covered in one step', () => {
  it("turns late then no-show live, the manager covers it with the first driver proposed, and the restaurant's board shows the new driver", { timeout: 300_000 }, async () => {
    // The shift starts this minute and turns a no-show two minutes later: all of it within today.
    while (toMinutes(londonNow()) < 1 || toMinutes(londonNow()) > 1430) await new Promise((r) => setTimeout(r, 10_000));
    const url = both.server.url;
    const admin = await apiToken(url);
    const { ids, camdenArea } = await demoRestaurants(url, admin);
    const camden = ids['Pizza Palace Camden'];
    const today = londonToday();
    // Two drivers of the restaurant free today, made free all day (no working times): one for the shift, who logs in
    // to the driver app and does not start it, and one who can cover it whatever the hour.
    const drivers = (await api('/api/driver?status=10', admin)) as (BoardDriver & { email: string })[];
    const busy = new Set(((await api(`/api/shift?period_date_from=${today}&period_date_to=${today}`, admin)) as { driver_id: number | null }[]).map((s) => s.driver_id));
    const free = drivers.filter((d) => !busy.has(d.id) && worksForRestaurant(d, { id: camden, area_id: camdenArea }));
    let late: { id: number; token: string } | null = null;
    for (const d of free) {
      const res = await call('/api/auth/login/driver', null, 'POST', { email: d.email, password: 'demo1234' });
      if (res.ok) {
        late = { id: d.id, token: ((await res.json()) as { access_token: string }).access_token };
        break;
      }
    }
    expect(late).not.toBeNull();
    const spare = free.find((d) => d.id !== late!.id)!;
    for (const id of [late!.id, spare.id]) await api('/api/driver-update-working-times', admin, 'POST', { driver_id: id, default_working_times: [], override_working_time: [] });

    // Late after one minute, a no-show after two.
    await api('/api/option/attendance_late_minutes', admin, 'PUT', { ovalue: '1' });
    await api('/api/option/attendance_no_show_minutes', admin, 'PUT', { ovalue: '2' });
    const start = londonNow();
    const shift = (await api('/api/shift', admin, 'POST', {
      restaurant_id: camden, period_date: today, start_time: start, finish_time: fromMinutes((toMinutes(start) + 60) % 1440), driver_id: late!.id, [WORKING_TIME_CONFIRM_FIELD]: true,
    })) as { id: number };
    await api('/api/shift/publish', admin, 'POST', { shift_ids: [shift.id], push_drivers: 20, [WORKING_TIME_CONFIRM_FIELD]: true });
    // The driver sees the shift in the app, and does not start it.
    const mine = (await api(`/api/driver-app/timesheet?period_date_from=${today}&period_date_to=${today}`, late!.token)) as unknown;
    expect(JSON.stringify(mine)).toContain(`"shift_id":${shift.id}`);

    const context = await both.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'en-GB' });
    const page: Page = await context.newPage();
    await logIn(page, url, 'manager@demo.test', 'Admin');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`${url}/schedule?location=a${camdenArea}&interval=10&from=${today}&to=${today}`);
    const chip = page.locator(`.chip[data-shift-id="${shift.id}"]`);
    await expect.poll(() => chip.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => chip.textContent(), { timeout: 150_000, interval: 2_000 }).toMatch(/Late \d+ min/);
    await expect.poll(() => chip.textContent(), { timeout: 150_000, interval: 2_000 }).toMatch(/No-show/);

    // The restaurant's own board, open before the cover: it should change without a reload.
    const owner = await both.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'en-GB' });
    const own: Page = await owner.newPage();
    await logIn(own, url, 'restaurant@demo.test', 'Business');
    await own.waitForURL((u) => !u.pathname.startsWith('/login'));
    await own.goto(`${url}/schedulerestaurant?interval=10&from=${today}&to=${today}`);
    const ownChip = own.locator(`.chip[data-shift-id="${shift.id}"]`);
    await expect.poll(() => ownChip.textContent(), { timeout: 30_000 }).toMatch(/No-show/);

    await chip.click();
    await page.getByRole('menuitem', { name: 'Find cover' }).click();
    const dialog = page.getByRole('dialog', { name: 'Find cover' });
    const first = dialog.getByRole('radio').first();
    await expect.poll(() => first.getAttribute('aria-checked'), { timeout: 30_000 }).toBe('true');
    const chosen = (await first.locator('.MuiListItemText-primary').textContent())!;
    expect(chosen).toBeTruthy();
    await dialog.getByLabel('Cancellation fee').fill('10');
    await dialog.getByRole('button', { name: 'Cover' }).click();
    await expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => chip.textContent(), { timeout: 30_000 }).toContain(chosen);
    await context.close();

    await expect.poll(() => ownChip.textContent(), { timeout: 30_000 }).toContain(chosen);
    // The new driver is counted from the cover: not a no-show the moment they are chosen.
    await expect.poll(() => ownChip.textContent(), { timeout: 30_000 }).not.toMatch(/No-show|Late/);
    await owner.close();
  });
});
