import type { Page } from 'playwright-core';
import { loggedInPage, serverAndBrowser } from '../helpers/e2e';
import { ACCOUNTS, WIDTHS, pageSidewaysScroll, seriousAxeViolations } from '../helpers/axe';
import { DIALOG_SCREENS, checkDialog, closeLayers, screenshotFolder } from '../helpers/dialogWalk';
import { navLinks } from '../../domain/navigation';
import { RESTAURANT_ROLE, type PanelRole } from '../../domain/roles';

/**
 * Every screen and every dialog of every role, on a laptop and on a phone's width: no serious or critical
 * accessibility failure (axe-core, WCAG 2.1 AA), the page never scrolls sideways as a whole (wide tables scroll in
 * their own boxes), and on a phone no dialog is wider than the window or cuts off its buttons.
 * DIALOG_SCREENSHOTS=<folder> keeps a screenshot of each dialog.
 */
const both = serverAndBrowser();

const screensOf = (role: PanelRole) => [...navLinks(role).map((l) => l.path), '/home', ...(role === RESTAURANT_ROLE ? [] : ['/options'])];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[role=progressbar]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => {});
}

async function check(page: Page, where: string, failures: string[]) {
  for (const v of await seriousAxeViolations(page)) failures.push(`${where}: ${v}`);
  const sideways = await pageSidewaysScroll(page);
  if (sideways > 0) failures.push(`${where}: the page scrolls ${sideways}px sideways`);
}

/** What fails on these screens, each opened by its address and checked once it has settled. */
async function screenFailures(page: Page, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    await page.goto(both.server.url + path);
    await settle(page);
    await check(page, path, failures);
  }
  return failures;
}

describe.each(WIDTHS)('on a $name ($width px)', ({ width, height }) => {
  it('the logged-out pages', async () => {
    const page = await (await both.browser.newContext({ bypassCSP: true, viewport: { width, height } })).newPage();
    expect(await screenFailures(page, ['/login', '/registration'])).toEqual([]);
  });

  it.each(ACCOUNTS)('every screen of %s', async (email, tab, role) => {
    const { page } = await loggedInPage(both.browser, both.server.url, email, tab, { bypassCSP: true, viewport: { width, height } });
    expect(await screenFailures(page, screensOf(role))).toEqual([]);
  });

  it.each(ACCOUNTS)('every dialog of %s', async (email, tab, role) => {
    const { page } = await loggedInPage(both.browser, both.server.url, email, tab, { bypassCSP: true, viewport: { width, height } });
    page.setDefaultTimeout(10_000);
    const shots = width < 600 ? screenshotFolder() : undefined;
    const failures: string[] = [];
    for (const screen of DIALOG_SCREENS.filter((s) => s.roles.includes(role))) {
      await page.goto(both.server.url + screen.path);
      await settle(page);
      await screen.prepare?.(page, width < 600, email);
      for (const step of screen.dialogs.filter((d) => !d.roles || d.roles.includes(role))) {
        const where = `${email.split('@')[0]} ${width}px ${screen.path} ${step.name}`;
        failures.push(...(await checkDialog(page, step, where, shots).catch((error: Error) => [`${where}: could not be opened (${error.message.split('\n')[0]})`])));
        await closeLayers(page);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
