import {
  DEFAULT_INVOICE_COMISSION, defaultBookingFee, defaultComission, invoiceFileName, invoiceLine, invoicePeriodFileName, invoiceTotals,
  nextInvoiceNumber, periodsOverlap, readStoredLine, sortLines, storedInvoiceTotals, type InvoiceLine,
} from '../../domain/invoices';
import { INVOICE_MSG, invoiceGenerateSchema, requestInvoiceFormSchema } from '../../domain/validation/invoice';
import { driverPayments, paymentRow, paymentsFileName } from '../../domain/payments';

const sheet = (over: Partial<Parameters<typeof invoiceLine>[0]> = {}) =>
  invoiceLine({ id: 1, period_date: '2026-06-01', driver_id: 5, driver_name: 'Dan Driver', start_time: '17:00', finish_time: '22:00', cost_per_hour: 12.5, cost_bonus: 0, const_fuel_bonus: 0, ...over });

describe('invoice lines', () => {
  it.each([
    // start, finish, rate, bonus, fuel → hours, amount
    ['17:00', '22:00', 12.5, 0, 0, 5, 62.5],
    ['18:00', '23:30', 14, 10, 4.5, 5.5, 91.5],
    ['22:00', '02:15', 14, -10, 0, 4.25, 49.5],
    ['11:00', '11:00', 10, 0, 0, 0, 0],
    ['17:10', '22:00', 11.11, 0, 0, 4.83, 53.7], // 290 min × £11.11 / 60 = £53.698 → £53.70
  ])('%s–%s at £%s (+%s bonus, +%s fuel) is %s h and £%s', (start, finish, rate, bonus, fuel, hours, amount) => {
    const line = sheet({ start_time: start, finish_time: finish, cost_per_hour: rate, cost_bonus: bonus, const_fuel_bonus: fuel });
    expect(line.hours).toBe(hours);
    expect(line.cost_total).toBe(amount);
  });

  it('sorts by date, start and driver', () => {
    const lines = [sheet({ id: 3, period_date: '2026-06-02' }), sheet({ id: 2, start_time: '12:00' }), sheet({ id: 1, driver_name: 'Zoe' }), sheet({ id: 4, driver_name: 'Amy' })];
    expect(sortLines(lines).map((l) => l.timesheet_id)).toEqual([2, 4, 1, 3]);
  });
});

describe('invoice totals', () => {
  const lines: InvoiceLine[] = [
    sheet(),
    sheet({ start_time: '18:00', finish_time: '23:30', cost_per_hour: 14, cost_bonus: 10, const_fuel_bonus: 4.5 }),
    sheet({ start_time: '22:00', finish_time: '02:15', cost_per_hour: 14, cost_bonus: -10 }),
  ];

  it('adds commission per hour, the booking fee once and VAT, in pence', () => {
    expect(invoiceTotals(lines, { comission: 1.75, booking_fee: 0, vat_rate: 20 })).toEqual({
      lines: 3, hours: 14.75, drivers_total: 203.5, comission: 1.75, comission_total: 25.81, booking_fee: 0, subtotal: 229.31, vat_rate: 20, vat: 45.86, total: 275.17,
    });
    expect(invoiceTotals(lines, { comission: 1.5, booking_fee: 15, vat_rate: 0 })).toMatchObject({ comission_total: 22.13, booking_fee: 15, subtotal: 240.63, vat: 0, total: 240.63 });
    // 17.5 % stays exact: £240.63 × 0.175 = £42.11025 → £42.11.
    expect(invoiceTotals(lines, { comission: 1.5, booking_fee: 15, vat_rate: 17.5 })).toMatchObject({ vat: 42.11, total: 282.74 });
  });

  it('charges no booking fee on an invoice without lines', () => {
    expect(invoiceTotals([], { comission: 1.5, booking_fee: 15, vat_rate: 20 })).toMatchObject({ lines: 0, hours: 0, subtotal: 0, vat: 0, total: 0, booking_fee: 0 });
  });

  it('sums hours as hundredths, so many short lines do not drift', () => {
    const many = Array.from({ length: 30 }, () => sheet({ start_time: '12:00', finish_time: '12:06' })); // 0.1 h each
    expect(invoiceTotals(many, { comission: 1, booking_fee: 0, vat_rate: 0 }).hours).toBe(3);
  });

  it('reads an issued invoice back from its frozen row and lines', () => {
    const t = storedInvoiceTotals({ comission: 1.75, booking_fee: 0, subtotal: 229.31, vat: 45.86, total: 275.17 }, lines);
    expect(t).toMatchObject({ hours: 14.75, drivers_total: 203.5, comission_total: 25.81, vat_rate: 20, total: 275.17 });
    expect(storedInvoiceTotals({ comission: 1.5, booking_fee: 0, subtotal: 5, vat: 1, total: 6 }, []).vat_rate).toBeNaN();
    expect(storedInvoiceTotals({ comission: 1.5, booking_fee: 0, subtotal: 5, vat: 0, total: 5 }, []).vat_rate).toBe(0);
  });

  it('reads lines frozen with the amount only: the bonuses are what the amount holds beyond rate × hours', () => {
    const line = readStoredLine({ timesheet_id: 9, period_date: '2026-06-01', driver_id: 5, driver_name: 'Dan', start_time: '17:00', finish_time: '22:30', hours: 5.5, cost_per_hour: 12, cost_total: 80.5 });
    expect(line).toMatchObject({ hours: 5.5, cost_bonus: 14.5, const_fuel_bonus: 0, cost_total: 80.5 });
    expect(readStoredLine(sheet({ cost_bonus: 10, const_fuel_bonus: 3 }))).toEqual(sheet({ cost_bonus: 10, const_fuel_bonus: 3 }));
  });
});

describe('invoice defaults, numbers and names', () => {
  it.each([
    [0, '001'],
    [7, '008'],
    [99, '100'],
    [1234, '1235'],
  ])('after last id %s the dialog offers %s', (last, number) => expect(nextInvoiceNumber(last)).toBe(number));

  it('takes the commission from the restaurant, else the option, else £1.50', () => {
    expect(defaultComission(2, '1.5')).toBe(2);
    expect(defaultComission(0, '1.5')).toBe(0);
    expect(defaultComission(null, '1.25')).toBe(1.25);
    expect(defaultComission(null, null)).toBe(DEFAULT_INVOICE_COMISSION);
    expect(defaultComission(null, 'abc')).toBe(1.5);
    expect(defaultBookingFee(15, '0')).toBe(15);
    expect(defaultBookingFee(null, '2.5')).toBe(2.5);
    expect(defaultBookingFee(null, null)).toBe(0);
  });

  it('names the files as the spec does', () => {
    expect(invoiceFileName('004')).toBe('Invoice 004.pdf');
    expect(invoicePeriodFileName('004', '2026-06-01', '2026-06-07')).toBe('004_2026-06-01-2026-06-07.pdf');
    expect(paymentsFileName('2026-06-01', '2026-06-30')).toBe('payments_2026-06-01-2026-06-30.xlsx');
  });

  it('tells overlapping periods', () => {
    const week = { from: '2026-06-01', to: '2026-06-07' };
    expect(periodsOverlap(week, { from: '2026-06-07', to: '2026-06-13' })).toBe(true);
    expect(periodsOverlap(week, { from: '2026-05-25', to: '2026-06-01' })).toBe(true);
    expect(periodsOverlap(week, { from: '2026-06-08', to: '2026-06-14' })).toBe(false);
  });
});

describe('Request Invoice validation', () => {
  it.each([
    [{ invoice_number: '', comission: '1.5' }, 'invoice_number', INVOICE_MSG.numberRequired],
    [{ invoice_number: '004', comission: '' }, 'comission', 'Сommission is required'],
    [{ invoice_number: '004', comission: '1.555' }, 'comission', INVOICE_MSG.comissionPence],
    [{ invoice_number: '004', comission: '1000' }, 'comission', INVOICE_MSG.comissionTooHigh],
    [{ invoice_number: 'INV 4', comission: '1.5' }, 'invoice_number', INVOICE_MSG.numberFormat],
    [{ invoice_number: 'x'.repeat(31), comission: '1.5' }, 'invoice_number', INVOICE_MSG.numberTooLong],
  ])('%o → %s: %s', (values, field, message) => {
    const result = requestInvoiceFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: [field], message });
  });

  it("keeps the spec's Cyrillic С in the commission message", () => {
    expect(INVOICE_MSG.comissionRequired.charCodeAt(0)).toBe(0x0421);
  });

  it('reads the query of the generate call', () => {
    expect(
      invoiceGenerateSchema.parse({ invoice_number: ' 004 ', comission: '£1.50', period_date_from: '2026-06-01', period_date_to: '2026-06-07', restaurant_id: '12', driver_id: '0', create_invoice: '1' }),
    ).toEqual({ invoice_number: '004', comission: 1.5, period_date_from: '2026-06-01', period_date_to: '2026-06-07', restaurant_id: 12, driver_id: null, create_invoice: true });
  });
});

describe('payments', () => {
  const row = (driver_id: number, driver_name: string, over: Partial<Parameters<typeof paymentRow>[0]> = {}) =>
    paymentRow({
      id: 1, status: 30, period_date: '2026-06-01', driver_id, driver_name, bank_name_of_account_holder: null, bank_sort_code: null, bank_account_number: null,
      restaurant_name: 'R', start_time: '17:00', finish_time: '22:00', cost_per_hour: 12, cost_bonus: 0, const_fuel_bonus: 0, cost_extra_bonus: 0, ...over,
    });

  it('pays rate × hours + bonus + fuel per timesheet and sums per driver by name', () => {
    const rows = [row(2, 'Zoe', { cost_bonus: 10 }), row(1, 'Amy', { const_fuel_bonus: 3.3 }), row(2, 'Zoe', { start_time: '22:00', finish_time: '01:00' })];
    expect(rows.map((r) => [r.hours, r.cost_total])).toEqual([[5, 70], [5, 63.3], [3, 36]]);
    expect(driverPayments(rows).map((d) => [d.driver_name, d.timesheets, d.hours, d.cost_bonus, d.const_fuel_bonus, d.cost_total])).toEqual([
      ['Amy', 1, 5, 0, 3.3, 63.3],
      ['Zoe', 2, 8, 10, 0, 106],
    ]);
  });

  it("takes a cancellation timesheet's fee off the driver's pay (no hours, the fee as its total) and adds a worked one's fee or bonus to it", () => {
    const fee = row(2, 'Zoe', { status: 40, cost_extra_bonus: -15 });
    expect(fee).toMatchObject({ hours: 0, fee_or_bonus: -15, cost_total: -15 });
    const bonus = row(2, 'Zoe', { cost_extra_bonus: 20 });
    expect(bonus).toMatchObject({ hours: 5, fee_or_bonus: 20, cost_total: 80 });
    expect(row(2, 'Zoe', { cost_extra_bonus: -7.5 })).toMatchObject({ fee_or_bonus: -7.5, cost_total: 52.5 });
    expect(driverPayments([row(2, 'Zoe'), fee, bonus]).map((d) => [d.timesheets, d.hours, d.fee_or_bonus, d.cost_total])).toEqual([[3, 10, 5, 125]]);
  });
});
