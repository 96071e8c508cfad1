import { useEffect, useMemo, useState } from 'react';
import { useNotify } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { ukDate } from '../../../domain/dates';
import type { DateRange } from '../../../domain/ranges';
import { invoiceNumberFrom, invoiceRequestSchema } from '../../../domain/validation/invoiceRequest';
import { httpClient } from '../../../providers/httpClient';
import { useFormState } from '../../components/useFormState';
import { fetchFile, openBlob, saveBlob } from './download';

interface InvoiceCheck {
  last_id?: number | null;
  invoices?: { id: number; invoice_number: string; period_date_from: string; period_date_to: string }[];
}

export interface RequestInvoiceDialogProps {
  open: boolean;
  onClose: () => void;
  range: DateRange;
  restaurant: { id: number; name: string };
  /** The restaurant's commission in £ per hour (its own, else the option). */
  comission: number;
}

/**
 * Request Invoice (spec 2, 'Request Invoice dialog'; spec 3, section 2.5) for one restaurant and the range shown:
 * opening it checks for overlapping invoices (GET /api/invoice-check); Preview opens the document and Create
 * builds it (GET /api/invoice-generate, create_invoice=1).
 */
export function RequestInvoiceDialog({ open, onClose, range, restaurant, comission }: RequestInvoiceDialogProps) {
  const notify = useNotify();
  const initial = useMemo(() => ({ invoice_number: '', comission: String(comission) }), [comission]);
  const form = useFormState(invoiceRequestSchema, initial);
  const { setValues } = form;
  const [check, setCheck] = useState<InvoiceCheck | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setCheck(null);
    setCheckError(null);
    httpClient<InvoiceCheck>('/api/invoice-check', {
      query: { period_date_from: range.from, period_date_to: range.to, restaurant_id: restaurant.id },
      signal: controller.signal,
    })
      .then((result) => {
        setCheck(result ?? {});
        setValues((v) => ({ ...v, invoice_number: v.invoice_number || invoiceNumberFrom(result?.last_id) }));
      })
      .catch((e: Error) => {
        if (e?.name !== 'AbortError') setCheckError(e.message);
      });
    return () => controller.abort();
  }, [open, range.from, range.to, restaurant.id, setValues]);

  async function generate(create: boolean) {
    if (!form.valid) {
      form.touchAll();
      return;
    }
    setBusy(true);
    const { invoice_number, comission: rate } = form.values;
    try {
      const file = await fetchFile(
        '/api/invoice-generate',
        { comission: rate, invoice_number, period_date_from: range.from, period_date_to: range.to, restaurant_id: restaurant.id, ...(create ? { create_invoice: '1' } : {}) },
        `${invoice_number}_${range.from}-${range.to}.pdf`,
      );
      if (create) {
        saveBlob(file.blob, file.name);
        notify(`Invoice ${invoice_number} created`, { type: 'success' });
        onClose();
      } else {
        openBlob(file.blob);
      }
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { width: 450 } } }}>
      <DialogTitle>Request Invoice</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {restaurant.name}, {ukDate(range.from)} – {ukDate(range.to)}
          </Typography>
          {!check && !checkError && <LinearProgress aria-label="Checking invoices" />}
          {checkError && <Alert severity="warning">{checkError}</Alert>}
          {check?.invoices?.map((inv) => (
            <Alert severity="warning" key={inv.id}>
              Invoice {inv.invoice_number} already covers {ukDate(inv.period_date_from)} – {ukDate(inv.period_date_to)}
            </Alert>
          ))}
          <TextField size="small" label="Invoice number" required {...form.field('invoice_number')} />
          <TextField size="small" label="Commission (£ per hour)" required {...form.field('comission')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button onClick={() => void generate(false)} disabled={busy || !form.valid}>
          Preview
        </Button>
        <Button variant="contained" onClick={() => void generate(true)} disabled={busy || !form.valid}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
