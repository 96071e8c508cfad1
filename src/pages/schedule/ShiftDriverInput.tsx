import { useCallback, useMemo } from 'react';
import { Alert, Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { availability, availabilityMessage, driverShiftErrors, worksForRestaurant } from '../../../domain/availability';
import { isDate } from '../../../domain/ranges';
import { SHIFT_ASSIGNED, SHIFT_STATUS } from '../../../domain/statuses';
import { SHIFT_LABEL, shiftRejectedBy, type ShiftRecord } from '../../../domain/shifts';
import { isTime } from '../../../domain/timeList';
import { useFormField, useInputsDisabled } from '../../components/forms';
import type { BoardDriver, BoardRestaurant } from '../../../domain/shiftCalls';
import type { ShiftStore } from './shiftStore';
import { useDriverClashes } from './useDriverClashes';

/** The driver field's value for Open shift. */
export const OPEN_SHIFT = '0';

export interface ShiftDriverProps {
  restaurant: BoardRestaurant;
  drivers: BoardDriver[];
  store: ShiftStore;
  /** The shift being edited; none for New Shift. */
  shift?: ShiftRecord;
  /** Names the restaurants of the driver's other shifts (the board's restaurants). */
  restaurantName?: (id: number) => string | undefined;
}

interface DriverOption {
  id: number;
  label: string;
  /** Why the driver cannot take this shift, shown in the list. */
  note: string | null;
  /** The driver's other shifts at this time: 'busy 17:00–22:00 Balti Palace'. */
  busy: string[];
}

/** The date and times as the form holds them, when all three are whole. */
function useShiftTimes() {
  const [date, start, finish] = useWatch({ name: ['period_date', 'start_time', 'finish_time'] }) as string[];
  return useMemo(() => (isDate(date) && isTime(start) && isTime(finish) ? { date, start, finish } : null), [date, start, finish]);
}

/**
 * Why the chosen driver cannot take the shift as it stands (off that day, outside their hours, another published
 * shift then): the messages the driver field shows, which keep Save disabled.
 */
export function useDriverRefusals({ drivers, store, shift }: Omit<ShiftDriverProps, 'restaurant'>): string[] {
  const times = useShiftTimes();
  const driverId = Number(useWatch({ name: 'driver_id' })) || 0;
  return useMemo(() => {
    const driver = drivers.find((d) => d.id === driverId);
    if (!driver || !times) return [];
    const published = store.all().filter((s) => s.driver_id === driver.id && s.period_date === times.date);
    return driverShiftErrors(
      { id: shift?.id ?? null, driver_id: driver.id, status: shift?.status ?? SHIFT_STATUS.new, period_date: times.date, start_time: times.start, finish_time: times.finish },
      driver,
      published,
    );
  }, [drivers, driverId, times, store, shift?.id, shift?.status]);
}

/**
 * The shift's driver (spec 3, section 2.5): Open shift or a driver of this restaurant, each with what keeps them
 * from this shift and the other shifts they have then ('busy 17:00–22:00 Balti Palace'); the field says why the
 * chosen one cannot take it, and a warning names their other shifts at this time. A shift a driver rejected opens
 * as an open shift, saying who rejected it.
 */
export function ShiftDriverInput({ restaurant, drivers, store, shift, restaurantName }: ShiftDriverProps) {
  const { value, onChange, onBlur, message } = useFormField<string>('driver_id');
  const disabled = useInputsDisabled();
  const times = useShiftTimes();
  const refusals = useDriverRefusals({ drivers, store, shift });
  const nameOf = useCallback(
    (id: number) => restaurantName?.(id) ?? (id === restaurant.id ? restaurant.name : 'another restaurant'),
    [restaurantName, restaurant.id, restaurant.name],
  );
  const clashes = useDriverClashes(store, times, shift?.id, nameOf);

  const options = useMemo<DriverOption[]>(() => {
    const offered = drivers.filter((d) => worksForRestaurant(d, restaurant) || d.id === shift?.driver_id);
    return [
      { id: 0, label: SHIFT_LABEL.openShift, note: null, busy: [] },
      ...offered.map((d) => ({
        id: d.id,
        label: d.full_name,
        note: times ? availabilityMessage(availability(d, times.date, times.start, times.finish)) : null,
        busy: clashes.notes(d.id),
      })),
    ];
  }, [drivers, restaurant, shift?.driver_id, times, clashes]);

  const chosenId = value === '' || value === undefined ? null : Number(value);
  const chosen = chosenId === null ? null : (options.find((o) => o.id === chosenId) ?? { id: chosenId, label: shift?.driver?.full_name ?? `Driver ${chosenId}`, note: null, busy: [] });
  // The chosen driver's other shifts at this time, named: the office may save anyway (the server asks once more).
  const warnings = chosen?.id ? clashes.warnings(chosen.id, chosen.label) : [];
  const rejectedBy = shift && !shift.driver_id && shift.status_assigned === SHIFT_ASSIGNED.stale ? shift.driver_canceled?.full_name : null;
  const said = message ?? refusals[0];

  return (
    <>
      <Autocomplete<DriverOption>
        options={options}
        value={chosen}
        disabled={disabled}
        onChange={(_, next) => onChange(next ? String(next.id) : '')}
        onBlur={onBlur}
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
            {o.busy.map((b) => (
              <Typography key={b} variant="caption" color="warning.main">
                ⚠ {b}
              </Typography>
            ))}
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
            error={!!said}
            helperText={said ?? (rejectedBy ? shiftRejectedBy(rejectedBy) : undefined)}
          />
        )}
      />
      {rejectedBy && said && (
        <Typography variant="caption" color="text.secondary">
          {shiftRejectedBy(rejectedBy)}
        </Typography>
      )}
      {warnings.length > 0 && (
        <Alert severity="warning" aria-label="Other shifts at this time" sx={{ mt: 0.5 }}>
          {warnings.map((w) => (
            <div key={w}>{w}</div>
          ))}
        </Alert>
      )}
    </>
  );
}
