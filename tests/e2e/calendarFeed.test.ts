import { parseCalendar } from '../helpers/icalendar';
import { logIn, serverAndBrowser } from '../helpers/e2e';

const both = serverAndBrowser();

describe('Calendar subscription on Home', () => {
  it('gives a restaurant account an address that a calendar app can read, and stops it', async () => {
    const { server, browser } = both;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await logIn(page, server.url, 'restaurant@demo.test', 'Business');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${server.url}/home`);
    const panel = page.getByRole('region', { name: 'Calendar subscription' });
    await panel.getByText('No calendar address yet.').waitFor();

    await panel.getByRole('button', { name: 'Create address' }).click();
    const field = panel.getByRole('textbox', { name: /Calendar address/ });
    await field.waitFor();
    const address = await field.inputValue();
    expect(address).toMatch(new RegExp(`^${server.url}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await panel.getByRole('link', { name: 'Add to Calendar' }).getAttribute('href')).toBe(address.replace(/^http:/, 'webcal:'));
    await panel.getByRole('button', { name: 'Copy calendar address' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    // What a calendar app fetches, without any login.
    const feed = await fetch(address);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = parseCalendar(await feed.text());
    expect(calendar.timezones).toEqual(['Europe/London']);
    expect(calendar.events.every((e) => /^Pizza Palace /.test(e.summary))).toBe(true);

    await panel.getByRole('button', { name: 'Stop Address' }).click();
    await panel.getByText('No calendar address yet.').waitFor();
    expect((await fetch(address)).status).toBe(404);
    await context.close();
  });
});
