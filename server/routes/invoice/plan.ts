import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { fieldError } from '../../plugins/errors';
import { londonToday } from '../../../domain/dates';
import { defaultBookingFee, invoiceLine, invoiceTotals, sortLines, type InvoiceLine, type InvoiceTotals } from '../../../domain/invoices';
import { INVOICE_MSG, invoiceNumberTakenMessage, timesheetsInvoicedMessage, type InvoiceGenerateQuery } from '../../../domain/validation/invoice';
import {
  approvedTimesheets,
  insertInvoice,
  invoiceHolding,
  invoiceNumberTaken,
  invoiceOptions,
  invoicedDriver,
  restaurantForInvoice,
  type InvoiceRestaurant,
} from '../../records/invoices';

/** What an invoice for a request would hold, computed from the approved timesheets as they are now. */
export interface InvoicePlan {
  restaurant: InvoiceRestaurant;
  driverName: string | null;
  lines: InvoiceLine[];
  totals: InvoiceTotals;
}

export async function planInvoice(db: Kysely<Database>, vatRate: number, q: InvoiceGenerateQuery): Promise<InvoicePlan> {
  const restaurant = await restaurantForInvoice(db, q.restaurant_id);
  if (!restaurant) throw fieldError('restaurant_id', INVOICE_MSG.restaurantUnknown);
  let driverName: string | null = null;
  if (q.driver_id) {
    // Only a driver who worked there in the period: any other id answers as unknown, so an invoice (or its preview,
    // which restaurant accounts may make) never turns a driver's id into a name.
    const driver = await invoicedDriver(db, { driverId: q.driver_id, restaurantId: restaurant.id, from: q.period_date_from, to: q.period_date_to });
    if (!driver) throw fieldError('driver_id', INVOICE_MSG.driverUnknown);
    driverName = `${driver.first_name} ${driver.last_name}`.trim();
  }
  const options = await invoiceOptions(db);
  const timesheets = await approvedTimesheets(db, { restaurantId: restaurant.id, from: q.period_date_from, to: q.period_date_to, driverId: q.driver_id });
  const lines = sortLines(timesheets.map(invoiceLine));
  const totals = invoiceTotals(lines, {
    comission: q.comission,
    booking_fee: defaultBookingFee(restaurant.booking_fee, options.bookingFee),
    vat_rate: vatRate,
  });
  return { restaurant, driverName, lines, totals };
}

/** 400 on invoice_number when another invoice has the number, whatever its letter case. */
export async function assertNumberFree(db: Kysely<Database>, invoiceNumber: string): Promise<void> {
  if (await invoiceNumberTaken(db, invoiceNumber)) throw fieldError('invoice_number', invoiceNumberTakenMessage(invoiceNumber));
}

/** Nothing left to bill because another invoice bills it: the refusal names that invoice. */
async function nothingLeft(db: Kysely<Database>, q: InvoiceGenerateQuery, restaurantId: number) {
  const holder = await invoiceHolding(db, { restaurantId, from: q.period_date_from, to: q.period_date_to, driverId: q.driver_id });
  return fieldError('period_date_from', holder ? timesheetsInvoicedMessage(holder) : INVOICE_MSG.noTimesheets);
}

export interface CreatedInvoice {
  id: number;
  invoiceDate: string;
  plan: InvoicePlan;
}

/**
 * Issues an invoice: number check, figures, the invoice and the timesheets it bills in one transaction, so the frozen
 * lines are the timesheets as they stood when the number was taken. The database decides races: the unique index on
 * the number lets one of two people creating the same number through, and the other gets the same 400 as a number
 * taken earlier; invoice_timesheets, keyed by timesheet, lets one of two invoices of the same timesheets through, and
 * the other is refused naming the invoice that holds them.
 */
export async function createInvoice(app: FastifyInstance, q: InvoiceGenerateQuery, createdBy: number | null): Promise<CreatedInvoice> {
  const invoiceDate = londonToday();
  try {
    return await app.db.transaction().execute(async (trx) => {
      await assertNumberFree(trx, q.invoice_number);
      const plan = await planInvoice(trx, app.config.invoices.vatRate, q);
      if (!plan.lines.length) throw await nothingLeft(trx, q, plan.restaurant.id);
      const id = await insertInvoice(
        trx,
        {
          invoice_number: q.invoice_number,
          period_date: invoiceDate,
          period_date_from: q.period_date_from,
          period_date_to: q.period_date_to,
          restaurant_id: plan.restaurant.id,
          driver_id: q.driver_id ?? null,
          comission: plan.totals.comission,
          booking_fee: plan.totals.booking_fee,
          subtotal: plan.totals.subtotal,
          vat: plan.totals.vat,
          total: plan.totals.total,
          lines: JSON.stringify(plan.lines),
          created_by: createdBy,
        },
        plan.lines.map((line) => line.timesheet_id),
      );
      return { id, invoiceDate, plan };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another invoice committed first: with this number, or with these timesheets.
    if ((error as { constraint?: string }).constraint === 'invoice_timesheets_pkey') throw await nothingLeft(app.db, q, q.restaurant_id);
    throw fieldError('invoice_number', invoiceNumberTakenMessage(q.invoice_number));
  }
}
