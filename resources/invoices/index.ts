import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { InvoicesPage, RestaurantInvoicesPage } from './InvoicesPage';

/**
 * Invoices (API /api/invoice and the invoice-check, invoice-generate and invoice-download calls; screens /invoices
 * and /invoicesrestaurant). Not a plain react-admin list: the list is bounded by a date range and the documents are
 * PDFs, so src/App.tsx mounts the pages on custom routes. The Request Invoice dialog is exported for the timesheet
 * screen, which opens it for one restaurant and the range it shows:
 *
 *   <RequestInvoiceDialog variant="admin" restaurantId={id} restaurantName={name} range={range} onClose={...} onDone={...} />
 *
 * and its restaurant variant (variant="restaurant": preview, and a request sent to the office).
 */
export const invoices = {
  name: 'invoice',
  path: '/invoices',
  list: InvoicesPage,
  icon: ReceiptLongOutlinedIcon,
  recordRepresentation: 'invoice_number',
};

export { InvoicesPage, RestaurantInvoicesPage };
export { RequestInvoiceDialog, REQUEST_INVOICE_TITLE, type RequestInvoiceDialogProps, type RequestInvoiceResult } from './RequestInvoiceDialog';
export type { Invoice, InvoiceCheck } from './types';
