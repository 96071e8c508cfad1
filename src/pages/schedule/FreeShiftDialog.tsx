import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { londonToday, ukDate } from '../../../domain/dates';
import { isDate } from '../../../domain/ranges';
import { FREE_SHIFT_BONUSES, bonusLabel, draftDateRefusal, earliestDraftDate, type ShiftRecord } from '../../../domain/shifts';
import { freeShiftSchema } from '../../../domain/validation/shift';
import { TimeField } from '../../components/TimeField';
import { useFormState } from '../../components/useFormState';
import { createFreeShift, updateFreeShift, type BoardRestaurant } from './api';
import { serverFieldErrors } from './serverErrors';

const FIELDS = ['period_date', 'start_time', 'finish_time', 'cost_bonus', 'comment'] as const;

export interface FreeShiftDialogProps {
  restaurant: BoardRestaurant;
  date?: string;
  shift?: ShiftRecord;
  onClose: () => void;
  onSaved: (shift: ShiftRecord) => void;
}

/**
 * New Shift / Edit Shift for restaurant accounts (spec 3, sections 2.5 and 5 'Restaurant shifts'): an open shift
 * without a driver or cost; start and finish required; driver bonus none, +£10 or +£20. New shifts are drafts
 * until the restaurant publishes them for moderation, and are dated from tomorrow on.
 */
export function FreeShiftDialog({ restaurant, date, shift, onClose, onSaved }: FreeShiftDialogProps) {
  const [initial] = useState(() => ({
    restaurant_id: String(restaurant.id),
    period_date: shift?.period_date ?? date ?? '',
    start_time: shift?.start_time ?? '',
    finish_time: shift?.finish_time ?? '',
    cost_bonus: String(shift?.cost_bonus ?? 0),
    comment: shift?.comment ?? '',
  }));
  const form = useFormState(freeShiftSchema, initial);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const v = form.values;
  const today = londonToday();
  // Shown at once: a day clicked on the board may already be too early.
  const dateRefusal = isDate(v.period_date) ? draftDateRefusal(v.period_date, today, shift?.period_date) : null;
  const set = (name: string, value: string) => {
    form.setValues((old) => ({ ...old, [name]: value }));
    setServerErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const touch = (name: string) => form.setTouched((t) => ({ ...t, [name]: true }));
  const field = (name: (typeof FIELDS)[number]) => {
    const own = form.field(name);
    const rule = name === 'period_date' ? dateRefusal : null;
    const server = serverErrors[name];
    return { ...own, onChange: (e: { target: { value: string } }) => set(name, e.target.value), error: own.error || !!rule || !!server, helperText: own.helperText ?? rule ?? server };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!freeShiftSchema.safeParse(v).success || dateRefusal || saving) return;
    setSaving(true);
    setOtherError(null);
    try {
      onSaved(shift ? await updateFreeShift(shift.id, v) : await createFreeShift(v));
    } catch (error) {
      const { fields, other } = serverFieldErrors(error, [...FIELDS], 'Saving the shift failed');
      setServerErrors(fields);
      setOtherError(other);
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth={false} aria-labelledby="free-shift-title" slotProps={{ paper: { sx: { width: 450, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="free-shift-title">
          {shift ? 'Edit Shift' : 'New Shift'}
          <Typography variant="body2" color="text.secondary">
            {restaurant.name}
            {isDate(v.period_date) ? ` · ${ukDate(v.period_date)}` : ''}
          </Typography>
        </DialogTitle>
        <DialogContent>
          {otherError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {otherError}
            </Alert>
          )}
          <TextField
            {...field('period_date')}
            label="Date"
            type="date"
            margin="dense"
            fullWidth
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: shift?.period_date && shift.period_date < earliestDraftDate(today) ? shift.period_date : earliestDraftDate(today) } }}
          />
          <Stack direction="row" spacing={2}>
            <TimeField label="Start Time" required value={v.start_time} onChange={(t) => set('start_time', t)} onBlur={() => touch('start_time')} error={field('start_time').error} helperText={field('start_time').helperText} />
            <TimeField label="Finish Time" required value={v.finish_time} onChange={(t) => set('finish_time', t)} onBlur={() => touch('finish_time')} error={field('finish_time').error} helperText={field('finish_time').helperText} />
          </Stack>
          <TextField {...field('cost_bonus')} select label="Driver bonus" margin="dense" fullWidth>
            {FREE_SHIFT_BONUSES.map((b) => (
              <MenuItem key={b} value={String(b)}>
                {bonusLabel(b)}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...field('comment')} label="Comment" margin="dense" fullWidth multiline minRows={2} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!form.valid || !!dateRefusal || saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
