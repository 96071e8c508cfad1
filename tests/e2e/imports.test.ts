import { logIn, serverAndBrowser } from '../helpers/e2e';
import { IMPORT_MSG } from '../../domain/validation/imports';
import { DRIVER_MSG } from '../../domain/validation/driver';

/**
 * Importing a small mixed file of drivers through the Drivers screen's Import dialog: the columns come guessed, the
 * preview shows each row's result with its message, Import writes the good rows and the list shows them, and the
 * rejected rows come back as a CSV with an error column.
 */
const running = serverAndBrowser();

it('imports the good rows of a mixed CSV and offers the rejected ones back', async () => {
  const context = await running.browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await logIn(page, running.server.url, 'admin@demo.test', 'Admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${running.server.url}/drivers`);

  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import drivers' });
  const csv =
    '\uFEFFForename;Surname;Email;Areas\n' +
    'Imogen;Porter;imogen.porter@import.test;Camden\n' +
    'Ivo;Quill;not-an-email;Camden\n' +
    'Isla;Rook;isla.rook@import.test;Atlantis\n';
  await dialog.getByLabel('CSV or Excel file').setInputFiles({ name: 'drivers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await dialog.getByText('3 rows: 1 new, 0 to update, 0 to skip, 2 rejected.').waitFor();
  // The guessed columns, and each row's message in the form's words.
  await expect.poll(() => dialog.getByLabel('First name *').textContent()).toContain('Forename');
  await dialog.getByRole('cell', { name: `E-mail: ${DRIVER_MSG.validEmail}` }).waitFor();
  await dialog.getByRole('cell', { name: `Areas: ${IMPORT_MSG.unknownArea('Atlantis')}` }).waitFor();

  await dialog.getByRole('button', { name: 'Import 1 drivers' }).click();
  await dialog.getByText('Imported: 1 new, 0 updated, 0 skipped, 2 rejected.').waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download Rejected Rows' }).click()]);
  expect(download.suggestedFilename()).toBe('rejected-drivers.csv');
  const text = await (await download.createReadStream()).toArray();
  const rejected = Buffer.concat(text as Buffer[]).toString('utf8');
  expect(rejected).toContain('Ivo,Quill,not-an-email,Camden');
  expect(rejected).toContain('Import errors');

  await dialog.getByRole('button', { name: 'Close' }).click();
  // New drivers are registered, not yet active, so outside the list's default filter: the list turns at once to
  // every status, newest first, with the imported driver at the top.
  await expect.poll(() => page.getByLabel('Status').textContent()).toContain('All');
  await expect.poll(() => page.getByRole('table', { name: 'Drivers' }).getByRole('row').nth(1).textContent()).toContain('Imogen Porter');
  await context.close();
});
