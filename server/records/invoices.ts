import { sql, type InsertObject, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { personName, personNameOrNull } from './names';
import { OPTION_KEY } from '../../domain/validation/option';
import { TIMESHEET_STATUS } from '../../domain/statuses';
import type { InvoiceTimesheet, InvoiceView } from '../../domain/invoices';
import type { BilledRestaurant } from '../services/pdf';
import { optionRows } from './options';

export type { InvoiceView };

export interface InvoiceFilter {
  from: string;
  to: string;
  /** Restaurants the account may see; null = all. */
  scope: number[] | null;
  restaurantId?: number;
}

type Row = Omit<InvoiceView, 'restaurant' | 'area'> & { restaurant_name: string; area_id: number; area_name: string };

function toView(r: Row): InvoiceView {
  const { restaurant_name, area_id, area_name, ...invoice } = r;
  return { ...invoice, restaurant: { id: r.restaurant_id, name: restaurant_name, area_id }, area: { id: area_id, name: area_name } };
}

function viewQuery(db: Kysely<Database>) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('restaurants as r', 'r.id', 'i.restaurant_id')
    .innerJoin('areas as a', 'a.id', 'r.area_id')
    .leftJoin('drivers as d', 'd.id', 'i.driver_id')
    .select([
      'i.id', 'i.invoice_number', 'i.period_date', 'i.period_date_from', 'i.period_date_to', 'i.restaurant_id', 'i.driver_id',
      'i.comission', 'i.booking_fee', 'i.subtotal', 'i.vat', 'i.total', 'i.created_at',
      'r.name as restaurant_name', 'a.id as area_id', 'a.name as area_name',
      personNameOrNull('d').as('driver_name'),
    ]);
}

/**
 * Invoices whose period shares a day with the range (a two-week invoice shows in both of its weeks), newest
 * period first. The (restaurant_id, period_date_from, period_date_to) index serves a restaurant's invoices.
 */
export async function listInvoices(db: Kysely<Database>, filter: InvoiceFilter): Promise<InvoiceView[]> {
  if (filter.scope && filter.scope.length === 0) return [];
  const rows = await viewQuery(db)
    .where('i.period_date_from', '<=', filter.to)
    .where('i.period_date_to', '>=', filter.from)
    .$if(filter.scope !== null, (q) => q.where('i.restaurant_id', 'in', filter.scope!))
    .$if(filter.restaurantId !== undefined, (q) => q.where('i.restaurant_id', '=', filter.restaurantId!))
    .orderBy('i.period_date_from', 'desc')
    .orderBy('r.name')
    .orderBy('i.invoice_number')
    .execute();
  return rows.map(toView);
}

/** The invoices of these ids, in any order (a page of the list convention). */
export async function invoiceViewsByIds(db: Kysely<Database>, ids: number[]): Promise<InvoiceView[]> {
  return (await viewQuery(db).where('i.id', 'in', ids).execute()).map(toView);
}

export async function invoiceViewById(db: Kysely<Database>, id: number): Promise<InvoiceView | undefined> {
  const row = await viewQuery(db).where('i.id', '=', id).executeTakeFirst();
  return row && toView(row);
}

/** The highest invoice id so far, 0 before the first (GET /api/invoice-check's last_id). */
export async function lastInvoiceId(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('invoices').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The restaurant an invoice is for: what the document names, and the rates the lines are priced with. */
export interface InvoiceRestaurant extends BilledRestaurant {
  id: number;
  invoice_comission: number | null;
  booking_fee: number | null;
}

export async function restaurantForInvoice(db: Kysely<Database>, id: number): Promise<InvoiceRestaurant | undefined> {
  return db
    .selectFrom('restaurants')
    .select(['id', 'name', 'contact_name', 'address', 'postcode', 'business_email', 'telephone', 'invoice_comission', 'booking_fee'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The options an invoice falls back on when the restaurant has no commission or booking fee of its own. */
export async function invoiceOptions(db: Kysely<Database>): Promise<{ comission: string | null; bookingFee: string | null }> {
  const rows = await optionRows(db, [OPTION_KEY.invoiceComission, OPTION_KEY.bookingFee]);
  const value = (key: string) => rows.find((r) => r.okey === key)?.ovalue ?? null;
  return { comission: value(OPTION_KEY.invoiceComission), bookingFee: value(OPTION_KEY.bookingFee) };
}

/**
 * The approved timesheets (with a driver) of a restaurant in a period, optionally of one driver, that no issued
 * invoice holds yet: a timesheet is billed once.
 */
export async function approvedTimesheets(
  db: Kysely<Database>,
  q: { restaurantId: number; from: string; to: string; driverId?: number | null },
): Promise<InvoiceTimesheet[]> {
  return db
    .selectFrom('timesheets as t')
    .innerJoin('drivers as d', 'd.id', 't.driver_id')
    .select([
      't.id', 't.period_date', 't.driver_id', 't.start_time', 't.finish_time', 't.cost_per_hour', 't.cost_bonus', 't.const_fuel_bonus',
      personName('d').as('driver_name'),
    ])
    .where('t.restaurant_id', '=', q.restaurantId)
    .where('t.period_date', '>=', q.from)
    .where('t.period_date', '<=', q.to)
    .where('t.status', '=', TIMESHEET_STATUS.approved)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('invoice_timesheets as it').select('it.invoice_id').whereRef('it.timesheet_id', '=', 't.id'))))
    .$if(!!q.driverId, (qb) => qb.where('t.driver_id', '=', q.driverId!))
    .execute();
}

/** The issued invoice holding any approved timesheet of a restaurant's period, if one does (the first by number). */
export async function invoiceHolding(db: Kysely<Database>, q: { restaurantId: number; from: string; to: string; driverId?: number | null }): Promise<string | null> {
  const row = await db
    .selectFrom('invoice_timesheets as it')
    .innerJoin('timesheets as t', 't.id', 'it.timesheet_id')
    .innerJoin('invoices as i', 'i.id', 'it.invoice_id')
    .select('i.invoice_number')
    .where('t.restaurant_id', '=', q.restaurantId)
    .where('t.period_date', '>=', q.from)
    .where('t.period_date', '<=', q.to)
    .where('t.status', '=', TIMESHEET_STATUS.approved)
    .$if(!!q.driverId, (qb) => qb.where('t.driver_id', '=', q.driverId!))
    .orderBy('i.invoice_number')
    .executeTakeFirst();
  return row?.invoice_number ?? null;
}

/** An issued invoice with everything its document needs: the frozen lines and the billed restaurant. */
export async function storedInvoice(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('restaurants as r', 'r.id', 'i.restaurant_id')
    .leftJoin('drivers as d', 'd.id', 'i.driver_id')
    .select([
      'i.id', 'i.invoice_number', 'i.period_date', 'i.period_date_from', 'i.period_date_to', 'i.restaurant_id', 'i.comission',
      'i.booking_fee', 'i.subtotal', 'i.vat', 'i.total', 'i.lines', 'i.document_path',
      'r.name', 'r.contact_name', 'r.address', 'r.postcode', 'r.business_email', 'r.telephone',
      personNameOrNull('d').as('driver_name'),
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
}
export type StoredInvoice = NonNullable<Awaited<ReturnType<typeof storedInvoice>>>;

/**
 * The driver's name, when the driver worked at the restaurant in the period (undefined otherwise): an invoice or its
 * preview never turns another driver's id into a name.
 */
export async function invoicedDriver(db: Kysely<Database>, q: { driverId: number; restaurantId: number; from: string; to: string }) {
  return db
    .selectFrom('drivers')
    .select(['first_name', 'last_name'])
    .where('id', '=', q.driverId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('timesheets')
          .select('timesheets.id')
          .whereRef('timesheets.driver_id', '=', 'drivers.id')
          .where('timesheets.restaurant_id', '=', q.restaurantId)
          .where('timesheets.period_date', '>=', q.from)
          .where('timesheets.period_date', '<=', q.to),
      ),
    )
    .executeTakeFirst();
}

/** Whether another invoice has the number, whatever its letter case. */
export async function invoiceNumberTaken(db: Kysely<Database>, invoiceNumber: string): Promise<boolean> {
  const taken = await db
    .selectFrom('invoices')
    .select('id')
    .where(sql<string>`lower(invoice_number)`, '=', invoiceNumber.toLowerCase())
    .executeTakeFirst();
  return !!taken;
}

/** A new invoice and the timesheets it bills (keyed by timesheet: one invoice each): its id. */
export async function insertInvoice(trx: Transaction<Database>, invoice: InsertObject<Database, 'invoices'>, timesheetIds: number[]): Promise<number> {
  const row = await trx.insertInto('invoices').values(invoice).returning('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('invoice_timesheets')
    .values(timesheetIds.map((timesheet_id) => ({ timesheet_id, invoice_id: row.id })))
    .execute();
  return row.id;
}

/** The invoice locked for this transaction, with its restaurant and document (undefined when it does not exist). */
export async function lockInvoice(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('invoices').select(['id', 'restaurant_id', 'document_path']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Removes the invoice; its timesheets are free to bill again (invoice_timesheets cascades). */
export async function deleteInvoice(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('invoices').where('id', '=', id).execute();
}

/** Where the invoice's issued document is stored. */
export async function setInvoiceDocument(db: Kysely<Database>, id: number, documentPath: string): Promise<void> {
  await db.updateTable('invoices').set({ document_path: documentPath }).where('id', '=', id).execute();
}
