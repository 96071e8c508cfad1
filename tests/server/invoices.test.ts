import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, suiteTestApp, ADMIN, MANAGER, RESTAURANT, DRIVER } from '../helpers/testApp';
import { readPdf } from '../helpers/pdfText';
import { RecordingBroadcaster } from '../helpers/recordingBroadcaster';
import { INVOICE_MSG, invoiceNumberTakenMessage, timesheetsInvoicedMessage } from '../../domain/validation/invoice';
import { PERIOD_MSG } from '../../domain/validation/period';
import { TIMESHEET_STATUS, TIMESHEET_PROGRESS } from '../../domain/statuses';

const OTHER_MANAGER = 'priya.shah@demo.test'; // three Manchester restaurants

const feed = new RecordingBroadcaster();
const ids: Record<string, number> = {};
let dan: { id: number; name: string };
let other: { id: number; name: string };

/** A week long ago with nothing else in it: the test's own approved timesheets make the figures known. */
const WEEK = { from: '2026-06-01', to: '2026-06-07' };

async function restaurantId(name: string) {
  return (await t.db.selectFrom('restaurants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

async function addTimesheet(values: {
  restaurant: number; driver: number; date: string; start: string; finish: string; rate: number; bonus?: number; fuel?: number; status?: number;
}) {
  const row = await t.db
    .insertInto('timesheets')
    .values({
      restaurant_id: values.restaurant,
      driver_id: values.driver,
      status: values.status ?? TIMESHEET_STATUS.approved,
      status_progress: values.status === TIMESHEET_STATUS.pending ? TIMESHEET_PROGRESS.submitted : TIMESHEET_PROGRESS.payApproved,
      period_date: values.date,
      start_time: values.start,
      finish_time: values.finish,
      cost_per_hour: values.rate,
      cost_bonus: values.bonus ?? 0,
      const_fuel_bonus: values.fuel ?? 0,
      // Deliberately not the rule's figure: the invoice computes its amounts itself.
      cost_total: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const t = suiteTestApp({ broadcaster: feed });
beforeAll(async () => {
  for (const name of ['Pizza Palace Camden', 'Pizza Palace Islington', 'Golden Dragon', 'Bombay Spice', 'Dalston Jerk Kitchen', 'Golden Wok Manchester']) {
    ids[name] = await restaurantId(name);
  }
  const d = await t.db.selectFrom('drivers').select(['id', 'first_name', 'last_name']).where('email', '=', DRIVER).executeTakeFirstOrThrow();
  dan = { id: d.id, name: `${d.first_name} ${d.last_name}` };
  const o = await t.db
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name'])
    .where('status', '=', 10)
    .where('id', '!=', dan.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  other = { id: o.id, name: `${o.first_name} ${o.last_name}` };

  const camden = ids['Pizza Palace Camden'];
  ids.ts1 = await addTimesheet({ restaurant: camden, driver: dan.id, date: '2026-06-01', start: '17:00', finish: '22:00', rate: 12.5 });
  ids.ts2 = await addTimesheet({ restaurant: camden, driver: other.id, date: '2026-06-05', start: '18:00', finish: '23:30', rate: 14, bonus: 10, fuel: 4.5 });
  // Overnight: 22:00 to 02:15 is 4.25 hours.
  ids.ts3 = await addTimesheet({ restaurant: camden, driver: dan.id, date: '2026-06-06', start: '22:00', finish: '02:15', rate: 14, bonus: -10 });
  // Not invoiced: pending, discarded, another restaurant's, outside the week.
  await addTimesheet({ restaurant: camden, driver: dan.id, date: '2026-06-03', start: '12:00', finish: '15:00', rate: 12.5, status: TIMESHEET_STATUS.pending });
  await addTimesheet({ restaurant: camden, driver: other.id, date: '2026-06-04', start: '12:00', finish: '15:00', rate: 12.5, status: TIMESHEET_STATUS.discarded });
  await addTimesheet({ restaurant: ids['Bombay Spice'], driver: dan.id, date: '2026-06-02', start: '12:00', finish: '15:00', rate: 11 });
  await addTimesheet({ restaurant: camden, driver: dan.id, date: '2026-06-08', start: '12:00', finish: '15:00', rate: 12.5 });
  // Dalston Jerk Kitchen charges a £15 booking fee.
  await addTimesheet({ restaurant: ids['Dalston Jerk Kitchen'], driver: other.id, date: '2026-06-02', start: '17:00', finish: '21:00', rate: 12 });
});

async function get(url: string, email: string | null = ADMIN) {
  return t.app.inject({ method: 'GET', url, headers: email ? await t.as(email) : {} });
}

function qs(params: Record<string, string | number | undefined>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) p.set(k, String(v));
  return p.toString();
}

const generateUrl = (params: Record<string, string | number | undefined>) =>
  `/api/invoice-generate?${qs({ period_date_from: WEEK.from, period_date_to: WEEK.to, comission: '1.75', restaurant_id: ids['Pizza Palace Camden'], ...params })}`;

const pdfText = async (body: Buffer) => (await readPdf(body)).pageTexts.join('\n');

describe('GET /api/invoice', () => {
  const range = `period_date_from=2026-10-26&period_date_to=2026-11-22`;

  it('lists the invoices overlapping the range with period, number, location and commission', async () => {
    const res = await get(`/api/invoice?${range}`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { invoice_number: string; period_date_from: string; period_date_to: string; comission: number; restaurant: { name: string }; area: { name: string } }[];
    expect(list.map((i) => i.invoice_number).sort()).toEqual(['001', '002', '003']);
    const first = list.find((i) => i.invoice_number === '001')!;
    expect(first).toMatchObject({ period_date_from: '2026-10-26', period_date_to: '2026-11-01', comission: 1.75, restaurant: { name: 'Pizza Palace Camden' }, area: { name: 'Camden' } });
    expect(first).not.toHaveProperty('lines');
    // A week touching only the end of an invoice's period still lists it; a week after it does not.
    const touching = await get(`/api/invoice?period_date_from=2026-11-01&period_date_to=2026-11-07`);
    expect((touching.json() as { invoice_number: string }[]).map((i) => i.invoice_number).sort()).toEqual(['001', '002', '003']);
    const after = await get(`/api/invoice?period_date_from=2026-11-09&period_date_to=2026-11-15`);
    expect(after.json()).toEqual([]);
  });

  it('limits managers and restaurant accounts to their restaurants', async () => {
    const numbers = async (email: string) => ((await get(`/api/invoice?${range}`, email)).json() as { invoice_number: string }[]).map((i) => i.invoice_number).sort();
    expect(await numbers(MANAGER)).toEqual(['001', '002', '003']);
    expect(await numbers(OTHER_MANAGER)).toEqual([]);
    expect(await numbers(RESTAURANT)).toEqual(['001', '002']);
    expect((await get(`/api/invoice?${range}`, DRIVER)).statusCode).toBe(403);
    expect((await get(`/api/invoice?${range}`, null)).statusCode).toBe(401);
  });

  it('checks the range', async () => {
    expect((await get('/api/invoice?period_date_to=2026-11-22')).json()).toEqual({ period_date_from: [PERIOD_MSG.fromRequired] });
    expect((await get('/api/invoice?period_date_from=2026-11-01&period_date_to=2026-13-01')).json()).toEqual({ period_date_to: [PERIOD_MSG.dateFormat] });
    expect((await get('/api/invoice?period_date_from=2026-10-01&period_date_to=2026-11-30')).json()).toEqual({
      period_date_from: ['Invalid date range: 01/10/2026 ~ 30/11/2026'],
    });
  });
});

describe('GET /api/invoice-check', () => {
  it('answers the last id, the invoices overlapping the period for the restaurant and its default commission', async () => {
    const res = await get(`/api/invoice-check?period_date_from=2026-10-29&period_date_to=2026-11-04&restaurant_id=${ids['Pizza Palace Camden']}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { last_id: number; invoices: { invoice_number: string }[]; comission: number; booking_fee: number };
    const max = await t.db.selectFrom('invoices').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    expect(body.last_id).toBe(Number(max.id));
    expect(body.invoices.map((i) => i.invoice_number)).toEqual(['001']);
    expect(body.comission).toBe(1.75);
    expect(body.booking_fee).toBe(0);

    // Without a commission of its own, the option's; a booking fee of its own is answered too.
    const bombay = (await get(`/api/invoice-check?period_date_from=${WEEK.from}&period_date_to=${WEEK.to}&restaurant_id=${ids['Bombay Spice']}`)).json();
    expect(bombay).toMatchObject({ invoices: [], comission: 1.5, booking_fee: 0 });
    const dalston = (await get(`/api/invoice-check?period_date_from=${WEEK.from}&period_date_to=${WEEK.to}&restaurant_id=${ids['Dalston Jerk Kitchen']}`)).json();
    expect(dalston).toMatchObject({ comission: 1.5, booking_fee: 15 });
  });

  it('checks its query and who asks', async () => {
    const url = (restaurant: number | string) => `/api/invoice-check?period_date_from=${WEEK.from}&period_date_to=${WEEK.to}&restaurant_id=${restaurant}`;
    expect((await get(url(''))).json()).toEqual({ restaurant_id: [INVOICE_MSG.restaurantRequired] });
    expect((await get(url(999999))).json()).toEqual({ restaurant_id: [INVOICE_MSG.restaurantUnknown] });
    expect((await get(url(ids['Pizza Palace Camden']), RESTAURANT)).statusCode).toBe(200);
    expect((await get(url(ids['Golden Dragon']), RESTAURANT)).statusCode).toBe(403);
    expect((await get(url(ids['Pizza Palace Camden']), OTHER_MANAGER)).statusCode).toBe(403);
    expect((await get(url(ids['Pizza Palace Camden']), DRIVER)).statusCode).toBe(403);
    expect((await get(url(ids['Pizza Palace Camden']), null)).statusCode).toBe(401);
  });
});

describe('GET /api/invoice-generate (preview)', () => {
  it('answers a PDF with one line per approved timesheet and the totals, and stores nothing', async () => {
    const before = await t.db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await get(generateUrl({ invoice_number: 'P-100' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="P-100_2026-06-01-2026-06-07.pdf"');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('INVOICE PREVIEW');
    expect(text).toContain('P-100');
    // Figures by hand: 5 h × £12.50 = £62.50; 5.5 h × £14 + £10 + £4.50 = £91.50; 4.25 h × £14 − £10 = £49.50.
    // Hours 14.75; commission 14.75 × £1.75 = £25.8125 → £25.81; subtotal £229.31; VAT 20 % £45.86; total £275.17.
    for (const s of ['£62.50', '£91.50', '£49.50', '£25.81', '£229.31', '£45.86', '£275.17', 'VAT at 20%', '14.75 hours']) expect(text).toContain(s);
    const after = await t.db.selectFrom('invoices').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(fs.existsSync(path.join(t.config.dataDir, 'invoices'))).toBe(false);
  });

  it('shows the spec messages for the number and the commission, and refuses a number already taken', async () => {
    expect((await get(generateUrl({ invoice_number: '' }))).json()).toEqual({ invoice_number: [INVOICE_MSG.numberRequired] });
    expect((await get(generateUrl({ invoice_number: '  ' }))).json()).toEqual({ invoice_number: [INVOICE_MSG.numberRequired] });
    expect((await get(generateUrl({ invoice_number: 'P-101', comission: '' }))).json()).toEqual({ comission: ['\u0421ommission is required'] });
    expect((await get(generateUrl({ invoice_number: 'P-101', comission: 'abc' }))).json()).toEqual({ comission: [INVOICE_MSG.comissionNotNumber] });
    expect((await get(generateUrl({ invoice_number: 'P-101', comission: '-1' }))).json()).toEqual({ comission: [INVOICE_MSG.comissionNegative] });
    expect((await get(generateUrl({ invoice_number: 'a/b' }))).json()).toEqual({ invoice_number: [INVOICE_MSG.numberFormat] });
    const taken = await get(generateUrl({ invoice_number: '001' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ invoice_number: [invoiceNumberTakenMessage('001')] });
    expect((await get(generateUrl({ invoice_number: 'P-101', period_date_from: '2026-06-01', period_date_to: '2026-07-15' }))).json()).toEqual({
      period_date_from: ['Invalid date range: 01/06/2026 ~ 15/07/2026'],
    });
    expect((await get(generateUrl({ invoice_number: 'P-101', driver_id: 999999 }))).json()).toEqual({ driver_id: [INVOICE_MSG.driverUnknown] });
    // A driver who did not work there in the period is as unknown: a preview never turns any driver's id into a name.
    const stranger = await t.db.selectFrom('drivers').select('id').where('id', 'not in', [dan.id, other.id]).orderBy('id', 'desc').executeTakeFirstOrThrow();
    for (const who of [ADMIN, RESTAURANT]) {
      expect((await get(generateUrl({ invoice_number: 'P-101', driver_id: stranger.id }), who)).json()).toEqual({ driver_id: [INVOICE_MSG.driverUnknown] });
    }
  });

  it('limits an invoice to one driver when asked', async () => {
    const text = await pdfText((await get(generateUrl({ invoice_number: 'P-102', driver_id: dan.id }))).rawPayload);
    expect(text).toContain(`Timesheets of ${dan.name} only`);
    expect(text).toContain('£62.50');
    expect(text).not.toContain('£91.50');
  });

  it('is for staff within their restaurants and for the restaurant itself', async () => {
    expect((await get(generateUrl({ invoice_number: 'P-103' }), MANAGER)).statusCode).toBe(200);
    expect((await get(generateUrl({ invoice_number: 'P-103' }), RESTAURANT)).statusCode).toBe(200);
    expect((await get(generateUrl({ invoice_number: 'P-103' }), OTHER_MANAGER)).statusCode).toBe(403);
    expect((await get(generateUrl({ invoice_number: 'P-103', restaurant_id: ids['Golden Dragon'] }), RESTAURANT)).statusCode).toBe(403);
    expect((await get(generateUrl({ invoice_number: 'P-103' }), DRIVER)).statusCode).toBe(403);
    expect((await get(generateUrl({ invoice_number: 'P-103' }), null)).statusCode).toBe(401);
  });
});

describe('GET /api/invoice-generate?create_invoice=1', () => {
  it('issues the invoice: stores the frozen figures and the document, and tells open screens', async () => {
    const res = await get(generateUrl({ invoice_number: '004', create_invoice: 1 }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="004_2026-06-01-2026-06-07.pdf"');
    const id = Number(res.headers['x-invoice-id']);

    const row = await t.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      invoice_number: '004', period_date: expect.any(String), period_date_from: WEEK.from, period_date_to: WEEK.to,
      restaurant_id: ids['Pizza Palace Camden'], comission: 1.75, booking_fee: 0, subtotal: 229.31, vat: 45.86, total: 275.17,
    });
    expect(row.period_date).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()));
    expect((row.lines as { timesheet_id: number; hours: number; cost_total: number }[]).map((l) => [l.timesheet_id, l.hours, l.cost_total])).toEqual([
      [ids.ts1, 5, 62.5],
      [ids.ts2, 5.5, 91.5],
      [ids.ts3, 4.25, 49.5],
    ]);
    expect(row.document_path).toBe(`invoices/${id}.pdf`);
    const stored = fs.readFileSync(path.join(t.config.dataDir, row.document_path!));
    expect(stored.equals(res.rawPayload)).toBe(true);
    // Outside the web root: the images route does not serve it.
    expect((await t.app.inject({ method: 'GET', url: `/images/../invoices/${id}.pdf` })).statusCode).not.toBe(200);

    const pdf = await readPdf(res.rawPayload);
    const text = pdf.pageTexts.join('\n');
    expect(text).toContain('INVOICE');
    expect(text).not.toContain('PREVIEW');
    expect(text).toContain('Invoice number\n004');
    expect(text).toContain('01/06/2026 – 07/06/2026');
    expect(text).toContain('Pizza Palace Camden');
    // Each line: date, driver, start, finish, hours, rate, bonuses, amount.
    expect(text).toContain(['01/06/2026', dan.name, '17:00', '22:00', '5.00', '£12.50', '£0.00', '£62.50'].join('\n'));
    expect(text).toContain(['05/06/2026', other.name, '18:00', '23:30', '5.50', '£14.00', '£14.50', '£91.50'].join('\n'));
    expect(text).toContain(['06/06/2026', dan.name, '22:00', '02:15', '4.25', '£14.00', '-£10.00', '£49.50'].join('\n'));
    expect(text).not.toContain('03/06/2026');
    expect(text).not.toContain('08/06/2026');
    expect(text).toContain("Drivers' pay (3 timesheets, 14.75 hours)\n£203.50");
    expect(text).toContain('Commission (14.75 hours × £1.75)\n£25.81');
    expect(text).toContain('Subtotal\n£229.31');
    expect(text).toContain('VAT at 20%\n£45.86');
    expect(text).toContain('Total due\n£275.17');
    expect(pdf.info.Title).toBe('Invoice 004');

    expect(feed.messages).toEqual([{ channel: 'invoice_channel', event: 'store', items: [{ id, restaurant_id: ids['Pizza Palace Camden'] }] }]);
    const listed = (await get(`/api/invoice?period_date_from=${WEEK.from}&period_date_to=${WEEK.to}`)).json() as { id: number }[];
    expect(listed.map((i) => i.id)).toEqual([id]);
  });

  it('keeps the figures frozen: a later rate change does not alter the invoice, even when its document is rebuilt', async () => {
    const row = await t.db.selectFrom('invoices').select(['id', 'document_path']).where('invoice_number', '=', '004').executeTakeFirstOrThrow();
    await t.db.updateTable('timesheets').set({ cost_per_hour: 20 }).where('id', '=', ids.ts1).execute();
    await t.db.updateTable('restaurants').set({ invoice_comission: 3 }).where('id', '=', ids['Pizza Palace Camden']).execute();
    try {
      const stored = await get(`/api/invoice-download/${row.id}`);
      expect(stored.headers['content-disposition']).toContain('filename="Invoice 004.pdf"');
      expect(await pdfText(stored.rawPayload)).toContain('Total due\n£275.17');

      fs.rmSync(path.join(t.config.dataDir, row.document_path!));
      const rebuilt = await get(`/api/invoice-download/${row.id}`);
      expect(rebuilt.statusCode).toBe(200);
      const text = await pdfText(rebuilt.rawPayload);
      expect(text).toContain(['01/06/2026', dan.name, '17:00', '22:00', '5.00', '£12.50', '£0.00', '£62.50'].join('\n'));
      expect(text).toContain('Commission (14.75 hours × £1.75)\n£25.81');
      expect(text).toContain('VAT at 20%\n£45.86');
      expect(text).toContain('Total due\n£275.17');
      expect(fs.existsSync(path.join(t.config.dataDir, row.document_path!))).toBe(true);

      // A new preview of the same week bills nothing the invoice already holds.
      expect(await pdfText((await get(generateUrl({ invoice_number: 'P-104' }))).rawPayload)).not.toContain(dan.name);
    } finally {
      await t.db.updateTable('timesheets').set({ cost_per_hour: 12.5 }).where('id', '=', ids.ts1).execute();
      await t.db.updateTable('restaurants').set({ invoice_comission: 1.75 }).where('id', '=', ids['Pizza Palace Camden']).execute();
    }
  });

  it('gives a number to one invoice only, even when two people create it at the same moment', async () => {
    // Another week of the restaurant, with work of its own to bill.
    await addTimesheet({ restaurant: ids['Pizza Palace Camden'], driver: dan.id, date: '2026-06-16', start: '12:00', finish: '15:00', rate: 12.5 });
    const url = generateUrl({ invoice_number: '005', create_invoice: 1, period_date_from: '2026-06-15', period_date_to: '2026-06-21' });
    const headers = await t.as(ADMIN);
    const [a, b] = await Promise.all([t.app.inject({ method: 'GET', url, headers }), t.app.inject({ method: 'GET', url, headers })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const refused = a.statusCode === 400 ? a : b;
    // The later of the two meets the first's number or, if the first has already committed, its timesheets: either
    // way it is refused and names invoice 005.
    expect([{ invoice_number: [invoiceNumberTakenMessage('005')] }, { period_date_from: [timesheetsInvoicedMessage('005')] }]).toContainEqual(refused.json());
    const rows = await t.db.selectFrom('invoices').select('id').where('invoice_number', '=', '005').execute();
    expect(rows).toHaveLength(1);
    // Taken for good, whatever the letter case: a later attempt gets the same answer.
    expect((await get(url)).json()).toEqual({ invoice_number: [invoiceNumberTakenMessage('005')] });
    const sameInOtherCase = await get(generateUrl({ invoice_number: 'inv-x', create_invoice: 1, period_date_from: '2026-06-08', period_date_to: '2026-06-14' }));
    expect(sameInOtherCase.statusCode).toBe(200);
    expect((await get(generateUrl({ invoice_number: 'INV-X' }))).json()).toEqual({ invoice_number: [invoiceNumberTakenMessage('INV-X')] });
  });

  it('bills each approved timesheet once: of fifty invoices created at once for one week, one is issued and the rest are refused naming it', async () => {
    const week = { period_date_from: '2026-06-22', period_date_to: '2026-06-28' };
    const billed = [
      await addTimesheet({ restaurant: ids['Pizza Palace Camden'], driver: dan.id, date: '2026-06-23', start: '12:00', finish: '16:00', rate: 12.5 }),
      await addTimesheet({ restaurant: ids['Pizza Palace Camden'], driver: other.id, date: '2026-06-24', start: '12:00', finish: '16:00', rate: 12.5 }),
    ];
    const headers = await t.as(ADMIN);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.app.inject({ method: 'GET', url: generateUrl({ ...week, invoice_number: `W26-${i}`, create_invoice: 1 }), headers })),
    );
    const issued = answers.filter((a) => a.statusCode === 200);
    expect(issued).toHaveLength(1);
    const number = (await t.db.selectFrom('invoices').select('invoice_number').where('id', '=', Number(issued[0].headers['x-invoice-id'])).executeTakeFirstOrThrow()).invoice_number;
    for (const refused of answers.filter((a) => a !== issued[0])) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ period_date_from: [timesheetsInvoicedMessage(number)] });
    }
    const rows = await t.db.selectFrom('invoices').select('id').where('invoice_number', 'like', 'W26-%').execute();
    expect(rows).toHaveLength(1);
    const links = await t.db.selectFrom('invoice_timesheets').select(['timesheet_id', 'invoice_id']).where('timesheet_id', 'in', billed).execute();
    expect(links.map((l) => l.invoice_id)).toEqual([rows[0].id, rows[0].id]);

    // A timesheet approved later in that week goes on a second invoice alone.
    const late = await addTimesheet({ restaurant: ids['Pizza Palace Camden'], driver: dan.id, date: '2026-06-27', start: '12:00', finish: '14:00', rate: 12.5 });
    const second = await get(generateUrl({ ...week, invoice_number: 'W26-late', create_invoice: 1 }));
    expect(second.statusCode).toBe(200);
    const lines = (await t.db.selectFrom('invoices').select('lines').where('invoice_number', '=', 'W26-late').executeTakeFirstOrThrow()).lines as { timesheet_id: number }[];
    expect(lines.map((l) => l.timesheet_id)).toEqual([late]);
  });

  it('holds its timesheets in the database: a second invoice of them cannot be written even around the checks', async () => {
    const [taken] = await t.db.selectFrom('invoice_timesheets').select(['timesheet_id']).limit(1).execute();
    const invoice = await t.db.selectFrom('invoices').select('id').where('invoice_number', '=', '001').executeTakeFirstOrThrow();
    await expect(t.db.insertInto('invoice_timesheets').values({ timesheet_id: taken.timesheet_id, invoice_id: invoice.id }).execute()).rejects.toMatchObject({ code: '23505' });
    await expect(t.db.updateTable('invoices').set({ invoice_number: 'Inv-X' }).where('id', '=', invoice.id).execute()).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses an invoice with nothing to bill', async () => {
    const res = await get(generateUrl({ invoice_number: '006', create_invoice: 1, restaurant_id: ids['Golden Dragon'] }));
    expect(res.json()).toEqual({ period_date_from: [INVOICE_MSG.noTimesheets] });
    expect(await t.db.selectFrom('invoices').select('id').where('invoice_number', '=', '006').executeTakeFirst()).toBeUndefined();
  });

  it("sends a restaurant account's request to the office instead of issuing an invoice", async () => {
    const res = await get(generateUrl({ invoice_number: '007', create_invoice: 1 }), RESTAURANT);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: INVOICE_MSG.requestSent });
    expect(await t.db.selectFrom('invoices').select('id').where('invoice_number', '=', '007').executeTakeFirst()).toBeUndefined();
    const alert = await t.db.selectFrom('alerts').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(alert).toMatchObject({ channel: 'timesheet_channel', event: 'request', restaurant_id: ids['Pizza Palace Camden'] });
    expect(JSON.parse(alert.data).message).toBe('Pizza Palace Camden requested an invoice for 01/06/2026 - 07/06/2026');
    expect(feed.messages.map((m) => m.channel)).toEqual(['alert_channel']);
  });

  it('lets a manager issue invoices of their restaurants only', async () => {
    expect((await get(generateUrl({ invoice_number: '008', create_invoice: 1 }), OTHER_MANAGER)).statusCode).toBe(403);
    const res = await get(generateUrl({ invoice_number: '008', create_invoice: 1, restaurant_id: ids['Dalston Jerk Kitchen'] }), MANAGER);
    // Dalston (Hackney) is not one of the manager's areas.
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('invoices').select('id').where('invoice_number', '=', '008').executeTakeFirst()).toBeUndefined();
  });
});

describe('GET /api/invoice-download/{id}', () => {
  it('answers the document of an invoice issued before documents were kept, rebuilt from its frozen lines', async () => {
    const seeded = await t.db.selectFrom('invoices').selectAll().where('invoice_number', '=', '003').executeTakeFirstOrThrow();
    expect(seeded.document_path).toBeNull();
    const res = await get(`/api/invoice-download/${seeded.id}`, MANAGER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Invoice 003.pdf"');
    const text = await pdfText(res.rawPayload);
    const money = (v: number) => `£${v.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(text).toContain(`Subtotal\n${money(seeded.subtotal)}`);
    expect(text).toContain(`VAT at 20%\n${money(seeded.vat)}`);
    expect(text).toContain(`Total due\n${money(seeded.total)}`);
    expect(text).toContain('Golden Dragon');
    for (const line of seeded.lines as { period_date: string; driver_name: string }[]) expect(text).toContain(line.driver_name);
  });

  it("lets a restaurant account download its own invoices only; others' answer as unknown", async () => {
    const mine = await t.db.selectFrom('invoices').select('id').where('invoice_number', '=', '001').executeTakeFirstOrThrow();
    const theirs = await t.db.selectFrom('invoices').select('id').where('invoice_number', '=', '003').executeTakeFirstOrThrow();
    expect((await get(`/api/invoice-download/${mine.id}`, RESTAURANT)).statusCode).toBe(200);
    const refused = await get(`/api/invoice-download/${theirs.id}`, RESTAURANT);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toContain('application/json');
    expect((await get(`/api/invoice-download/${mine.id}`, OTHER_MANAGER)).statusCode).toBe(404);
    expect((await get(`/api/invoice-download/${mine.id}`, DRIVER)).statusCode).toBe(403);
    expect((await get(`/api/invoice-download/${mine.id}`, null)).statusCode).toBe(401);
    expect((await get('/api/invoice-download/999999')).statusCode).toBe(404);
    expect((await get('/api/invoice-download/abc')).statusCode).toBe(404);
  });
});

describe('DELETE /api/invoice/{id}', () => {
  it('is for administrators: removes the invoice and its document, and tells open screens', async () => {
    const row = await t.db.selectFrom('invoices').select(['id', 'document_path', 'restaurant_id']).where('invoice_number', '=', '004').executeTakeFirstOrThrow();
    const file = path.join(t.config.dataDir, row.document_path!);
    expect(fs.existsSync(file)).toBe(true);
    const del = async (email: string | null) => t.app.inject({ method: 'DELETE', url: `/api/invoice/${row.id}`, headers: email ? await t.as(email) : {} });
    expect((await del(MANAGER)).statusCode).toBe(403);
    expect((await del(RESTAURANT)).statusCode).toBe(403);
    expect((await del(null)).statusCode).toBe(401);
    expect(fs.existsSync(file)).toBe(true);

    expect((await del(ADMIN)).statusCode).toBe(204);
    expect(fs.existsSync(file)).toBe(false);
    expect(await t.db.selectFrom('invoices').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
    expect(feed.messages).toEqual([{ channel: 'invoice_channel', event: 'destroy', items: [{ id: row.id, restaurant_id: row.restaurant_id }] }]);
    expect((await del(ADMIN)).statusCode).toBe(404);
    // Its number is free again.
    expect((await get(generateUrl({ invoice_number: '004' }))).statusCode).toBe(200);
  });
});

describe('VAT and booking fee', () => {
  it('adds the booking fee once and leaves VAT out when the agency is not VAT-registered', async () => {
    const noVat = await createTestApp({ env: { INVOICE_VAT_RATE: '0', AGENCY_NAME: 'Northern Drivers Ltd', AGENCY_VAT_NUMBER: 'GB123456789' } });
    try {
      const url = `/api/invoice-generate?${qs({ period_date_from: WEEK.from, period_date_to: WEEK.to, comission: '2', restaurant_id: ids['Dalston Jerk Kitchen'], invoice_number: 'D-1', create_invoice: 1 })}`;
      // The other app's database is its own copy: add the same Dalston timesheet there.
      await noVat.db.insertInto('timesheets').values({
        restaurant_id: ids['Dalston Jerk Kitchen'], driver_id: other.id, status: TIMESHEET_STATUS.approved, status_progress: TIMESHEET_PROGRESS.payApproved,
        period_date: '2026-06-02', start_time: '17:00', finish_time: '21:00', cost_per_hour: 12, cost_total: 48,
      }).execute();
      const res = await noVat.app.inject({ method: 'GET', url, headers: await noVat.as(ADMIN) });
      expect(res.statusCode).toBe(200);
      // 4 h × £12 = £48; commission 4 × £2 = £8; booking fee £15; subtotal £71; no VAT.
      const row = await noVat.db.selectFrom('invoices').selectAll().where('invoice_number', '=', 'D-1').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ booking_fee: 15, subtotal: 71, vat: 0, total: 71 });
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Booking fee\n£15.00');
      expect(text).toContain('Subtotal\n£71.00');
      expect(text).not.toContain('VAT at');
      expect(text).toContain('Total due\n£71.00');
      expect(text).toContain('Northern Drivers Ltd');
      expect(text).toContain('VAT Reg. No. GB123456789');
    } finally {
      await noVat.close();
    }
  });
});
