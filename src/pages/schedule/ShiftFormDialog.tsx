import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { ukDate } from '../../../domain/dates';
import type { ShiftRecord } from '../../../domain/shifts';
import { closeUnlessBusyClick } from './ActionDialog';

export interface ShiftFormDialogProps {
  /** The title's element id (the dialog's accessible name). */
  titleId: string;
  title: string;
  width: number;
  shift: ShiftRecord;
  restaurantName: string;
  /** The line under the shift's: its driver and what is known of them. */
  driverLine: ReactNode;
  /** The sent form's call is out: the action shows a spinner and is off; Close and Escape still close. */
  busy: boolean;
  /** The last failure, shown above the fields. */
  error: string | null;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  action: { label: string; disabled?: boolean; danger?: boolean };
  children: ReactNode;
}

/**
 * The frame of a form about one shift that takes its driver off (Cancel Shift, Find cover): the shift's restaurant,
 * day and times with its driver's line, the failure, the fields, then Close and the action that sends the form.
 */
export function ShiftFormDialog(props: ShiftFormDialogProps) {
  const { titleId, title, width, shift, restaurantName, driverLine, busy, error, onClose, onSubmit, action, children } = props;
  return (
    <Dialog open onClose={closeUnlessBusyClick(busy, onClose)} maxWidth={false} aria-labelledby={titleId} slotProps={{ paper: { sx: { width, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {restaurantName} · {ukDate(shift.period_date)} · {shift.start_time}–{shift.finish_time}
            <br />
            {driverLine}
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Close</Button>
          <Button
            type="submit"
            variant="contained"
            color={action.danger ? 'error' : 'primary'}
            disabled={busy || action.disabled}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {action.label}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
