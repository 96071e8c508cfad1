import { useState } from 'react';
import { Alert, Box, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useFormState, useWatch } from 'react-hook-form';
import { fuelBonus, type FuelRates } from '../../../domain/pay';
import { SHIFT_STATUS } from '../../../domain/statuses';
import { SHIFT_LABEL, priceShift, type ShiftRecord } from '../../../domain/shifts';
import { SHIFT_FIELD_LABELS as LABEL } from '../../../domain/fieldLabels';
import { shiftSchema } from '../../../domain/validation/shift';
import { SHIFT_MSG } from '../../../domain/validation/shiftMessages';
import { isDate } from '../../../domain/ranges';
import { isTime } from '../../../domain/timeList';
import { WORKING_TIME_CONFIRM_FIELD } from '../../../domain/workingTime';
import { formatMoney } from '../../components/format';
import { DialogDateInput, FlagInput, FormCancelButton, FormDialog, FormSaveButton, DialogTextInput, DialogTimeInput, failureBeside, useFormDialog, type DialogTextInputProps } from '../../components/forms';
import type { BoardDriver, BoardRestaurant } from '../../../domain/shiftCalls';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { saveWarnings, type SaveWarnings } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { workingTimeConfirm } from './workingTimeConfirm';
import { OPEN_SHIFT, ShiftDriverInput, useDriverRefusals, type ShiftDriverProps } from './ShiftDriverInput';
import { ShiftTitle } from './ShiftTitle';
import type { ShiftStore } from './shiftStore';
// The History tab's parts only: the /history screen itself stays in its own lazily loaded chunk.
import { RecordHistory } from '../../../resources/history/RecordHistory';
import { RecordTabs, type RecordTab } from '../../../resources/history/RecordTabs';

/** Spec 3, section 2.5: the admin shift dialogs are 700 px wide. */
export const SHIFT_DIALOG_WIDTH = 700;
const FAILED = 'Saving the shift failed';
const FIELDS = ['driver_id', 'period_date', 'start_time', 'finish_time', 'cost_bonus', 'cost_extra_bonus', 'fuel_bonus_0', 'fuel_bonus_3', 'fuel_bonus_6', 'comment'];
const failureText = failureBeside(FIELDS, FAILED);

export interface ShiftDialogProps {
  restaurant: BoardRestaurant;
  /** The day clicked (New Shift). */
  date?: string;
  /** The shift to edit; none for New Shift. */
  shift?: ShiftRecord;
  drivers: BoardDriver[];
  store: ShiftStore;
  /** Names the restaurants of the driver's other shifts. */
  restaurantName?: (id: number) => string | undefined;
  fuelRates: FuelRates;
  onClose: () => void;
  onSaved: (shift: ShiftRecord) => void;
}

type ShiftValues = Record<string, string | boolean>;

function initialValues(restaurant: BoardRestaurant, date: string | undefined, shift: ShiftRecord | undefined): ShiftValues {
  const amount = (value: number | undefined) => String(value ?? 0);
  return {
    restaurant_id: String(shift?.restaurant_id ?? restaurant.id),
    // A rejected shift opens as an open shift (spec 3, section 4.1); a new one waits for a choice.
    driver_id: shift ? (shift.driver_id ? String(shift.driver_id) : OPEN_SHIFT) : '',
    period_date: shift?.period_date ?? date ?? '',
    start_time: shift?.start_time ?? '',
    finish_time: shift?.finish_time ?? '',
    cost_bonus: amount(shift?.cost_bonus),
    cost_extra_bonus: amount(shift?.cost_extra_bonus),
    fuel_bonus_0: amount(shift?.fuel_bonus_0),
    fuel_bonus_3: amount(shift?.fuel_bonus_3),
    fuel_bonus_6: amount(shift?.fuel_bonus_6),
    extra_request: !!shift?.extra_request,
    comment: shift?.comment ?? '',
    // The version the shift was loaded with: a save on it is refused when someone changed the shift meanwhile.
    updated_at: shift?.updated_at ?? '',
  };
}

/**
 * New Shift / Edit Shift (spec 3, sections 2.5 and 5) on the shared form dialog: driver (drivers of this restaurant,
 * or Open shift), start and finish from the 15-minute list, bonuses, the cancellation fee (hidden for restaurants)
 * and fuel counts. The driver's availability and other published shifts are checked as the form changes; Save stays
 * disabled while the form is invalid, saving, or the driver cannot take the shift. The driver's other unpublished
 * shifts at that time are named, and the driver list marks who is busy then. The server checks all of it again;
 * another shift of the driver then, or a working-time rule it would break, is asked about before the shift is saved
 * anyway. A shift changed by
 * someone else since it was opened is not saved over: the dialog says who and when, and Reload reads it anew.
 */
export function ShiftDialog({ restaurant, date, shift: opened, drivers, store, restaurantName, fuelRates, onClose, onSaved }: ShiftDialogProps) {
  const dataProvider = useAppDataProvider();
  // The shift as last read: as opened, then as a Reload brought it.
  const [shift, setShift] = useState(opened);
  const [initial] = useState(() => initialValues(restaurant, date, opened));
  const [notify, setNotify] = useState(false);
  const [tab, setTab] = useState<RecordTab>('details');
  const [warnings, setWarnings] = useState<SaveWarnings | null>(null);
  const driverProps: ShiftDriverProps = { restaurant, drivers, store, shift, restaurantName };

  const send = async (values: Record<string, unknown>, confirmed: boolean) => {
    const body = { ...values, status: shift?.status ?? SHIFT_STATUS.new, push_drivers: shift && notify ? 10 : 20, [WORKING_TIME_CONFIRM_FIELD]: confirmed };
    onSaved(shift ? await dataProvider.updateShift(shift.id, body) : await dataProvider.createShift(body));
  };
  const reload = async () => {
    const fresh = await dataProvider.getShift(opened!.id);
    setShift(fresh);
    store.upsert([fresh]);
    return initialValues(restaurant, date, fresh);
  };
  const save = async (values: ShiftValues) => {
    try {
      await send(values, false);
    } catch (error) {
      // Another shift of the driver then, or a working-time rule broken: the question stays over the form, which
      // keeps its values.
      const broken = saveWarnings(error);
      if (!broken) throw error;
      setWarnings(broken);
    }
  };

  return (
    <FormDialog<ShiftValues>
      title={<ShiftTitle title={shift ? 'Edit Shift' : 'New Shift'} restaurant={restaurant.name} />}
      width={SHIFT_DIALOG_WIDTH}
      schema={shiftSchema}
      defaultValues={initial}
      onSave={save}
      reload={opened && reload}
      onClose={onClose}
      failureFallback={FAILED}
      failureText={failureText}
      tabs={shift && <RecordTabs value={tab} onChange={setTab} />}
      actions={
        <>
          <FormCancelButton onClick={onClose} />
          <ShiftSaveButton {...driverProps} />
        </>
      }
    >
      {shift && tab === 'history' && (
        <Box sx={{ minHeight: 240 }}>
          <RecordHistory table="shifts" id={shift.id} />
        </Box>
      )}
      <Box sx={{ display: tab === 'history' ? 'none' : undefined }}>
        <ShiftDriverInput {...driverProps} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <DialogDateInput source="period_date" label={LABEL.period_date} {...WIDE} required />
          <DialogTimeInput source="start_time" label={LABEL.start_time} required />
          <DialogTimeInput source="finish_time" label={LABEL.finish_time} required />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <AmountInput source="cost_bonus" label={`${LABEL.cost_bonus} (£)`} step={0.5} />
          <AmountInput source="cost_extra_bonus" label={`${LABEL.cost_extra_bonus} (£)`} step={0.5} min={0} hint={SHIFT_LABEL.hiddenForRestaurants} />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ alignItems: { sm: 'center' } }}>
          <AmountInput source="fuel_bonus_0" label={LABEL.fuel_bonus_0} step={1} min={0} />
          <AmountInput source="fuel_bonus_3" label={LABEL.fuel_bonus_3} step={1} min={0} />
          <AmountInput source="fuel_bonus_6" label={LABEL.fuel_bonus_6} step={1} min={0} />
          <FuelBonus fuelRates={fuelRates} />
        </Stack>
        <DialogTextInput source="comment" label={LABEL.comment} {...WIDE} multiline minRows={2} />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 1 }}>
          <FlagInput source="extra_request" label={LABEL.extra_request} />
          {shift && <FormControlLabel control={<Switch checked={notify} onChange={(e) => setNotify(e.target.checked)} />} label="Notify driver of the change" />}
          <ShiftPrice restaurant={restaurant} fuelRates={fuelRates} />
        </Stack>
        {shift?.timesheet_id && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {SHIFT_MSG.timesheetExists}: date, times and driver are fixed.
          </Alert>
        )}
      </Box>
      {warnings && <SaveAnyway warnings={warnings} onClose={() => setWarnings(null)} send={(values) => send(values, true)} />}
    </FormDialog>
  );
}

const WIDE = { margin: 'dense', size: 'medium', fullWidth: true } as const;

/** A number of the shift (pounds, or a count of fuel runs). */
function AmountInput({ step, min, ...props }: DialogTextInputProps & { source: string; label: string; step: number; min?: number }) {
  return <DialogTextInput {...props} type="number" {...WIDE} slotProps={{ htmlInput: { step, min } }} />;
}

/** Save, also disabled while the chosen driver cannot take the shift or the server refused them. */
function ShiftSaveButton(props: ShiftDriverProps) {
  const refusals = useDriverRefusals(props);
  const { errors } = useFormState({ name: 'driver_id' });
  return <FormSaveButton label="Save" blocked={refusals.length > 0 || !!errors.driver_id} />;
}

/** The clash and working-time question; Save anyway sends the form's values again, confirmed. */
function SaveAnyway({ warnings, onClose, send }: { warnings: SaveWarnings; onClose: () => void; send: (values: Record<string, unknown>) => Promise<void> }) {
  const { act } = useFormDialog();
  return (
    <ConfirmDialog
      {...workingTimeConfirm(warnings, () => {
        onClose();
        act('confirmed', send);
      })}
      onClose={onClose}
    />
  );
}

const fuelCounts = (counts: unknown[]) => {
  const [fuel_bonus_0, fuel_bonus_3, fuel_bonus_6] = counts.map((n) => Number(n) || 0);
  return { fuel_bonus_0, fuel_bonus_3, fuel_bonus_6 };
};
const useFuel = () => fuelCounts(useWatch({ name: ['fuel_bonus_0', 'fuel_bonus_3', 'fuel_bonus_6'] }));

function FuelBonus({ fuelRates }: { fuelRates: FuelRates }) {
  return <TextField label="Fuel Bonus" value={formatMoney(fuelBonus(useFuel(), fuelRates))} margin="dense" fullWidth slotProps={{ input: { readOnly: true } }} />;
}

/** The hourly rate and the cost of the shift as it stands, as the server will price it. */
function ShiftPrice({ restaurant, fuelRates }: { restaurant: BoardRestaurant; fuelRates: FuelRates }) {
  const [date, start, finish, bonus] = useWatch({ name: ['period_date', 'start_time', 'finish_time', 'cost_bonus'] }) as string[];
  const fuel = useFuel();
  const price =
    isDate(date) && isTime(start) && isTime(finish)
      ? priceShift({
          date,
          start,
          finish,
          restaurant: { standard: restaurant.standard_pay, weekend: restaurant.weekend_pay },
          area: { standard: restaurant.area.standardPayRate, weekend: restaurant.area.weekendPayRate },
          bonus: Number(bonus) || 0,
          fuel,
          fuelRates,
        })
      : null;
  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      {price ? `${formatMoney(price.cost_per_hour)} / hour · Cost ${formatMoney(price.cost_total)}` : ''}
    </Typography>
  );
}
