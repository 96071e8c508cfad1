import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { addDays, londonToday } from '../../domain/dates';
import { INTERVAL, rangeFor } from '../../domain/ranges';
import { reportCsv, splitAmount, withTimesheetFees, type ReportRow, type ReportTimesheet } from '../../domain/reports';
import { NO_ROWS } from '../../src/pages/reporting/ReportingPage';
import { LATE_REPORT, type LateReport } from '../../domain/lateNoShows';
import { ADMIN, MANAGER, RESTAURANT, mockApi, renderAppAt, storeUser, type ApiCall } from './harness';

vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const week = rangeFor(INTERVAL.week, londonToday());
const day = (n: number) => addDays(week.from, n);

/** A record as the server answers it, its amount (fee negative, bonus positive) split into charged, paid and difference. */
const row = (over: Partial<ReportRow>): ReportRow => ({
  key: 'r1', shift_id: 101, timesheet_id: null, period_date: day(0), cost: -62.5, driver_id: 5, restaurant_id: 7, start_time: '17:00', finish_time: '22:00',
  created_at: '2026-06-01T16:05:00.000Z', updated_at: '2026-06-01T16:05:00.000Z', comment_cancelled: 'Driver ill', moderator_id: 1,
  ...splitAmount(over.cost ?? -62.5), event: 10, driver_name: 'Dan Driver', restaurant_name: 'Pizza Palace Camden', moderator_name: 'Alice Admin', ...over,
});
const CANCELLED = [row({}), row({ key: 'r2', shift_id: 102, timesheet_id: 10, period_date: day(2), cost: 10, event: 40, comment_cancelled: '=Bonus for cover' })];
const FEES: ReportTimesheet[] = [
  { id: 9, shift_id: 103, modified_shift_id: null, restaurant_id: 7, driver_id: 6, period_date: day(1), start_time: '18:00', finish_time: '23:00', cost_extra_bonus: 15, comment: 'Stood down', updated_at: '2026-06-02T22:00:00.000Z', driver_name: 'Ann Smith', restaurant_name: 'Pizza Palace Camden' },
  // Already told by the reporting record r2 (the bonus set on its approval): not added twice.
  { id: 10, shift_id: 102, modified_shift_id: null, restaurant_id: 7, driver_id: 5, period_date: day(0), start_time: '17:00', finish_time: '22:00', cost_extra_bonus: 5, comment: null, updated_at: null, driver_name: 'Dan Driver', restaurant_name: 'Pizza Palace Camden' },
];
const EXTRA = [row({ key: 'r7', event: 20, cost: 55, comment_cancelled: 'Extra driver' })];

/** The files the page downloads, caught: each one's contents and the name it is saved under. */
function catchDownloads(): { blobs: Blob[]; names: string[] } {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), `blob:test/${blobs.length}`));
  URL.revokeObjectURL = vi.fn();
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

/** jsdom's Blob has no arrayBuffer(); its FileReader reads it. */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

type Handler = (call: ApiCall) => { status?: number; body?: unknown } | undefined;

function api(extra: Handler = () => undefined) {
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path.startsWith('/api/reporting/shiftsCancelled?')) return { body: CANCELLED };
    if (call.path.startsWith('/api/timesheet?')) return { body: FEES };
    if (call.path.startsWith('/api/reporting/extraRequest?')) return { body: EXTRA };
    return undefined;
  });
}

async function openReporting(extra?: Handler, user = ADMIN) {
  const calls = api(extra);
  storeUser(user);
  renderAppAt('/reporting');
  if (user !== RESTAURANT) await screen.findByRole('heading', { name: 'Reporting', level: 1 });
  return { calls, u: userEvent.setup() };
}

const reportCalls = (calls: ApiCall[]) => calls.filter((c) => c.path.startsWith('/api/reporting/') || c.path.startsWith('/api/timesheet')).map((c) => c.path);

describe('Reporting screen', () => {
  it('opens on the cancelled/bonus report of the current week, with coloured rows, the timesheet fees and a Total row', async () => {
    const { calls } = await openReporting();
    const table = await screen.findByRole('table', { name: 'Shift Cancelled/Bonus Added' });
    const q = `period_date_from=${week.from}&period_date_to=${week.to}`;
    expect(reportCalls(calls).sort()).toEqual([`/api/reporting/shiftsCancelled?${q}`, `/api/timesheet?${q}&for_reports=1`]);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date', 'Driver', 'Amount Charged', 'Amount Paid', 'Difference', 'Restaurant', 'Shift Time', 'Created Date', 'Comment', 'Creator',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 5).map((c) => c.textContent))).toEqual([
      // A fee charged to Dan on Cancel Shift, a bonus paid to Ann (her timesheet) and to Dan (set on approval).
      // Money in pounds with two decimals.
      [`${day(0).slice(8)}/${day(0).slice(5, 7)}/${day(0).slice(0, 4)}`, 'Dan Driver', '£62.50', '£0.00', '£62.50'],
      [`${day(1).slice(8)}/${day(1).slice(5, 7)}/${day(1).slice(0, 4)}`, 'Ann Smith', '£0.00', '£15.00', '-£15.00'],
      [`${day(2).slice(8)}/${day(2).slice(5, 7)}/${day(2).slice(0, 4)}`, 'Dan Driver', '£0.00', '£10.00', '-£10.00'],
      ['Total', '', '£62.50', '£25.00', '£37.50'],
    ]);
    expect(rows.slice(0, 3).map((r) => r.getAttribute('data-sign'))).toEqual(['positive', 'negative', 'negative']);
    expect(within(rows[0]).getByText('17:00 - 22:00')).toBeInTheDocument();
    expect(within(rows[0]).getByText('01/06/2026 17:05')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Alice Admin')).toBeInTheDocument();
    // The chart: one bar per day of the week.
    expect(screen.getByRole('img', { name: /Difference per day/ })).toBeInTheDocument();
    expect(screen.getAllByTestId('report-bar')).toHaveLength(7);
  });

  it('fetches another report once, keeps it while the range stays, and reloads on a new range', async () => {
    const { calls, u } = await openReporting();
    await screen.findByRole('table', { name: 'Shift Cancelled/Bonus Added' });
    await u.click(screen.getByRole('combobox', { name: 'Report' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Shift Cancelled/Bonus Added', 'Extra Request', 'Charge Removed', 'Drivers Inactive with Cancellation Fee', 'Late and no-shows',
    ]);
    await u.click(screen.getByRole('option', { name: 'Extra Request' }));
    const table = await screen.findByRole('table', { name: 'Extra Request' });
    expect(within(table).getByText('Extra driver')).toBeInTheDocument();
    expect(within(table).queryByText('Total')).not.toBeInTheDocument();
    const before = reportCalls(calls).length;
    await u.click(screen.getByRole('combobox', { name: 'Report' }));
    await u.click(screen.getByRole('option', { name: 'Shift Cancelled/Bonus Added' }));
    await screen.findByRole('table', { name: 'Shift Cancelled/Bonus Added' });
    expect(reportCalls(calls).length).toBe(before);

    await u.click(screen.getByRole('button', { name: 'Next' }));
    const next = rangeFor(INTERVAL.week, addDays(week.from, 7));
    await waitFor(() => expect(reportCalls(calls)).toContain(`/api/reporting/shiftsCancelled?period_date_from=${next.from}&period_date_to=${next.to}`));
  });

  it('says so when there is nothing to report, and offers Retry on a failure', async () => {
    let fail = true;
    await openReporting((c) => {
      if (c.path.startsWith('/api/reporting/chargeRemoved')) return fail ? { status: 500, body: { message: 'Something went wrong on the server' } } : { body: [] };
      return undefined;
    });
    const u = userEvent.setup();
    await u.click(screen.getByRole('combobox', { name: 'Report' }));
    await u.click(screen.getByRole('option', { name: 'Charge Removed' }));
    expect(await screen.findByText('Something went wrong on the server')).toBeInTheDocument();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(NO_ROWS)).toBeInTheDocument();
    // The downloads say why they wait.
    const downloads = screen.getByRole('group', { name: 'Download the table' });
    expect(within(downloads).getByRole('button', { name: /CSV/ })).toBeDisabled();
    expect(downloads).toHaveAccessibleDescription('No rows to download in this range');
    expect(screen.getByRole('button', { name: 'CSV' })).toBeDisabled();
  });

  it('shows the recorded rows when the server has no timesheet report call', async () => {
    await openReporting((c) => (c.path.startsWith('/api/timesheet?') ? { status: 404, body: { message: 'Not found' } } : undefined));
    const table = await screen.findByRole('table', { name: 'Shift Cancelled/Bonus Added' });
    expect(within(table).getAllByRole('row')).toHaveLength(4); // header, two rows, Total
  });

  it('downloads the table as CSV and as a spreadsheet', async () => {
    const { blobs, names } = catchDownloads();
    const { u } = await openReporting();
    await screen.findByRole('table', { name: 'Shift Cancelled/Bonus Added' });
    await u.click(screen.getByRole('button', { name: 'CSV' }));
    await u.click(screen.getByRole('button', { name: 'XLS' }));
    await waitFor(() => expect(names).toHaveLength(2));
    const stem = `report_shiftsCancelled_${week.from}-${week.to}`;
    expect(names).toEqual([`${stem}.csv`, `${stem}.xlsx`]);

    // Read as bytes: a text reader would drop the byte-order mark the file starts with.
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await readBytes(blobs[0]));
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    expect(csv).toBe('\ufeff' + reportCsv(withTimesheetFees(CANCELLED, FEES), true));
    expect(csv.split('\r\n')[0]).toBe('\ufeffDate,Driver,Amount Charged,Amount Paid,Difference,Restaurant,Shift Time,Created Date,Comment,Creator');
    expect(csv).toContain('Ann Smith,0.00,15.00,-15.00');
    expect(csv).toContain('Total,,62.50,25.00,37.50');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await readBytes(blobs[1]));
    const sheet = workbook.getWorksheet('Report')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'Driver', 'Amount Charged', 'Amount Paid', 'Difference', 'Restaurant', 'Shift Time', 'Created Date', 'Comment', 'Creator']);
    expect(sheet.getCell('C2').value).toBe(62.5);
    expect(sheet.getCell('C2').numFmt).toContain('£');
    expect(sheet.getCell('B3').value).toBe('Ann Smith');
    // A comment typed as a formula is text in both files, never a live formula.
    expect(csv).toContain(",'=Bonus for cover,");
    expect(sheet.getCell('I4').value).toBe("'=Bonus for cover");
    expect(sheet.getCell('A5').value).toBe('Total');
    expect(sheet.getCell('E5').value).toBe(37.5);
  });

  it("downloads each table of 'Late and no-shows' as CSV and as a spreadsheet, names typed as formulas kept as text", async () => {
    const { blobs, names } = catchDownloads();
    const line = (id: number, name: string, late: number, no_show: number, minutes_late: number, average_minutes_late: number | null) => ({ id, name, late, no_show, minutes_late, average_minutes_late });
    const report: LateReport = {
      from: week.from,
      to: week.to,
      by_driver: [line(5, '=HYPERLINK("http://x.test","Dan")', 1, 2, 25, 25), line(6, 'Ann Smith', 0, 1, 0, null)],
      by_restaurant: [line(7, 'Pizza Palace Camden', 1, 3, 25, 25)],
      by_day: [{ date: week.from, late: 1, no_show: 3 }],
    };
    const { u } = await openReporting((c) => (c.path.startsWith(`${LATE_REPORT.path}?`) ? { body: report } : undefined));
    await u.click(screen.getByRole('combobox', { name: 'Report' }));
    await u.click(screen.getByRole('option', { name: LATE_REPORT.label }));
    await screen.findByRole('table', { name: 'Late and no-shows by driver' });
    const drivers = screen.getByRole('group', { name: 'Download by driver' });
    await u.click(within(drivers).getByRole('button', { name: 'CSV' }));
    await u.click(within(drivers).getByRole('button', { name: 'XLS' }));
    await u.click(within(screen.getByRole('group', { name: 'Download by restaurant' })).getByRole('button', { name: 'XLS' }));
    await waitFor(() => expect(names).toHaveLength(3));
    expect(names).toEqual([
      `late-and-no-shows-by-driver-${week.from}-${week.to}.csv`,
      `late-and-no-shows-by-driver-${week.from}-${week.to}.xlsx`,
      `late-and-no-shows-by-restaurant-${week.from}-${week.to}.xlsx`,
    ]);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await readBytes(blobs[0]));
    expect(csv).toContain(`"'=HYPERLINK(""http://x.test"",""Dan"")",1,2,25,25`);

    const sheetOf = async (blob: Blob) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await readBytes(blob));
      return workbook.worksheets[0];
    };
    const byDriver = await sheetOf(blobs[1]);
    expect(byDriver.name).toBe('By driver');
    expect(byDriver.getRow(1).values).toEqual([undefined, 'Driver', 'Late', 'No-shows', 'Minutes late', 'Average minutes late']);
    // A name typed as a formula is text, never a live formula; the counts are numbers.
    expect(byDriver.getCell('A2').value).toBe(`'=HYPERLINK("http://x.test","Dan")`);
    expect(byDriver.getRow(2).values).toEqual([undefined, `'=HYPERLINK("http://x.test","Dan")`, 1, 2, 25, 25]);
    expect(byDriver.getRow(3).values).toEqual([undefined, 'Ann Smith', 0, 1, 0]);
    const byRestaurant = await sheetOf(blobs[2]);
    expect(byRestaurant.getRow(1).getCell(1).value).toBe('Restaurant');
    expect(byRestaurant.getRow(2).values).toEqual([undefined, 'Pizza Palace Camden', 1, 3, 25, 25]);
  });

  it('is for managers too', async () => {
    await openReporting(undefined, MANAGER);
    expect(await screen.findByRole('table', { name: 'Shift Cancelled/Bonus Added' })).toBeInTheDocument();
  });

  it('is not available to a restaurant account', async () => {
    const { calls } = await openReporting(undefined, RESTAURANT);
    expect(await screen.findByText('This screen is not available for your account.')).toBeInTheDocument();
    expect(reportCalls(calls)).toEqual([]);
  });
});
