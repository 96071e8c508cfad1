import type { InvoiceView } from '../../domain/invoices';

export { INVOICE_CHANNEL } from '../../domain/invoices';

/** An invoice as GET /api/invoice lists it. */
export type Invoice = InvoiceView;

/** GET /api/invoice-check: the last id, the invoices overlapping the period, and the dialog's defaults. */
export interface InvoiceCheck {
  last_id: number;
  invoices: Invoice[];
  comission: number;
  booking_fee: number;
}
