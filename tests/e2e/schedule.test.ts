import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ALERTS_BELL, apiToken, demoRestaurants, logIn, serverAndBrowser } from '../helpers/e2e';
import { addDays, londonToday, mondayOf, ukDate } from '../../domain/dates';
import { SHIFT_LABEL } from '../../domain/shifts';

const both = serverAndBrowser();
const contexts: BrowserContext[] = [];

// An empty week: the demo plans shifts up to the end of the week after next.
const MON = addDays(mondayOf(londonToday()), 28);
const TUE = addDays(MON, 1);
const WED = addDays(MON, 2);
const SUN = addDays(MON, 6);
const weekQuery = `interval=20&from=${MON}&to=${SUN}`;

let camdenArea: number;
const restaurant: Record<string, number> = {};

beforeAll(async () => {
  const demo = await demoRestaurants(both.server.url, await apiToken(both.server.url));
  Object.assign(restaurant, demo.ids);
  camdenArea = demo.camdenArea;
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function open(email: string, tab: 'Admin' | 'Business', path: string, viewport = { width: 1366, height: 800 }): Promise<Page> {
  const context = await both.browser.newContext({ viewport, locale: 'en-GB' });
  contexts.push(context);
  const page = await context.newPage();
  await logIn(page, both.server.url, email, tab);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${both.server.url}${path}`);
  await page.getByRole('combobox', { name: 'Interval' }).waitFor();
  return page;
}

const lane = (page: Page, name: string) => page.locator(`td.fc-timeline-lane[data-resource-id="${restaurant[name]}"]`);
const chip = (page: Page, name: string, time: string) => lane(page, name).locator('.chip', { hasText: time });
const eventOf = (c: Locator) => c.locator('xpath=ancestor::*[contains(@class, "fc-timeline-event")][1]');

async function addShift(page: Page, name: string, date: string, driver: string, start: string, finish: string) {
  await page.getByRole('button', { name: `Add shift at ${name} on ${ukDate(date)}` }).click();
  const dialog = page.getByRole('dialog', { name: /New Shift/ });
  await dialog.getByRole('combobox', { name: 'Driver' }).fill(driver);
  await page.getByRole('option', { name: new RegExp(`^${driver}`) }).first().click();
  await dialog.getByRole('combobox', { name: 'Start Time' }).fill(start);
  await dialog.getByRole('combobox', { name: 'Finish Time' }).fill(finish);
  await dialog.getByLabel('Comment').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function shiftMenu(page: Page, c: Locator, item: string) {
  await c.click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('Admin schedule board', () => {
  it('shows each change of one board on another open board without a reload', async () => {
    const path = `/schedule?location=a${camdenArea}&${weekQuery}`;
    const [a, b] = await Promise.all([open('admin@demo.test', 'Admin', path), open('manager@demo.test', 'Admin', path)]);

    await addShift(a, 'Bombay Spice', TUE, SHIFT_LABEL.openShift, '10:00', '14:00');
    await expect.poll(() => chip(a, 'Bombay Spice', '10:00–14:00').textContent()).toContain(SHIFT_LABEL.openShift);
    // The other board hears of it through the live feed.
    await expect.poll(() => chip(b, 'Bombay Spice', '10:00–14:00').count()).toBe(1);
    expect(await eventOf(chip(b, 'Bombay Spice', '10:00–14:00')).getAttribute('class')).toContain('shift-s10');

    // B publishes it ('Notify drivers?' for an open shift); A sees it published.
    await shiftMenu(b, chip(b, 'Bombay Spice', '10:00–14:00'), 'Publish');
    const notify = b.getByRole('dialog', { name: 'Publish' });
    await expect.poll(() => notify.textContent()).toContain(SHIFT_LABEL.notifyDrivers);
    await notify.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(async () => (await eventOf(chip(a, 'Bombay Spice', '10:00–14:00')).getAttribute('class')) ?? '').toContain('shift-s20');

    // A unpublishes, B sees it; B removes it ('Remove shift {date}?'), A sees it gone.
    await shiftMenu(a, chip(a, 'Bombay Spice', '10:00–14:00'), 'Unpublish');
    await expect.poll(async () => (await eventOf(chip(b, 'Bombay Spice', '10:00–14:00')).getAttribute('class')) ?? '').toContain('shift-s10');
    await shiftMenu(b, chip(b, 'Bombay Spice', '10:00–14:00'), 'Remove');
    const remove = b.getByRole('dialog', { name: 'Remove shift' });
    await expect.poll(() => remove.textContent()).toContain(`Remove shift ${ukDate(TUE)}?`);
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => chip(a, 'Bombay Spice', '10:00–14:00').count()).toBe(0);
    await expect.poll(() => chip(b, 'Bombay Spice', '10:00–14:00').count()).toBe(0);
  });

  it("checks the driver in the dialog: 'Driver unavailable', working time, and Save disabled", async () => {
    const page = await open('admin@demo.test', 'Admin', `/schedule?location=a${camdenArea}&${weekQuery}`);
    await page.getByRole('button', { name: `Add shift at Pizza Palace Camden on ${ukDate(MON)}` }).click();
    const dialog = page.getByRole('dialog', { name: /New Shift/ });
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Start Time' }).click();
    await page.keyboard.press('Tab');
    await expect.poll(() => dialog.textContent()).toContain('Start Time is required.');

    // Dan Driver works 10:00-23:00 Monday to Saturday and is off on Sundays.
    await dialog.getByRole('combobox', { name: 'Driver' }).fill('Dan Driver');
    await page.getByRole('option', { name: /^Dan Driver/ }).click();
    await dialog.getByRole('combobox', { name: 'Start Time' }).fill('08:00');
    await dialog.getByRole('combobox', { name: 'Finish Time' }).fill('12:00');
    await dialog.getByLabel('Comment').click();
    await expect.poll(() => dialog.textContent()).toContain('Driver working time: 10:00-23:00');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Date').fill(SUN);
    await expect.poll(() => dialog.textContent()).toContain('Driver unavailable');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Date').fill(MON);
    await dialog.getByRole('combobox', { name: 'Start Time' }).fill('17:00');
    await dialog.getByRole('combobox', { name: 'Finish Time' }).fill('22:00');
    await dialog.getByLabel('Comment').click();
    await expect.poll(() => save.isDisabled()).toBe(false);
    // £12.50 an hour at Pizza Palace Camden on a Monday.
    await expect.poll(() => dialog.textContent()).toContain('£12.50 / hour · Cost £62.50');
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    const dan = chip(page, 'Pizza Palace Camden', '17:00–22:00');
    await expect.poll(() => dan.textContent()).toContain('Dan Driver');

    // Publish it, then cancel it: the driver comes off and the chip says who rejected it.
    await shiftMenu(page, dan, 'Publish');
    await expect.poll(async () => (await eventOf(dan).getAttribute('class')) ?? '').toContain('shift-s20');
    await shiftMenu(page, dan, 'Cancel shift');
    const cancel = page.getByRole('dialog', { name: 'Cancel Shift' });
    // A £15 fee typed as people type it: kept as typed, said in words, and charged to Dan in the reports.
    await cancel.getByLabel('Cancellation fee').fill('15');
    await cancel.getByLabel('Reason').click();
    expect(await cancel.getByLabel('Cancellation fee').inputValue()).toBe('15');
    await expect.poll(() => cancel.textContent()).toContain('Dan Driver will be charged £15.00, taken off their pay.');
    await cancel.getByLabel('Reason').fill('Driver ill');
    await cancel.getByRole('button', { name: 'Cancel shift' }).click();
    await cancel.waitFor({ state: 'detached' });
    await expect.poll(() => dan.textContent()).toContain('Rejected by: Dan Driver');
    const report = await fetch(`${both.server.url}/api/reporting/shiftsCancelled?period_date_from=${MON}&period_date_to=${SUN}`, {
      headers: { authorization: `Bearer ${await apiToken(both.server.url)}` },
    });
    const rows = (await report.json()) as { driver_name: string; comment_cancelled: string; cost_cover: number; amount_paid: number }[];
    expect(rows.filter((r) => r.comment_cancelled === 'Driver ill').map((r) => [r.driver_name, r.cost_cover, r.amount_paid])).toEqual([['Dan Driver', 15, 0]]);
  });

  it('publishes the shown shifts in bulk, copies a week, and answers unready for a day', async () => {
    const page = await open('admin@demo.test', 'Admin', `/schedule?location=r${restaurant['Sushi Kaito']}&${weekQuery}`);
    await addShift(page, 'Sushi Kaito', WED, SHIFT_LABEL.openShift, '18:00', '23:00');
    await addShift(page, 'Sushi Kaito', TUE, SHIFT_LABEL.openShift, '18:00', '23:00');
    await page.getByRole('button', { name: 'Publish Shifts [2]' }).click();
    const publish = page.getByRole('dialog', { name: 'Publish Shifts' });
    await expect.poll(() => publish.textContent()).toContain('Publish 2 shifts?');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await publish.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('button', { name: 'Publish Shifts [0]' }).count()).toBe(1);
    await expect.poll(() => page.locator('[data-total="Published"]').textContent()).toBe('2');

    await page.getByRole('button', { name: 'Copy shifts' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy Shifts' });
    await expect.poll(() => copy.getByLabel('Copy to').textContent()).toBe(`${ukDate(addDays(MON, 7))} – ${ukDate(addDays(SUN, 7))}`);
    await copy.getByRole('button', { name: 'Copy' }).click();
    await copy.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => lane(page, 'Sushi Kaito').locator('.chip').count()).toBe(2);
    await expect.poll(() => page.locator('[data-total="Unpublished"]').textContent()).toBe('2');

    await page.getByRole('combobox', { name: 'Interval' }).click();
    await page.getByRole('option', { name: 'Day' }).click();
    await page.getByRole('button', { name: 'Copy shifts' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Copy Shifts' }).textContent()).toContain(SHIFT_LABEL.unready);
  });

  it("on Next shows the next week's days with its rows waiting, never the shown week's chips, then the next week's shifts", async () => {
    const monday = mondayOf(londonToday());
    const next = addDays(monday, 7);
    const page = await open('admin@demo.test', 'Admin', `/schedule?location=a${camdenArea}&interval=20&from=${monday}&to=${addDays(monday, 6)}`);
    const chips = page.locator('.shift-board .chip');
    await expect.poll(() => chips.count()).toBeGreaterThan(0);

    // The next week's shifts are held back until the board has been seen waiting for them.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(
      (url) => url.pathname === '/api/shift' && url.searchParams.get('period_date_from') === next && !url.searchParams.get('shift_ids'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.getByRole('button', { name: 'Next' }).click();
    const nextMonday = `Mon ${next.slice(8)}/${next.slice(5, 7)}`;
    await expect.poll(() => page.locator('.shift-board .day-btn').first().textContent()).toContain(nextMonday);
    expect(await page.locator('.shift-board[aria-busy="true"]').count()).toBe(1);
    expect(await chips.count()).toBe(0);

    answer();
    await expect.poll(() => page.locator('.shift-board[aria-busy="true"]').count()).toBe(0);
    await expect.poll(() => chips.count()).toBeGreaterThan(0);
    const nextWeek = Array.from({ length: 7 }, (_, i) => ukDate(addDays(next, i)));
    for (const text of await chips.allTextContents()) expect(nextWeek.some((day) => text.includes(day))).toBe(true);
  });

  it('moves a shift to another day by dragging it', async () => {
    const page = await open('admin@demo.test', 'Admin', `/schedule?location=r${restaurant['The Burger Shack']}&${weekQuery}`);
    await addShift(page, 'The Burger Shack', MON, SHIFT_LABEL.openShift, '12:00', '15:00');
    const moving = chip(page, 'The Burger Shack', '12:00–15:00');
    await expect.poll(() => moving.boundingBox()).not.toBeNull();
    const from = (await moving.boundingBox())!;
    const target = (await page.getByRole('button', { name: `Add shift at The Burger Shack on ${ukDate(WED)}` }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
    await page.mouse.move(target.x - 40, from.y + from.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => moving.textContent()).toContain(ukDate(WED));
    // It was saved: a reload shows it on the new day.
    await page.reload();
    await expect.poll(() => chip(page, 'The Burger Shack', '12:00–15:00').textContent()).toContain(ukDate(WED));
  });

  it('fits all seven days of a week inside a 1366 × 768 laptop screen', async () => {
    const page = await open('admin@demo.test', 'Admin', `/schedule?location=a${camdenArea}&${weekQuery}`, { width: 1366, height: 768 });
    const days = page.locator('.fc-timeline-slot-label .day-btn');
    await expect.poll(() => days.count()).toBe(7);
    const boxes = await days.evaluateAll((els) => els.map((el) => ({ text: el.textContent ?? '', ...el.getBoundingClientRect().toJSON() })));
    expect(boxes.map((b) => b.text.slice(0, 3))).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    for (const b of boxes) {
      expect(b.left, b.text).toBeGreaterThanOrEqual(0);
      expect(b.right, b.text).toBeLessThanOrEqual(1366);
      expect(b.bottom, b.text).toBeLessThanOrEqual(768);
    }
    // Nothing of the week is left to a sideways scroll.
    const scroll = await page.locator('.fc-scrollgrid-section-body .fc-scroller').last().evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(scroll).toBeLessThanOrEqual(1);
  });

  it("on a phone shows one restaurant at a time, the first at once, and 'No restaurant selected' when none is chosen", async () => {
    const page = await open('admin@demo.test', 'Admin', `/schedule?${weekQuery}`, { width: 390, height: 844 });
    await expect.poll(() => page.locator('.shift-board .row-name').count()).toBe(1);
    await page.getByRole('combobox', { name: 'Restaurant' }).click();
    await page.getByRole('option', { name: 'Choose a restaurant' }).click();
    await expect.poll(() => page.getByText(SHIFT_LABEL.noRestaurantSelected).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Restaurant' }).click();
    await page.getByRole('option', { name: 'Sushi Kaito' }).click();
    await expect.poll(() => page.locator('.shift-board .row-name').count()).toBe(1);
    expect(await page.getByRole('button', { name: `Add shift at Sushi Kaito on ${ukDate(MON)}` }).count()).toBe(1);
  });
});

describe('Restaurant schedule board', () => {
  it('adds a draft, sends it to moderation, and the admin board shows it live with an alert', async () => {
    const admin = await open('admin@demo.test', 'Admin', `/schedule?location=a${camdenArea}&${weekQuery}`);
    const alertsBefore = await admin.getByRole('button', { name: ALERTS_BELL }).getAttribute('aria-label');
    const owner = await open('restaurant@demo.test', 'Business', `/schedulerestaurant?${weekQuery}`);
    expect(await owner.getByRole('combobox', { name: 'Interval' }).textContent()).toBe('Week');

    await owner.getByRole('button', { name: `Add shift at Pizza Palace Camden on ${ukDate(TUE)}` }).click();
    const dialog = owner.getByRole('dialog', { name: /New Shift/ });
    await dialog.getByRole('combobox', { name: 'Start Time' }).fill('19:00');
    await dialog.getByRole('combobox', { name: 'Finish Time' }).fill('23:00');
    await dialog.getByRole('combobox', { name: 'Driver bonus' }).click();
    await owner.getByRole('option', { name: '+£10' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const draft = chip(owner, 'Pizza Palace Camden', '19:00–23:00');
    await expect.poll(() => draft.textContent()).toContain('Draft');
    // Drafts stay with the restaurant: off the admin calendar, but counted in its totals.
    await expect.poll(() => admin.locator('[data-total="Draft"]').textContent()).toBe('1');
    expect(await chip(admin, 'Pizza Palace Camden', '19:00–23:00').count()).toBe(0);

    await owner.getByRole('button', { name: 'Publish shifts [1]' }).click();
    const publish = owner.getByRole('dialog', { name: 'Publish shifts' });
    await expect.poll(() => publish.textContent()).toContain('Publish 1 shifts?');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => draft.textContent()).toContain('Sent for moderation');

    await expect.poll(() => chip(admin, 'Pizza Palace Camden', '19:00–23:00').textContent()).toContain(SHIFT_LABEL.openShift);
    // The totals follow the chips a render behind.
    await expect.poll(() => admin.locator('[data-total="Draft"]').textContent()).toBe('0');
    await expect.poll(() => admin.getByRole('button', { name: ALERTS_BELL }).getAttribute('aria-label')).not.toBe(alertsBefore);
  });
});
