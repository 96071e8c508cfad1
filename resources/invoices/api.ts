import { httpClient } from '../../providers/httpClient';
import { fetchFile, type FetchedFile } from '../../providers/files';
import type { DateRange } from '../../domain/ranges';
import type { Invoice, InvoiceCheck } from './types';

const period = (range: DateRange) => ({ period_date_from: range.from, period_date_to: range.to });

/** GET /api/invoice-check?period_date_from&period_date_to&restaurant_id */
export function checkInvoice(range: DateRange, restaurantId: number): Promise<InvoiceCheck> {
  return httpClient<InvoiceCheck>('/api/invoice-check', { query: { ...period(range), restaurant_id: restaurantId } });
}

export interface InvoiceRequest {
  invoice_number: string;
  comission: string;
  range: DateRange;
  restaurantId: number;
  driverId?: number | null;
}

const generateQuery = (r: InvoiceRequest, create: boolean) => ({
  comission: r.comission,
  invoice_number: r.invoice_number,
  ...period(r.range),
  restaurant_id: r.restaurantId,
  driver_id: r.driverId || undefined,
  create_invoice: create ? 1 : undefined,
});

/** GET /api/invoice-generate without create_invoice: the document as it would be, stored nowhere. */
export function previewInvoice(r: InvoiceRequest): Promise<FetchedFile> {
  return fetchFile('/api/invoice-generate', generateQuery(r, false), 'invoice-preview.pdf');
}

/** GET /api/invoice-generate?create_invoice=1: issues the invoice and answers its document. */
export function createInvoice(r: InvoiceRequest): Promise<FetchedFile> {
  return fetchFile('/api/invoice-generate', generateQuery(r, true), `${r.invoice_number}.pdf`, { idempotent: true });
}

/** A restaurant account's create_invoice=1: the request goes to the office, which answers with a message. */
export function requestInvoice(r: InvoiceRequest): Promise<{ message: string }> {
  return httpClient<{ message: string }>('/api/invoice-generate', { query: generateQuery(r, true), idempotent: true });
}

/** GET /api/invoice-download/{id} */
export function downloadInvoice(invoice: Pick<Invoice, 'id' | 'invoice_number'>): Promise<FetchedFile> {
  return fetchFile(`/api/invoice-download/${invoice.id}`, undefined, `Invoice ${invoice.invoice_number}.pdf`);
}

/** DELETE /api/invoice/{id} (administrators). */
export function removeInvoice(id: number): Promise<unknown> {
  return httpClient(`/api/invoice/${id}`, { method: 'DELETE' });
}
