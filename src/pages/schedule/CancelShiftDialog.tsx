import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, InputAdornment, TextField, Typography } from '@mui/material';
import { ukDate } from '../../../domain/dates';
import { REPORTING_MODEL_TYPE } from '../../../domain/statuses';
import { REPORT_EVENT } from '../../../domain/reports';
import { normaliseCancelCost } from '../../../domain/validation/cancellation';
import type { ShiftRecord } from '../../../domain/shifts';
import { cancelShift } from './api';
import { closeUnlessBusyClick } from './ActionDialog';

export interface CancelShiftDialogProps {
  shift: ShiftRecord;
  restaurantName: string;
  onClose: () => void;
  onCancelled: (shift: ShiftRecord) => void;
}

/**
 * Cancel Shift (spec 3, sections 4.1 and 5): the driver comes off the shift, which becomes rejected (open again),
 * and the charge is taken off that driver's pay by a cancellation timesheet and recorded for the reports. The cost
 * is a negative amount; 0 or more resets to 0 when leaving the field.
 */
export function CancelShiftDialog({ shift, restaurantName, onClose, onCancelled }: CancelShiftDialogProps) {
  const [cost, setCost] = useState('0');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const settle = () => setCost(String(normaliseCancelCost(Number(cost))));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = normaliseCancelCost(Number(cost));
    setCost(String(value));
    setBusy(true);
    setError(null);
    try {
      const res = await cancelShift({
        shift_id: shift.id,
        restaurant_id: shift.restaurant_id,
        driver_id: shift.driver_id,
        period_date: shift.period_date,
        cost: value,
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
            Driver: {shift.driver?.full_name ?? shift.driver_id}
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <TextField
            label="Cost"
            type="number"
            value={cost}
            onChange={(e) => setCost(e.target.value)}
            onBlur={settle}
            margin="dense"
            fullWidth
            helperText="A charge to the driver is negative and comes off their pay; 0 or more means no charge"
            slotProps={{ input: { startAdornment: <InputAdornment position="start">£</InputAdornment> }, htmlInput: { max: 0, step: 0.5 } }}
          />
          <TextField label="Reason" value={comment} onChange={(e) => setComment(e.target.value)} margin="dense" fullWidth multiline minRows={2} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>
            Close
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Cancel shift
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
