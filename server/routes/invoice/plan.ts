import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { fieldError } from '../../plugins/errors';
import { londonToday } from '../../../domain/dates';
import { defaultBookingFee, invoiceLine, invoiceTotals, sortLines, type InvoiceLine, type InvoiceTotals } from '../../../domain/invoices';
import { INVOICE_MSG, invoiceNumberTakenMessage, type InvoiceGenerateQuery } from '../../../domain/validation/invoice';
import { approvedTimesheets, invoiceOptions, restaurantForInvoice, type InvoiceRestaurant } from './queries';

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
    const driver = await db.selectFrom('drivers').select(['first_name', 'last_name']).where('id', '=', q.driver_id).executeTakeFirst();
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

/** 400 on invoice_number when another invoice has the number. */
export async function assertNumberFree(db: Kysely<Database>, invoiceNumber: string): Promise<void> {
  const taken = await db.selectFrom('invoices').select('id').where('invoice_number', '=', invoiceNumber).executeTakeFirst();
  if (taken) throw fieldError('invoice_number', invoiceNumberTakenMessage(invoiceNumber));
}

export interface CreatedInvoice {
  id: number;
  invoiceDate: string;
  plan: InvoicePlan;
}

/**
 * Issues an invoice: number check, figures and insert in one transaction, so the frozen lines are the timesheets
 * as they stood when the number was taken. Two people creating the same number at once: the unique index lets
 * one insert through and the other gets the same 400 as a number taken earlier.
 */
export async function createInvoice(app: FastifyInstance, q: InvoiceGenerateQuery, createdBy: number | null): Promise<CreatedInvoice> {
  const invoiceDate = londonToday();
  try {
    return await app.db.transaction().execute(async (trx) => {
      await assertNumberFree(trx, q.invoice_number);
      const plan = await planInvoice(trx, app.config.invoices.vatRate, q);
      if (!plan.lines.length) throw fieldError('period_date_from', INVOICE_MSG.noTimesheets);
      const row = await trx
        .insertInto('invoices')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, invoiceDate, plan };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('invoice_number', invoiceNumberTakenMessage(q.invoice_number));
    throw error;
  }
}
