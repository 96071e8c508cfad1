import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert, Autocomplete, Box, Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle,
  FormControlLabel, Stack, Switch, TextField, Typography,
} from '@mui/material';
import { ukDate } from '../../../domain/dates';
import { availability, availabilityMessage, driverShiftErrors, worksForRestaurant } from '../../../domain/availability';
import { fuelBonus, type FuelRates } from '../../../domain/pay';
import { SHIFT_ASSIGNED, SHIFT_STATUS } from '../../../domain/statuses';
import { SHIFT_LABEL, priceShift, shiftRejectedBy, type ShiftRecord } from '../../../domain/shifts';
import { SHIFT_MSG, shiftSchema } from '../../../domain/validation/shift';
import { isDate } from '../../../domain/ranges';
import { isTime } from '../../../domain/timeList';
import { formatMoney } from '../../components/format';
import { TimeField } from '../../components/TimeField';
import { useFormState } from '../../components/useFormState';
import { createShift, updateShift, workingTimeWarnings, type BoardDriver, type BoardRestaurant } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { workingTimeConfirm } from './workingTimeConfirm';
import { WORKING_TIME_CONFIRM_FIELD } from '../../../domain/workingTime';
import { serverFieldErrors } from './serverErrors';
import type { ShiftStore } from './shiftStore';
// The History tab's parts only: the /history screen itself stays in its own lazily loaded chunk.
import { RecordHistory } from '../../../resources/history/RecordHistory';
import { RecordTabs, type RecordTab } from '../../../resources/history/RecordTabs';

/** Spec 3, section 2.5: the admin shift dialogs are 700 px wide. */
export const SHIFT_DIALOG_WIDTH = 700;
const OPEN_SHIFT = '0';
const FIELDS = ['driver_id', 'period_date', 'start_time', 'finish_time', 'cost_bonus', 'cost_extra_bonus', 'fuel_bonus_0', 'fuel_bonus_3', 'fuel_bonus_6', 'comment'] as const;

export interface ShiftDialogProps {
  restaurant: BoardRestaurant;
  /** The day clicked (New Shift). */
  date?: string;
  /** The shift to edit; none for New Shift. */
  shift?: ShiftRecord;
  drivers: BoardDriver[];
  store: ShiftStore;
  fuelRates: FuelRates;
  onClose: () => void;
  onSaved: (shift: ShiftRecord) => void;
}

interface DriverOption {
  id: number;
  label: string;
  /** Why the driver cannot take this shift, shown in the list. */
  note: string | null;
}

function initialValues(restaurant: BoardRestaurant, date: string | undefined, shift: ShiftRecord | undefined): Record<string, string> {
  return {
    restaurant_id: String(restaurant.id),
    // A rejected shift opens as an open shift (spec 3, section 4.1); a new one waits for a choice.
    driver_id: shift ? (shift.driver_id ? String(shift.driver_id) : OPEN_SHIFT) : '',
    period_date: shift?.period_date ?? date ?? '',
    start_time: shift?.start_time ?? '',
    finish_time: shift?.finish_time ?? '',
    cost_bonus: shift ? String(shift.cost_bonus) : '0',
    cost_extra_bonus: shift?.cost_extra_bonus !== undefined ? String(shift.cost_extra_bonus) : '0',
    fuel_bonus_0: shift ? String(shift.fuel_bonus_0) : '0',
    fuel_bonus_3: shift ? String(shift.fuel_bonus_3) : '0',
    fuel_bonus_6: shift ? String(shift.fuel_bonus_6) : '0',
    extra_request: shift ? String(shift.extra_request) : '0',
    comment: shift?.comment ?? '',
  };
}

/**
 * New Shift / Edit Shift (spec 3, sections 2.5 and 5): driver (drivers of this restaurant, or Open shift), start
 * and finish from the 15-minute list, bonuses, the cancellation fee (hidden for restaurants) and fuel counts.
 * The driver's availability and other published shifts are checked as the form changes; Save stays disabled
 * while the form is invalid, saving, or the driver cannot take the shift. The server checks all of it again.
 */
export function ShiftDialog({ restaurant, date, shift, drivers, store, fuelRates, onClose, onSaved }: ShiftDialogProps) {
  const [initial] = useState(() => initialValues(restaurant, date, shift));
  const form = useFormState(shiftSchema, initial);
  const [saving, setSaving] = useState(false);
  const [rulesWarnings, setRulesWarnings] = useState<string[] | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const [notify, setNotify] = useState(false);
  const [tab, setTab] = useState<RecordTab>('details');
  const v = form.values;
  const set = (name: string, value: string) => {
    form.setValues((old) => ({ ...old, [name]: value }));
    setServerErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const touch = (name: string) => form.setTouched((t) => ({ ...t, [name]: true }));

  const byId = useMemo(() => new Map(drivers.map((d) => [d.id, d])), [drivers]);
  const timesOk = isTime(v.start_time) && isTime(v.finish_time) && isDate(v.period_date);

  const options = useMemo<DriverOption[]>(() => {
    const offered = drivers.filter((d) => worksForRestaurant(d, restaurant) || d.id === shift?.driver_id);
    return [
      { id: 0, label: SHIFT_LABEL.openShift, note: null },
      ...offered.map((d) => ({
        id: d.id,
        label: d.full_name,
        note: timesOk ? availabilityMessage(availability(d, v.period_date, v.start_time, v.finish_time)) : null,
      })),
    ];
  }, [drivers, restaurant, shift?.driver_id, timesOk, v.period_date, v.start_time, v.finish_time]);

  const chosenId = v.driver_id === '' ? null : Number(v.driver_id);
  const chosen = chosenId === null ? null : (options.find((o) => o.id === chosenId) ?? { id: chosenId, label: shift?.driver?.full_name ?? `Driver ${chosenId}`, note: null });
  const driver = chosenId ? byId.get(chosenId) : undefined;

  const driverErrors = useMemo(() => {
    if (!driver || !timesOk) return [];
    const published = store.all().filter((s) => s.driver_id === driver.id && s.period_date === v.period_date);
    return driverShiftErrors(
      { id: shift?.id ?? null, driver_id: driver.id, status: shift?.status ?? SHIFT_STATUS.new, period_date: v.period_date, start_time: v.start_time, finish_time: v.finish_time },
      driver,
      published,
    );
  }, [driver, timesOk, store, shift?.id, shift?.status, v.period_date, v.start_time, v.finish_time]);

  const fuel = { fuel_bonus_0: Number(v.fuel_bonus_0) || 0, fuel_bonus_3: Number(v.fuel_bonus_3) || 0, fuel_bonus_6: Number(v.fuel_bonus_6) || 0 };
  const price = timesOk
    ? priceShift({
        date: v.period_date,
        start: v.start_time,
        finish: v.finish_time,
        restaurant: { standard: restaurant.standard_pay, weekend: restaurant.weekend_pay },
        area: { standard: restaurant.area.standardPayRate, weekend: restaurant.area.weekendPayRate },
        bonus: Number(v.cost_bonus) || 0,
        fuel,
        fuelRates,
      })
    : null;

  const field = (name: (typeof FIELDS)[number]) => {
    const own = form.field(name);
    const server = serverErrors[name];
    return { ...own, onChange: (e: { target: { value: string } }) => set(name, e.target.value), error: own.error || !!server, helperText: own.helperText ?? server };
  };

  const rejectedBy = shift && !shift.driver_id && shift.status_assigned === SHIFT_ASSIGNED.stale ? shift.driver_canceled?.full_name : null;
  const driverField = form.field('driver_id');
  const driverMessage = driverField.helperText ?? serverErrors.driver_id ?? driverErrors[0];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    const parsed = shiftSchema.safeParse(form.values);
    if (!parsed.success || saving || driverErrors.length) return;
    await save(false);
  };

  const save = async (confirmed: boolean) => {
    setSaving(true);
    setOtherError(null);
    const body = { ...form.values, status: shift?.status ?? SHIFT_STATUS.new, push_drivers: shift && notify ? 10 : 20, [WORKING_TIME_CONFIRM_FIELD]: confirmed };
    try {
      const saved = shift ? await updateShift(shift.id, body) : await createShift(body);
      onSaved(saved);
    } catch (error) {
      const warnings = workingTimeWarnings(error);
      // A working-time rule would be broken: the question stays over the form, which keeps its values.
      if (warnings) return setRulesWarnings(warnings);
      const { fields, other } = serverFieldErrors(error, [...FIELDS], 'Saving the shift failed');
      setServerErrors(fields);
      setOtherError(other);
      setSaving(false);
    }
  };

  const title = shift ? 'Edit Shift' : 'New Shift';
  const number = (name: 'cost_bonus' | 'cost_extra_bonus' | 'fuel_bonus_0' | 'fuel_bonus_3' | 'fuel_bonus_6', label: string, extra: object = {}) => (
    <TextField {...field(name)} label={label} type="number" margin="dense" fullWidth slotProps={{ htmlInput: { step: name.startsWith('fuel') ? 1 : 0.5, ...extra } }} />
  );

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="shift-dialog-title"
      slotProps={{ paper: { sx: { width: SHIFT_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="shift-dialog-title">
          {title}
          <Typography variant="body2" color="text.secondary">
            {restaurant.name}
            {v.period_date && isDate(v.period_date) ? ` · ${ukDate(v.period_date)}` : ''}
          </Typography>
        </DialogTitle>
        {shift && <RecordTabs value={tab} onChange={setTab} />}
        {shift && tab === 'history' && (
          <DialogContent sx={{ minHeight: 240 }}>
            <RecordHistory table="shifts" id={shift.id} />
          </DialogContent>
        )}
        <DialogContent sx={{ display: tab === 'history' ? 'none' : undefined }}>
          {otherError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {otherError}
            </Alert>
          )}
          <Autocomplete<DriverOption>
            options={options}
            value={chosen}
            onChange={(_, next) => set('driver_id', next ? String(next.id) : '')}
            onBlur={() => touch('driver_id')}
            getOptionLabel={(o) => o.label}
            getOptionKey={(o) => o.id}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(list, state) => {
              const q = state.inputValue.trim().toLowerCase();
              return (q ? list.filter((o) => o.label.toLowerCase().includes(q)) : list).slice(0, 200);
            }}
            renderOption={({ key, ...props }, o) => (
              <Box component="li" key={key} {...props} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}>
                <span>{o.label}</span>
                {o.note && (
                  <Typography variant="caption" color="warning.main">
                    {o.note}
                  </Typography>
                )}
              </Box>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Driver"
                required
                margin="dense"
                autoFocus={!shift}
                error={(driverField.error || !!serverErrors.driver_id || driverErrors.length > 0) && !!driverMessage}
                helperText={driverMessage ?? (rejectedBy ? shiftRejectedBy(rejectedBy) : undefined)}
              />
            )}
          />
          {rejectedBy && driverMessage && (
            <Typography variant="caption" color="text.secondary">
              {shiftRejectedBy(rejectedBy)}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
            <TextField {...field('period_date')} label="Date" type="date" margin="dense" fullWidth required slotProps={{ inputLabel: { shrink: true } }} />
            <TimeField label="Start Time" required value={v.start_time} onChange={(t) => set('start_time', t)} onBlur={() => touch('start_time')} error={field('start_time').error} helperText={field('start_time').helperText} />
            <TimeField label="Finish Time" required value={v.finish_time} onChange={(t) => set('finish_time', t)} onBlur={() => touch('finish_time')} error={field('finish_time').error} helperText={field('finish_time').helperText} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
            {number('cost_bonus', 'Add Driver Bonus (£)')}
            <TextField
              {...field('cost_extra_bonus')}
              label="Cancellation fee (£)"
              type="number"
              margin="dense"
              fullWidth
              helperText={field('cost_extra_bonus').helperText ?? SHIFT_LABEL.hiddenForRestaurants}
              slotProps={{ htmlInput: { min: 0, step: 0.5 } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ alignItems: { sm: 'center' } }}>
            {number('fuel_bonus_0', 'Fuel 0-3 miles', { min: 0 })}
            {number('fuel_bonus_3', 'Fuel 3-6 miles', { min: 0 })}
            {number('fuel_bonus_6', 'Fuel 6+ miles', { min: 0 })}
            <TextField label="Fuel Bonus" value={formatMoney(fuelBonus(fuel, fuelRates))} margin="dense" fullWidth slotProps={{ input: { readOnly: true } }} />
          </Stack>
          <TextField {...field('comment')} label="Comment" margin="dense" fullWidth multiline minRows={2} />
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 1 }}>
            <FormControlLabel
              control={<Checkbox checked={v.extra_request === '1'} onChange={(e) => set('extra_request', e.target.checked ? '1' : '0')} />}
              label="Extra request"
            />
            {shift && (
              <FormControlLabel control={<Switch checked={notify} onChange={(e) => setNotify(e.target.checked)} />} label="Notify driver of the change" />
            )}
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {price ? `${formatMoney(price.cost_per_hour)} / hour · Cost ${formatMoney(price.cost_total)}` : ''}
            </Typography>
          </Stack>
          {shift?.timesheet_id && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {SHIFT_MSG.timesheetExists}: date, times and driver are fixed.
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!form.valid || saving || driverErrors.length > 0 || !!serverErrors.driver_id}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </form>
      {rulesWarnings && (
        <ConfirmDialog
          {...workingTimeConfirm(rulesWarnings, async () => {
            setRulesWarnings(null);
            await save(true);
          })}
          onClose={() => {
            setRulesWarnings(null);
            setSaving(false);
          }}
        />
      )}
    </Dialog>
  );
}
