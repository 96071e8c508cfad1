import type { ReactNode } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

export interface ActionDialogProps {
  /** The title's element id (the dialog's accessible name). */
  titleId: string;
  title: string;
  /** The action runs: the action shows a spinner and is off; Cancel and Escape still close the dialog. */
  busy: boolean;
  /** The last failure, shown under the content. */
  error: string | null;
  /** Cancel, Escape or a click outside (not while busy: a stray click should not drop an answer on its way). */
  onCancel: () => void;
  action: { label: string; onClick: () => void; disabled?: boolean; danger?: boolean };
  children: ReactNode;
  /** Drawn after the dialog's own actions (a question the action asks in a dialog of its own). */
  after?: ReactNode;
  /** Wider for a list of shifts; never wider than the screen. */
  width?: number;
}

/**
 * A dialog's onClose that never traps the user: Escape always closes, even while a call is out (its answer still
 * lands on the board); a click outside closes only when nothing is running.
 */
export function closeUnlessBusyClick(busy: boolean, onClose: () => void) {
  return (_event: unknown, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (busy && reason === 'backdropClick') return;
    onClose();
  };
}

/** The frame of the board's questions (confirm, copy, publish): title, content, the failure, Cancel and the action. */
export function ActionDialog({ titleId, title, busy, error, onCancel, action, children, after, width = 450 }: ActionDialogProps) {
  return (
    <Dialog open onClose={closeUnlessBusyClick(busy, onCancel)} maxWidth={false} aria-labelledby={titleId} slotProps={{ paper: { sx: { width, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={action.danger ? 'error' : 'primary'}
          onClick={action.onClick}
          disabled={busy || action.disabled}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {action.label}
        </Button>
      </DialogActions>
      {after}
    </Dialog>
  );
}
