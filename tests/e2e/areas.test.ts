import type { Page } from 'playwright-core';
import { logIn, serverAndBrowser } from '../helpers/e2e';

const both = serverAndBrowser();

const region = (page: Page, name: string) => page.getByRole('region', { name: `Area ${name}`, exact: true });

describe('Areas screen', () => {
  it('lets an administrator add, edit and remove an area, and explains why a busy area stays', async () => {
    const context = await both.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('menuitem', { name: 'Areas' }).click();
    await page.waitForURL(`${both.server.url}/areas`);
    await page.getByRole('heading', { name: 'Areas', level: 1 }).waitFor();

    // Add: the screen moves to the page of the new area.
    await page.getByRole('button', { name: 'Add Area' }).click();
    const add = page.getByRole('dialog', { name: 'Add Area' });
    await add.getByRole('combobox', { name: 'City' }).click();
    await page.getByRole('option', { name: 'London' }).click();
    await add.getByRole('textbox', { name: 'Area Name' }).fill('Wembley Park');
    await add.getByRole('textbox', { name: 'Standard Pay (per hour)' }).fill('11.5');
    await add.getByRole('textbox', { name: 'Weekend Pay (per hour)' }).fill('13');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.waitFor({ state: 'detached' });
    const wembley = region(page, 'Wembley Park');
    await expect.poll(() => wembley.getByRole('cell').allTextContents()).toEqual(['London', 'Wembley Park', '£11.50', '£13.00', '']);
    await expect.poll(() => wembley.getByText('No restaurants found in this area').count()).toBe(1);

    // Edit the pay.
    await wembley.getByRole('button', { name: 'Edit area Wembley Park' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Area' });
    await edit.getByRole('textbox', { name: 'Standard Pay (per hour)' }).fill('12.25');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => wembley.getByRole('cell').nth(2).textContent()).toBe('£12.25');
    await expect.poll(() => wembley.getByRole('cell').nth(3).textContent()).toBe('£13.00');

    // Remove it after the confirmation.
    await wembley.getByRole('button', { name: 'Remove area Wembley Park' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove area Wembley Park?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => wembley.count()).toBe(0);
    await page.getByRole('combobox', { name: 'Select an area' }).click();
    expect(await page.getByRole('option', { name: /^Wembley Park/ }).count()).toBe(0);

    // An area with restaurants and drivers is refused, with the reason.
    await page.getByRole('option', { name: 'Camden (London)' }).click();
    const camden = region(page, 'Camden');
    await camden.getByRole('button', { name: 'Remove area Camden' }).click();
    const refuse = page.getByRole('dialog', { name: 'Remove area Camden?' });
    await refuse.getByRole('button', { name: 'Remove' }).click();
    await expect
      .poll(() => refuse.getByRole('alert').textContent())
      .toMatch(/^Area Camden still has 4 restaurants \(with [\d,]+ shifts\) and \d+ drivers: move them to another area first$/);
    await refuse.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => camden.getByRole('cell', { name: '£12.00' }).count()).toBe(1);
    await context.close();
  });
});
