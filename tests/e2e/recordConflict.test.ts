import { apiToken, demoRestaurants, logIn, serverAndBrowser } from '../helpers/e2e';
import { addDays, londonToday, mondayOf } from '../../domain/dates';
import { SHIFT_STATUS } from '../../domain/statuses';
import { conflictMessage } from '../../domain/versions';
import type { ShiftRecord } from '../../domain/shifts';

const both = serverAndBrowser();
// An empty week: the demo plans shifts up to the end of the week after next.
const MON = addDays(mondayOf(londonToday()), 42);
const WED = addDays(MON, 2);
const SUN = addDays(MON, 6);

async function api<T>(method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${both.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A shift's fields as a save sends them back. */
const saveBody = (s: ShiftRecord, extra: Record<string, unknown>) => ({
  id: s.id, restaurant_id: s.restaurant_id, driver_id: s.driver_id ?? 0, period_date: s.period_date, start_time: s.start_time,
  finish_time: s.finish_time, status: s.status, cost_bonus: s.cost_bonus, cost_extra_bonus: s.cost_extra_bonus ?? 0,
  fuel_bonus_0: s.fuel_bonus_0, fuel_bonus_3: s.fuel_bonus_3, fuel_bonus_6: s.fuel_bonus_6, extra_request: s.extra_request,
  comment: s.comment, push_drivers: 20, updated_at: s.updated_at, ...extra,
});

describe('Two people editing one shift', () => {
  it('refuses the later save from an old form in the dialog, names who changed it, and Reload brings their change in', async () => {
    const admin = await apiToken(both.server.url);
    const manager = await apiToken(both.server.url, 'manager@demo.test');
    const { ids, camdenArea } = await demoRestaurants(both.server.url, admin);
    const bombay = ids['Bombay Spice'];
    const made = await api<ShiftRecord>('POST', '/api/shift', admin, {
      restaurant_id: bombay, driver_id: 0, period_date: WED, start_time: '12:00', finish_time: '16:00', cost_bonus: 0, cost_extra_bonus: 0,
      fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0, extra_request: 0, comment: 'As planned', status: SHIFT_STATUS.new, push_drivers: 20,
    });

    const context = await both.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${both.server.url}/schedule?location=a${camdenArea}&interval=20&from=${MON}&to=${SUN}`);
    const chip = page.locator(`td.fc-timeline-lane[data-resource-id="${bombay}"] .chip`, { hasText: '12:00–16:00' });
    await chip.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit Shift/ });
    const comment = dialog.getByLabel('Comment');
    await expect.poll(() => comment.inputValue()).toBe('As planned');
    await comment.fill('Bring the big bag');

    // Meanwhile the manager changes the same shift through the API, from the version the dialog was opened with.
    const theirs = await api<ShiftRecord>('PUT', `/api/shift/${made.id}`, manager, saveBody(made, { comment: 'Two drivers needed', cost_bonus: 5 }));
    const me = await api<{ user: { first_name: string; last_name: string } }>('GET', '/api/auth/me', manager);
    const expected = conflictMessage('shifts', `${me.user.first_name} ${me.user.last_name}`, theirs.updated_at!);

    await dialog.getByRole('button', { name: 'Save' }).click();
    const notice = dialog.getByTestId('record-conflict');
    await expect.poll(() => notice.textContent()).toContain(expected);
    // The dialog stays open with what was typed, and the manager's change stands.
    expect(await comment.inputValue()).toBe('Bring the big bag');
    expect((await api<ShiftRecord>('GET', `/api/shift/${made.id}`, admin)).comment).toBe('Two drivers needed');
    expect(await page.getByText(expected).count()).toBe(1);

    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => comment.inputValue()).toBe('Two drivers needed');
    expect(await dialog.getByLabel('Add Driver Bonus (£)').inputValue()).toBe('5');
    expect(await notice.count()).toBe(0);

    await comment.fill('Two drivers needed, bring the big bag');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await api<ShiftRecord>('GET', `/api/shift/${made.id}`, admin);
    expect(saved).toMatchObject({ comment: 'Two drivers needed, bring the big bag', cost_bonus: 5 });
    expect(saved.updated_at! > theirs.updated_at!).toBe(true);
    await context.close();
  });
});
