import type { Page } from 'playwright-core';
import { ALERTS_BELL, logIn, serverAndBrowser } from '../helpers/e2e';
import { navLinks } from '../../domain/navigation';
import { ROLE, RESTAURANT_ROLE, type PanelRole } from '../../domain/roles';
import { MSG } from '../../domain/messages';

const both = serverAndBrowser();

async function newPage(): Promise<Page> {
  const context = await both.browser.newContext({ viewport: { width: 1366, height: 768 } });
  return context.newPage();
}

const menuLabels = (page: Page) =>
  page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem').allTextContents();

describe.each([
  ['admin@demo.test', 'Admin', ROLE.administrator, '/schedule'],
  ['manager@demo.test', 'Admin', ROLE.manager, '/schedule'],
  ['restaurant@demo.test', 'Business', RESTAURANT_ROLE, '/schedulerestaurant'],
] as const)('%s', (email, tab, role: PanelRole, landing) => {
  it('logs in and sees exactly the shell of its role', async () => {
    const page = await newPage();
    await logIn(page, both.server.url, email, tab);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await expect.poll(() => menuLabels(page)).toEqual(navLinks(role).map((l) => l.label));
    const staff = role !== RESTAURANT_ROLE;
    // Every account has the bell: staff for the office's alerts, a restaurant account for its own late drivers and no-shows.
    expect(await page.getByRole('button', { name: ALERTS_BELL }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Options' }).count()).toBe(staff ? 1 : 0);

    // A logged-in visitor of /login is sent to its schedule.
    await page.goto(`${both.server.url}/login`);
    await page.waitForURL(`${both.server.url}${landing}`);

    // Home shows the account; a restaurant account also its restaurants.
    await page.goto(`${both.server.url}/home`);
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });
});

describe('route guard', () => {
  it('sends a visitor without a login to /login with the message, and / to the news feed after login', async () => {
    const page = await newPage();
    await page.goto(`${both.server.url}/timesheet`);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('loginError'));
    await expect.poll(() => page.getByText(MSG.pleaseLogIn).count()).toBeGreaterThan(0);
    // One redirect, not a loop that piles up history entries.
    expect(await page.evaluate(() => window.history.length)).toBeLessThan(5);

    await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${both.server.url}/`);
    await page.waitForURL(`${both.server.url}/newsfeed`);
    await page.context().close();
  });

  it('shows the 401 message for wrong credentials', async () => {
    const page = await newPage();
    await page.goto(`${both.server.url}/login`);
    await page.getByRole('tab', { name: 'Admin' }).click();
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByText(MSG.incorrectLogins).count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('first load', () => {
  it('shows the tab icon the page links to, with no missing file on a first visit', async () => {
    const page = await newPage();
    const missing: string[] = [];
    page.on('response', (res) => { if (res.status() >= 400) missing.push(`${res.status()} ${res.url()}`); });
    page.on('console', (message) => { if (message.type() === 'error') missing.push(message.text()); });
    await page.goto(`${both.server.url}/login`);
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).count()).toBe(1);

    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/favicon.svg');
    const icon = await page.request.get(`${both.server.url}${href}`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/image\/svg\+xml/);
    // The browser asks for the icon by itself after the page loads: give it the time to.
    await page.waitForTimeout(1000);
    expect(missing).toEqual([]);
    await page.context().close();
  });
});

describe('login page', () => {
  it('opens the registration page on the first click of its link, even while the e-mail typed is not valid', async () => {
    const page = await newPage();
    await page.goto(`${both.server.url}/login`);
    await page.getByLabel('Email').fill('not-an-email');
    // The click itself takes the focus from the field: whatever the field then says must not move the link away.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((url) => url.pathname === '/registration', { timeout: 5000 });
    await page.context().close();
  });
});
