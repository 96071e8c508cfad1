import type { BrowserContext, Page } from 'playwright-core';
import { apiToken, demoRestaurants, logIn, serverAndBrowser } from '../helpers/e2e';
import { addDays, londonToday, mondayOf, ukDate } from '../../domain/dates';
import { SHIFT_LABEL, rejectedByLabel } from '../../domain/shifts';
import { BREACH_LABEL } from '../../src/pages/schedule/chip';

const both = serverAndBrowser();
const contexts: BrowserContext[] = [];
let auth: Record<string, string>;
let camdenArea: number;
const restaurant: Record<string, number> = {};

beforeAll(async () => {
  const token = await apiToken(both.server.url);
  auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const demo = await demoRestaurants(both.server.url, token);
  Object.assign(restaurant, demo.ids);
  camdenArea = demo.camdenArea;
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function open(path: string): Promise<Page> {
  // A tall window: the board draws only the rows in view.
  const context = await both.browser.newContext({ viewport: { width: 1366, height: 1400 }, locale: 'en-GB' });
  contexts.push(context);
  const page = await context.newPage();
  await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${both.server.url}${path}`);
  await page.getByRole('combobox', { name: 'Interval' }).waitFor();
  return page;
}

const weekPath = (monday: string) => `/schedule?location=a${camdenArea}&interval=20&from=${monday}&to=${addDays(monday, 6)}`;
const chipOf = (page: Page, shiftId: number) => page.locator(`.chip[data-shift-id="${shiftId}"]`);
/** Whether a chip shows an open shift: 'Open shift', or 'Rejected by: …' for one a driver was taken off. */
const showsOpen = async (page: Page, shiftId: number) => {
  const text = (await chipOf(page, shiftId).textContent()) ?? '';
  return text.includes(SHIFT_LABEL.openShift) || text.includes(rejectedByLabel(''));
};

describe('Planning assistant on the board', () => {
  it("fills next week's open shifts: the ticked lines get their drivers, the unticked one stays open", async () => {
    const page = await open(weekPath(addDays(mondayOf(londonToday()), 7)));
    await page.getByRole('button', { name: 'Fill open shifts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fill open shifts' });
    const rows = dialog.getByRole('table', { name: 'Proposals' }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(1);

    const [first, second] = [rows.nth(0), rows.nth(1)];
    const skipped = Number(await first.getAttribute('data-shift-id'));
    const assigned = Number(await second.getAttribute('data-shift-id'));
    const driver = (await second.locator('select option:checked').textContent())!.trim();
    await expect.poll(() => showsOpen(page, skipped)).toBe(true);

    await first.getByRole('checkbox').uncheck();
    const total = await rows.count();
    await dialog.getByRole('button', { name: `Assign ${total - 1} shift${total - 1 === 1 ? '' : 's'}` }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    await expect.poll(() => chipOf(page, assigned).textContent()).toContain(driver);
    await expect.poll(() => showsOpen(page, skipped)).toBe(true);
    // Saved, not only drawn: a reload shows the same.
    await page.reload();
    await expect.poll(() => chipOf(page, assigned).textContent(), { timeout: 20_000 }).toContain(driver);
    await expect.poll(() => showsOpen(page, skipped)).toBe(true);
  });

  it('asks before a drag breaks the daily rest: Cancel puts the chip back, Save anyway moves it and marks it', async () => {
    // An empty week (the demo plans up to the end of the week after next), and a Camden driver free every day.
    const monday = addDays(mondayOf(londonToday()), 28);
    const [tue, wed, thu] = [1, 2, 3].map((d) => addDays(monday, d));
    const drivers = (await (await fetch(`${both.server.url}/api/driver?status=10`, { headers: auth })).json()) as {
      id: number; full_name: string; area_ids: { area_id: number }[]; restaurant_ids: unknown[];
    }[];
    const rae = drivers.find((d) => d.area_ids.some((a) => a.area_id === camdenArea) && !d.restaurant_ids.length)!;
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((week_day) => ({ week_day, holiday: 20, start_at: '00:00', stop_at: '23:45' }));
    const set = await fetch(`${both.server.url}/api/driver-update-working-times`, { method: 'POST', headers: auth, body: JSON.stringify({ driver_id: rae.id, default_working_times: everyDay, override_working_time: [] }) });
    expect(set.status).toBe(200);
    const make = async (date: string, start: string, finish: string) => {
      const body = { restaurant_id: restaurant['Bombay Spice'], driver_id: rae.id, period_date: date, start_time: start, finish_time: finish, status: 10 };
      const res = await fetch(`${both.server.url}/api/shift`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    await make(tue, '18:00', '23:00');
    const moving = await make(thu, '08:00', '12:00');

    const page = await open(weekPath(monday));
    const chip = chipOf(page, moving);
    await expect.poll(() => chip.textContent()).toContain(ukDate(thu));
    await expect.poll(() => page.locator('[data-total="Working-time warnings"]').textContent()).toBe('0');
    const drag = async () => {
      const from = (await chip.boundingBox())!;
      const target = (await page.getByRole('button', { name: `Add shift at Bombay Spice on ${ukDate(wed)}` }).boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 5 });
      await page.mouse.move(target.x + target.width / 2, from.y + from.height / 2, { steps: 10 });
      await page.mouse.up();
      return page.getByRole('dialog', { name: 'Working-time rules' });
    };

    const question = await drag();
    await expect.poll(() => question.textContent()).toContain(`${rae.full_name} would have 9 h rest after Tuesday's shift at Bombay Spice (minimum 11 h)`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => chip.textContent()).toContain(ukDate(thu));

    await (await drag()).getByRole('button', { name: 'Save anyway' }).click();
    await expect.poll(() => chip.textContent()).toContain(ukDate(wed));
    await expect.poll(() => chip.textContent()).toContain(BREACH_LABEL);
    await expect.poll(() => page.locator('[data-total="Working-time warnings"]').textContent()).toBe('1');
    await page.reload();
    await expect.poll(() => chipOf(page, moving).textContent(), { timeout: 20_000 }).toContain(`${ukDate(wed)}`);
  });
});
