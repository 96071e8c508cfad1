import ExcelJS from 'exceljs';
import { expectRefused, suiteTestApp, ADMIN, MANAGER, RESTAURANT, DRIVER } from '../helpers/testApp';
import { TIMESHEET_PROGRESS, TIMESHEET_STATUS } from '../../domain/statuses';
import { INVOICE_MSG } from '../../domain/validation/invoice';
import { POUNDS_FORMAT } from '../../server/services/xls';

const ids: Record<string, number> = {};
const names: Record<string, string> = {};
const JUNE = 'period_date_from=2026-06-01&period_date_to=2026-06-30';

async function get(url: string, email: string | null = ADMIN) {
  return t.app.inject({ method: 'GET', url, headers: email ? await t.as(email) : {} });
}

async function open(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's rows as plain values (row 1 = header), formulas as their cached results. */
function values(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow((row) => {
    const cells: unknown[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const v = row.getCell(c).value;
      cells.push(v && typeof v === 'object' && 'result' in v ? v.result : v instanceof Date ? v.toISOString().slice(0, 10) : v);
    }
    out.push(cells);
  });
  return out;
}

const t = suiteTestApp();
beforeAll(async () => {
  const restaurant = async (name: string) => (await t.db.selectFrom('restaurants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  ids.camden = await restaurant('Pizza Palace Camden');
  ids.balti = await restaurant('Balti Palace');
  const drivers = await t.db.selectFrom('drivers').select(['id', 'first_name', 'last_name']).where('status', '=', 10).orderBy('id').limit(2).execute();
  [ids.a, ids.b] = drivers.map((d) => d.id);
  [names.a, names.b] = drivers.map((d) => `${d.first_name} ${d.last_name}`);
  // Stored as typed: leading zeros must survive the spreadsheet, and a name typed as a formula stays text.
  await t.db.updateTable('drivers').set({ bank_name_of_account_holder: '=A HOLDER', bank_sort_code: '01-02-03', bank_account_number: '00123456' }).where('id', '=', ids.a).execute();
  await t.db.updateTable('drivers').set({ bank_name_of_account_holder: null, bank_sort_code: null, bank_account_number: null }).where('id', '=', ids.b).execute();

  const approved = { status: TIMESHEET_STATUS.approved, status_progress: TIMESHEET_PROGRESS.payApproved, cost_total: 0 };
  await t.db
    .insertInto('timesheets')
    .values([
      { ...approved, restaurant_id: ids.camden, driver_id: ids.a, period_date: '2026-06-02', start_time: '17:00', finish_time: '22:00', cost_per_hour: 12.5, cost_bonus: 10, const_fuel_bonus: 4.5 },
      { ...approved, restaurant_id: ids.balti, driver_id: ids.a, period_date: '2026-06-10', start_time: '22:00', finish_time: '01:30', cost_per_hour: 14, cost_bonus: -10 },
      // A £5 bonus set when it was approved: the reports pay it, so the export does too.
      { ...approved, restaurant_id: ids.camden, driver_id: ids.b, period_date: '2026-06-05', start_time: '11:00', finish_time: '15:00', cost_per_hour: 12, cost_extra_bonus: 5 },
      // Not paid: pending, and outside the month.
      { ...approved, status: TIMESHEET_STATUS.pending, restaurant_id: ids.camden, driver_id: ids.b, period_date: '2026-06-06', start_time: '11:00', finish_time: '15:00', cost_per_hour: 12 },
      { ...approved, restaurant_id: ids.camden, driver_id: ids.b, period_date: '2026-07-01', start_time: '11:00', finish_time: '15:00', cost_per_hour: 12 },
    ])
    .execute();
  // Driver B cancelled a published shift: Cancel Shift charges a £15 fee through a cancellation timesheet.
  const shift = await t.db
    .insertInto('shifts')
    .values({ restaurant_id: ids.camden, driver_id: ids.b, status: 20, status_assigned: 10, period_date: '2026-06-20', start_time: '18:00', finish_time: '23:00', cost_per_hour: 14 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cancel = await t.app.inject({
    method: 'POST',
    url: '/api/reporting/create',
    headers: await t.as(ADMIN),
    payload: { shift_id: shift.id, restaurant_id: ids.camden, driver_id: ids.b, period_date: '2026-06-20', cost: -15, comment_cancelled: 'No show', model_type: 10, event: 10, model_id: shift.id },
  });
  expect(cancel.statusCode).toBe(201);
});

describe('GET /api/xls', () => {
  it('answers a real .xlsx named payments_{from}-{to}: one row per approved timesheet or cancellation fee and a per-driver total sheet', async () => {
    const res = await get(`/api/xls?${JUNE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('attachment; filename="payments_2026-06-01-2026-06-30.xlsx"');
    const workbook = await open(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Payments', 'Driver totals']);

    const payments = workbook.getWorksheet('Payments')!;
    const rows = values(payments);
    expect(rows[0]).toEqual(['Date', 'Driver', 'Account holder', 'Sort code', 'Account number', 'Restaurant', 'Start', 'Finish', 'Hours', 'Rate', 'Bonus', 'Fuel bonus', 'Fee or bonus', 'Total']);
    // By hand: 5 h × £12.50 + £10 + £4.50 = £77.00; 3.5 h × £14 − £10 = £39.00; 4 h × £12 + £5 = £53.00; B's fee −£15.
    const byDriverA = [
      ['2026-06-02', names.a, "'=A HOLDER", '01-02-03', '00123456', 'Pizza Palace Camden', '17:00', '22:00', 5, 12.5, 10, 4.5, 0, 77],
      ['2026-06-10', names.a, "'=A HOLDER", '01-02-03', '00123456', 'Balti Palace', '22:00', '01:30', 3.5, 14, -10, 0, 0, 39],
    ];
    // Missing bank details are empty cells; the cancelled shift pays no hours and takes the fee off.
    const byDriverB = [
      ['2026-06-05', names.b, null, null, null, 'Pizza Palace Camden', '11:00', '15:00', 4, 12, 0, 0, 5, 53],
      ['2026-06-20', names.b, null, null, null, 'Pizza Palace Camden', '18:00', '23:00', 0, 0, 0, 0, -15, -15],
    ];
    const ordered = names.a.toLowerCase() < names.b.toLowerCase() ? [...byDriverA, ...byDriverB] : [...byDriverB, ...byDriverA];
    expect(rows.slice(1, 5)).toEqual(ordered);
    expect(rows[5]).toEqual(['Total', null, null, null, null, null, null, null, 12.5, null, 0, 4.5, -10, 154]);
    expect(rows).toHaveLength(6);
    // Money cells are formatted as pounds, dates as dates, and the Total row sums with formulas.
    expect(payments.getCell('N2').numFmt).toBe(POUNDS_FORMAT);
    expect(payments.getCell('M2').numFmt).toBe(POUNDS_FORMAT);
    expect(payments.getCell('J2').numFmt).toBe(POUNDS_FORMAT);
    expect(payments.getCell('A2').value).toBeInstanceOf(Date);
    expect(payments.getCell('A2').numFmt).toBe('dd/mm/yyyy');
    expect(payments.getCell('N6').value).toEqual({ formula: 'SUM(N2:N5)', result: 154 });
    expect(payments.getCell('D2').type).toBe(ExcelJS.ValueType.String);

    const totals = values(workbook.getWorksheet('Driver totals')!);
    expect(totals[0]).toEqual(['Driver', 'Account holder', 'Sort code', 'Account number', 'Timesheets', 'Hours', 'Bonus', 'Fuel bonus', 'Fee or bonus', 'Total']);
    const a = [names.a, "'=A HOLDER", '01-02-03', '00123456', 2, 8.5, 0, 4.5, 0, 116];
    const b = [names.b, null, null, null, 2, 4, 0, 0, -10, 38];
    expect(totals.slice(1, 3)).toEqual(names.a.toLowerCase() < names.b.toLowerCase() ? [a, b] : [b, a]);
    expect(totals[3]).toEqual(['Total', null, null, null, 4, 12.5, 0, 4.5, -10, 154]);
    expect(workbook.getWorksheet('Driver totals')!.getCell('J2').numFmt).toBe(POUNDS_FORMAT);
  });

  it('limits the export to one restaurant when asked, and managers to their restaurants', async () => {
    const one = values((await open((await get(`/api/xls?${JUNE}&restaurant_id=${ids.balti}`)).rawPayload)).getWorksheet('Payments')!);
    expect(one.slice(1, -1).map((r) => r[5])).toEqual(['Balti Palace']);
    expect(one[one.length - 1][0]).toBe('Total');
    expect(one[one.length - 1][13]).toBe(39);
    const managed = values((await open((await get(`/api/xls?${JUNE}`, MANAGER)).rawPayload)).getWorksheet('Payments')!);
    expect(new Set(managed.slice(1, -1).map((r) => r[5]))).toEqual(new Set(['Pizza Palace Camden']));
    expect((await get(`/api/xls?${JUNE}&restaurant_id=${ids.balti}`, MANAGER)).statusCode).toBe(403);
  });

  it('answers an empty export with its headers and a zero total', async () => {
    const rows = values((await open((await get('/api/xls?period_date_from=2026-05-01&period_date_to=2026-05-31')).rawPayload)).getWorksheet('Payments')!);
    expect(rows).toHaveLength(2);
    expect(rows[1][13]).toBe(0);
  });

  it('is for administrators and managers, with a checked range and restaurant', async () => {
    await expectRefused(t, 'GET', `/api/xls?${JUNE}`, [RESTAURANT, DRIVER]);
    expect((await get('/api/xls?period_date_from=2026-06-01&period_date_to=2026-08-01')).json()).toEqual({
      period_date_from: ['Invalid date range: 01/06/2026 ~ 01/08/2026'],
    });
    expect((await get(`/api/xls?${JUNE}&restaurant_id=999999`)).json()).toEqual({ restaurant_id: [INVOICE_MSG.restaurantUnknown] });
    expect((await get(`/api/xls?${JUNE}&restaurant_id=abc`)).json()).toEqual({ restaurant_id: [INVOICE_MSG.restaurantUnknown] });
  });
});
