import { useState, type FormEvent } from 'react';
import { TextField } from '@mui/material';
import { REPORTING_MODEL_TYPE } from '../../../domain/statuses';
import { REPORT_EVENT } from '../../../domain/reports';
import type { ShiftRecord } from '../../../domain/shifts';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { FeeField, useFeeInput } from './FeeField';
import { ShiftFormDialog } from './ShiftFormDialog';
import { useSending } from './useSending';

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
  const { fee, touch, field } = useFeeInput();
  const [comment, setComment] = useState('');
  const { busy, error, send } = useSending();
  const driver = shift.driver?.full_name ?? 'The driver';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    touch();
    if (fee === null) return;
    await send(async () => {
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
    }, 'The shift could not be cancelled');
  };

  return (
    <ShiftFormDialog
      titleId="cancel-shift-title"
      title="Cancel Shift"
      width={400}
      shift={shift}
      restaurantName={restaurantName}
      driverLine={<>Driver: {driver}</>}
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={onSubmit}
      action={{ label: 'Cancel shift', danger: true }}
    >
      <FeeField driver={driver} {...field} />
      <TextField label="Reason" value={comment} onChange={(e) => setComment(e.target.value)} margin="dense" fullWidth multiline minRows={2} />
    </ShiftFormDialog>
  );
}
