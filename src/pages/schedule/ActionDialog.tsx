import type { ReactNode } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

export interface ActionDialogProps {
  /** The title's element id (the dialog's accessible name). */
  titleId: string;
  title: string;
  /** The action runs: the buttons are off, the action shows a spinner and the dialog does not close. */
  busy: boolean;
  /** The last failure, shown under the content. */
  error: string | null;
  /** Cancel, Escape or a click outside. */
  onCancel: () => void;
  action: { label: string; onClick: () => void; disabled?: boolean; danger?: boolean };
  children: ReactNode;
  /** Drawn after the dialog's own actions (a question the action asks in a dialog of its own). */
  after?: ReactNode;
}

/** The frame of the board's questions (confirm, copy): title, content, the failure, Cancel and the action. */
export function ActionDialog({ titleId, title, busy, error, onCancel, action, children, after }: ActionDialogProps) {
  return (
    <Dialog open onClose={busy ? undefined : onCancel} maxWidth={false} aria-labelledby={titleId} slotProps={{ paper: { sx: { width: 450, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={action.danger ? 'error' : 'primary'}
          onClick={action.onClick}
          disabled={busy || action.disabled}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {action.label}
        </Button>
      </DialogActions>
      {after}
    </Dialog>
  );
}
