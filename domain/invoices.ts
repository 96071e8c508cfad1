import { shiftHours, shiftMinutes } from './dates';
import { fromPence, toPence } from './money';
import { costTotal } from './pay';

/**
 * Invoices to restaurants (spec 2, sections 2, 3 and 9; spec 3, section 9). An invoice bills a restaurant for
 * the approved timesheets of a period:
 *
 *   one line per approved timesheet   amount = rate × hours + driver bonus + fuel bonus (the timesheet's own cost rule)
 *   commission                        total hours × commission per hour (the dialog's figure: the restaurant's own,
 *                                     else the option restaurants_standard_invoice_comission, else £1.50)
 *   booking fee                       once per invoice: the restaurant's booking_fee, else the option
 *                                     restaurants_standard_booking_fee (nothing on an invoice without lines)
 *   subtotal                          lines + commission + booking fee
 *   VAT                               subtotal × the configured VAT rate (INVOICE_VAT_RATE, percent; 0 = no VAT line)
 *   total                             subtotal + VAT
 *
 * Everything is computed in whole pence. The figures are frozen in the invoice when it is created, so a later
 * change of a rate or a timesheet does not alter an invoice already issued.
 */

/** £ per invoiced hour when neither the restaurant nor the option says (spec 3, section 9). */
export const DEFAULT_INVOICE_COMISSION = 1.5;
/** The dialog pre-fills the number with the last invoice id padded to this many digits. */
const INVOICE_NUMBER_DIGITS = 3;

/**
 * The number the Request Invoice dialog offers. The spec pre-fills 'the last invoice id padded to 3 digits'; the
 * last id itself is already taken, so the dialog offers the one after it (last id 7 → '008').
 */
export function nextInvoiceNumber(lastId: number): string {
  const next = Number.isSafeInteger(lastId) && lastId > 0 ? lastId + 1 : 1;
  return String(next).padStart(INVOICE_NUMBER_DIGITS, '0');
}

/** The commission an invoice of a restaurant starts from: its own, else the option, else £1.50 an hour. */
export function defaultComission(restaurantComission: number | null | undefined, optionValue: string | null | undefined): number {
  if (restaurantComission !== null && restaurantComission !== undefined && Number.isFinite(restaurantComission)) return restaurantComission;
  const option = optionValue === null || optionValue === undefined || optionValue.trim() === '' ? NaN : Number(optionValue);
  return Number.isFinite(option) && option >= 0 ? option : DEFAULT_INVOICE_COMISSION;
}

/** The booking fee of a restaurant: its own, else the option, else none. */
export function defaultBookingFee(restaurantFee: number | null | undefined, optionValue: string | null | undefined): number {
  if (restaurantFee !== null && restaurantFee !== undefined && Number.isFinite(restaurantFee)) return restaurantFee;
  const option = optionValue === null || optionValue === undefined || optionValue.trim() === '' ? NaN : Number(optionValue);
  return Number.isFinite(option) && option >= 0 ? option : 0;
}

/** An approved timesheet as an invoice reads it. */
export interface InvoiceTimesheet {
  id: number;
  period_date: string;
  driver_id: number | null;
  driver_name: string;
  start_time: string;
  finish_time: string;
  cost_per_hour: number;
  cost_bonus: number;
  const_fuel_bonus: number;
}

/** One line of an invoice, as frozen in `invoices.lines`. */
export interface InvoiceLine {
  timesheet_id: number;
  period_date: string;
  driver_id: number | null;
  driver_name: string;
  start_time: string;
  finish_time: string;
  /** Hours to 2 decimals; an overnight shift rolls into the next day. */
  hours: number;
  cost_per_hour: number;
  cost_bonus: number;
  const_fuel_bonus: number;
  /** rate × hours + bonus + fuel bonus, to the penny. */
  cost_total: number;
}

export function invoiceLine(t: InvoiceTimesheet): InvoiceLine {
  return {
    timesheet_id: t.id,
    period_date: t.period_date,
    driver_id: t.driver_id,
    driver_name: t.driver_name,
    start_time: t.start_time,
    finish_time: t.finish_time,
    hours: shiftHours(t.period_date, t.start_time, t.finish_time),
    cost_per_hour: t.cost_per_hour,
    cost_bonus: t.cost_bonus,
    const_fuel_bonus: t.const_fuel_bonus,
    cost_total: costTotal(t.cost_per_hour, t.period_date, t.start_time, t.finish_time, t.cost_bonus, t.const_fuel_bonus),
  };
}

/** Lines in the order the document lists them: by date, start time, then driver. */
export function sortLines(lines: InvoiceLine[]): InvoiceLine[] {
  return [...lines].sort(
    (a, b) =>
      a.period_date.localeCompare(b.period_date) ||
      a.start_time.localeCompare(b.start_time) ||
      a.driver_name.localeCompare(b.driver_name) ||
      a.timesheet_id - b.timesheet_id,
  );
}

const num = (v: unknown, fallback = 0): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
};
const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/**
 * A line read back from `invoices.lines`. Lines frozen before bonuses were kept apart carry only the amount: their
 * bonuses are what the amount holds beyond rate × hours, so the document still adds up.
 */
export function readStoredLine(raw: unknown): InvoiceLine {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const start = text(r.start_time);
  const finish = text(r.finish_time);
  const date = text(r.period_date);
  const rate = num(r.cost_per_hour);
  const total = num(r.cost_total);
  const hours = r.hours === undefined ? shiftHours(date, start, finish) : num(r.hours);
  const hasParts = r.cost_bonus !== undefined || r.const_fuel_bonus !== undefined;
  const worked = /^\d\d:\d\d$/.test(start) && /^\d\d:\d\d$/.test(finish) ? Math.round((toPence(rate) * shiftMinutes(date, start, finish)) / 60) : toPence(rate * hours);
  return {
    timesheet_id: num(r.timesheet_id),
    period_date: date,
    driver_id: r.driver_id === null || r.driver_id === undefined ? null : num(r.driver_id),
    driver_name: text(r.driver_name),
    start_time: start,
    finish_time: finish,
    hours,
    cost_per_hour: rate,
    cost_bonus: hasParts ? num(r.cost_bonus) : fromPence(toPence(total) - worked),
    const_fuel_bonus: hasParts ? num(r.const_fuel_bonus) : 0,
    cost_total: total,
  };
}

export interface InvoiceCharges {
  /** £ per hour. */
  comission: number;
  /** £ once per invoice. */
  booking_fee: number;
  /** Percent, e.g. 20; 0 = no VAT. */
  vat_rate: number;
}

export interface InvoiceTotals {
  lines: number;
  hours: number;
  /** Σ line amounts. */
  drivers_total: number;
  comission: number;
  comission_total: number;
  booking_fee: number;
  subtotal: number;
  vat_rate: number;
  vat: number;
  total: number;
}

/** Hours are kept to 2 decimals; summing them as whole hundredths keeps 0.1 + 0.2 out of the totals. */
function hundredths(hours: number): number {
  return Math.round(hours * 100);
}

/** The totals of an invoice about to be issued (see the rule at the top of this file). */
export function invoiceTotals(lines: InvoiceLine[], charges: InvoiceCharges): InvoiceTotals {
  const hours = lines.reduce((s, l) => s + hundredths(l.hours), 0);
  const drivers = lines.reduce((s, l) => s + toPence(l.cost_total), 0);
  const comission = Math.round((hours * toPence(charges.comission)) / 100);
  const booking = lines.length ? toPence(charges.booking_fee) : 0;
  const subtotal = drivers + comission + booking;
  // The rate in hundredths of a percent keeps 17.5 % exact: pence × 1750 / 10,000.
  const vat = Math.round((subtotal * Math.round(charges.vat_rate * 100)) / 10_000);
  return {
    lines: lines.length,
    hours: hours / 100,
    drivers_total: fromPence(drivers),
    comission: charges.comission,
    comission_total: fromPence(comission),
    booking_fee: fromPence(booking),
    subtotal: fromPence(subtotal),
    vat_rate: charges.vat_rate,
    vat: fromPence(vat),
    total: fromPence(subtotal + vat),
  };
}

/** What an issued invoice keeps beside its lines (the `invoices` row). */
export interface StoredInvoiceFigures {
  comission: number;
  booking_fee: number;
  subtotal: number;
  vat: number;
  total: number;
}

/**
 * The totals of an issued invoice, from its frozen row and lines alone: the commission is what the subtotal holds
 * beyond the lines and the booking fee. The VAT rate is read back from the amounts (shown only when the subtotal
 * is large enough for the rate to be certain to 0.1 %).
 */
export function storedInvoiceTotals(row: StoredInvoiceFigures, lines: InvoiceLine[]): InvoiceTotals {
  const hours = lines.reduce((s, l) => s + hundredths(l.hours), 0);
  const drivers = lines.reduce((s, l) => s + toPence(l.cost_total), 0);
  const subtotal = toPence(row.subtotal);
  const vat = toPence(row.vat);
  const rate = subtotal >= 1000 && vat > 0 ? Math.round((vat / subtotal) * 1000) / 10 : vat === 0 ? 0 : NaN;
  return {
    lines: lines.length,
    hours: hours / 100,
    drivers_total: fromPence(drivers),
    comission: row.comission,
    comission_total: fromPence(subtotal - drivers - toPence(row.booking_fee)),
    booking_fee: row.booking_fee,
    subtotal: row.subtotal,
    vat_rate: rate,
    vat: row.vat,
    total: row.total,
  };
}

/** Whether two inclusive date ranges share a day. */
export function periodsOverlap(a: { from: string; to: string }, b: { from: string; to: string }): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/** 'Invoice 004.pdf': an issued invoice downloaded from the list (spec 2, section 7). */
export function invoiceFileName(invoiceNumber: string): string {
  return `Invoice ${invoiceNumber}.pdf`;
}

/** '004_2026-11-02-2026-11-08.pdf': the document of the Request Invoice dialog (spec 2, section 7). */
export function invoicePeriodFileName(invoiceNumber: string, from: string, to: string): string {
  return `${invoiceNumber}_${from}-${to}.pdf`;
}

import { INVOICE_CHANNEL } from './channels';
export { INVOICE_CHANNEL };

/** An invoice as GET /api/invoice, the check and the live feed describe it (the frozen lines stay on the server). */
export interface InvoiceView {
  id: number;
  invoice_number: string;
  period_date: string;
  period_date_from: string;
  period_date_to: string;
  restaurant_id: number;
  driver_id: number | null;
  comission: number;
  booking_fee: number;
  subtotal: number;
  vat: number;
  total: number;
  created_at: string;
  restaurant: { id: number; name: string; area_id: number };
  area: { id: number; name: string };
  driver_name: string | null;
}

/** GET /api/invoice-check: the last id, the invoices overlapping the period, and the dialog's defaults. */
export interface InvoiceCheck {
  last_id: number;
  invoices: InvoiceView[];
  comission: number;
  booking_fee: number;
}

/** What the invoice dialog asks for: GET /api/invoice-generate's number, commission, period, restaurant and driver. */
export interface InvoiceRequest {
  invoice_number: string;
  comission: string;
  range: { from: string; to: string };
  restaurantId: number;
  driverId?: number | null;
}
