import type { Page } from 'playwright-core';
import { logIn, serverAndBrowser } from '../helpers/e2e';

/** A slow server is never shown as an empty one: while a list is on its way, the screen says it is loading. */

const both = serverAndBrowser();
const DELAY_MS = 3000;

/** Holds back every GET answer of the path for 3 s, as a busy server would. */
async function slowDown(page: Page, pattern: RegExp) {
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    await route.continue().catch(() => undefined); // the page may have gone meanwhile
  });
}

describe('a slow answer', () => {
  it('shows Timesheets and the board\'s drivers as loading, never as empty, until the answer comes', async () => {
    const context = await both.browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'en-GB' });
    try {
      const page = await context.newPage();
      await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));

      await slowDown(page, /\/api\/timesheet(\?|$)/);
      await page.goto(`${both.server.url}/timesheet`);
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading timesheets' }).count()).toBe(1);
      expect(await page.getByText('No timesheets for these days and filters').count()).toBe(0);
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading timesheets' }).count()).toBe(0);

      await slowDown(page, /\/api\/driver\?/);
      await page.goto(`${both.server.url}/schedule`);
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading drivers' }).count()).toBe(1);
      expect(await page.getByText('No drivers found').count()).toBe(0);
      // The demo's drivers once the answer comes.
      await expect.poll(() => page.getByRole('button', { name: /^All drivers/ }).count()).toBe(1);
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading drivers' }).count()).toBe(0);
      expect(await page.getByText('No drivers found').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
