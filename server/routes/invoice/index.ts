import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RULES } from '../../../domain/access';
import { inScope, restaurantScope } from '../../plugins/auth';
import { fieldError, forbidden, notFound } from '../../plugins/errors';
import { raiseAlert } from '../../services/alerts';
import { PDF_TYPE, sendFile } from '../../services/fileReply';
import { readInvoicePdf, removeInvoicePdf, renderInvoicePdf, storeInvoicePdf } from '../../services/pdf';
import { londonToday, ukDate } from '../../../domain/dates';
import { INVOICE_CHANNEL, defaultBookingFee, defaultComission, invoiceFileName, invoicePeriodFileName } from '../../../domain/invoices';
import { INVOICE_MSG, invoiceCheckSchema, invoiceGenerateSchema } from '../../../domain/validation/invoice';
import { periodQuerySchema } from '../../../domain/validation/period';
import { invoiceDocument, storedDocument } from './document';
import { assertNumberFree, createInvoice, planInvoice } from './plan';
import { INVOICE_LIST } from '../../lists/invoice';
import { answerList, idScope } from '../../lists';
import {
  deleteInvoice,
  invoiceOptions,
  invoiceViewById,
  invoiceViewsByIds,
  lastInvoiceId,
  listInvoices,
  lockInvoice,
  restaurantForInvoice,
  setInvoiceDocument,
  storedInvoice,
} from '../../records/invoices';
import { RESPONSES, FILES, messageResponse } from '../../../domain/validation/responses';
import { pathId } from '../../params';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';


/** A restaurant named in a query: 400 when there is none, 403 when it is not the caller's. */
async function checkRestaurant(app: FastifyInstance, request: FastifyRequest, restaurantId: number) {
  const restaurant = await restaurantForInvoice(app.db, restaurantId);
  if (!restaurant) throw fieldError('restaurant_id', INVOICE_MSG.restaurantUnknown);
  if (!inScope(await restaurantScope(app, request.account!), restaurantId)) throw forbidden();
  return restaurant;
}

/**
 * Invoices to restaurants (spec 2, sections 2 and 7). Administrators and managers (within their restaurants) list,
 * check, preview, create and download; restaurant accounts list, download and preview their own and may ask the
 * office for an invoice; only administrators remove one. The live feed carries ids only: restaurant accounts
 * listen on the same channel and must not learn of other restaurants' figures.
 */
export default async function invoiceRoutes(app: RouteApp) {
  const readers = { preHandler: app.access(...RULES.invoices.read) };
  const admins = { preHandler: app.access(...RULES.invoices.delete) };

  // The spec's call (a period, required) or react-admin's list convention (its filters, the caller's scope counted).
  app.get('/api/invoice', {
    ...readers,
    schema: { summary: 'Invoices of a period', querystring: periodQuerySchema, response: { 200: RESPONSES.invoices } },
  }, async (request, reply) => {
    const scope = await restaurantScope(app, request.account!);
    return answerList(app.db, request.query, reply, INVOICE_LIST, {
      plain: () => {
        const q = periodQuerySchema.parse(request.query ?? {});
        return listInvoices(app.db, { from: q.period_date_from, to: q.period_date_to, scope });
      },
      load: (ids) => invoiceViewsByIds(app.db, ids),
      scope: idScope('invoices.restaurant_id', scope),
    });
  });

  app.delete('/api/invoice/:id', {
    ...admins,
    schema: { summary: 'Remove an invoice (frees its timesheets)', params: idParams, response: { 204: FILES.empty } },
  }, async (request, reply) => {
    const id = pathId(request.params.id, INVOICE_MSG.notFound);
    const removed = await app.db.transaction().execute(async (trx) => {
      const row = await lockInvoice(trx, id);
      if (!row) throw notFound(INVOICE_MSG.notFound);
      await deleteInvoice(trx, id);
      return row;
    });
    await removeInvoicePdf(app.config.dataDir, removed.document_path);
    await app.broadcaster.publish({ channel: INVOICE_CHANNEL, event: 'destroy', items: [{ id: removed.id, restaurant_id: removed.restaurant_id }] });
    return reply.status(204).send();
  });

  app.get('/api/invoice-check', {
    ...readers,
    config: { shows: 'invoiceCheck' },
    schema: {
      summary: 'Invoices overlapping a period, before making one',
      querystring: invoiceCheckSchema,
      response: { 200: RESPONSES.invoiceCheck },
    },
  }, async (request) => {
    const q = invoiceCheckSchema.parse(request.query ?? {});
    const restaurant = await checkRestaurant(app, request, q.restaurant_id);
    const options = await invoiceOptions(app.db);
    return {
      last_id: await lastInvoiceId(app.db),
      invoices: await listInvoices(app.db, { from: q.period_date_from, to: q.period_date_to, scope: null, restaurantId: restaurant.id }),
      // What the dialog starts from (spec 2, section 2 'Request Invoice dialog').
      comission: defaultComission(restaurant.invoice_comission, options.comission),
      booking_fee: defaultBookingFee(restaurant.booking_fee, options.bookingFee),
    };
  });

  app.get('/api/invoice-generate', {
    ...readers,
    schema: { summary: 'Preview or issue an invoice (create_invoice=1)', querystring: invoiceGenerateSchema, response: { 200: FILES.pdf, 202: messageResponse } },
  }, async (request, reply) => {
    const q = invoiceGenerateSchema.parse(request.query ?? {});
    const restaurant = await checkRestaurant(app, request, q.restaurant_id);
    const account = request.account!;

    if (q.create_invoice && account.kind === 'restaurateur') {
      // Invoice numbers are the agency's to give: a restaurant's request goes to the office as an alert.
      await raiseAlert(app, {
        channel: 'timesheet_channel',
        event: 'request',
        message: `${restaurant.name} requested an invoice for ${ukDate(q.period_date_from)} - ${ukDate(q.period_date_to)}`,
        restaurantId: restaurant.id,
      });
      return reply.status(202).send({ message: INVOICE_MSG.requestSent });
    }

    if (!q.create_invoice) {
      if (account.kind !== 'restaurateur') await assertNumberFree(app.db, q.invoice_number);
      const plan = await planInvoice(app.db, app.config.invoices.vatRate, q);
      const pdf = await renderInvoicePdf(
        invoiceDocument(app.config, {
          invoiceNumber: q.invoice_number,
          invoiceDate: londonToday(),
          from: q.period_date_from,
          to: q.period_date_to,
          preview: true,
          restaurant: plan.restaurant,
          driverName: plan.driverName,
          lines: plan.lines,
          totals: plan.totals,
        }),
      );
      return sendFile(reply, pdf, PDF_TYPE, 'inline', invoicePeriodFileName(q.invoice_number, q.period_date_from, q.period_date_to));
    }

    const created = await createInvoice(app, q, account.kind === 'user' ? account.id : null);
    const pdf = await renderInvoicePdf(
      invoiceDocument(app.config, {
        invoiceNumber: q.invoice_number,
        invoiceDate: created.invoiceDate,
        from: q.period_date_from,
        to: q.period_date_to,
        preview: false,
        restaurant: created.plan.restaurant,
        driverName: created.plan.driverName,
        lines: created.plan.lines,
        totals: created.plan.totals,
      }),
    );
    await keepDocument(created.id, pdf);
    const view = await invoiceViewById(app.db, created.id);
    await app.broadcaster.publish({ channel: INVOICE_CHANNEL, event: 'store', items: [{ id: created.id, restaurant_id: view?.restaurant_id ?? q.restaurant_id }] });
    reply.header('X-Invoice-Id', String(created.id));
    return sendFile(reply, pdf, PDF_TYPE, 'inline', invoicePeriodFileName(q.invoice_number, q.period_date_from, q.period_date_to));
  });

  app.get('/api/invoice-download/:id', {
    ...readers,
    schema: { summary: 'An issued invoice', params: idParams, response: { 200: FILES.pdf } },
  }, async (request, reply) => {
    const id = pathId(request.params.id, INVOICE_MSG.notFound);
    const invoice = await storedInvoice(app.db, id);
    // Another restaurant's invoice answers as if it did not exist.
    if (!invoice || !inScope(await restaurantScope(app, request.account!), invoice.restaurant_id)) throw notFound(INVOICE_MSG.notFound);
    let pdf = await readInvoicePdf(app.config.dataDir, invoice.document_path);
    if (!pdf) {
      // No stored document (issued before documents were kept, or the file was lost): rebuilt from the frozen figures.
      pdf = await renderInvoicePdf(storedDocument(app.config, invoice));
      await keepDocument(invoice.id, pdf);
    }
    return sendFile(reply, pdf, PDF_TYPE, 'inline', invoiceFileName(invoice.invoice_number));
  });

  /** Stores an issued document and records where. A failure is logged, not fatal: download rebuilds it. */
  async function keepDocument(id: number, pdf: Buffer): Promise<void> {
    try {
      const documentPath = await storeInvoicePdf(app.config.dataDir, id, pdf);
      await setInvoiceDocument(app.db, id, documentPath);
    } catch (error) {
      app.log.warn({ err: error, invoiceId: id }, 'invoice document not stored');
    }
  }
}
