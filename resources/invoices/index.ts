import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { lazyPage } from '../../src/components/lazyPage';
import type { Invoice } from './types';

/**
 * Invoices (API /api/invoice and the invoice-check, invoice-generate and invoice-download calls). The staff screen
 * /invoices is the resource's list (the server pages it within the chosen range and location); a restaurant
 * account's /invoicesrestaurant is a second list of the same resource on a custom route. The Request Invoice
 * dialog (./RequestInvoiceDialog, imported from there so the app's first load does not carry it) is also opened by the
 * timesheet screen, for one restaurant and the range it shows:
 *
 *   <RequestInvoiceDialog variant="admin" restaurantId={id} restaurantName={name} range={range} onClose={...} onDone={...} />
 *
 * and its restaurant variant (variant="restaurant": preview, and a request sent to the office).
 */
export const invoices = {
  name: 'invoices',
  list: lazyPage(() => import('./InvoicesPage'), 'InvoicesPage'),
  icon: ReceiptLongOutlinedIcon,
  recordRepresentation: (invoice: Invoice) => `Invoice ${invoice.invoice_number}`,
};

export const RestaurantInvoicesPage = lazyPage(() => import('./InvoicesPage'), 'RestaurantInvoicesPage');
export type { Invoice } from './types';
