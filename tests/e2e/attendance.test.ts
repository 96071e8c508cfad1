import { apiJson, loggedInPage, serverAndBrowser } from '../helpers/e2e';
import { camdenToday, driversFreeToday, freeAllDay, publishedShiftStartingNow } from '../helpers/todayShift';

const both = serverAndBrowser();

describe("today's attendance on the board", () => {
  it("turns the chip of a driver who has not started late, live, the filter and totals find it, and the restaurant's board shows it", { timeout: 240_000 }, async () => {
    // The shift starts this minute: it needs a minute of today before it and one after.
    const url = both.server.url;
    const { admin, camden, camdenArea, today } = await camdenToday(url, 1436);
    // A driver of the restaurant, made free all day (no working times), so the shift fits at any hour.
    const [driver] = await driversFreeToday(url, admin, { id: camden, area_id: camdenArea });
    await freeAllDay(url, admin, driver.id);

    // Late after one minute.
    await apiJson(url, admin, 'PUT', '/api/option/attendance_late_minutes', { ovalue: '1' });
    const shift = await publishedShiftStartingNow(url, admin, { restaurant_id: camden, driver_id: driver.id, minutes: 30 });

    const { context, page } = await loggedInPage(both.browser, url, 'admin@demo.test', 'Admin');
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
    const { context: owner, page: own } = await loggedInPage(both.browser, url, 'restaurant@demo.test', 'Business');
    await own.goto(`${url}/schedulerestaurant?interval=10&from=${today}&to=${today}`);
    const ownChip = own.locator(`.chip[data-shift-id="${shift.id}"]`);
    await expect.poll(() => ownChip.textContent(), { timeout: 30_000 }).toMatch(/Late \d+ min|No-show/);
    await owner.close();
  });
});
