import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { YES_NO } from '../../domain/statuses';
import { DRIVER_PHOTO_EXTENSIONS } from '../../domain/validation/image';
import { CalendarFeedPanel } from '../../src/components/CalendarFeedPanel';
import {
  DialogDateInput,
  FlagInput,
  FormTabPanel,
  DialogImageInput,
  DialogPasswordInput,
  PasswordSwitch,
  DialogSelectInput,
  DialogTextInput,
  useFormDialog,
  useFormField,
} from '../../src/components/forms';
import { AreaRestaurantInputs } from '../areas/AreaRestaurantInputs';
import { RightToWorkPhotos } from './RightToWorkPhotos';
import type { RightToWorkValue } from './driverForm';
import type { DriverRecord } from './types';

export type DriverDialogMode = 'add' | 'edit' | 'view';

const EXPERIENCE = [
  { id: YES_NO.yes, name: 'Yes' },
  { id: YES_NO.no, name: 'No' },
];
const WORKS_IN = { areas: 'Areas', restaurants: 'Restaurants', hint: 'Leave blank to work at any restaurant of the chosen areas' };
const grid = (columns: string) => ({ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: columns } }) as const;

interface Props {
  mode: DriverDialogMode;
  driver?: DriverRecord;
  /** The tab shown: 0 Main, 1 Identity (others belong to the dialog). */
  tab: number;
  withPassword: boolean;
  onPasswordSwitch: (on: boolean) => void;
}

/**
 * Every field of a driver, the same for Manual Register, Edit Driver and the read-only view (spec 2, sections 3
 * and 5): the Main and Identity tabs, photos png or jpeg only.
 */
export function DriverInputs({ mode, driver, tab, withPassword, onPasswordSwitch }: Props) {
  const { readOnly } = useFormDialog();
  const experienced = useWatch({ name: 'have_experience' }) === String(YES_NO.yes);
  const photo = (source: string, label: string) => <DialogImageInput source={source} label={label} extensions={DRIVER_PHOTO_EXTENSIONS} />;

  return (
    <>
      <FormTabPanel label="Main" shown={tab === 0}>
        <Box sx={grid('1fr 1fr')}>
          <DialogTextInput source="first_name" label="First Name" required autoFocus={mode === 'add'} />
          <DialogTextInput source="last_name" label="Last Name" />
          <DialogTextInput source="email" label="E-mail" required type="email" />
          <DialogTextInput source="phone" label="Phone" type="tel" />
          <DialogDateInput source="date_of_birth" label="Date of birth" />
          <DialogTextInput source="postcode" label="Postcode" />
          <DialogTextInput source="address_1" label="Address line 1" />
          <DialogTextInput source="address_2" label="Address line 2" />
          <DialogTextInput source="city" label="City" />
        </Box>
        <AreaRestaurantInputs labels={WORKS_IN} />
        <Box sx={grid('1fr 1fr')}>
          <DialogTextInput source="emergency_contact_name" label="Emergency contact name" />
          <DialogTextInput source="emergency_contact_phone" label="Emergency contact phone" type="tel" />
          <DialogSelectInput source="have_experience" label="Delivery experience" choices={EXPERIENCE} emptyText="Not said" />
          <DialogTextInput source="experience_description" label="Experience" disabled={!experienced} />
        </Box>
        <FlagInput source="working_time_opt_out" label="Opted out of the 48-hour week" />
        {photo('photo_src', 'Profile photo')}
        {!readOnly && <PasswordSwitch label={mode === 'add' ? 'Set Password' : 'Change Password'} on={withPassword} onChange={onPasswordSwitch} />}
        {withPassword && <DialogPasswordInput />}
        {mode === 'edit' && driver && <CalendarFeedPanel owner={{ kind: 'driver', id: driver.id }} who={driver.full_name} />}
      </FormTabPanel>
      <FormTabPanel label="Identity" shown={tab === 1}>
        <Typography variant="subtitle2">Vehicle</Typography>
        <Box sx={grid('1fr 1fr 1fr')}>
          <DialogTextInput source="car_make" label="Make" />
          <DialogTextInput source="car_model" label="Model" />
          <DialogTextInput source="car_registration" label="Registration" />
          <DialogTextInput source="car_insurer" label="Insurer" />
          <DialogDateInput source="car_insurance_renewal_date" label="Insurance renewal" />
        </Box>
        <Typography variant="subtitle2">Bank account</Typography>
        <Box sx={grid('1fr 1fr 1fr')}>
          <DialogTextInput source="bank_name_of_account_holder" label="Account holder" />
          <DialogTextInput source="bank_sort_code" label="Sort code" />
          <DialogTextInput source="bank_account_number" label="Account number" />
        </Box>
        <Typography variant="subtitle2">Documents</Typography>
        <Box sx={grid('1fr 1fr')}>
          {photo('driver_license_front_photo', 'Driving licence (front)')}
          {photo('driver_license_back_photo', 'Driving licence (back)')}
          {photo('identity_photo', 'Identity photo')}
        </Box>
        <RightToWorkInput />
      </FormTabPanel>
    </>
  );
}

function RightToWorkInput() {
  const { readOnly, saving } = useFormDialog();
  const { value, onChange, message } = useFormField<RightToWorkValue>('right_to_work_photos');
  return <RightToWorkPhotos value={value} onChange={onChange} error={message} disabled={saving} readOnly={readOnly} />;
}
