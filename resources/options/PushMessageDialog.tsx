import { useMemo } from 'react';
import { useGetList, useNotify } from 'react-admin';
import { Alert, Autocomplete, TextField, useMediaQuery, type Theme } from '@mui/material';
import { driverFilter, driverName, renderDriverChips, renderDriverOption } from '../../src/components/driverChoices';
import {
  NOTIFY_STATUS_CHOICES,
  PUSH_BODY_MAX,
  PUSH_TITLE_MAX,
  pushMessageFormSchema,
  type PushRecipient,
} from '../../domain/validation/pushMessage';
import { DRIVER_STATUS } from '../../domain/statuses';
import { FormDialog, SelectInput, TextInput, useFormField } from '../../src/components/forms';
import { WithCounter } from '../../src/components/WithCounter';
import { sendPushMessage } from './api';
import { AREA_RESOURCE, RECIPIENT_RESOURCE, type AreaChoice, type AreaRestaurantChoice } from './types';

/** Dialog width (spec 1, section 9 lists 400, 450 and 700 px; this is the long form). */
export const PUSH_DIALOG_WIDTH = 700;
export const BLANK_MEANS_ALL = 'Blank means all drivers';

const ALL = { page: 1, perPage: 0 };
/** The form's values: title and body as typed, the recipients' ids, the status filter as text ('' = both). */
const EMPTY = { title: '', body: '', area_ids: [] as number[], restaurant_ids: [] as number[], notify_status: '', driver_ids: [] as number[] };
type PushValues = typeof EMPTY;
const STATUS_LABEL: Record<number, string> = {
  [DRIVER_STATUS.active]: 'active',
  [DRIVER_STATUS.inactive]: 'inactive',
  [DRIVER_STATUS.registered]: 'registered',
};

export function targetedMessage(targeted: number): string {
  return `Push message sent: ${targeted} driver${targeted === 1 ? '' : 's'} targeted`;
}

/**
 * Send Push Message (spec 1, section 2 'Options'): title and body (with counters), areas, restaurants of the
 * chosen areas, active/inactive filter and named drivers; blank means all drivers (a manager's "all" is the
 * drivers of their areas, as the server decides). Send stays disabled while the title or body is invalid.
 * Mount it only while open.
 */
export function PushMessageDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const send = async (values: PushValues) => {
    const result = await sendPushMessage({
      ...pushMessageFormSchema.parse(values),
      area_ids: values.area_ids,
      restaurant_ids: values.restaurant_ids,
      notify_status: values.notify_status ? Number(values.notify_status) : null,
      driver_ids: values.driver_ids,
    });
    notify(targetedMessage(result.targeted), { type: 'success' });
    onClose();
  };
  return (
    <FormDialog
      title="Send Push Message"
      width={PUSH_DIALOG_WIDTH}
      fullScreen={phone}
      schema={pushMessageFormSchema}
      defaultValues={EMPTY}
      onSave={send}
      onClose={onClose}
      failureFallback="Sending the message failed"
      saveLabel="Send Message(s)"
    >
      <TextInput
        source="title"
        label="Title"
        required
        margin="dense"
        fullWidth
        autoFocus
        autoComplete="off"
        helper={(message, value) => <WithCounter message={message} length={value.length} max={PUSH_TITLE_MAX} />}
      />
      <TextInput
        source="body"
        label="Body"
        required
        margin="dense"
        fullWidth
        multiline
        minRows={3}
        helper={(message, value) => <WithCounter message={message} length={value.length} max={PUSH_BODY_MAX} />}
      />
      <RecipientInputs />
      <Alert severity="info" variant="outlined" sx={{ mt: 1.5 }}>
        {BLANK_MEANS_ALL}
      </Alert>
    </FormDialog>
  );
}

const STATUS_CHOICES = NOTIFY_STATUS_CHOICES.map((c) => ({ id: c.value, name: c.label }));

/** Who the message goes to: areas, restaurants of the chosen areas, the status filter and named drivers. */
function RecipientInputs() {
  const { data: areas = [], isPending: areasLoading } = useGetList<AreaChoice>(AREA_RESOURCE, { pagination: ALL, sort: { field: 'name', order: 'ASC' } });
  const { data: drivers = [], isPending: driversLoading } = useGetList<PushRecipient>(RECIPIENT_RESOURCE, { pagination: ALL });
  const areaIds = useFormField<number[]>('area_ids');
  const restaurantIds = useFormField<number[]>('restaurant_ids');
  const driverIds = useFormField<number[]>('driver_ids');

  const chosenAreas = useMemo(() => areas.filter((a) => areaIds.value.includes(a.id)), [areas, areaIds.value]);
  const restaurantChoices = useMemo(
    () => chosenAreas.flatMap((a) => (a.restaurants ?? []).map((r) => ({ ...r, area_id: a.id, areaName: a.name }))),
    [chosenAreas],
  );
  const chosenRestaurants = restaurantChoices.filter((r) => restaurantIds.value.includes(r.id));
  const chosenDrivers = useMemo(() => drivers.filter((d) => driverIds.value.includes(d.id)), [drivers, driverIds.value]);

  const onAreasChange = (next: AreaChoice[]) => {
    areaIds.onChange(next.map((a) => a.id));
    // Restaurants outside the chosen areas go (spec: choices limited to the chosen areas).
    const allowed = new Set(next.flatMap((a) => (a.restaurants ?? []).map((r) => r.id)));
    restaurantIds.onChange(restaurantIds.value.filter((id) => allowed.has(id)));
  };

  return (
    <>
      <Autocomplete
        multiple
        options={areas}
        loading={areasLoading}
        value={chosenAreas}
        onChange={(_e, next) => onAreasChange(next)}
        getOptionLabel={(a) => a.name}
        groupBy={(a) => a.city?.city_name ?? ''}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterSelectedOptions
        renderInput={(params) => <TextField {...params} label="Areas to Message" margin="dense" />}
      />
      <Autocomplete<AreaRestaurantChoice & { areaName: string }, true>
        multiple
        options={restaurantChoices}
        value={chosenRestaurants}
        disabled={!areaIds.value.length}
        onChange={(_e, next) => restaurantIds.onChange(next.map((r) => r.id))}
        getOptionLabel={(r) => r.name}
        groupBy={(r) => r.areaName}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterSelectedOptions
        renderInput={(params) => (
          <TextField
            {...params}
            label="Restaurants to Message"
            margin="dense"
            helperText={areaIds.value.length ? 'Blank means every restaurant of the chosen areas' : 'Choose an area first'}
          />
        )}
      />
      <SelectInput source="notify_status" label="Notify Active/Inactive Drivers" choices={STATUS_CHOICES} emptyText="Active and inactive" margin="dense" fullWidth size="medium" />
      <Autocomplete
        multiple
        options={drivers}
        loading={driversLoading}
        value={chosenDrivers}
        onChange={(_e, next) => driverIds.onChange(next.map((d) => d.id))}
        getOptionLabel={driverName}
        filterOptions={driverFilter}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterSelectedOptions
        renderOption={renderDriverOption((d) => (STATUS_LABEL[d.status] ? ` · ${STATUS_LABEL[d.status]}` : ''))}
        renderValue={renderDriverChips}
        renderInput={(params) => <TextField {...params} label="Drivers to Message" margin="dense" placeholder="Type a name or e-mail" />}
      />
    </>
  );
}
