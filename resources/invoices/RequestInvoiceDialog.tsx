import { useEffect, useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { nextInvoiceNumber } from '../../domain/invoices';
import { rangeLabel, type DateRange } from '../../domain/ranges';
import { requestInvoiceFormSchema } from '../../domain/validation/invoice';
import { openPendingTab, saveFile } from '../../providers/files';
import type { ErrorBody } from '../../providers/httpClient';
import { useFormState } from '../../src/components/useFormState';
import { checkInvoice, createInvoice, previewInvoice, requestInvoice, type InvoiceRequest } from './api';
import type { InvoiceCheck } from './types';

/** Dialog width (spec 3, section 2.5 lists 400, 450 and 700 px). */
export const REQUEST_INVOICE_WIDTH = 450;
export const REQUEST_INVOICE_TITLE = 'Request Invoice';

const FIELDS = ['invoice_number', 'comission'] as const;

export type RequestInvoiceResult = { kind: 'created'; invoiceNumber: string; fileName: string } | { kind: 'requested'; message: string };

export interface RequestInvoiceDialogProps {
  /** 'admin' (administrators and managers: preview and create) or 'restaurant' (preview and ask the office). */
  variant?: 'admin' | 'restaurant';
  restaurantId: number;
  /** Shown under the title; the screens that open the dialog know it. */
  restaurantName?: string;
  range: DateRange;
  /** Limits the invoice to one driver's timesheets. */
  driverId?: number | null;
  onClose: () => void;
  /** After an invoice was created (the list reloads) or a restaurant's request was sent. */
  onDone?: (result: RequestInvoiceResult) => void;
}

/**
 * Request Invoice (spec 2, section 2; spec 3, sections 2.5 and 5): opening it checks the period (GET
 * /api/invoice-check) for the last id, invoices overlapping the period and the restaurant's commission; the number
 * is pre-filled from the last id, the commission from the restaurant or the option. Preview opens the document in
 * a new tab; Create issues it and saves the PDF. The restaurant variant shows the same figures read-only and sends
 * the request to the office instead of creating. Mount it only while open.
 */
export function RequestInvoiceDialog(props: RequestInvoiceDialogProps) {
  const { restaurantId, range, onClose } = props;
  const { from, to } = range;
  const [check, setCheck] = useState<InvoiceCheck | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    checkInvoice({ from, to }, restaurantId).then(
      (result) => live && setCheck(result),
      (error: Error) => live && setCheckError(error.message || 'The period could not be checked'),
    );
    return () => {
      live = false;
    };
  }, [from, to, restaurantId, attempt]);

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      aria-labelledby="request-invoice-title"
      slotProps={{ paper: { sx: { width: REQUEST_INVOICE_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="request-invoice-title" sx={{ pb: 0.5 }}>
        {REQUEST_INVOICE_TITLE}
      </DialogTitle>
      {check ? (
        <RequestInvoiceForm {...props} check={check} />
      ) : (
        <>
          <DialogContent>
            <Subtitle restaurantName={props.restaurantName} range={range} />
            {checkError ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => (setCheckError(null), setAttempt((n) => n + 1))}>
                    Retry
                  </Button>
                }
              >
                {checkError}
              </Alert>
            ) : (
              <LinearProgress aria-label="Checking the period" />
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function Subtitle({ restaurantName, range }: { restaurantName?: string; range: DateRange }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
      {restaurantName ? `${restaurantName} · ` : ''}
      {rangeLabel(range)}
    </Typography>
  );
}

/** The server's 400 body split into messages for our fields and one for the rest (shown above the form). */
function splitServerErrors(body: unknown, fallback: string): { fields: Record<string, string>; other: string | null } {
  const fields: Record<string, string> = {};
  let other: string | null = null;
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as ErrorBody)) {
      const message = Array.isArray(value) ? value[0] : value;
      if (typeof message !== 'string') continue;
      if ((FIELDS as readonly string[]).includes(key)) fields[key] ??= message;
      else other ??= message;
    }
  }
  if (!Object.keys(fields).length && !other) other = fallback;
  return { fields, other };
}

type Busy = 'preview' | 'create' | null;

function RequestInvoiceForm({ variant = 'admin', restaurantId, restaurantName, range, driverId, onClose, onDone, check }: RequestInvoiceDialogProps & { check: InvoiceCheck }) {
  const notify = useNotify();
  const restaurant = variant === 'restaurant';
  const [initial] = useState(() => ({ invoice_number: nextInvoiceNumber(check.last_id), comission: check.comission.toFixed(2) }));
  const form = useFormState(requestInvoiceFormSchema, initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);

  const field = (name: (typeof FIELDS)[number]) => {
    const own = form.field(name);
    const server = serverErrors[name];
    return {
      ...own,
      onChange: (e: { target: { value: string } }) => {
        own.onChange(e);
        if (server) setServerErrors(({ [name]: _dropped, ...rest }) => rest);
      },
      error: own.error || !!server,
      helperText: own.helperText ?? server,
    };
  };

  const request = (): InvoiceRequest => ({
    invoice_number: form.values.invoice_number.trim(),
    comission: form.values.comission.trim(),
    range,
    restaurantId,
    driverId,
  });

  const failed = (error: unknown, fallback: string) => {
    const err = error as { body?: unknown; message?: string };
    const { fields, other } = splitServerErrors(err.body, err.message || fallback);
    setServerErrors(fields);
    setOtherError(other);
  };

  /** Checks the form first: an invalid one shows its messages instead of calling the server. */
  const ready = () => {
    form.touchAll();
    setOtherError(null);
    return requestInvoiceFormSchema.safeParse(form.values).success && !busy;
  };

  const preview = async () => {
    if (!ready()) return;
    const tab = openPendingTab();
    setBusy('preview');
    try {
      const file = await previewInvoice(request());
      tab.show(file.blob);
    } catch (error) {
      tab.close();
      failed(error, 'The preview could not be made');
    } finally {
      setBusy(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready()) return;
    setBusy('create');
    try {
      if (restaurant) {
        const { message } = await requestInvoice(request());
        notify(message, { type: 'success' });
        onDone?.({ kind: 'requested', message });
      } else {
        const file = await createInvoice(request());
        saveFile(file.blob, file.fileName);
        notify(`Invoice ${request().invoice_number} created`, { type: 'success' });
        onDone?.({ kind: 'created', invoiceNumber: request().invoice_number, fileName: file.fileName });
      }
      onClose();
    } catch (error) {
      failed(error, restaurant ? 'The request could not be sent' : 'The invoice could not be created');
      setBusy(null);
    }
  };

  const spinner = (kind: Busy) => (busy === kind ? <CircularProgress size={16} color="inherit" /> : undefined);

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent sx={{ pt: 0 }}>
        <Subtitle restaurantName={restaurantName} range={range} />
        {check.invoices.length > 0 && (
          <Alert severity="warning" sx={{ mb: 1.5 }} aria-label="Overlapping invoices">
            {check.invoices.length === 1 ? 'An invoice already covers this period:' : 'Invoices already cover this period:'}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {check.invoices.map((i) => (
                <li key={i.id}>
                  Invoice {i.invoice_number}: {rangeLabel({ from: i.period_date_from, to: i.period_date_to })}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {otherError && (
          <Alert severity="error" sx={{ mb: 1 }} role="alert">
            {otherError}
          </Alert>
        )}
        <Stack spacing={1}>
          <TextField
            {...field('invoice_number')}
            label="Invoice number"
            margin="dense"
            fullWidth
            required
            autoFocus={!restaurant}
            autoComplete="off"
            slotProps={{ input: { readOnly: restaurant } }}
          />
          <TextField
            {...field('comission')}
            label="Commission"
            margin="dense"
            fullWidth
            required
            slotProps={{
              input: {
                readOnly: restaurant,
                startAdornment: <InputAdornment position="start">£</InputAdornment>,
                endAdornment: <InputAdornment position="end">/ hour</InputAdornment>,
              },
              htmlInput: { inputMode: 'decimal' },
            }}
          />
        </Stack>
        {restaurant && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            The office issues the invoice; Preview shows what it will hold.
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy === 'create'}>
          Cancel
        </Button>
        <Button onClick={preview} disabled={!form.valid || !!busy} startIcon={spinner('preview')}>
          Preview
        </Button>
        <Button type="submit" variant="contained" disabled={!form.valid || !!busy} startIcon={spinner('create')}>
          {restaurant ? 'Request invoice' : 'Create'}
        </Button>
      </DialogActions>
    </form>
  );
}
