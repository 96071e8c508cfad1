import type { InvoiceCheck, InvoiceView } from '../../domain/invoices';

export { INVOICE_CHANNEL } from '../../domain/invoices';

/** The react-admin resource of the invoices screen (GET /api/invoice). */
export const INVOICES = 'invoices';

/** An invoice as GET /api/invoice lists it. */
export type Invoice = InvoiceView;

export type { InvoiceCheck };
