import { useEffect, useMemo, useState } from 'react';
import { useNotify } from 'react-admin';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { latestTimesheetDate, type TimesheetView } from '../../../domain/timesheets';
import { timesheetSchema } from '../../../domain/validation/timesheet';
import type { DriverRecord } from '../../../domain/validation/driver';
import { worksForRestaurant } from '../../../domain/availability';
import { asArray, httpClient } from '../../../providers/httpClient';
import { useFormState } from '../../components/useFormState';
import { DateField, TimeField } from './fields';
import { createTimesheet } from './timesheetActions';

/** What the dialog needs of GET /api/driver. */
export type DriverChoice = Pick<DriverRecord, 'id' | 'full_name' | 'area_ids' | 'restaurant_ids'>;

export interface AddTimesheetDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (view: TimesheetView) => void;
  restaurants: { id: number; name: string; area_id: number }[];
  /** The restaurant picked in the toolbar, offered first. */
  restaurantId: number | null;
  today: string;
}

/**
 * Add Time Sheet (spec 3, sections 2.5 and 5): restaurant, then a driver who works there, date (at most today),
 * start and finish from the time list. The server prices the new timesheet.
 */
export function AddTimesheetDialog({ open, onClose, onCreated, restaurants, restaurantId, today }: AddTimesheetDialogProps) {
  const notify = useNotify();
  const latest = latestTimesheetDate('add', today);
  const schema = useMemo(() => timesheetSchema({ variant: 'admin', requireDriver: true, latestDate: latest }), [latest]);
  const initial = useMemo(() => ({ restaurant_id: restaurantId ? String(restaurantId) : '', driver_id: '', period_date: '', start_time: '', finish_time: '' }), [restaurantId]);
  const form = useFormState(schema, initial);
  const { reset } = form;
  const [drivers, setDrivers] = useState<DriverChoice[] | null>(null);
  const [driversError, setDriversError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  useEffect(() => {
    if (!open || drivers) return;
    const controller = new AbortController();
    httpClient('/api/driver', { query: { status: 10 }, signal: controller.signal })
      .then((body) => setDrivers(asArray<DriverChoice>(body)))
      .catch((e: Error) => {
        if (e?.name !== 'AbortError') setDriversError(e.message || 'The drivers could not be loaded');
      });
    return () => controller.abort();
  }, [open, drivers]);

  const restaurant = restaurants.find((r) => String(r.id) === form.values.restaurant_id) ?? null;
  const choices = useMemo(
    () => (restaurant && drivers ? drivers.filter((d) => worksForRestaurant(d, restaurant)).sort((a, b) => a.full_name.localeCompare(b.full_name, 'en-GB')) : []),
    [restaurant, drivers],
  );
  const set = (name: string) => (value: string) => form.setValues((v) => ({ ...v, [name]: value, ...(name === 'restaurant_id' ? { driver_id: '' } : {}) }));
  const touch = (name: string) => () => form.setTouched((t) => ({ ...t, [name]: true }));
  const state = (name: string) => ({ error: !!form.touched[name] && !!form.errors[name], helperText: form.touched[name] ? form.errors[name] : undefined });

  async function save() {
    const parsed = schema.safeParse(form.values);
    if (!parsed.success) {
      form.touchAll();
      return;
    }
    setBusy(true);
    try {
      const view = await createTimesheet({ ...parsed.data, driver_id: parsed.data.driver_id });
      notify('Timesheet added', { type: 'success' });
      onCreated(view);
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={false} slotProps={{ paper: { sx: { width: 450 } } }}>
      <DialogTitle>Add Time Sheet</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select size="small" label="Restaurant" required value={form.values.restaurant_id} onChange={(e) => set('restaurant_id')(e.target.value)} onBlur={touch('restaurant_id')} {...state('restaurant_id')}>
            {restaurants.map((r) => (
              <MenuItem key={r.id} value={String(r.id)}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
          {driversError && <Alert severity="error">{driversError}</Alert>}
          <TextField
            select
            size="small"
            label="Driver"
            required
            disabled={!restaurant}
            value={form.values.driver_id}
            onChange={(e) => set('driver_id')(e.target.value)}
            onBlur={touch('driver_id')}
            {...state('driver_id')}
            helperText={state('driver_id').helperText ?? (restaurant ? undefined : 'Choose a restaurant first')}
          >
            {choices.map((d) => (
              <MenuItem key={d.id} value={String(d.id)}>
                {d.full_name}
              </MenuItem>
            ))}
          </TextField>
          <DateField label="Date" required value={form.values.period_date} onChange={set('period_date')} onBlur={touch('period_date')} max={latest} {...state('period_date')} />
          <Stack direction="row" spacing={2}>
            <TimeField label="Start Time" required value={form.values.start_time} onChange={set('start_time')} onBlur={touch('start_time')} {...state('start_time')} />
            <TimeField label="Finish Time" required value={form.values.finish_time} onChange={set('finish_time')} onBlur={touch('finish_time')} {...state('finish_time')} />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !form.valid}>
          Add
        </Button>
      </DialogActions>
    </Dialog>
  );
}
