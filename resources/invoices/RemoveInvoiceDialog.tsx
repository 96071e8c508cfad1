import { rangeLabel } from '../../domain/ranges';
import { RemoveDialog } from '../../src/components/RemoveDialog';
import { useAppDataProvider } from '../../providers/dataProvider';
import { REQUEST_INVOICE_WIDTH } from './RequestInvoiceDialog';
import { INVOICES, type Invoice } from './types';

/** 'Remove invoice {number}?' (administrators). A refusal stays in the dialog. */
export function RemoveInvoiceDialog({ invoice, onClose, onRemoved }: { invoice: Invoice; onClose: () => void; onRemoved: (invoice: Invoice) => void }) {
  const dataProvider = useAppDataProvider();
  const remove = async () => {
    await dataProvider.delete(INVOICES, { id: invoice.id, previousData: invoice });
    onRemoved(invoice);
  };
  return (
    <RemoveDialog
      id="remove-invoice-title"
      title={`Remove invoice ${invoice.invoice_number}?`}
      width={REQUEST_INVOICE_WIDTH}
      failed="The invoice could not be removed"
      onRemove={remove}
      onClose={onClose}
    >
      The invoice of {invoice.restaurant.name} for {rangeLabel({ from: invoice.period_date_from, to: invoice.period_date_to })} and its document will be
      removed, and its number can be used again.
    </RemoveDialog>
  );
}
