import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, logIn, startServer, type RunningServer } from '../helpers/e2e';

/**
 * The shift boards for everyone (WCAG 2.1 AA, axe-core in Chromium): the admin's and the manager's /schedule and a
 * restaurant account's /schedulerestaurant, with and without a shift's dialog open, have no serious or critical
 * violation; and the admin board works by keyboard: Tab reaches the toolbar, the rows and the chips, Enter on a
 * chip opens its menu and the Edit dialog, Escape closes them, and focus comes back to the chip.
 */

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core');

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

async function open(email: string, tab: 'Admin' | 'Business', path: string): Promise<Page> {
  // The app's Content-Security-Policy forbids inline scripts, axe's among them.
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'en-GB', bypassCSP: true });
  contexts.push(context);
  const page = await context.newPage();
  await logIn(page, server.url, email, tab);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.url}${path}`);
  await page.locator('.shift-board .chip').first().waitFor();
  // The board draws its rows a few per task: wait until it is still.
  await page.waitForTimeout(1000);
  return page;
}

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; failureSummary: string }[];
}

/** axe-core's WCAG 2.1 A and AA rules on the page as it is; answers the serious and critical violations. */
async function seriousViolations(page: Page): Promise<Violation[]> {
  // A menu or dialog fading in has the colours of half its opacity: wait until every transition has ended.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = (await page.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations)`)) as Violation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** The violations as a failure message: each rule, its help, and the first nodes with what is wrong. */
const describe_ = (violations: Violation[]) =>
  violations
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}\n${v.nodes.slice(0, 5).map((n) => `  ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`).join('\n')}`)
    .join('\n');

async function expectNoSeriousViolations(page: Page, where: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${where}:\n${describe_(violations)}`).toEqual([]);
}

/** A shift's menu (the app's side menu is a menu too). */
const shiftMenu = (page: Page) => page.getByRole('menu', { name: /^Shift / });

/** What has the focus: its role, its name (aria-label or text) and the shift it shows, if any. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      role: el?.getAttribute('role') ?? el?.tagName.toLowerCase() ?? '',
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 120),
      rowName: !!el?.classList.contains('row-name'),
      shiftId: (el?.classList.contains('fc-event') && el.querySelector<HTMLElement>('.chip')?.dataset.shiftId) || null,
    };
  });

describe('shift boards for everyone', () => {
  it.each([
    ['admin', 'admin@demo.test', 'Admin', '/schedule'],
    ['manager', 'manager@demo.test', 'Admin', '/schedule'],
    ['restaurant account', 'restaurant@demo.test', 'Business', '/schedulerestaurant'],
  ] as const)("the %s's board and a shift's dialog have no serious accessibility violation", async (_who, email, tab, path) => {
    const page = await open(email, tab, path);
    await expectNoSeriousViolations(page, `${path} as ${email}`);

    await page.locator('.shift-board .chip').first().click();
    await shiftMenu(page).waitFor();
    await expectNoSeriousViolations(page, `${path} as ${email}, shift menu open`);
    await page.keyboard.press('Escape');
    await shiftMenu(page).waitFor({ state: 'detached' });

    await page.locator('.shift-board .lane-add').first().click();
    await page.getByRole('dialog').waitFor();
    await expectNoSeriousViolations(page, `${path} as ${email}, new shift dialog open`);
  }, 90_000);

  it('the admin board works by keyboard: Tab reaches the toolbar, the rows and the chips; a chip opens by Enter and closes by Escape, focus back on it', async () => {
    const page = await open('admin@demo.test', 'Admin', '/schedule');
    const seen = { toolbar: false, row: false };
    let chip: Awaited<ReturnType<typeof focused>> | null = null;
    for (let i = 0; i < 250 && !chip; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (now.name === 'Next') seen.toolbar = true;
      if (now.rowName) seen.row = true;
      if (now.shiftId) chip = now;
    }
    expect(seen).toEqual({ toolbar: true, row: true });
    expect(chip, 'Tab never reached a shift chip').not.toBeNull();
    // Named by what it shows first: its times, then its driver.
    expect(chip!.role).toBe('button');
    expect(chip!.name).toMatch(/^\d\d:\d\d–\d\d:\d\d/);

    await page.keyboard.press('Enter');
    await shiftMenu(page).waitFor();
    await page.keyboard.press('Escape');
    await shiftMenu(page).waitFor({ state: 'detached' });
    expect((await focused(page)).shiftId).toBe(chip!.shiftId);

    // Its dialog, from the menu's Edit, by keyboard too.
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /Edit Shift/ });
    await dialog.waitFor();
    await expectNoSeriousViolations(page, '/schedule, Edit Shift dialog open');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).shiftId).toBe(chip!.shiftId);
  }, 90_000);
});
