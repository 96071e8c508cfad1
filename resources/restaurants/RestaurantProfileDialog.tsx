import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Switch,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { restaurantProfileFormSchema } from '../../domain/validation/restaurant';
import type { StoredRestaurant } from '../../providers/session';
import { ImageUpload, storedImage, type ImageValue } from '../../src/components/ImageUpload';
import { WithCounter } from '../../src/components/WithCounter';
import { FORM_IN_DIALOG } from '../../src/components/dialogForm';
import { useFormState } from '../../src/components/useFormState';
import { saveRestaurantProfile } from './api';
import { RESTAURANT_DIALOG_WIDTH, serverFieldMessages } from './RestaurantDialog';

export const PROFILE_TITLE = 'Edit Restaurant Profile';
export const UNKNOWN_ERROR = 'Unknown error';

interface ProfileValues {
  [key: string]: unknown;
  name: string;
  contactName: string;
  address: string;
  postcode: string;
  telephone: string;
  password: string;
  current_password: string;
  meal: string;
  uniform: string;
  cash_orders: string;
  waiting_location: string;
  other: string;
  bonus_target: string;
  logo: ImageValue;
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
    meal: text(r.meal),
    uniform: text(r.uniform),
    cash_orders: text(r.cash_orders),
    waiting_location: text(r.waiting_location),
    other: text(r.other),
    bonus_target: text(r.bonus_target),
    logo: storedImage(r.logo_src as string | null | undefined),
  };
}

/** What the failure shows (spec 2, section 8): the first message of a 400, 'Unknown error' otherwise (401 logs out). */
function failureText(error: unknown): string {
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
  const [initial] = useState(() => initialValues(restaurant));
  const [withPassword, setWithPassword] = useState(false);
  const schema = useMemo(() => restaurantProfileFormSchema(withPassword), [withPassword]);
  const form = useFormState(schema, initial);
  const [tab, setTab] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [server, setServer] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { values } = form;

  const message = (name: string) => (form.touched[name] ? form.errors[name] : undefined) ?? server[name];
  const field = (name: string) => {
    const shown = message(name);
    return {
      name,
      value: String(values[name] ?? ''),
      onChange: (e: { target: { value: string } }) => {
        form.setValues((v) => ({ ...v, [name]: e.target.value }));
        if (server[name]) setServer(({ [name]: _, ...rest }) => rest);
      },
      onBlur: () => form.touch(name),
      error: !!shown,
      helperText: shown,
      size: 'small' as const,
      disabled: saving,
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.valid || saving) return;
    setSaving(true);
    setFailure(null);
    const payload: Record<string, unknown> = {};
    for (const key of TEXT_FIELDS) if (values[key].trim()) payload[key] = values[key].trim();
    if (withPassword) {
      payload.password = values.password;
      payload.current_password = values.current_password;
    }
    if (values.logo.file) payload.file = values.logo.file;
    else if (values.logo.keep) payload.logo_src = values.logo.keep;
    try {
      onSaved(await saveRestaurantProfile(restaurant.id, payload));
    } catch (error) {
      const fields = serverFieldMessages((error as { body?: unknown }).body);
      setServer(fields);
      setFailure(failureText(error));
      setSaving(false);
    }
  };

  const cancel = () => {
    form.reset();
    setWithPassword(false);
    onClose();
  };
  const grid2 = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

  return (
    <Dialog
      open
      onClose={saving ? undefined : cancel}
      maxWidth={false}
      aria-labelledby="profile-dialog-title"
      slotProps={{ paper: { sx: { width: RESTAURANT_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={submit} style={FORM_IN_DIALOG}>
        <DialogTitle id="profile-dialog-title">{PROFILE_TITLE}</DialogTitle>
        <Tabs value={tab} onChange={(_, t: number) => setTab(t)} sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
          <Tab label="Main" />
          <Tab label="Additional" />
        </Tabs>
        <DialogContent sx={{ pt: '16px !important' }}>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Box role="tabpanel" aria-label="Main" sx={{ display: tab === 0 ? 'grid' : 'none', gap: 1.5 }}>
            <Box sx={grid2}>
              <TextField {...field('name')} label="Restaurant Name" required />
              <TextField {...field('contactName')} label="Contact Name" required />
            </Box>
            <TextField {...field('address')} label="Address" required />
            <Box sx={grid2}>
              <TextField {...field('postcode')} label="Postcode" />
              <TextField {...field('telephone')} label="Telephone" required type="tel" />
            </Box>
            <TextField label="E-mail" value={email} size="small" disabled helperText="Your login e-mail; ask the office to change it" />
            <FormControlLabel
              control={
                <Switch
                  checked={withPassword}
                  disabled={saving}
                  onChange={(e) => {
                    setWithPassword(e.target.checked);
                    form.setValues((v) => ({ ...v, password: '', current_password: '' }));
                  }}
                />
              }
              label="Change Password"
            />
            {withPassword && (
              <Box sx={grid2}>
                <TextField {...field('current_password')} label="Current password" type="password" required autoComplete="current-password" />
                <TextField
                  {...field('password')}
                  label="New password"
                  type="password"
                  required
                  autoComplete="new-password"
                  helperText={<WithCounter message={message('password')} length={values.password.length} />}
                />
              </Box>
            )}
          </Box>
          <Box role="tabpanel" aria-label="Additional" sx={{ display: tab === 1 ? 'grid' : 'none', gap: 1.5 }}>
            <ImageUpload label="Logo" value={values.logo} onChange={(logo) => form.setValues((v) => ({ ...v, logo }))} removeLabel="Remove Logo" error={server.logo} disabled={saving} />
            <Box sx={grid2}>
              <TextField {...field('meal')} label="Meal" multiline minRows={2} />
              <TextField {...field('uniform')} label="Uniform" multiline minRows={2} />
              <TextField {...field('cash_orders')} label="Cash Orders" multiline minRows={2} />
              <TextField {...field('waiting_location')} label="Waiting location" multiline minRows={2} />
              <TextField {...field('other')} label="Other" multiline minRows={2} />
              <TextField {...field('bonus_target')} label="Bonus Target" multiline minRows={2} />
            </Box>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={cancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!form.valid || saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Accept Changes
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
