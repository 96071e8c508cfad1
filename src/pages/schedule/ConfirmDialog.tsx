import { useState, type ReactNode } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, Switch } from '@mui/material';

export interface ConfirmDialogProps {
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  /** Shows the push switch ('Notify drivers?'); its value goes to onConfirm. */
  notify?: { label: string; initial: boolean };
  /** Runs on confirm; a thrown error is shown in the dialog. */
  onConfirm: (notify: boolean) => Promise<void> | void;
  onClose: () => void;
  /** Runs when the user says no (Cancel, Escape, a click outside), before onClose: a dragged chip goes back. */
  onCancel?: () => void;
  danger?: boolean;
}

/** A question before an action (spec 3, section 5): 'Remove shift {date}?', 'Publish n shifts?', 'Notify drivers?' … */
export function ConfirmDialog({ title, message, confirmLabel, notify, onConfirm, onClose, onCancel, danger }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [push, setPush] = useState(notify?.initial ?? false);
  const [error, setError] = useState<string | null>(null);
  const cancel = () => {
    onCancel?.();
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(push);
    } catch (e) {
      setError((e as Error).message || 'The action failed');
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : cancel} maxWidth={false} aria-labelledby="confirm-title" slotProps={{ paper: { sx: { width: 450, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        {typeof message === 'string' ? <DialogContentText>{message}</DialogContentText> : message}
        {notify && <FormControlLabel sx={{ mt: 1 }} control={<Switch checked={push} onChange={(e) => setPush(e.target.checked)} />} label={notify.label} />}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={cancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color={danger ? 'error' : 'primary'} onClick={() => void confirm()} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
