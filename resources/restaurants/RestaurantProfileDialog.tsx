import { useMemo, useState } from 'react';
import { Box, TextField } from '@mui/material';
import { restaurantProfileFormSchema } from '../../domain/validation/restaurant';
import type { StoredRestaurant } from '../../providers/session';
import { notesValues, type RestaurantNotesValues } from './restaurantForm';
import {
  FormDialog,
  FormTabPanel,
  FormTabs,
  DialogPasswordInput,
  PasswordSwitch,
  DialogTextInput,
} from '../../src/components/forms';
import { useAppDataProvider } from '../../providers/dataProvider';
import { LOGO_FIELD, RESTAURANT_DIALOG_WIDTH } from './RestaurantDialog';
import { grid2, RestaurantNotesInputs } from './RestaurantInputs';

export const PROFILE_TITLE = 'Edit Restaurant Profile';
export const UNKNOWN_ERROR = 'Unknown error';

interface ProfileValues extends RestaurantNotesValues {
  [key: string]: unknown;
  name: string;
  contactName: string;
  address: string;
  postcode: string;
  telephone: string;
  password: string;
  current_password: string;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const TEXT_FIELDS = ['name', 'contactName', 'address', 'postcode', 'telephone', 'meal', 'uniform', 'cash_orders', 'waiting_location', 'other', 'bonus_target'] as const;

function initialValues(r: StoredRestaurant): ProfileValues {
  return {
    name: text(r.name),
    contactName: text(r.contactName ?? r.contact_name),
    address: text(r.address),
    postcode: text(r.postcode),
    telephone: text(r.telephone),
    password: '',
    current_password: '',
    ...notesValues(r),
  };
}

/** What the failure shows (spec 2, section 8): the first message of a 400, 'Unknown error' otherwise (401 logs out). */
function failureText(error: unknown): string | null {
  const err = error as { status?: number; message?: string };
  return err.status === 400 && err.message ? err.message : UNKNOWN_ERROR;
}

interface Props {
  restaurant: StoredRestaurant;
  /** The account's login e-mail: shown, not editable. */
  email: string;
  /** Called with the saved restaurant as the server answers it. */
  onSaved: (restaurant: Record<string, unknown> & { id: number }) => void;
  onClose: () => void;
}

/**
 * A restaurant account's own restaurant, from Home (spec 2, sections 2 and 7): tabs Main and Additional, the
 * e-mail shown but not editable, a new password only with the current one. Cancel drops the changes.
 */
export function RestaurantProfileDialog({ restaurant, email, onSaved, onClose }: Props) {
  const [withPassword, setWithPassword] = useState(false);
  const dataProvider = useAppDataProvider();
  const schema = useMemo(() => restaurantProfileFormSchema(withPassword), [withPassword]);
  const [tab, setTab] = useState(0);

  const save = async (values: ProfileValues) => {
    const payload: Record<string, unknown> = {};
    for (const key of TEXT_FIELDS) if (values[key].trim()) payload[key] = values[key].trim();
    if (withPassword) {
      payload.password = values.password;
      payload.current_password = values.current_password;
    }
    if (values.logo.file) payload.file = values.logo.file;
    else if (values.logo.keep) payload.logo_src = values.logo.keep;
    onSaved(await dataProvider.saveRestaurantProfile(restaurant.id, payload));
  };

  return (
    <FormDialog<ProfileValues>
      title={PROFILE_TITLE}
      width={RESTAURANT_DIALOG_WIDTH}
      schema={schema}
      defaultValues={initialValues(restaurant)}
      onSave={save}
      onClose={onClose}
      failureFallback={UNKNOWN_ERROR}
      failureText={failureText}
      renameServerFields={LOGO_FIELD}
      tabs={<FormTabs tabs={[{ label: 'Main' }, { label: 'Additional' }]} value={tab} onChange={setTab} />}
      saveLabel="Accept Changes"
    >
      <FormTabPanel label="Main" shown={tab === 0}>
        <Box sx={grid2}>
          <DialogTextInput source="name" label="Restaurant Name" required />
          <DialogTextInput source="contactName" label="Contact Name" required />
        </Box>
        <DialogTextInput source="address" label="Address" required />
        <Box sx={grid2}>
          <DialogTextInput source="postcode" label="Postcode" />
          <DialogTextInput source="telephone" label="Telephone" required type="tel" />
        </Box>
        <TextField label="E-mail" value={email} size="small" disabled helperText="Your login e-mail; ask the office to change it" />
        <PasswordSwitch label="Change Password" on={withPassword} onChange={setWithPassword} clears={['password', 'current_password']} />
        {withPassword && (
          <Box sx={grid2}>
            <DialogTextInput source="current_password" label="Current password" type="password" required autoComplete="current-password" />
            <DialogPasswordInput label="New password" />
          </Box>
        )}
      </FormTabPanel>
      <FormTabPanel label="Additional" shown={tab === 1}>
        <RestaurantNotesInputs />
      </FormTabPanel>
    </FormDialog>
  );
}
