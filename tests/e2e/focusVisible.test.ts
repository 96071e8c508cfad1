import type { Page } from 'playwright-core';
import { logIn, serverAndBrowser } from '../helpers/e2e';
import { MENU, OPTIONS_LINK, canOpen } from '../../domain/navigation';
import { RESTAURANT_ROLE, ROLE, type PanelRole } from '../../domain/roles';

/**
 * A keyboard user sees where they are (WCAG 2.4.7, 2.4.11): tabbing through the first controls of the login page and
 * of every screen of each role's menu, every focused control looks different from the same control unfocused: a ring of
 * at least 2 px, a text field's focused border, or (for anything else) a rendering that changes when the focus leaves.
 */

const both = serverAndBrowser();
const TABS = 40;

async function newPage(): Promise<Page> {
  const context = await both.browser.newContext({ viewport: { width: 1366, height: 768 } });
  return context.newPage();
}

/** How the focused element shows its focus, or null; its name as a person would say it. */
const focusedState = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const name = (el.getAttribute('aria-label') || el.innerText || el.getAttribute('placeholder') || el.tagName).trim().split('\n')[0].slice(0, 40);
    const style = getComputedStyle(el);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const field = !!el.closest('.MuiInputBase-root.Mui-focused');
    return { name: `${el.getAttribute('role') ?? el.tagName.toLowerCase()} '${name}'`, shown: ring || field };
  });

/** For a control with no ring: its picture (with a margin for a ring) focused, then unfocused, must differ. */
async function changesWhenBlurred(page: Page): Promise<boolean> {
  const box = await page.evaluate(() => {
    const r = (document.activeElement as HTMLElement).getBoundingClientRect();
    return { x: Math.max(0, r.x - 4), y: Math.max(0, r.y - 4), width: r.width + 8, height: r.height + 8 };
  });
  if (box.width <= 8 || box.height <= 8) return false;
  const focused = await page.screenshot({ clip: box, animations: 'disabled' });
  const handle = await page.evaluateHandle(() => document.activeElement as HTMLElement);
  await handle.evaluate((el) => el.blur());
  await page.waitForTimeout(300);
  const blurred = await page.screenshot({ clip: box, animations: 'disabled' });
  await handle.evaluate((el) => el.focus());
  await page.waitForTimeout(100);
  return !focused.equals(blurred);
}

/** Tabs from the top of the page; answers the controls focused without anything to see, and how many were visited. */
async function controlsWithoutFocus(page: Page): Promise<{ missing: string[]; visited: number }> {
  // The keyboard starts from the top of the page: from a mark placed first in it, itself out of the tab order.
  await page.evaluate(() => {
    const mark = document.createElement('div');
    mark.tabIndex = -1;
    mark.id = 'focus-start';
    document.body.prepend(mark);
    mark.focus();
  });
  const missing: string[] = [];
  let visited = 0;
  for (let i = 0; i < TABS; i++) {
    await page.keyboard.press('Tab');
    await page.waitForTimeout(60);
    const state = await focusedState(page);
    if (!state || state.name.includes('focus-start')) break;
    visited++;
    if (!state.shown && !(await changesWhenBlurred(page))) missing.push(state.name);
  }
  return { missing, visited };
}

async function settle(page: Page, path: string) {
  await page.goto(`${both.server.url}${path}`);
  await expect.poll(() => page.getByRole('menu', { name: 'Main menu' }).count()).toBe(1);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(500);
}

describe('keyboard focus', () => {
  it('is seen on every control of the login page', async () => {
    const page = await newPage();
    await page.goto(`${both.server.url}/login`);
    await expect.poll(() => page.getByRole('button', { name: 'Cancel' }).count()).toBe(1);
    const { missing, visited } = await controlsWithoutFocus(page);
    expect(visited).toBeGreaterThanOrEqual(6); // tabs, e-mail, password, Log In, Cancel, Create an account
    expect(missing, 'controls with no visible focus').toEqual([]);
    await page.context().close();
  });

  /** Every screen of the role's menu, and Options where the role has it. */
  const screensOf = (role: PanelRole) => [...MENU, OPTIONS_LINK].filter((link) => canOpen(role, link.path)).map((link) => link.path);

  describe.each([
    ['admin@demo.test', 'Admin', screensOf(ROLE.administrator)],
    ['manager@demo.test', 'Admin', screensOf(ROLE.manager)],
    ['restaurant@demo.test', 'Business', screensOf(RESTAURANT_ROLE)],
  ] as const)('%s', (email, tab, paths) => {
    it('is seen on the top bar, the side menu and the first controls of every screen of its menu', async () => {
      const page = await newPage();
      await logIn(page, both.server.url, email, tab);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const missing: string[] = [];
      for (const path of paths) {
        await settle(page, path);
        const found = await controlsWithoutFocus(page);
        expect(found.visited, path).toBeGreaterThan(5);
        missing.push(...found.missing.map((name) => `${path}: ${name}`));
      }
      expect(missing, 'controls with no visible focus').toEqual([]);

      // A side-menu item pointed at by the mouse does not look focused: the ring is the keyboard's alone.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const item = page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name: 'Invoices' });
      await item.hover();
      expect(await item.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
      await item.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => item.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
      await page.context().close();
    }, 420_000);
  });
});
