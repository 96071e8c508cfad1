import { rangeLabel } from '../../domain/ranges';
import { RemoveRecordDialog } from '../../src/components/RemoveDialog';
import { REQUEST_INVOICE_WIDTH } from './RequestInvoiceDialog';
import { INVOICES, type Invoice } from './types';

/** 'Remove invoice {number}?' (administrators). A refusal stays in the dialog. */
export function RemoveInvoiceDialog({ invoice, onClose, onRemoved }: { invoice: Invoice; onClose: () => void; onRemoved: (invoice: Invoice) => void }) {
  return (
    <RemoveRecordDialog
      resource={INVOICES} record={invoice} onRemoved={onRemoved} onClose={onClose}
      id="remove-invoice-title" title={`Remove invoice ${invoice.invoice_number}?`} width={REQUEST_INVOICE_WIDTH} failed="The invoice could not be removed"
    >
      The invoice of {invoice.restaurant.name} for {rangeLabel({ from: invoice.period_date_from, to: invoice.period_date_to })} and its document will be
      removed, and its number can be used again.
    </RemoveRecordDialog>
  );
}
