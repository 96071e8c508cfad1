import { useMemo, useState } from 'react';
import { Box } from '@mui/material';
import { restaurantFormSchema } from '../../domain/validation/restaurant';
import { canAccess } from '../../domain/access';
import { FormDialog, FormTabs, tabOfFields, type FormTab } from '../../src/components/forms';
import { useStoredUser } from '../../src/components/useStoredUser';
import { RecordHistory } from '../history/RecordHistory';
import { RestaurantInputs } from './RestaurantInputs';
import { ADDITIONAL_FIELDS, EMPTY_RESTAURANT, MAIN_FIELDS, restaurantPayload, restaurantValues, type RestaurantFormValues } from './restaurantForm';
import type { RestaurantRecord } from './types';

export { CHANGE_PASSWORD, SPECIAL_PASSWORD } from './RestaurantInputs';

/** Dialog width (spec 2, section 9). */
export const RESTAURANT_DIALOG_WIDTH = 700;
export const ADD_TITLE = 'Add Restaurant';
const EDIT_TITLE = 'Edit Restaurant';
export const SEND_VERIFICATION = 'Send Verification';
export const ACCEPT_CHANGES = 'Accept Changes';
/** The server calls the logo's file 'file'; the form calls it 'logo'. */
export const LOGO_FIELD = { file: 'logo' };

const TABS: FormTab[] = [
  { label: 'Main', fields: MAIN_FIELDS },
  { label: 'Additional', fields: ADDITIONAL_FIELDS },
];

interface Props {
  /** The restaurant to edit; none for Add Restaurant. */
  restaurant?: RestaurantRecord;
  mapCenter?: { lat: number; lng: number; map_zoom: number };
  /** Sends the multipart fields; rejects with the server's error (its `body` holds `{ field: [messages] }`). */
  onSubmit: (payload: Record<string, unknown>) => Promise<void>;
  /** Reads the restaurant anew (the Reload of a save refused because someone changed it meanwhile). */
  reload?: () => Promise<RestaurantRecord>;
  onClose: () => void;
  /** Ask the maps service for addresses (only with a key). */
  withMaps?: boolean;
}

/**
 * Add and Edit Restaurant (spec 2, sections 2 and 5) on the shared form dialog: 700 px, tabs Main and Additional
 * (one RestaurantInputs for both dialogs), History for administrators. A failed edit clears the login e-mail, so it
 * is chosen again (spec 2, section 8); a message on the Additional tab alone turns to it. Mount it only while open.
 */
export function RestaurantDialog({ restaurant, mapCenter, onSubmit, reload, onClose, withMaps }: Props) {
  const editing = !!restaurant;
  const [withPassword, setWithPassword] = useState(false);
  const schema = useMemo(() => restaurantFormSchema(withPassword), [withPassword]);
  const [tab, setTab] = useState(0);
  // Who changed what on this restaurant: for administrators, when editing one.
  const showHistory = canAccess(useStoredUser()?.role, 'restaurants', 'history') && !!restaurant;

  return (
    <FormDialog<RestaurantFormValues>
      title={editing ? EDIT_TITLE : ADD_TITLE}
      width={RESTAURANT_DIALOG_WIDTH}
      schema={schema}
      defaultValues={restaurant ? restaurantValues(restaurant) : EMPTY_RESTAURANT}
      onSave={(values) => onSubmit(restaurantPayload(values, withPassword))}
      reload={restaurant && reload && (async () => restaurantValues(await reload()))}
      onClose={onClose}
      failureFallback="Saving the restaurant failed"
      renameServerFields={LOGO_FIELD}
      onServerErrors={(fields, form) => {
        if (editing) form.setValue('email', '');
        if (tabOfFields(TABS, fields) === 1) setTab(1);
      }}
      tabs={<FormTabs tabs={showHistory ? [...TABS, { label: 'History' }] : TABS} value={tab} onChange={setTab} />}
      saveLabel={editing ? ACCEPT_CHANGES : SEND_VERIFICATION}
    >
      <RestaurantInputs
        editing={editing}
        mapCenter={mapCenter}
        withMaps={withMaps}
        tab={tab}
        withPassword={withPassword}
        onPasswordSwitch={setWithPassword}
      />
      {showHistory && tab === 2 && (
        <Box role="tabpanel" aria-label="History">
          <RecordHistory table="restaurants" id={restaurant.id} />
        </Box>
      )}
    </FormDialog>
  );
}
