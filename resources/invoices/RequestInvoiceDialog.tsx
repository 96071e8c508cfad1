import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle, InputAdornment, LinearProgress, Typography } from '@mui/material';
import { nextInvoiceNumber } from '../../domain/invoices';
import { rangeLabel, type DateRange } from '../../domain/ranges';
import { requestInvoiceFormSchema } from '../../domain/validation/invoice';
import { openPendingTab, saveFile } from '../../providers/files';
import {
  DialogFrame,
  FormActionButton,
  FormCancelButton,
  FormDialog,
  FormSaveButton,
  DialogTextInput,
  failureBeside,
} from '../../src/components/forms';
import type { InvoiceRequest } from '../../domain/invoices';
import { useAppDataProvider, useDataProviderRef } from '../../providers/dataProvider';
import type { InvoiceCheck } from './types';

/** Dialog width (spec 3, section 2.5 lists 400, 450 and 700 px). */
export const REQUEST_INVOICE_WIDTH = 450;
export const REQUEST_INVOICE_TITLE = 'Request Invoice';

type RequestInvoiceResult = { kind: 'created'; invoiceNumber: string; fileName: string } | { kind: 'requested'; message: string };

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
  const provider = useDataProviderRef();

  useEffect(() => {
    let live = true;
    provider.current.checkInvoice({ from, to }, restaurantId).then(
      (result) => live && setCheck(result),
      (error: Error) => live && setCheckError(error.message || 'The period could not be checked'),
    );
    return () => {
      live = false;
    };
  }, [provider, from, to, restaurantId, attempt]);

  // One dialog throughout: the check's progress (or its failure), then the form it fills.
  return (
    <DialogFrame titleId={TITLE_ID} width={REQUEST_INVOICE_WIDTH} onClose={onClose}>
      {check ? (
        <RequestInvoiceForm {...props} check={check} />
      ) : (
        <>
          <DialogTitle id={TITLE_ID} sx={TITLE_SX}>
            {REQUEST_INVOICE_TITLE}
          </DialogTitle>
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
    </DialogFrame>
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

const FIELDS = ['invoice_number', 'comission'];
const TITLE_ID = 'request-invoice-title';
const TITLE_SX = { pb: 0.5 };
const pounds = {
  input: {
    startAdornment: <InputAdornment position="start">£</InputAdornment>,
    endAdornment: <InputAdornment position="end">/ hour</InputAdornment>,
  },
  htmlInput: { inputMode: 'decimal' as const },
};

interface RequestValues {
  [key: string]: unknown;
  invoice_number: string;
  comission: string;
}

/**
 * The form, once the period is checked: number and commission pre-filled (read-only for a restaurant), Preview
 * and Create (or Request Invoice) on the shared form dialog, a refusal's messages under the fields or above them.
 */
function RequestInvoiceForm({ variant = 'admin', restaurantId, restaurantName, range, driverId, onClose, onDone, check }: RequestInvoiceDialogProps & { check: InvoiceCheck }) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const restaurant = variant === 'restaurant';
  const failed = restaurant ? 'The request could not be sent' : 'The invoice could not be created';
  const [initial] = useState<RequestValues>(() => ({ invoice_number: nextInvoiceNumber(check.last_id), comission: check.comission.toFixed(2) }));
  const request = (values: Record<string, unknown>): InvoiceRequest => ({
    invoice_number: String(values.invoice_number).trim(),
    comission: String(values.comission).trim(),
    range,
    restaurantId,
    driverId,
  });

  const preview = async (values: Record<string, unknown>) => {
    // Opened within the click, so the browser does not take it for a pop-up; the document follows.
    const tab = openPendingTab();
    try {
      tab.show((await dataProvider.previewInvoice(request(values))).blob);
    } catch (error) {
      tab.close();
      throw error;
    }
  };

  const create = async (values: RequestValues) => {
    const sent = request(values);
    if (restaurant) {
      const { message } = await dataProvider.requestInvoice(sent);
      notify(message, { type: 'success' });
      onDone?.({ kind: 'requested', message });
    } else {
      const file = await dataProvider.createInvoice(sent);
      saveFile(file.blob, file.fileName);
      notify(`Invoice ${sent.invoice_number} created`, { type: 'success' });
      onDone?.({ kind: 'created', invoiceNumber: sent.invoice_number, fileName: file.fileName });
    }
    onClose();
  };

  const readOnly = { readOnly: restaurant };
  return (
    <FormDialog<RequestValues>
      title={REQUEST_INVOICE_TITLE}
      titleId={TITLE_ID}
      titleSx={TITLE_SX}
      width={REQUEST_INVOICE_WIDTH}
      schema={requestInvoiceFormSchema}
      defaultValues={initial}
      onSave={create}
      onClose={onClose}
      failureFallback={failed}
      failureText={failureBeside(FIELDS, failed)}
      bare
      actions={
        <>
          <FormCancelButton onClick={onClose} />
          <FormActionButton label="Preview" name="preview" run={preview} />
          <FormSaveButton label={restaurant ? 'Request Invoice' : 'Create'} />
        </>
      }
    >
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
      <DialogTextInput
        source="invoice_number"
        label="Invoice number"
        margin="dense"
        size="medium"
        fullWidth
        required
        autoFocus={!restaurant}
        autoComplete="off"
        slotProps={{ input: readOnly }}
      />
      <DialogTextInput
        source="comission"
        label="Commission"
        margin="dense"
        size="medium"
        fullWidth
        required
        slotProps={{ ...pounds, input: { ...pounds.input, ...readOnly } }}
      />
      {restaurant && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The office issues the invoice; Preview shows what it will hold.
        </Typography>
      )}
    </FormDialog>
  );
}
