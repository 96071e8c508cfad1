import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { driverPayments, type DriverPayment, type PaymentRow } from '../../../domain/payments';
import { ukDate } from '../../../domain/dates';
import { spreadsheetText } from '../../../domain/spreadsheetText';

/** Pounds with pence and thousands separators; negatives in red, as accounts expect. */
export const POUNDS_FORMAT = '"£"#,##0.00;[Red]-"£"#,##0.00';
const HOURS_FORMAT = '0.00';
const DATE_FORMAT = 'dd/mm/yyyy';

export interface PaymentsExport {
  from: string;
  to: string;
  /** The restaurant the export is limited to, or null for every restaurant the account reaches. */
  restaurantName: string | null;
  rows: PaymentRow[];
}

/** Both sheets give the driver with the bank details as stored, then the hours and the money. */
const DRIVER_COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Driver', key: 'driver', width: 24 },
  { header: 'Account holder', key: 'holder', width: 24 },
  { header: 'Sort code', key: 'sort', width: 11 },
  { header: 'Account number', key: 'account', width: 16 },
];
const HOURS_COLUMN: Partial<ExcelJS.Column> = { header: 'Hours', key: 'hours', width: 8, style: { numFmt: HOURS_FORMAT } };
const MONEY_COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Bonus', key: 'bonus', width: 10, style: { numFmt: POUNDS_FORMAT } },
  { header: 'Fuel bonus', key: 'fuel', width: 11, style: { numFmt: POUNDS_FORMAT } },
  { header: 'Fee or bonus', key: 'fee', width: 14, style: { numFmt: POUNDS_FORMAT } },
  { header: 'Total', key: 'total', width: 12, style: { numFmt: POUNDS_FORMAT } },
];

/** The columns each sheet's Total row sums. */
const AMOUNT_KEYS = ['hours', 'bonus', 'fuel', 'fee', 'total'] as const;
type Amounts = Record<(typeof AMOUNT_KEYS)[number], number>;

type DriverFields = Pick<DriverPayment, 'driver_name' | 'bank_name_of_account_holder' | 'bank_sort_code' | 'bank_account_number'>;
type AmountFields = Pick<DriverPayment, 'hours' | 'cost_bonus' | 'const_fuel_bonus' | 'fee_or_bonus' | 'cost_total'>;

/**
 * Bank details stay text: a sort code or account number starting with 0 must keep it. Typed text never starts a
 * formula once the sheet is edited or saved as CSV.
 */
const driverCells = (r: DriverFields) => ({
  driver: spreadsheetText(r.driver_name),
  holder: spreadsheetText(r.bank_name_of_account_holder ?? ''),
  sort: spreadsheetText(r.bank_sort_code ?? ''),
  account: spreadsheetText(r.bank_account_number ?? ''),
});

const amountCells = (r: AmountFields): Amounts => ({
  hours: r.hours,
  bonus: r.cost_bonus,
  fuel: r.const_fuel_bonus,
  fee: r.fee_or_bonus,
  total: r.cost_total,
});

/** A 'YYYY-MM-DD' date as the spreadsheet date of that day (UTC midnight, so no zone moves it). */
function sheetDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function styleHeader(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF1F5' } };
  row.alignment = { vertical: 'middle' };
  row.commit();
}

/** A Total row: SUM formulas with their values cached, so every program shows the figure without recalculating. */
function totalRow(sheet: ExcelJS.Worksheet, labelKey: string, sums: Record<string, number>, dataRows: number): void {
  const firstDataRow = 2;
  const last = dataRows + 1;
  const row = sheet.addRow({ [labelKey]: 'Total' });
  for (const [key, value] of Object.entries(sums)) {
    const letter = sheet.getColumn(key).letter;
    // A cached result of 0 is dropped by the writer, so a zero sum is written as the number itself.
    row.getCell(key).value = last >= firstDataRow && value !== 0 ? { formula: `SUM(${letter}${firstDataRow}:${letter}${last})`, result: value } : value;
  }
  row.font = { bold: true };
  row.border = { top: { style: 'thin' } };
  row.commit();
}

/**
 * The payments export: sheet 'Payments' with one row per approved timesheet or cancellation fee (driver, bank details
 * as stored, hours, rate, bonus, fuel bonus, cancellation fee, total) and sheet 'Driver totals' with one row per
 * driver, each ending with a Total row.
 */
export async function paymentsWorkbook(input: PaymentsExport): Promise<Buffer> {
  // The streaming writer commits row by row: a month of every restaurant (about 10,000 rows) in well under a
  // second and little memory, where the in-memory workbook takes several seconds.
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Back-office';
  workbook.title = `Payments ${ukDate(input.from)} – ${ukDate(input.to)}`;
  workbook.subject = input.restaurantName ?? 'All restaurants';

  const payments = workbook.addWorksheet('Payments', { views: [{ state: 'frozen', ySplit: 1 }] });
  payments.columns = [
    { header: 'Date', key: 'date', width: 12, style: { numFmt: DATE_FORMAT } },
    ...DRIVER_COLUMNS,
    { header: 'Restaurant', key: 'restaurant', width: 26 },
    { header: 'Start', key: 'start', width: 8 },
    { header: 'Finish', key: 'finish', width: 8 },
    HOURS_COLUMN,
    { header: 'Rate', key: 'rate', width: 10, style: { numFmt: POUNDS_FORMAT } },
    ...MONEY_COLUMNS,
  ];
  payments.autoFilter = 'A1:N1';
  styleHeader(payments.getRow(1));
  // Hundredths of an hour and pence, so the sums are exact.
  const hundredths: Amounts = { hours: 0, bonus: 0, fuel: 0, fee: 0, total: 0 };
  for (const r of input.rows) {
    const amounts = amountCells(r);
    const row = payments.addRow({
      date: sheetDate(r.period_date),
      ...driverCells(r),
      restaurant: spreadsheetText(r.restaurant_name),
      start: r.start_time,
      finish: r.finish_time,
      rate: r.cost_per_hour,
      ...amounts,
    });
    row.commit();
    for (const key of AMOUNT_KEYS) hundredths[key] += Math.round(amounts[key] * 100);
  }
  const sums = Object.fromEntries(AMOUNT_KEYS.map((key) => [key, hundredths[key] / 100]));
  totalRow(payments, 'date', sums, input.rows.length);
  payments.commit();

  const drivers = driverPayments(input.rows);
  const totals = workbook.addWorksheet('Driver totals', { views: [{ state: 'frozen', ySplit: 1 }] });
  totals.columns = [...DRIVER_COLUMNS, { header: 'Timesheets', key: 'timesheets', width: 11 }, HOURS_COLUMN, ...MONEY_COLUMNS];
  styleHeader(totals.getRow(1));
  for (const d of drivers) {
    const row = totals.addRow({ ...driverCells(d), timesheets: d.timesheets, ...amountCells(d) });
    row.commit();
  }
  totalRow(totals, 'driver', { timesheets: input.rows.length, ...sums }, drivers.length);
  totals.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
