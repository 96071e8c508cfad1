import { useEffect, useMemo, useState } from 'react';
import { Stack } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { londonToday } from '../../../domain/dates';
import { isDate } from '../../../domain/ranges';
import { FREE_SHIFT_BONUSES, bonusLabel, draftDateRefusal, earliestDraftDate, type ShiftRecord } from '../../../domain/shifts';
import { freeShiftSchema } from '../../../domain/validation/shift';
import { DialogDateInput, FormDialog, DialogSelectInput, DialogTextInput, DialogTimeInput, failureBeside } from '../../components/forms';
import type { BoardRestaurant } from '../../../domain/shiftCalls';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { ShiftTitle } from './ShiftTitle';

const FAILED = 'Saving the shift failed';
const failureText = failureBeside(['period_date', 'start_time', 'finish_time', 'cost_bonus', 'comment'], FAILED);
const BONUS_CHOICES = FREE_SHIFT_BONUSES.map((b) => ({ id: b, name: bonusLabel(b) }));

export interface FreeShiftDialogProps {
  restaurant: BoardRestaurant;
  date?: string;
  shift?: ShiftRecord;
  onClose: () => void;
  onSaved: (shift: ShiftRecord) => void;
}

type FreeShiftValues = Record<string, string>;

/**
 * New Shift / Edit Shift for restaurant accounts (spec 3, sections 2.5 and 5 'Restaurant shifts') on the shared form
 * dialog: an open shift without a driver or cost; start and finish required; driver bonus none, +£10 or +£20. New
 * shifts are drafts until the restaurant publishes them for moderation, and are dated from tomorrow on.
 */
export function FreeShiftDialog({ restaurant, date, shift, onClose, onSaved }: FreeShiftDialogProps) {
  const dataProvider = useAppDataProvider();
  const [initial] = useState<FreeShiftValues>(() => ({
    restaurant_id: String(restaurant.id),
    period_date: shift?.period_date ?? date ?? '',
    start_time: shift?.start_time ?? '',
    finish_time: shift?.finish_time ?? '',
    cost_bonus: String(shift?.cost_bonus ?? 0),
    comment: shift?.comment ?? '',
  }));
  const today = londonToday();
  // The shared rules, and the date of a draft from tomorrow on (an edited shift may keep its own date).
  const schema = useMemo(
    () =>
      freeShiftSchema.superRefine((v, ctx) => {
        const refusal = isDate(v.period_date) ? draftDateRefusal(v.period_date, today, shift?.period_date) : null;
        if (refusal) ctx.addIssue({ code: 'custom', path: ['period_date'], message: refusal });
      }, { when: () => true }),
    [today, shift?.period_date],
  );
  const earliest = earliestDraftDate(today);
  return (
    <FormDialog<FreeShiftValues>
      title={<ShiftTitle title={shift ? 'Edit Shift' : 'New Shift'} restaurant={restaurant.name} />}
      width={450}
      schema={schema}
      defaultValues={initial}
      onSave={async (values) => onSaved(shift ? await dataProvider.updateFreeShift(shift.id, values) : await dataProvider.createFreeShift(values))}
      onClose={onClose}
      failureFallback={FAILED}
      failureText={failureText}
    >
      <CheckDateAtOnce />
      <DialogDateInput
        source="period_date"
        label="Date"
        margin="dense"
        size="medium"
        fullWidth
        required
        min={shift?.period_date && shift.period_date < earliest ? shift.period_date : earliest}
      />
      <Stack direction="row" spacing={2}>
        <DialogTimeInput source="start_time" label="Start Time" required />
        <DialogTimeInput source="finish_time" label="Finish Time" required />
      </Stack>
      <DialogSelectInput source="cost_bonus" label="Driver bonus" choices={BONUS_CHOICES} margin="dense" size="medium" fullWidth />
      <DialogTextInput source="comment" label="Comment" margin="dense" size="medium" fullWidth multiline minRows={2} />
    </FormDialog>
  );
}

/** A day clicked on the board may already be too early for a draft: said at once, and followed from then on. */
function CheckDateAtOnce() {
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    // After react-admin's Form resets itself to its defaults at mount (its effect runs after its children's).
    const timer = setTimeout(() => {
      const date = getValues('period_date') as string;
      if (isDate(date)) setValue('period_date', date, { shouldTouch: true, shouldValidate: true });
    });
    return () => clearTimeout(timer);
  }, [getValues, setValue]);
  return null;
}
