import { Box, InputAdornment } from '@mui/material';
import { useGetList } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { formatPounds } from '../../domain/money';
import { FlagInput, FormTabPanel, DialogImageInput, DialogPasswordInput, PasswordSwitch, DialogTextInput } from '../../src/components/forms';
import { ReferenceSelect } from '../../src/components/ReferenceSelect';
import { areaLabel } from '../../src/components/areaLabel';
import { AddressFields } from './AddressFields';
import { LoginEmailField } from './LoginEmailField';
import { AREA_RESOURCE, type AreaChoice } from './types';
import { AREA_NAMES } from '../listDefaults';

export const SPECIAL_PASSWORD = 'Special Password';
export const CHANGE_PASSWORD = 'Change Password';

export const grid2 = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

// The areas as the picker lists them (every one, by name): one call serves both the picker and the rates.
// The area names with their pay rates, without their restaurants: the same call (and cache) as the Area picker's.
const EVERY_AREA = { pagination: { page: 1, perPage: 0 }, sort: { field: 'name', order: 'ASC' as const }, meta: { query: AREA_NAMES.query } };

interface Props {
  editing: boolean;
  mapCenter?: { lat: number; lng: number; map_zoom: number };
  withMaps?: boolean;
  tab: number;
  withPassword: boolean;
  onPasswordSwitch: (on: boolean) => void;
}

/**
 * Every field of a restaurant, the same for Add and Edit Restaurant (spec 2, sections 2 and 5): the Main tab
 * (name, address, login and billing e-mails, area, pay) and the Additional tab (logo and notes for drivers).
 */
export function RestaurantInputs({ editing, mapCenter, withMaps, tab, withPassword, onPasswordSwitch }: Props) {
  const areaId = useWatch({ name: 'area_id' }) as string;
  const { data: areas = [] } = useGetList<AreaChoice>(AREA_RESOURCE, EVERY_AREA);
  const area = areas.find((a) => String(a.id) === areaId);

  const pay = (source: string, label: string, placeholder?: number) => (
    <DialogTextInput
      source={source}
      label={label}
      inputMode="decimal"
      placeholder={placeholder !== undefined ? `${formatPounds(placeholder)} (area rate)` : undefined}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">£</InputAdornment> }, inputLabel: { shrink: true } }}
    />
  );

  return (
    <>
      <FormTabPanel label="Main" shown={tab === 0}>
        <Box sx={grid2}>
          <DialogTextInput source="name" label="Restaurant Name" required autoFocus={!editing} />
          <DialogTextInput source="contactName" label="Contact Name" required />
        </Box>
        <AddressFields center={mapCenter} withMaps={withMaps} />
        <Box sx={grid2}>
          <LoginEmailField />
          <DialogTextInput source="business_email" label="Business / billing e-mail" required type="email" />
          <DialogTextInput source="telephone" label="Telephone" required type="tel" />
          <ReferenceSelect<AreaChoice> source="area_id" label="Area" required reference={AREA_RESOURCE} sortBy="name" query={AREA_NAMES.query} optionText={areaLabel} />
          {pay('standard_pay', 'Mon–Thurs pay per hour', area?.standardPayRate)}
          {pay('weekend_pay', 'Fri–Sun pay per hour', area?.weekendPayRate)}
          {pay('invoice_comission', 'Commission per invoiced hour')}
          {pay('booking_fee', 'Booking fee')}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <FlagInput source="send_invoice" label="Send Invoice" />
          <PasswordSwitch label={editing ? CHANGE_PASSWORD : SPECIAL_PASSWORD} on={withPassword} onChange={onPasswordSwitch} />
        </Box>
        {withPassword && <DialogPasswordInput />}
        {!withPassword && !editing && (
          <Box component="p" sx={{ m: 0, typography: 'caption', color: 'text.secondary' }}>
            A new login gets a generated password; Send Verification e-mails it to the login e-mail.
          </Box>
        )}
      </FormTabPanel>
      <FormTabPanel label="Additional" shown={tab === 1}>
        <RestaurantNotesInputs />
      </FormTabPanel>
    </>
  );
}

/** The logo and the notes for drivers: the Additional tab of the restaurant's dialogs, the office's and its own. */
export function RestaurantNotesInputs() {
  const note = (source: string, label: string) => <DialogTextInput source={source} label={label} multiline minRows={2} />;
  return (
    <>
      <DialogImageInput source="logo" label="Logo" removeLabel="Remove Logo" />
      <Box sx={grid2}>
        {note('meal', 'Meal')}
        {note('uniform', 'Uniform')}
        {note('cash_orders', 'Cash Orders')}
        {note('waiting_location', 'Waiting location')}
        {note('other', 'Other')}
        {note('bonus_target', 'Bonus Target')}
      </Box>
    </>
  );
}
