import type { Page } from 'playwright-core';
import { logIn, serverAndBrowser } from '../helpers/e2e';
import { ACCOUNTS, WIDTHS, seriousAxeViolations } from '../helpers/axe';
import { OFFICE_STATES, closeLayers } from '../helpers/officeStates';
import type { PanelRole } from '../../domain/roles';

/**
 * The states a working office sees, for every role on a laptop and on a phone's width: unread alerts and their
 * list, forms showing their messages, a refusal from the server in a dialog, lists loading and empty, the board's
 * chip and day menus, the Undo snackbar and an expanded History row. No serious or critical accessibility failure
 * (axe-core, WCAG 2.1 AA) in any of them. Prints, per role and width, the states seen and what was found.
 */
const both = serverAndBrowser();


const seen: { account: string; width: number; state: string; found: string }[] = [];
afterAll(() => {
  if (seen.length) console.log(`Accessibility of the office's states\n${table(seen)}`);
});

function table(rows: typeof seen): string {
  const head = { account: 'account', width: 'width', state: 'state', found: 'serious/critical' };
  const cells = [head, ...rows.map((r) => ({ ...r, width: `${r.width}px` }))];
  const widths = (['account', 'width', 'state'] as const).map((k) => Math.max(...cells.map((c) => String(c[k]).length)));
  return cells.map((c) => `${String(c.account).padEnd(widths[0])}  ${String(c.width).padEnd(widths[1])}  ${String(c.state).padEnd(widths[2])}  ${c.found}`).join('\n');
}

/** What covers the screen when a state cannot be reached (a dialog left open), to say why. */
const openLayers = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('[role=dialog], [role=menu], [role=presentation].MuiPopover-root, .MuiSnackbar-root')].map((e) => e.getAttribute('aria-label') || e.textContent?.slice(0, 60)).join(' | ') || 'nothing');

async function walk(page: Page, email: string, role: PanelRole, width: number): Promise<string[]> {
  const ctx = { url: both.server.url, phone: width < 600 };
  const failures: string[] = [];
  const account = email.split('@')[0];
  for (const state of OFFICE_STATES.filter((s) => s.roles.includes(role))) {
    const where = `${account} ${width}px ${state.name}`;
    let found: string[];
    try {
      await state.enter(page, ctx);
      found = await seriousAxeViolations(page);
    } catch (error) {
      if (process.env.STATE_SHOTS) await page.screenshot({ path: `${process.env.STATE_SHOTS}/${where.replace(/\W+/g, '-')}.png` });
      found = [`could not be reached (${(error as Error).message.split('\n')[0]}; open: ${await openLayers(page)})`];
    }
    await (state.leave ?? closeLayers)(page, ctx).catch((error: Error) => found.push(`could not be left (${error.message.split('\n')[0]})`));
    await closeLayers(page);
    seen.push({ account, width, state: state.name, found: found.length ? found.join('; ') : 'none' });
    failures.push(...found.map((f) => `${where}: ${f}`));
  }
  return failures;
}

describe.each(WIDTHS)('on a $name ($width px)', ({ width, height }) => {
  it.each(ACCOUNTS)('the states %s sees', async (email, tab, role) => {
    const page = await (await both.browser.newContext({ bypassCSP: true, viewport: { width, height } })).newPage();
    page.setDefaultTimeout(10_000);
    await logIn(page, both.server.url, email, tab);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    const failures = await walk(page, email, role, width);
    await page.context().close();
    expect(failures).toEqual([]);
  }, 180_000);
});
