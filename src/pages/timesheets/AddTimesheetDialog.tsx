import { useEffect, useMemo, useRef } from 'react';
import { useNotify } from 'react-admin';
import { Stack } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { latestTimesheetDate, type TimesheetView } from '../../../domain/timesheets';
import { timesheetSchema } from '../../../domain/validation/timesheet';
import type { DriverRecord } from '../../../domain/validation/driver';
import { DRIVER_STATUS, RESTAURANT_STATUS } from '../../../domain/statuses';
import { worksForRestaurant } from '../../../domain/availability';
import { FormDialog, DialogSelectInput } from '../../components/forms';
import { ReferenceSelect } from '../../components/ReferenceSelect';
import { TimesheetDateInput, TimesheetTimeInput } from './formFields';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { createTimesheet } from './timesheetActions';
import type { TimesheetScreen } from './useTimesheetScreen';

/** What the dialog needs of GET /api/driver. */
type DriverChoice = Pick<DriverRecord, 'id' | 'full_name' | 'area_ids' | 'restaurant_ids'>;

interface Restaurant {
  id: number;
  name: string;
  area_id: number;
}

interface AddTimesheetDialogProps {
  onClose: () => void;
  onCreated: (view: TimesheetView) => void;
  restaurants: Restaurant[];
  /** The restaurant picked in the toolbar, offered first. */
  restaurantId: number | null;
  today: string;
}

/**
 * Add Time Sheet as both timesheet screens (desktop and phone) open it: the screen's active restaurants, the one
 * picked in the toolbar first when it is among them, and the new timesheet into the screen's rows.
 */
export function AddScreenTimesheet({ screen, onClose }: { screen: TimesheetScreen; onClose: () => void }) {
  const restaurants = screen.restaurants.filter((r) => r.status === undefined || r.status === RESTAURANT_STATUS.active);
  const picked = screen.location?.type === 'restaurant' ? screen.location.id : null;
  const restaurantId = restaurants.some((r) => r.id === picked) ? picked : null;
  return <AddTimesheetDialog onClose={onClose} onCreated={screen.onSaved} restaurants={restaurants} restaurantId={restaurantId} today={screen.today} />;
}

type Values = Record<string, string>;

/**
 * Add Time Sheet (spec 3, sections 2.5 and 5) on the shared form dialog: restaurant, then an active driver who
 * works there, date (at most today), start and finish from the time list. The server prices the new timesheet.
 * Mount it only while open, so each opening starts empty.
 */
function AddTimesheetDialog({ onClose, onCreated, restaurants, restaurantId, today }: AddTimesheetDialogProps) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const latest = latestTimesheetDate('add', today);
  const schema = useMemo(() => timesheetSchema({ variant: 'admin', requireDriver: true, latestDate: latest }), [latest]);
  const initial: Values = { restaurant_id: restaurantId ? String(restaurantId) : '', driver_id: '', period_date: '', start_time: '', finish_time: '' };

  const save = async (values: Values) => {
    const view = await createTimesheet(dataProvider, schema.parse(values));
    notify('Timesheet added', { type: 'success' });
    onCreated(view);
    onClose();
  };

  return (
    <FormDialog<Values>
      title="Add Time Sheet"
      width={450}
      schema={schema}
      defaultValues={initial}
      onSave={save}
      onClose={onClose}
      failureFallback="Adding the timesheet failed"
      saveLabel="Add"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DialogSelectInput source="restaurant_id" label="Restaurant" required choices={restaurants} />
        <DriverInput restaurants={restaurants} />
        <TimesheetDateInput source="period_date" label="Date" required max={latest} />
        <Stack direction="row" spacing={2}>
          <TimesheetTimeInput source="start_time" label="Start Time" required />
          <TimesheetTimeInput source="finish_time" label="Finish Time" required />
        </Stack>
      </Stack>
    </FormDialog>
  );
}

const byName = (a: DriverChoice, b: DriverChoice) => a.full_name.localeCompare(b.full_name, 'en-GB');

/** The active drivers who work at the chosen restaurant, by name; another restaurant empties the choice. */
function DriverInput({ restaurants }: { restaurants: Restaurant[] }) {
  const restaurantId = useWatch({ name: 'restaurant_id' }) as string;
  const restaurant = restaurants.find((r) => String(r.id) === restaurantId);
  const { setValue } = useFormContext();
  const shown = useRef(restaurantId);
  useEffect(() => {
    if (shown.current !== restaurantId) setValue('driver_id', '');
    shown.current = restaurantId;
  }, [restaurantId, setValue]);
  return (
    <ReferenceSelect<DriverChoice>
      source="driver_id"
      label="Driver"
      required
      reference="driver"
      filter={{ status: DRIVER_STATUS.active }}
      sortBy="full_name"
      optionText={(d) => d.full_name}
      offer={(drivers) => (restaurant ? drivers.filter((d) => worksForRestaurant(d, restaurant)).sort(byName) : [])}
      disabled={!restaurant}
      hint={restaurant ? undefined : 'Choose a restaurant first'}
    />
  );
}
