import type { Page } from 'playwright-core';
import { navLinks } from '../../domain/navigation';
import { ROLE, RESTAURANT_ROLE } from '../../domain/roles';
import { logIn, serverAndBrowser } from '../helpers/e2e';

/**
 * The app runs under its Content-Security-Policy: every screen of every role opens, its live feed connects, and
 * the browser reports no violation (an inline script, an eval, a connection or picture the policy does not allow).
 */
const running = serverAndBrowser();

/** A page that records every policy violation the browser reports, with where it happened. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const context = await running.browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI} at ${location.pathname} (${e.sourceFile}:${e.lineNumber}:${e.columnNumber})`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return { page, violations };
}

describe.each([
  ['admin@demo.test', 'Admin', ROLE.administrator],
  ['restaurant@demo.test', 'Business', RESTAURANT_ROLE],
] as const)('%s', (email, tab, role) => {
  it('opens every screen of its menu with no policy violation, and the live feed connects', async () => {
    const { page, violations } = await watchedPage();
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await logIn(page, running.server.url, email, tab);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    for (const link of navLinks(role)) {
      await page.goto(`${running.server.url}${link.path}`);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${running.server.url}/home`);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    const response = await page.request.get(`${running.server.url}/`);
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
