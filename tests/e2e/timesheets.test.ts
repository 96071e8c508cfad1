import type { Page, WebSocketRoute } from 'playwright-core';
import { apiJson, apiLogin, logIn, serverAndBrowser } from '../helpers/e2e';
import { addDays, londonToday, mondayOf } from '../../domain/dates';
import { isCancellation, type TimesheetView } from '../../domain/timesheets';
import { SHIFT_STATUS } from '../../domain/statuses';

const both = serverAndBrowser();

const loginBody = (path: string, email: string) => apiLogin(both.server.url, path, email);
const tokenOf = async (path: string, email: string) => (await loginBody(path, email)).access_token;
const api = <T>(token: string, method: string, path: string, body?: unknown) => apiJson<T>(both.server.url, token, method, path, body);

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const cells = (page: Page, text: string) => row(page, text).getByRole('cell').allTextContents();
const total = (page: Page, label: string) => page.locator(`[data-total="${label}"]`).textContent();
const form = (page: Page) => page.getByRole('region', { name: 'Timesheet' });

describe('Timesheets screen', () => {
  it('approves, discards and unapproves timesheets with totals and pay computed by hand, and shows a driver submission live', async () => {
    const admin = await tokenOf('/api/auth/login', 'admin@demo.test');
    const restaurants = await api<{ id: number; name: string; restaurants: { id: number; name: string }[] }[]>(admin, 'GET', '/api/area');
    const all = restaurants.flatMap((a) => a.restaurants);
    const ppc = all.find((r) => r.name === 'Pizza Palace Camden')!;
    const danLogin = await loginBody('/api/auth/login/driver', 'driver@demo.test');
    const danId = danLogin.driver!.id;

    // A week long before the demo data starts, so only these three timesheets are in it.
    const monday = mondayOf(addDays(londonToday(), -63));
    const add = (restaurant_id: number, day: number, start_time: string, finish_time: string) =>
      api<TimesheetView>(admin, 'POST', '/api/timesheet', { restaurant_id, driver_id: danId, period_date: addDays(monday, day), start_time, finish_time, status: 10, status_progress: 20 });
    // Pizza Palace Camden pays £12.50 Mon–Thu (commission £1.75/h); Pizza Palace Islington has Islington's £13.50 at weekends (commission £1.50/h).
    const a = await add(ppc.id, 0, '17:00', '22:00'); // 5 h × £12.50 = £62.50
    const b = await add(ppc.id, 2, '11:00', '15:15'); // 4.25 h × £12.50 = £53.125 → £53.13
    expect([a.cost_total, b.cost_total]).toEqual([62.5, 53.13]);

    const context = await both.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${both.server.url}/timesheet?interval=20&from=${monday}&to=${addDays(monday, 6)}`);
    await expect.poll(() => page.getByRole('row').count()).toBe(3);

    // The third through Add Time Sheet: the Friday evening at Pizza Palace Islington, 5.5 h × £13.50 = £74.25.
    await page.getByRole('button', { name: 'New timesheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Time Sheet' });
    await dialog.getByRole('combobox', { name: 'Restaurant' }).click();
    await page.getByRole('option', { name: 'Pizza Palace Islington' }).click();
    await dialog.getByRole('combobox', { name: 'Driver' }).click();
    await page.getByRole('option', { name: 'Dan Driver' }).click();
    // One field after another, each seen to hold its value, as a person fills them.
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Driver' }).textContent()).toContain('Dan Driver');
    const friday = addDays(monday, 4);
    const date = dialog.getByRole('textbox', { name: 'Date' });
    await date.fill(`${friday.slice(8, 10)}/${friday.slice(5, 7)}/${friday.slice(0, 4)}`);
    await date.press('Tab');
    await expect.poll(() => date.inputValue()).toBe(`${friday.slice(8, 10)}/${friday.slice(5, 7)}/${friday.slice(0, 4)}`);
    for (const [name, time] of [['Start Time', '18:00'], ['Finish Time', '23:30']]) {
      const field = dialog.getByRole('combobox', { name });
      await field.fill(time);
      await field.press('Tab');
      await expect.poll(() => field.inputValue()).toBe(time);
    }
    await expect.poll(() => dialog.getByRole('button', { name: 'Add' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('row').count()).toBe(4);

    // 62.50 + 53.13 + 74.25 = 189.88; sales add 5 h × 1.75 + 4.25 h × 1.75 (7.4375 → 7.44) + 5.5 h × 1.50 = 214.32
    await expect.poll(() => total(page, 'Total Timesheets')).toBe('3');
    expect(await total(page, 'Unapproved')).toBe('3');
    expect(await total(page, 'Filled Hours')).toBe('14.8');
    expect(await total(page, 'Est. Cost')).toBe('£189.88');
    expect(await total(page, 'Expected Sales')).toBe('£214.32');
    expect(await cells(page, 'Pizza Palace Islington')).toEqual(['Fri ' + addDays(monday, 4).slice(8, 10) + '/' + addDays(monday, 4).slice(5, 7), 'Dan Driver', 'Pending', 'Submited', 'Pizza Palace Islington', '18:00 – 23:30', '5.5', '£74.25']);

    // Approve Monday with a £10 bonus and two short deliveries: £62.50 + £10 + 2 × £1.50 = £75.50.
    await row(page, '17:00 – 22:00').click();
    await form(page).getByRole('combobox', { name: 'Add Driver Bonus' }).click();
    await page.getByRole('option', { name: '+£10' }).click();
    await form(page).getByRole('spinbutton', { name: 'Fuel bonus count 0-3 miles' }).fill('2');
    await expect.poll(() => page.getByTestId('earned').textContent()).toContain('£75.50');
    await form(page).getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => cells(page, '17:00 – 22:00')).toEqual([expect.any(String), 'Dan Driver', 'Approved', 'Pay approved', 'Pizza Palace Camden', '17:00 – 22:00', '5.0', '£75.50bonus £10.00 · fuel £3.00']);
    expect(await total(page, 'Approved')).toBe('1');
    expect(await total(page, 'Est. Cost')).toBe('£202.88');
    // The approved form is locked: no second approval, fields disabled.
    expect(await form(page).getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(true);
    expect(await form(page).getByRole('textbox', { name: 'Shift comment' }).isDisabled()).toBe(true);

    // Discard Wednesday: it leaves the hours and the cost.
    await row(page, '11:00 – 15:15').click();
    await form(page).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => cells(page, '11:00 – 15:15').then((c) => c.slice(2, 4))).toEqual(['Discarded', 'Discarded']);
    // 5 + 5.5 h; £75.50 + £74.25 = £149.75; sales + 5 × 1.75 + 5.5 × 1.50 = £166.75
    await expect.poll(() => total(page, 'Filled Hours')).toBe('10.5');
    expect(await total(page, 'Est. Cost')).toBe('£149.75');
    expect(await total(page, 'Expected Sales')).toBe('£166.75');
    expect(await total(page, 'Unapproved')).toBe('1');

    // Unapprove Pay, then Unapprove Time: back to pending, the approved pay kept.
    await row(page, '17:00 – 22:00').click();
    await form(page).getByRole('button', { name: 'Unapprove Pay' }).click();
    await expect.poll(() => cells(page, '17:00 – 22:00').then((c) => c.slice(2, 4))).toEqual(['Pending', 'Time approved']);
    expect(await form(page).getByRole('button', { name: 'Unapprove Pay' }).isDisabled()).toBe(true);
    await form(page).getByRole('button', { name: 'Unapprove Time' }).click();
    await expect.poll(() => cells(page, '17:00 – 22:00').then((c) => c.slice(2, 4))).toEqual(['Pending', 'Submited']);
    expect((await cells(page, '17:00 – 22:00'))[7]).toBe('£75.50bonus £10.00 · fuel £3.00');
    expect(await total(page, 'Approved')).toBe('0');

    // Approve All [2]: both submitted ones, after 'Approve (2) timesheets?'.
    await page.getByRole('button', { name: 'Approve All [2]' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve All' });
    await confirm.getByText('Approve (2) timesheets?').waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => total(page, 'Approved')).toBe('2');
    expect(await total(page, 'Est. Cost')).toBe('£149.75');

    // Remove the discarded one, after 'Remove timesheet {date}?'.
    await row(page, '11:00 – 15:15').click();
    await form(page).getByRole('button', { name: 'Remove' }).click();
    const [y, m, d] = addDays(monday, 2).split('-');
    await page.getByText(`Remove timesheet ${d}/${m}/${y}?`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => total(page, 'Total Timesheets')).toBe('2');

    // A driver's submission through the API appears on the open screen as it happens: a published shift of the
    // demo driver on a Wednesday before the demo data, shown as a not-submitted placeholder until then.
    const driver = danLogin.access_token;
    const wednesday = addDays(mondayOf(addDays(londonToday(), -35)), 2);
    const shift = await api<{ id: number }>(admin, 'POST', '/api/shift', {
      restaurant_id: ppc.id, driver_id: danId, period_date: wednesday, start_time: '11:00', finish_time: '15:00', status: 20, push_drivers: 20,
    });
    await page.goto(`${both.server.url}/timesheet?interval=20&from=${mondayOf(wednesday)}&to=${addDays(mondayOf(wednesday), 6)}`);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    const shiftRow = page.locator(`[data-timesheet-id="${-shift.id}"]`);
    await page.getByRole('textbox', { name: 'Search drivers' }).fill('Dan Driver');
    await page.getByRole('button', { name: /^Dan Driver/ }).click();
    await expect.poll(() => shiftRow.getByRole('cell').nth(3).textContent()).toBe('Not submited');
    const submitted = await api<TimesheetView>(driver, 'POST', '/api/driver-app/timesheet/submit', {
      shift_id: shift.id, driver_start_time: '10:56', driver_finish_time: '15:03', fuel_bonus_0: 1, driver_comment: 'All good',
    });
    // Snapped to 11:00 – 15:00: £12.50 × 4 h + 1 × £1.50 = £51.50
    expect(submitted).toMatchObject({ start_time: '11:00', finish_time: '15:00', cost_total: 51.5 });
    const live = page.locator(`[data-timesheet-id="${submitted.id}"]`);
    await expect.poll(() => live.getByRole('cell').nth(3).textContent()).toBe('Submited');
    expect(await shiftRow.count()).toBe(0);
    await live.click();
    await expect.poll(() => form(page).getByRole('textbox', { name: "Driver's comment" }).inputValue()).toBe('All good');
    await context.close();
  });

  it('catches up with a submission made while its live feed was cut, once the feed is back', async () => {
    const admin = await tokenOf('/api/auth/login', 'admin@demo.test');
    const ppc = (await api<{ restaurants: { id: number; name: string }[] }[]>(admin, 'GET', '/api/area')).flatMap((a) => a.restaurants).find((r) => r.name === 'Pizza Palace Camden')!;
    const dan = await loginBody('/api/auth/login/driver', 'driver@demo.test');
    const thursday = addDays(mondayOf(addDays(londonToday(), -42)), 3);
    const shift = await api<{ id: number }>(admin, 'POST', '/api/shift', {
      restaurant_id: ppc.id, driver_id: dan.driver!.id, period_date: thursday, start_time: '12:00', finish_time: '16:00', status: SHIFT_STATUS.published, push_drivers: 20,
    });

    const context = await both.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    // The live feed's socket goes through here, so the test can cut it and keep it from coming back for a while.
    let cut = false;
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/app\//, (ws) => {
      if (cut) return void ws.close();
      ws.connectToServer();
      sockets.push(ws);
    });
    await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${both.server.url}/timesheet?interval=20&from=${mondayOf(thursday)}&to=${addDays(mondayOf(thursday), 6)}`);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    const shiftRow = page.locator(`[data-timesheet-id="${-shift.id}"]`);
    await expect.poll(() => shiftRow.getByRole('cell').nth(3).textContent()).toBe('Not submited');
    await expect.poll(() => sockets.length).toBeGreaterThan(0);

    cut = true;
    await Promise.all(sockets.map((ws) => ws.close()));
    const submitted = await api<TimesheetView>(dan.access_token, 'POST', '/api/driver-app/timesheet/submit', {
      shift_id: shift.id, driver_start_time: '12:00', driver_finish_time: '16:00', driver_comment: 'Sent while the office was offline',
    });
    // The event went out while the screen could not hear it: the row is as it was.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await shiftRow.getByRole('cell').nth(3).textContent()).toBe('Not submited');

    cut = false;
    const caughtUp = page.locator(`[data-timesheet-id="${submitted.id}"]`);
    await expect.poll(() => caughtUp.getByRole('cell').nth(3).textContent(), { timeout: 30_000 }).toBe('Submited');
    expect(await shiftRow.count()).toBe(0);
    await context.close();
  });

  it("shows a restaurant account only its own restaurants' timesheets, read-only", async () => {
    const admin = await tokenOf('/api/auth/login', 'admin@demo.test');
    const monday = mondayOf(addDays(londonToday(), -7));
    const week = `period_date_from=${monday}&period_date_to=${addDays(monday, 6)}`;
    const everything = await api<TimesheetView[]>(admin, 'GET', `/api/timesheet?${week}`);
    const own = new Set(['Pizza Palace Camden', 'Pizza Palace Islington', 'Pizza Palace Hackney']);
    // Cancellation timesheets (a driver's fee) stay with the office.
    const theirs = everything.filter((t) => own.has(t.restaurant_name) && t.id > 0 && !isCancellation(t));
    expect(everything.some((t) => !own.has(t.restaurant_name))).toBe(true);
    expect(everything.some((t) => own.has(t.restaurant_name) && isCancellation(t))).toBe(true);

    const context = await both.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await logIn(page, both.server.url, 'restaurant@demo.test', 'Business');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${both.server.url}/timesheetrestaurant?interval=20&from=${monday}&to=${addDays(monday, 6)}`);
    await expect.poll(() => total(page, 'Total Timesheets')).toBe(String(theirs.length));
    const locations = await page.locator('[role=row][data-timesheet-id] [role=cell]:nth-child(5)').allTextContents();
    expect(locations.length).toBeGreaterThan(0);
    expect(locations.every((l) => own.has(l))).toBe(true);
    expect(await page.getByRole('button', { name: /Approve All/ }).count()).toBe(0);
    await page.locator('[role=row][data-timesheet-id]').first().click();
    await form(page).getByRole('combobox', { name: 'Restaurant' }).waitFor();
    expect(await form(page).getByRole('combobox', { name: 'Restaurant' }).getAttribute('aria-disabled')).toBe('true');
    expect(await form(page).getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    expect(await form(page).getByText('Cancellation fee/bonus').count()).toBe(0);
    await context.close();
  });
});
