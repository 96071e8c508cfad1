import { useState } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { rangeLabel } from '../../domain/ranges';
import { removeInvoice } from './api';
import { REQUEST_INVOICE_WIDTH } from './RequestInvoiceDialog';
import type { Invoice } from './types';

/** The first message of the id field of a refusal (spec 2, section 8), else the error's own message. */
function refusalMessage(error: unknown): string {
  const err = error as { body?: unknown; message?: string };
  const id = err?.body && typeof err.body === 'object' ? (err.body as { id?: unknown }).id : undefined;
  if (Array.isArray(id) && typeof id[0] === 'string') return id[0];
  return err?.message || 'The invoice could not be removed';
}

/** 'Remove invoice {number}?' (administrators). A refusal stays in the dialog, next to the question it answers. */
export function RemoveInvoiceDialog({ invoice, onClose, onRemoved }: { invoice: Invoice; onClose: () => void; onRemoved: (invoice: Invoice) => void }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await removeInvoice(invoice.id);
      onRemoved(invoice);
    } catch (error) {
      setRefusal(refusalMessage(error));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="remove-invoice-title"
      slotProps={{ paper: { sx: { width: REQUEST_INVOICE_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="remove-invoice-title">Remove invoice {invoice.invoice_number}?</DialogTitle>
      <DialogContent>
        {refusal ? (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        ) : (
          <Typography color="text.secondary">
            The invoice of {invoice.restaurant.name} for {rangeLabel({ from: invoice.period_date_from, to: invoice.period_date_to })} and its document will be
            removed, and its number can be used again.
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {refusal ? 'Close' : 'Cancel'}
        </Button>
        {!refusal && (
          <Button color="error" variant="contained" onClick={remove} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Remove
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
