import ExcelJS from 'exceljs';
import { suiteTestApp, ADMIN } from '../helpers/testApp';
import { toPence } from '../../domain/money';
import { withTimesheetFees, type ReportRow, type ReportTimesheet } from '../../domain/reports';
import { driverSummaries, isCancellation, type TimesheetView } from '../../domain/timesheets';
import { CANCELLATION_TIMESHEET, TIMESHEET_STATUS } from '../../domain/statuses';

/*
 * One truth for pay: over a whole month of the demo data (approved timesheets, cancellation fees, fees set on
 * approval), the reports' Amount Paid and Amount Charged, the payments export's 'Fee or bonus' and totals, and the
 * drivers' pay on the timesheet screen agree to the penny, per driver.
 */

const t = suiteTestApp();
const MONTH = { from: '2026-10-01', to: '2026-10-31' };
const PERIOD = `period_date_from=${MONTH.from}&period_date_to=${MONTH.to}`;

/** Sums by driver name, as the export names drivers (two drivers of one name are summed together on every side). */
type PerDriver = Map<string, { paid: number; charged: number; total: number }>;
const add = (map: PerDriver, name: string, part: { paid?: number; charged?: number; total?: number }) => {
  const acc = map.get(name) ?? { paid: 0, charged: 0, total: 0 };
  map.set(name, { paid: acc.paid + (part.paid ?? 0), charged: acc.charged + (part.charged ?? 0), total: acc.total + (part.total ?? 0) });
};

async function get<T>(url: string): Promise<T> {
  const res = await t.call('GET', url, ADMIN);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** The export's sheet as rows keyed by its header, formulas read as their results, money in pence. */
async function exportSheet(name: string): Promise<Record<string, unknown>[]> {
  const res = await t.call('GET', `/api/xls?${PERIOD}`, ADMIN);
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(name)!;
  const cell = (row: ExcelJS.Row, c: number) => {
    const v = row.getCell(c).value;
    return v && typeof v === 'object' && 'result' in v ? v.result : v;
  };
  const header = Array.from({ length: sheet.columnCount }, (_, i) => String(cell(sheet.getRow(1), i + 1)));
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, cell(row, i + 1)])));
  });
  return rows.filter((r) => r.Driver !== 'Total' && r.Date !== 'Total');
}

/**
 * Amount Paid and Amount Charged per driver, in pence, two ways: the Shift Cancelled/Bonus Added report as the
 * reporting screen builds it (with its records), and the payments export's 'Fee or bonus' (a bonus paid, a fee charged).
 */
async function reportAndExport(): Promise<{ records: ReportRow[]; report: PerDriver; exported: PerDriver }> {
  const records = await get<ReportRow[]>(`/api/reporting/shiftsCancelled?${PERIOD}`);
  const fees = await get<ReportTimesheet[]>(`/api/timesheet?${PERIOD}&for_reports=1`);
  const report: PerDriver = new Map();
  for (const r of withTimesheetFees(records, fees)) add(report, r.driver_name ?? '', { paid: toPence(r.amount_paid), charged: toPence(r.cost_cover) });
  const exported: PerDriver = new Map();
  for (const r of await exportSheet('Payments')) {
    const fee = toPence(Number(r['Fee or bonus'] ?? 0));
    if (fee) add(exported, String(r.Driver), { paid: Math.max(fee, 0), charged: Math.max(-fee, 0) });
  }
  return { records, report, exported };
}

let bonusDriver = '';
let feeDriver = '';

beforeAll(async () => {
  // Two worked timesheets of the month approved with a fee or bonus set, as the timesheet screen approves them.
  const sheets = await get<TimesheetView[]>(`/api/timesheet?${PERIOD}`);
  const pending = sheets.filter((s) => s.id > 0 && s.driver_id && s.status === TIMESHEET_STATUS.pending && s.period_date <= '2026-10-31');
  const [first, second] = [pending[0], pending.find((s) => s.driver_id !== pending[0].driver_id)!];
  const res = await t.call('POST', '/api/timesheet/approve', ADMIN, [
    { ...first, cost_extra_bonus: 12.5, comment: 'Covered a second restaurant' },
    { ...second, cost_extra_bonus: -7.5, comment: 'Late without notice' },
  ]);
  expect(res.json().fail).toEqual([]);
  const nameOf = async (id: number) => {
    const d = await t.db.selectFrom('drivers').select(['first_name', 'last_name']).where('id', '=', id).executeTakeFirstOrThrow();
    return `${d.first_name} ${d.last_name}`;
  };
  bonusDriver = await nameOf(first.driver_id!);
  feeDriver = await nameOf(second.driver_id!);
});

describe(`the month of ${MONTH.from}`, () => {
  it("the reports' Amount Paid and Amount Charged are the export's fees and bonuses, per driver, to the penny", async () => {
    const { records, report, exported } = await reportAndExport();
    expect(report.get(bonusDriver)?.paid).toBeGreaterThanOrEqual(1250);
    expect(report.get(feeDriver)?.charged).toBeGreaterThanOrEqual(750);
    // Cancellation fees and fees set on approval of the demo are both in the month.
    expect(records.some((r) => r.event === 10) && records.some((r) => r.event === 40)).toBe(true);
    expect(Object.fromEntries(report)).toEqual(Object.fromEntries(exported));
  });

  it("each driver's totals are the sum of their payments, and the pay the timesheet screen shows for them", async () => {
    const payments = await exportSheet('Payments');
    const byPayments: PerDriver = new Map();
    for (const r of payments) add(byPayments, String(r.Driver), { total: toPence(Number(r.Total)), charged: toPence(Number(r['Fee or bonus'] ?? 0)) });
    const totals: PerDriver = new Map();
    for (const r of await exportSheet('Driver totals')) add(totals, String(r.Driver), { total: toPence(Number(r.Total)), charged: toPence(Number(r['Fee or bonus'] ?? 0)) });
    expect(Object.fromEntries(totals)).toEqual(Object.fromEntries(byPayments));

    // The timesheet screen's driver panel, over the timesheets the export pays (approved, and cancellation fees).
    const sheets = await get<TimesheetView[]>(`/api/timesheet?${PERIOD}`);
    const paid = sheets.filter((s) => s.id > 0 && (s.status === TIMESHEET_STATUS.approved || isCancellation(s)));
    expect(paid.some((s) => s.status === CANCELLATION_TIMESHEET.status)).toBe(true);
    const names = new Map((await t.db.selectFrom('drivers').select(['id', 'first_name', 'last_name']).execute()).map((d) => [d.id, `${d.first_name} ${d.last_name}`]));
    const panel: PerDriver = new Map();
    for (const [id, summary] of driverSummaries(paid)) add(panel, names.get(id)!, { total: toPence(summary.cost) });
    expect(panel.get(bonusDriver)!.total).toBe(totals.get(bonusDriver)!.total);
    expect(panel.get(feeDriver)!.total).toBe(totals.get(feeDriver)!.total);
    const totalsOnly = (map: PerDriver) => Object.fromEntries([...map].map(([name, d]) => [name, d.total]));
    expect(totalsOnly(panel)).toEqual(totalsOnly(totals));
  });
});

describe('a fee or bonus reported through the cancel-shift call (event 40)', () => {
  it('is set on the approved timesheet it names, so the export, the driver totals and the report agree to the penny', async () => {
    const sheets = await get<TimesheetView[]>(`/api/timesheet?${PERIOD}`);
    const taken = new Set([bonusDriver, feeDriver]);
    const names = new Map((await t.db.selectFrom('drivers').select(['id', 'first_name', 'last_name']).execute()).map((d) => [d.id, `${d.first_name} ${d.last_name}`]));
    const sheet = sheets.find((s) => s.id > 0 && s.shift_id && s.driver_id && s.status === TIMESHEET_STATUS.pending && !taken.has(names.get(s.driver_id)!))!;
    const approved = await t.call('POST', '/api/timesheet/approve', ADMIN, [sheet]);
    expect(approved.json().fail).toEqual([]);
    const driver = names.get(sheet.driver_id!)!;
    const totalOf = async () => (await exportSheet('Driver totals')).filter((r) => r.Driver === driver).reduce((sum, r) => sum + toPence(Number(r.Total)), 0);
    const before = await totalOf();

    const res = await t.call('POST', '/api/reporting/create', ADMIN, {
      shift_id: sheet.shift_id, restaurant_id: sheet.restaurant_id, driver_id: sheet.driver_id, period_date: sheet.period_date,
      cost: 8.75, comment_cancelled: 'Stayed on for the rush', model_type: 10, event: 40,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ reporting: { event: 40, timesheet_id: sheet.id, amount_paid: 8.75 }, timesheet: { id: sheet.id, cost_extra_bonus: 8.75 } });

    // The driver's total in the export goes up by the bonus, and the payment row carries it.
    expect((await totalOf()) - before).toBe(875);
    const row = (await exportSheet('Payments')).filter((r) => r.Driver === driver && toPence(Number(r['Fee or bonus'] ?? 0)) === 875);
    expect(row).toHaveLength(1);
    // The report and the export agree for every driver, this one included.
    const { report, exported } = await reportAndExport();
    expect(report.get(driver)).toEqual(exported.get(driver));
    expect(Object.fromEntries(report)).toEqual(Object.fromEntries(exported));
  });
});
