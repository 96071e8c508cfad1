import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { ukDate } from '../../../domain/dates';
import { REPORTING_MODEL_TYPE } from '../../../domain/statuses';
import { REPORT_EVENT } from '../../../domain/reports';
import { readCancellationFee } from '../../../domain/validation/cancellation';
import type { ShiftRecord } from '../../../domain/shifts';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { closeUnlessBusyClick } from './ActionDialog';
import { FeeField } from './FeeField';

export interface CancelShiftDialogProps {
  shift: ShiftRecord;
  restaurantName: string;
  onClose: () => void;
  onCancelled: (shift: ShiftRecord) => void;
}

/**
 * Cancel Shift (spec 3, sections 4.1 and 5): the driver comes off the shift, which becomes rejected (open again),
 * and the charge is taken off that driver's pay by a cancellation timesheet and recorded for the reports. The call's
 * cost is negative (the spec's rule); people type a fee as a positive amount, so the dialog takes the fee and sets the
 * sign, says what will happen, and refuses what it cannot read instead of changing it.
 */
export function CancelShiftDialog({ shift, restaurantName, onClose, onCancelled }: CancelShiftDialogProps) {
  const dataProvider = useAppDataProvider();
  const [typed, setTyped] = useState('');
  const [left, setLeft] = useState(false);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fee = readCancellationFee(typed);
  const driver = shift.driver?.full_name ?? 'The driver';
  // Refused once the field is left or the form sent, never rewritten.
  const feeError = fee === null && left;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setLeft(true);
    if (fee === null) return;
    setBusy(true);
    setError(null);
    try {
      const res = await dataProvider.cancelShift({
        shift_id: shift.id,
        restaurant_id: shift.restaurant_id,
        driver_id: shift.driver_id,
        period_date: shift.period_date,
        cost: fee ? -fee : 0,
        comment_cancelled: comment,
        model_type: REPORTING_MODEL_TYPE.shift,
        event: REPORT_EVENT.shiftCancelled,
        model_id: shift.id,
      });
      onCancelled(res.shift);
    } catch (e) {
      setError((e as Error).message || 'The shift could not be cancelled');
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={closeUnlessBusyClick(busy, onClose)} maxWidth={false} aria-labelledby="cancel-shift-title" slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="cancel-shift-title">Cancel Shift</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {restaurantName} · {ukDate(shift.period_date)} · {shift.start_time}–{shift.finish_time}
            <br />
            Driver: {driver}
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <FeeField driver={driver} typed={typed} onType={setTyped} onLeave={() => setLeft(true)} fee={fee} showError={feeError} />
          <TextField label="Reason" value={comment} onChange={(e) => setComment(e.target.value)} margin="dense" fullWidth multiline minRows={2} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>
            Close
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
            Cancel shift
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
