import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { logIn, serverAndBrowser } from '../helpers/e2e';
import { expectShownFromThumbnail, servedWidth as servedWidthAt } from '../helpers/servedImages';

const both = serverAndBrowser();
let files: string;

beforeAll(async () => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'driver-e2e-'));
  const photo = (width: number, height: number, r: number) =>
    sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 160 } } }).jpeg();
  await photo(2600, 1950, 30).toFile(path.join(files, 'profile.jpg'));
  await photo(3000, 2000, 90).toFile(path.join(files, 'licence-front.jpg'));
  await photo(1200, 800, 150).toFile(path.join(files, 'passport.jpg'));
  await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toFile(path.join(files, 'scan.gif'));
});
afterAll(async () => {
  fs.rmSync(files, { recursive: true, force: true });
});

async function adminPage(): Promise<Page> {
  const context = await both.browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await logIn(page, both.server.url, 'admin@demo.test', 'Admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

const servedWidth = (src: string) => servedWidthAt(both.server.url, src);

async function showAll(page: Page) {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
}

describe('Drivers screen', () => {
  it('registers a driver with photos that come back re-compressed with thumbnails, live on another open list', async () => {
    // Another administrator keeps the full list open: the new driver must appear there by itself.
    const watcher = await adminPage();
    await watcher.goto(`${both.server.url}/drivers`);
    await showAll(watcher);
    await watcher.getByRole('textbox', { name: 'Search drivers' }).fill('rider');
    await watcher.getByText('No drivers found').waitFor();

    const page = await adminPage();
    await page.getByRole('menuitem', { name: 'Drivers' }).click();
    await page.waitForURL(`${both.server.url}/drivers`);
    await page.getByRole('table', { name: 'Drivers' }).waitFor();
    await page.getByRole('button', { name: 'Add Driver' }).click();
    await page.getByRole('menuitem', { name: 'Full driver' }).click();
    const add = page.getByRole('dialog', { name: /Drivers Manual Register/ });
    await add.getByLabel('First Name').fill('Rosa');
    await add.getByLabel('Last Name').fill('Rider');
    await add.getByLabel('E-mail').fill('rosa.rider@mail.test');
    await add.getByLabel('Phone', { exact: true }).fill('07700 900777');
    await add.getByLabel('Date of birth').fill('31/02/1990');
    await add.getByLabel('Postcode').click();
    await expect.poll(() => add.getByText('Date invalid format.').count()).toBe(1);
    await add.getByLabel('Date of birth').fill('28/02/1990');
    await add.getByRole('combobox', { name: 'Areas' }).click();
    await page.getByRole('option', { name: 'Camden (London)' }).click();
    await add.getByLabel('Profile photo file').setInputFiles(path.join(files, 'profile.jpg'));
    await add.getByRole('tab', { name: 'Identity' }).click();
    // A gif is refused on the form, before anything is sent.
    await add.getByLabel('Driving licence (front) file').setInputFiles(path.join(files, 'scan.gif'));
    await expect.poll(() => add.getByRole('alert').textContent()).toBe('Unsupported file type');
    await add.getByLabel('Driving licence (front) file').setInputFiles(path.join(files, 'licence-front.jpg'));
    await add.getByLabel('Right-to-work photo files').setInputFiles(path.join(files, 'passport.jpg'));
    await add.getByRole('button', { name: 'Register' }).click();
    await add.waitFor({ state: 'detached' });

    // The live feed brings the new applicant to the other list.
    await expect.poll(() => watcher.getByRole('row', { name: /Rosa Rider/ }).count()).toBe(1);
    await watcher.context().close();

    // New drivers are applicants, not active yet: the list narrows to the new one among every status, with their
    // Data Full, whatever it showed before.
    await expect.poll(() => page.getByRole('textbox', { name: 'Search drivers' }).inputValue()).toBe('rosa.rider@mail.test');
    const row = page.getByRole('row', { name: /Rosa Rider/ });
    await expect.poll(() => row.count()).toBe(1);
    // 8 of the 24 fields: names, e-mail, phone, date of birth, profile photo, licence front, right to work.
    expect(await row.getByLabel(/^Data Full \d+%$/).textContent()).toBe('33%');
    const avatar = row.locator('img').first();
    await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth ?? 0)).toBeGreaterThan(0);

    // Edit: every photo is displayed from its thumbnail; the stored images are at most 1920 px wide.
    await row.getByRole('button', { name: 'Actions for Rosa Rider' }).click();
    await page.getByRole('menuitem', { name: 'Edit Driver' }).click();
    const edit = page.getByRole('dialog', { name: /Edit Driver/ });
    expect(await edit.getByLabel('Date of birth').inputValue()).toBe('28/02/1990');
    await expectShownFromThumbnail(both.server.url, edit.getByRole('img', { name: 'Profile photo' }));
    await edit.getByRole('tab', { name: 'Identity' }).click();
    const licence = edit.getByRole('img', { name: 'Driving licence (front)' });
    await expect.poll(() => licence.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await servedWidth((await licence.getAttribute('src'))!.replace('/thumb', ''))).toBe(1920);
    const passport = edit.getByRole('img', { name: 'passport.jpg' });
    expect(await servedWidth((await passport.getAttribute('src'))!.replace('/thumb', ''))).toBe(1200);

    // Remove the passport photo and save: it stays removed.
    await edit.getByRole('button', { name: 'Remove passport.jpg' }).click();
    await edit.getByRole('button', { name: 'Accept Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Actions for Rosa Rider' }).click();
    await page.getByRole('menuitem', { name: 'View Driver' }).click();
    const view = page.getByRole('dialog', { name: /View Driver/ });
    expect(await view.getByLabel('First Name').isDisabled()).toBe(true);
    await view.getByRole('tab', { name: 'Identity' }).click();
    await expect.poll(() => view.getByRole('group', { name: 'Right-to-work photos' }).getByText('None').count()).toBe(1);
    await view.getByRole('button', { name: 'Close' }).click();
    await page.context().close();
  });

  it("saves a driver's unavailability and leave, and opens /drivers/{id} on that driver", async () => {
    const page = await adminPage();
    await page.goto(`${both.server.url}/drivers`);
    await page.getByRole('textbox', { name: 'Search drivers' }).fill('driver@demo.test');
    const row = page.getByRole('row', { name: /Dan Driver/ });
    await row.getByRole('button', { name: 'Actions for Dan Driver' }).click();
    await page.getByRole('menuitem', { name: 'Set Unavailability' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit Driver's Unavailability/ });

    // Monday: an overlapping second period is refused with the spec's message, then fixed.
    const monday = dialog.getByRole('group', { name: 'Monday' });
    const periods = await monday.getByRole('combobox', { name: 'Start at' }).count();
    await monday.getByRole('button', { name: 'Add period for Monday' }).click();
    const pick = async (label: string, time: string) => {
      await monday.getByRole('combobox', { name: label }).nth(periods).click();
      await page.getByRole('option', { name: time, exact: true }).click();
    };
    const firstStart = await monday.getByRole('combobox', { name: 'Start at' }).first().textContent();
    await pick('Start at', firstStart!.trim());
    await pick('Stop at', '23:45');
    await expect.poll(() => monday.getByText("Monday 'Start at' has intersection with other period").count()).toBeGreaterThan(0);
    expect(await dialog.getByRole('button', { name: 'Accept Changes' }).isDisabled()).toBe(true);
    await monday.getByRole('button', { name: `Remove Monday period ${periods + 1}` }).click();
    // Tuesday becomes a day off.
    const tuesday = dialog.getByRole('group', { name: 'Tuesday' });
    if ((await tuesday.getByText('Holiday: unavailable all day').count()) === 0) {
      await tuesday.getByRole('switch', { name: 'Holiday' }).first().click();
    }
    await expect.poll(() => tuesday.getByText('Holiday: unavailable all day').count()).toBe(1);

    // Leave: a holiday in the coming days.
    await dialog.getByRole('tab', { name: 'Leave' }).click();
    const today = await dialog.getByRole('heading', { level: 3 }).nth(1).textContent();
    const [d, m, y] = today!.split('/').map(Number);
    const target = new Date(Date.UTC(y, m - 1, d + 3));
    const label = `${String(target.getUTCDate()).padStart(2, '0')}/${String(target.getUTCMonth() + 1).padStart(2, '0')}/${target.getUTCFullYear()}`;
    if (target.getUTCMonth() !== m - 1) await dialog.getByRole('button', { name: 'Next month' }).click();
    await dialog.getByRole('gridcell', { name: new RegExp(`^${label}`) }).click();
    await dialog.getByRole('button', { name: `Make ${label} a holiday` }).click();
    await expect.poll(() => dialog.getByRole('gridcell', { name: `${label}: Holiday` }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Accept Changes' }).click();
    await dialog.waitFor({ state: 'detached' });

    // /drivers/{id} opens the same driver's edit dialog; the saved plan is there when the dialog opens again.
    const id = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user')!);
      const res = await fetch('/api/driver?status=10', { headers: { Authorization: `Bearer ${user.access_token}` } });
      return ((await res.json()) as { id: number; email: string }[]).find((x) => x.email === 'driver@demo.test')!.id;
    });
    await page.goto(`${both.server.url}/drivers/${id}`);
    const edit = page.getByRole('dialog', { name: /Edit Driver/ });
    await expect.poll(() => edit.getByLabel('E-mail').inputValue()).toBe('driver@demo.test');
    await page.waitForURL(`${both.server.url}/drivers`);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Actions for Dan Driver' }).click();
    await page.getByRole('menuitem', { name: 'Set Unavailability' }).click();
    const again = page.getByRole('dialog', { name: /Edit Driver's Unavailability/ });
    await expect.poll(() => again.getByRole('group', { name: 'Tuesday' }).getByText('Holiday: unavailable all day').count()).toBe(1);
    await again.getByRole('tab', { name: 'Leave' }).click();
    if (target.getUTCMonth() !== m - 1) await again.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => again.getByRole('gridcell', { name: `${label}: Holiday` }).count()).toBe(1);
    await page.context().close();
  });
});
