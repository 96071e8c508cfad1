import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { logIn, serverAndBrowser } from '../helpers/e2e';
import { expectShownFromThumbnail } from '../helpers/servedImages';

const both = serverAndBrowser();
let files: string;

beforeAll(async () => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'restaurant-e2e-'));
  // A wide photo as a phone takes it: the server must bring it down to 1920 px.
  await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toFile(path.join(files, 'logo.jpg'));
  await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .png()
    .toFile(path.join(files, 'new-logo.png'));
});
afterAll(async () => {
  fs.rmSync(files, { recursive: true, force: true });
});

async function newPage(width = 1366, height = 800): Promise<Page> {
  const context = await both.browser.newContext({ viewport: { width, height } });
  return context.newPage();
}

/** Picks a logo file on a restaurant dialog's Additional tab. */
async function pickLogo(dialog: Locator, file: string) {
  await dialog.getByRole('tab', { name: 'Additional' }).click();
  await dialog.getByLabel('Logo file').setInputFiles(path.join(files, file));
}

/** Saves a dialog with its button and waits until it has closed. */
async function submit(dialog: Locator, button: string) {
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('Restaurants screen', () => {
  it('adds a restaurant with a logo, e-mails its login, edits it, and refuses to delete one with history', async () => {
    const page = await newPage();
    await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('menuitem', { name: 'Restaurants' }).click();
    await page.waitForURL(`${both.server.url}/restaurants`);
    await page.getByRole('cell', { name: 'Bombay Spice', exact: true }).waitFor();

    // Add: Main tab, then the logo on the Additional tab.
    await page.getByRole('button', { name: 'Add Restaurant' }).click();
    const add = page.getByRole('dialog', { name: 'Add Restaurant' });
    await add.getByLabel('Restaurant Name').fill('Noodle Nook');
    await add.getByLabel('Contact Name').fill('Mei Lin (Owner)');
    await add.getByLabel('Address', { exact: false }).first().fill('22 Parkway, London');
    await add.getByLabel('Postcode').fill('NW1 7AH');
    await add.getByLabel('Latitude').fill('51.5378');
    await add.getByLabel('Longitude').fill('-0.1445');
    await add.getByRole('combobox', { name: 'Restaurant login e-mail' }).fill('noodle.nook@restaurants.test');
    await add.getByLabel('Business / billing e-mail').fill('accounts@noodlenook.test');
    await add.getByLabel('Telephone').fill('020 7946 0555');
    await add.getByRole('combobox', { name: 'Area' }).click();
    await page.getByRole('option', { name: 'Camden (London)' }).click();
    await add.getByLabel('Mon–Thurs pay per hour').fill('12.75');
    await pickLogo(add, 'logo.jpg');
    await add.getByLabel('Meal').fill('Free noodles after 4 hours');
    await submit(add, 'Send Verification');
    await expect
      .poll(() => page.getByText('Restaurant Noodle Nook added. The login details were e-mailed to noodle.nook@restaurants.test.').count())
      .toBe(1);

    // The new row, found by name.
    await page.getByRole('textbox', { name: 'Restaurant name' }).fill('noodle');
    const row = page.getByRole('row', { name: /Noodle Nook/ });
    await expect.poll(() => row.getByRole('cell').allTextContents()).toEqual([
      'Noodle Nook', '22 Parkway, London, NW1 7AH', 'noodle.nook@restaurants.test', 'Camden', '',
    ]);

    // Edit: the logo came back re-compressed with a thumbnail, and shows.
    await row.getByRole('button', { name: 'Edit Noodle Nook' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Restaurant' });
    await expect.poll(() => edit.getByLabel('Mon–Thurs pay per hour').inputValue()).toBe('12.75');
    await edit.getByRole('tab', { name: 'Additional' }).click();
    const thumb = await expectShownFromThumbnail(both.server.url, edit.getByRole('img', { name: 'Logo' }));

    // Replace the logo and rename.
    await edit.getByLabel('Logo file').setInputFiles(path.join(files, 'new-logo.png'));
    await edit.getByRole('tab', { name: 'Main' }).click();
    await edit.getByLabel('Restaurant Name').fill('Noodle Nook Camden');
    await submit(edit, 'Accept Changes');
    await expect.poll(() => page.getByRole('cell', { name: 'Noodle Nook Camden', exact: true }).count()).toBe(1);
    const replaced = await fetch(new URL(thumb.replace('/thumb', ''), both.server.url));
    expect(replaced.status).toBe(404);

    // Its schedule and its drivers are one click away; a restaurant with history cannot be removed.
    await page.getByRole('textbox', { name: 'Restaurant name' }).fill('Bombay');
    await page.getByRole('button', { name: 'Remove Bombay Spice' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove restaurant Bombay Spice?' });
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect
      .poll(() => remove.getByRole('alert').textContent())
      .toMatch(/^Bombay Spice has [\d,]+ shifts(, | and )[\d,]+ timesheets.*: mark it inactive instead, so they are kept$/);
    await remove.getByRole('button', { name: 'Close' }).click();
    await page.context().close();
  });

  it('lets a restaurant account edit its own restaurant from Home, and keeps the change', async () => {
    const page = await newPage();
    await logIn(page, both.server.url, 'restaurant@demo.test', 'Business');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${both.server.url}/home`);
    await page.getByRole('button', { name: 'Edit profile of Pizza Palace Islington' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Restaurant Profile' });
    expect(await dialog.getByLabel('E-mail').isDisabled()).toBe(true);
    await dialog.getByLabel('Address').fill('1 Upper Street, London');
    await dialog.getByLabel('Postcode').fill('N1 0PN');
    await pickLogo(dialog, 'new-logo.png');
    await dialog.getByLabel('Waiting location').fill('Bench by the door');
    await submit(dialog, 'Accept Changes');
    await expect.poll(() => page.getByRole('row', { name: /Pizza Palace Islington/ }).textContent()).toContain('1 Upper Street, London, N1 0PN');

    // A reload reads the stored restaurant, and the logo is saved on the both.server.
    await page.reload();
    await expect.poll(() => page.getByRole('row', { name: /Pizza Palace Islington/ }).textContent()).toContain('1 Upper Street, London, N1 0PN');
    await page.getByRole('button', { name: 'Edit profile of Pizza Palace Islington' }).click();
    await page.getByRole('tab', { name: 'Additional' }).click();
    const logo = page.getByRole('dialog').getByRole('img', { name: 'Logo' });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.getByRole('dialog').getByLabel('Waiting location').inputValue()).toBe('Bench by the door');
    await page.context().close();
  });
});
