import { apiCall, apiJson, loggedInPage, serverAndBrowser } from '../helpers/e2e';
import { camdenToday, driversFreeToday, freeAllDay, publishedShiftStartingNow } from '../helpers/todayShift';
import type { BoardDriver } from '../../domain/shiftCalls';

const both = serverAndBrowser();

describe('a no-show covered in one step', () => {
  it("turns late then no-show live, the manager covers it with the first driver proposed, and the restaurant's board shows the new driver", { timeout: 300_000 }, async () => {
    // The shift starts this minute and turns a no-show two minutes later: all of it within today.
    const url = both.server.url;
    const { admin, camden, camdenArea, today } = await camdenToday(url, 1430);
    // Two drivers of the restaurant free today, made free all day (no working times): one for the shift, who logs in
    // to the driver app and does not start it, and one who can cover it whatever the hour.
    const free = await driversFreeToday<BoardDriver & { email: string }>(url, admin, { id: camden, area_id: camdenArea });
    let late: { id: number; token: string } | null = null;
    for (const d of free) {
      const res = await apiCall(url, null, 'POST', '/api/auth/login/driver', { email: d.email, password: 'demo1234' });
      if (res.ok) {
        late = { id: d.id, token: ((await res.json()) as { access_token: string }).access_token };
        break;
      }
    }
    expect(late).not.toBeNull();
    const spare = free.find((d) => d.id !== late!.id)!;
    for (const id of [late!.id, spare.id]) await freeAllDay(url, admin, id);

    // Late after one minute, a no-show after two.
    await apiJson(url, admin, 'PUT', '/api/option/attendance_late_minutes', { ovalue: '1' });
    await apiJson(url, admin, 'PUT', '/api/option/attendance_no_show_minutes', { ovalue: '2' });
    const shift = await publishedShiftStartingNow(url, admin, { restaurant_id: camden, driver_id: late!.id, minutes: 60 });
    // The driver sees the shift in the app, and does not start it.
    const mine = await apiJson<unknown>(url, late!.token, 'GET', `/api/driver-app/timesheet?period_date_from=${today}&period_date_to=${today}`);
    expect(JSON.stringify(mine)).toContain(`"shift_id":${shift.id}`);

    const { context, page } = await loggedInPage(both.browser, url, 'manager@demo.test', 'Admin');
    await page.goto(`${url}/schedule?location=a${camdenArea}&interval=10&from=${today}&to=${today}`);
    const chip = page.locator(`.chip[data-shift-id="${shift.id}"]`);
    await expect.poll(() => chip.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => chip.textContent(), { timeout: 150_000, interval: 2_000 }).toMatch(/Late \d+ min/);
    await expect.poll(() => chip.textContent(), { timeout: 150_000, interval: 2_000 }).toMatch(/No-show/);

    // The restaurant's own board, open before the cover: it should change without a reload.
    const { context: owner, page: own } = await loggedInPage(both.browser, url, 'restaurant@demo.test', 'Business');
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
