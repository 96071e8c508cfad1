import type { InvoiceCheck, InvoiceRequest } from '../../domain/invoices';
import type { DateRange } from '../../domain/ranges';
import { fetchFile, type FetchedFile } from '../files';
import { httpClient } from '../httpClient';

const period = (range: DateRange) => ({ period_date_from: range.from, period_date_to: range.to });

const generateQuery = (r: InvoiceRequest, create: boolean) => ({
  comission: r.comission,
  invoice_number: r.invoice_number,
  ...period(r.range),
  restaurant_id: r.restaurantId,
  driver_id: r.driverId || undefined,
  create_invoice: create ? 1 : undefined,
});

/** The invoice dialog's calls and the documents (the list and a removal are the standard getList and delete). */
export const invoiceMethods = {
  /** GET /api/invoice-check?period_date_from&period_date_to&restaurant_id */
  checkInvoice: (range: DateRange, restaurantId: number) =>
    httpClient<InvoiceCheck>('/api/invoice-check', { query: { ...period(range), restaurant_id: restaurantId } }),

  /** GET /api/invoice-generate without create_invoice: the document as it would be, stored nowhere. */
  previewInvoice: (r: InvoiceRequest): Promise<FetchedFile> => fetchFile('/api/invoice-generate', generateQuery(r, false), 'invoice-preview.pdf'),

  /** GET /api/invoice-generate?create_invoice=1: issues the invoice and answers its document. */
  createInvoice: (r: InvoiceRequest): Promise<FetchedFile> =>
    fetchFile('/api/invoice-generate', generateQuery(r, true), `${r.invoice_number}.pdf`, { idempotent: true }),

  /** A restaurant account's create_invoice=1: the request goes to the office, which answers with a message. */
  requestInvoice: (r: InvoiceRequest) => httpClient<{ message: string }>('/api/invoice-generate', { query: generateQuery(r, true), idempotent: true }),

  /** GET /api/invoice-download/{id} */
  downloadInvoice: (invoice: { id: number; invoice_number: string }): Promise<FetchedFile> =>
    fetchFile(`/api/invoice-download/${invoice.id}`, undefined, `Invoice ${invoice.invoice_number}.pdf`),
};
