import fs from 'node:fs';
import { loggedInPage, serverAndBrowser } from '../helpers/e2e';
import { readPdf } from '../helpers/pdfText';
import { addDays, londonToday, mondayOf } from '../../domain/dates';

const both = serverAndBrowser();

/** The demo data is built around today: two weeks back, most timesheets are approved and Bombay Spice has no invoice. */
const from = addDays(mondayOf(londonToday()), -14);
const to = addDays(from, 6);
/** A laptop window that keeps the files it downloads. */
const DOWNLOADING = { viewport: { width: 1366, height: 800 }, acceptDownloads: true };
const ukDate = (d: string) => `${d.slice(8)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

describe('Invoices', () => {
  it('lets an administrator request, preview, create, download and remove an invoice', async () => {
    const { context, page } = await loggedInPage(both.browser, both.server.url, 'admin@demo.test', 'Admin', DOWNLOADING);
    await page.getByRole('menuitem', { name: 'Invoices' }).click();
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    await page.goto(`${both.server.url}/invoices?interval=20&from=${from}&to=${to}`);
    const table = page.getByRole('table', { name: 'Invoices' });
    await table.waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(3); // header, 002 and 003
    expect(await page.getByRole('button', { name: 'Request Invoice' }).isDisabled()).toBe(true);

    await page.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('combobox', { name: 'Location' }).fill('Bombay');
    await page.getByRole('option', { name: 'Bombay Spice' }).click();
    await page.getByRole('button', { name: 'Request Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Invoice' });
    const number = dialog.getByRole('textbox', { name: 'Invoice number' });
    await expect.poll(() => number.inputValue()).toBe('004');
    expect(await dialog.getByRole('textbox', { name: 'Commission' }).inputValue()).toBe('1.50');
    expect(await dialog.getByText(`Bombay Spice · ${ukDate(from)} – ${ukDate(to)}`).count()).toBe(1);

    // The spec's message, then back to a valid number.
    await number.fill('');
    await number.blur();
    await dialog.getByText('Invoice number is required').waitFor();
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await number.fill('004');

    // Preview: the document as it would be, in a new tab; nothing is issued.
    const previewCall = page.waitForResponse((r) => r.url().includes('/api/invoice-generate') && !r.url().includes('create_invoice'));
    const tabOpened = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    expect((await previewCall).status()).toBe(200);
    const tab = await tabOpened;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    // The tab shows a blob of the app's origin: read it back from the app's page.
    const previewBytes = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), tab.url());
    const previewText = (await readPdf(Uint8Array.from(previewBytes))).pageTexts.join('\n');
    expect(previewText).toContain('INVOICE PREVIEW');
    expect(previewText).toContain('Bombay Spice');
    await tab.close();
    expect(await dialog.isVisible()).toBe(true);

    // Create: the invoice is issued and its PDF saved.
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const created = await download;
    expect(created.suggestedFilename()).toBe(`004_${from}-${to}.pdf`);
    const createdBytes = fs.readFileSync((await created.path())!);
    const createdText = (await readPdf(createdBytes)).pageTexts.join('\n');
    expect(createdText).toContain('Invoice number\n004');
    expect(createdText).toContain(`${ukDate(from)} – ${ukDate(to)}`);
    expect(createdText).toMatch(/Total due\n£[\d,]+\.\d\d/);
    await dialog.waitFor({ state: 'detached' });

    // The list shows it; Download answers the stored document.
    const row = table.getByRole('row').filter({ hasText: 'Bombay Spice' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('004');
    const again = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download invoice 004' }).click();
    const downloaded = await again;
    expect(downloaded.suggestedFilename()).toBe('Invoice 004.pdf');
    expect(fs.readFileSync((await downloaded.path())!).equals(createdBytes)).toBe(true);

    // A second invoice with the same number is refused on the field.
    await page.getByRole('button', { name: 'Request Invoice' }).click();
    await dialog.getByLabel('Overlapping invoices').getByText(`Invoice 004: ${ukDate(from)} – ${ukDate(to)}`).waitFor();
    await expect.poll(() => number.inputValue()).toBe('005');
    await number.fill('004');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Invoice number 004 is already taken').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Remove it.
    await row.getByRole('button', { name: 'Remove invoice 004' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove invoice 004?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row.count()).toBe(0);
    await context.close();
  });

  it("shows a restaurant account its own invoices with View and Download only", async () => {
    const phone = { viewport: { width: 390, height: 844 }, acceptDownloads: true };
    const { context, page } = await loggedInPage(both.browser, both.server.url, 'restaurant@demo.test', 'Business', phone);
    await page.goto(`${both.server.url}/invoicesrestaurant?interval=40&from=${addDays(from, -14)}&to=${addDays(from, 13)}`);
    const list = page.getByRole('list', { name: 'Invoices' });
    await list.waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2); // 001 and 002; 003 is another restaurant's
    const card = list.getByRole('listitem', { name: 'Invoice 001' });
    expect(await card.getByRole('button').count()).toBe(1);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download invoice 001' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Invoice 001.pdf');
    expect((await readPdf(fs.readFileSync((await file.path())!))).pageTexts.join('\n')).toContain('Pizza Palace Camden');
    await context.close();
  });
});

describe('Reporting', () => {
  it('shows a manager the cancelled shifts of the week with a chart, other reports, and a CSV download', async () => {
    const { context, page } = await loggedInPage(both.browser, both.server.url, 'manager@demo.test', 'Admin', DOWNLOADING);
    await page.getByRole('menuitem', { name: 'Reporting' }).click();
    await page.getByRole('heading', { name: 'Reporting', level: 1 }).waitFor();
    await page.goto(`${both.server.url}/reporting?interval=30&from=${from}&to=${addDays(from, 13)}`);
    const table = page.getByRole('table', { name: 'Shift Cancelled/Bonus Added' });
    await table.waitFor();
    expect(await page.getByTestId('report-bar').count()).toBe(14);
    const total = table.getByRole('row').last();
    expect(await total.getByRole('cell').first().textContent()).toBe('Total');
    // Only the manager's restaurants (Camden and Islington).
    const restaurants = await table.getByRole('row').locator('td:nth-child(6)').allTextContents();
    expect(restaurants.filter(Boolean).length).toBeGreaterThan(0);
    for (const name of restaurants.filter(Boolean)) {
      expect(['Pizza Palace Camden', 'Bombay Spice', 'The Burger Shack', 'Sushi Kaito', 'Pizza Palace Islington', 'Golden Dragon', 'Mezze House', 'Taco Loco']).toContain(name);
    }

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV' }).click();
    const csv = await download;
    expect(csv.suggestedFilename()).toBe(`report_shiftsCancelled_${from}-${addDays(from, 13)}.csv`);
    const text = fs.readFileSync((await csv.path())!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('\ufeffDate,Driver,Amount Charged,Amount Paid,Difference,Restaurant,Shift Time,Created Date,Comment,Creator');
    expect(text).toContain('\r\nTotal,,');

    await page.getByRole('combobox', { name: 'Report' }).click();
    await page.getByRole('option', { name: 'Drivers Inactive with Cancellation Fee' }).click();
    await page.getByText('Nothing to report in this period').or(page.getByRole('table', { name: 'Drivers Inactive with Cancellation Fee' })).waitFor();
    await context.close();
  });
});
