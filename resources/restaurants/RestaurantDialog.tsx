import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Switch,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { restaurantFormSchema } from '../../domain/validation/restaurant';
import { fieldMessages } from '../../providers/httpClient';
import { formatPounds } from '../../domain/money';
import { ImageUpload } from '../../src/components/ImageUpload';
import { TabLabel } from '../../src/components/TabLabel';
import { WithCounter } from '../../src/components/WithCounter';
import { FORM_IN_DIALOG } from '../../src/components/dialogForm';
import { useFormState } from '../../src/components/useFormState';
import { useStoredUser } from '../../src/components/useStoredUser';
import { ROLE } from '../../domain/roles';
import { RecordHistory } from '../history/RecordHistory';
import { AddressFields } from './AddressFields';
import { LoginEmailField } from './LoginEmailField';
import {
  ADDITIONAL_FIELDS,
  EMPTY_RESTAURANT,
  MAIN_FIELDS,
  restaurantPayload,
  restaurantValues,
  type RestaurantFormValues,
} from './restaurantForm';
import type { AreaChoice, RestaurantRecord, Restaurateur } from './types';

/** Dialog width (spec 2, section 9). */
export const RESTAURANT_DIALOG_WIDTH = 700;
export const ADD_TITLE = 'Add Restaurant';
export const EDIT_TITLE = 'Edit Restaurant';
export const SEND_VERIFICATION = 'Send Verification';
export const ACCEPT_CHANGES = 'Accept Changes';
export const SPECIAL_PASSWORD = 'Special Password';
export const CHANGE_PASSWORD = 'Change Password';

/** The first server message per field; the logo's file field shows on the logo. */
export const serverFieldMessages = (body: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(fieldMessages(body, { file: 'logo' })).map(([k, list]) => [k, list[0]]));

interface Props {
  /** The restaurant to edit; none for Add Restaurant. */
  restaurant?: RestaurantRecord;
  areas: AreaChoice[];
  accounts: Restaurateur[];
  mapCenter?: { lat: number; lng: number; map_zoom: number };
  /** Sends the multipart fields; rejects with the server's error (its `body` holds `{ field: [messages] }`). */
  onSubmit: (payload: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
  /** Ask the maps service for addresses (only with a key). */
  withMaps?: boolean;
}

/**
 * Add and Edit Restaurant (spec 2, sections 2 and 5): 700 px, tabs Main and Additional, every field of the
 * restaurant. Messages show once a field is touched; the button stays disabled while the form is invalid or
 * sending, and a tab holding a message shows a dot. Mount it only while open.
 */
export function RestaurantDialog({ restaurant, areas, accounts, mapCenter, onSubmit, onClose, withMaps }: Props) {
  const editing = !!restaurant;
  const [initial] = useState<RestaurantFormValues>(() => (restaurant ? restaurantValues(restaurant) : EMPTY_RESTAURANT));
  const [withPassword, setWithPassword] = useState(false);
  const schema = useMemo(() => restaurantFormSchema(withPassword), [withPassword]);
  const form = useFormState(schema, initial);
  const [tab, setTab] = useState(0);
  // Who changed what on this restaurant: for administrators, when editing one.
  const showHistory = useStoredUser()?.role === ROLE.administrator && !!restaurant;
  const [server, setServer] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { values } = form;

  const set = (changes: Partial<RestaurantFormValues>) => {
    form.setValues((v) => ({ ...v, ...changes }));
    const keys = Object.keys(changes);
    if (keys.some((k) => server[k])) setServer((s) => Object.fromEntries(Object.entries(s).filter(([k]) => !keys.includes(k))));
  };
  const message = (name: string) => (form.touched[name] ? form.errors[name] : undefined) ?? server[name];
  const field = (name: string) => {
    const shown = message(name);
    return {
      name,
      value: String(values[name] ?? ''),
      onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value }),
      onBlur: () => form.touch(name),
      error: !!shown,
      helperText: shown,
    };
  };
  const hasMessage = (names: readonly string[]) => names.some((n) => !!message(n));
  const area = areas.find((a) => String(a.id) === values.area_id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.valid || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSubmit(restaurantPayload(values, withPassword));
      setSaving(false);
    } catch (error) {
      const err = error as { body?: unknown; message?: string };
      const fields = serverFieldMessages(err.body);
      setServer(fields);
      setFailure(err.message || 'Saving the restaurant failed');
      // Spec 2, section 8: a failed edit clears the e-mail field, so the login is chosen again.
      if (editing) form.setValues((v) => ({ ...v, email: '' }));
      if (Object.keys(fields).some((k) => (ADDITIONAL_FIELDS as readonly string[]).includes(k)) && !Object.keys(fields).some((k) => (MAIN_FIELDS as readonly string[]).includes(k))) {
        setTab(1);
      }
      setSaving(false);
    }
  };

  const pay = (name: string, label: string, placeholder?: number) => (
    <TextField
      {...field(name)}
      label={label}
      size="small"
      inputMode="decimal"
      placeholder={placeholder !== undefined ? `${formatPounds(placeholder)} (area rate)` : undefined}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">£</InputAdornment> }, inputLabel: { shrink: true } }}
      disabled={saving}
    />
  );
  const grid2 = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
  const close = saving ? undefined : onClose;

  return (
    <Dialog
      open
      onClose={close}
      maxWidth={false}
      aria-labelledby="restaurant-dialog-title"
      slotProps={{ paper: { sx: { width: RESTAURANT_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={submit} style={FORM_IN_DIALOG}>
        <DialogTitle id="restaurant-dialog-title">{editing ? EDIT_TITLE : ADD_TITLE}</DialogTitle>
        <Tabs value={tab} onChange={(_, t: number) => setTab(t)} sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
          <Tab label={<TabLabel label="Main" flagged={hasMessage(MAIN_FIELDS)} />} id="restaurant-tab-main" aria-controls="restaurant-panel-main" />
          <Tab label={<TabLabel label="Additional" flagged={hasMessage(ADDITIONAL_FIELDS)} />} id="restaurant-tab-additional" aria-controls="restaurant-panel-additional" />
          {showHistory && <Tab label="History" id="restaurant-tab-history" aria-controls="restaurant-panel-history" />}
        </Tabs>
        <DialogContent sx={{ pt: '16px !important' }}>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Box role="tabpanel" id="restaurant-panel-main" aria-labelledby="restaurant-tab-main" hidden={tab !== 0} sx={{ display: tab === 0 ? 'grid' : 'none', gap: 1.5 }}>
            <Box sx={grid2}>
              <TextField {...field('name')} label="Restaurant Name" required size="small" disabled={saving} autoFocus={!editing} />
              <TextField {...field('contactName')} label="Contact Name" required size="small" disabled={saving} />
            </Box>
            <AddressFields
              field={field}
              values={values}
              set={set}
              disabled={saving}
              center={mapCenter}
              withMaps={withMaps}
            />
            <Box sx={grid2}>
              <LoginEmailField
                value={values.email}
                accounts={accounts}
                onChange={(email) => set({ email })}
                onBlur={() => form.touch('email')}
                error={message('email')}
                disabled={saving}
              />
              <TextField {...field('business_email')} label="Business / billing e-mail" required size="small" type="email" disabled={saving} />
              <TextField {...field('telephone')} label="Telephone" required size="small" type="tel" disabled={saving} />
              <TextField {...field('area_id')} select label="Area" required size="small" disabled={saving}>
                {areas.map((a) => (
                  <MenuItem key={a.id} value={String(a.id)}>
                    {a.name}
                    {a.city ? ` (${a.city.city_name})` : ''}
                  </MenuItem>
                ))}
              </TextField>
              {pay('standard_pay', 'Mon–Thurs pay per hour', area?.standardPayRate)}
              {pay('weekend_pay', 'Fri–Sun pay per hour', area?.weekendPayRate)}
              {pay('invoice_comission', 'Commission per invoiced hour')}
              {pay('booking_fee', 'Booking fee')}
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
              <FormControlLabel
                control={<Checkbox checked={values.send_invoice} onChange={(e) => set({ send_invoice: e.target.checked })} disabled={saving} />}
                label="Send Invoice"
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={withPassword}
                    disabled={saving}
                    onChange={(e) => {
                      setWithPassword(e.target.checked);
                      set({ password: '' });
                    }}
                  />
                }
                label={editing ? CHANGE_PASSWORD : SPECIAL_PASSWORD}
              />
            </Box>
            {withPassword && (
              <TextField
                {...field('password')}
                label="Password"
                type="password"
                required
                size="small"
                autoComplete="new-password"
                disabled={saving}
                helperText={<WithCounter message={message('password')} length={values.password.length} />}
              />
            )}
            {!withPassword && !editing && (
              <Box component="p" sx={{ m: 0, typography: 'caption', color: 'text.secondary' }}>
                A new login gets a generated password; Send Verification e-mails it to the login e-mail.
              </Box>
            )}
          </Box>
          <Box
            role="tabpanel"
            id="restaurant-panel-additional"
            aria-labelledby="restaurant-tab-additional"
            hidden={tab !== 1}
            sx={{ display: tab === 1 ? 'grid' : 'none', gap: 1.5 }}
          >
            <ImageUpload label="Logo" value={values.logo} onChange={(logo) => set({ logo })} removeLabel="Remove Logo" error={server.logo} disabled={saving} />
            <Box sx={grid2}>
              <TextField {...field('meal')} label="Meal" size="small" multiline minRows={2} disabled={saving} />
              <TextField {...field('uniform')} label="Uniform" size="small" multiline minRows={2} disabled={saving} />
              <TextField {...field('cash_orders')} label="Cash Orders" size="small" multiline minRows={2} disabled={saving} />
              <TextField {...field('waiting_location')} label="Waiting location" size="small" multiline minRows={2} disabled={saving} />
              <TextField {...field('other')} label="Other" size="small" multiline minRows={2} disabled={saving} />
              <TextField {...field('bonus_target')} label="Bonus Target" size="small" multiline minRows={2} disabled={saving} />
            </Box>
          </Box>
          {showHistory && tab === 2 && (
            <Box role="tabpanel" id="restaurant-panel-history" aria-labelledby="restaurant-tab-history">
              <RecordHistory table="restaurants" id={restaurant.id} />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!form.valid || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {editing ? ACCEPT_CHANGES : SEND_VERIFICATION}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
