/** PDF documents: invoices rendered with pdfkit, and their storage under DATA_DIR. */
export { renderInvoicePdf, type AgencyDetails, type BilledRestaurant, type InvoiceDocument } from './invoicePdf';
export { readInvoicePdf, removeInvoicePdf, storeInvoicePdf } from './invoiceStore';
