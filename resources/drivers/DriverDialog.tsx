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
  MenuItem,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { dataFull } from '../../domain/dataFull';
import { DRIVER_PHOTO_EXTENSIONS } from '../../domain/validation/image';
import { driverFormSchema } from '../../domain/validation/driver';
import { fieldMessages } from '../../providers/httpClient';
import { YES_NO } from '../../domain/statuses';
import { ImageUpload } from '../../src/components/ImageUpload';
import { CalendarFeedPanel } from '../../src/components/CalendarFeedPanel';
import { TabLabel } from '../../src/components/TabLabel';
import { WithCounter } from '../../src/components/WithCounter';
import { FORM_IN_DIALOG } from '../../src/components/dialogForm';
import { useFormState } from '../../src/components/useFormState';
import { useStoredUser } from '../../src/components/useStoredUser';
import { ROLE } from '../../domain/roles';
import { RecordHistory } from '../history/RecordHistory';
import { AssignmentFields } from '../users/AssignmentFields';
import { DataFullBadge } from './DataFullBadge';
import { RightToWorkPhotos } from './RightToWorkPhotos';
import { IDENTITY_TAB_FIELDS, MAIN_TAB_FIELDS, driverFormData, driverValues, emptyDriver, type DriverFormValues } from './driverForm';
import type { AreaWithRestaurants, DriverRecord } from './types';

export const DRIVER_DIALOG_WIDTH = 700;
export const REGISTER_TITLE = 'Drivers Manual Register';
export const EDIT_DRIVER_TITLE = 'Edit Driver';
export const VIEW_DRIVER_TITLE = 'View Driver';
const DATE_HINT = 'DD/MM/YYYY';

export type DriverDialogMode = 'add' | 'edit' | 'view';

interface Props {
  mode: DriverDialogMode;
  driver?: DriverRecord;
  areas: AreaWithRestaurants[];
  /** Sends the multipart body; rejects with the server's error (its `body` holds `{ field: [messages] }`). */
  onSubmit?: (body: FormData) => Promise<void>;
  onClose: () => void;
}

/**
 * Drivers Manual Register, Edit Driver and the read-only view (spec 2, sections 2, 3 and 5): tabs Main and
 * Identity with every field of the driver, photos png or jpeg only. The view has every field disabled. Messages
 * show once a field is touched; the button is disabled while the form is invalid or sending. Mount it only while
 * open; a successful add unmounts it, so the next one starts empty.
 */
export function DriverDialog({ mode, driver, areas, onSubmit, onClose }: Props) {
  const readOnly = mode === 'view';
  const [initial] = useState<DriverFormValues>(() => (driver ? driverValues(driver) : emptyDriver()));
  const [withPassword, setWithPassword] = useState(false);
  const schema = useMemo(() => driverFormSchema(withPassword), [withPassword]);
  const form = useFormState(schema, initial);
  const [tab, setTab] = useState(0);
  // Who changed what on this driver: for administrators, on a driver that exists.
  const showHistory = useStoredUser()?.role === ROLE.administrator && !!driver;
  const [server, setServer] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { values } = form;
  const disabled = readOnly || saving;

  const set = (changes: Partial<DriverFormValues>) => {
    form.setValues((v) => ({ ...v, ...changes }));
    const keys = Object.keys(changes);
    if (keys.some((k) => server[k])) setServer((s) => Object.fromEntries(Object.entries(s).filter(([k]) => !keys.includes(k))));
  };
  /** The form's message when touched, then the server's (appended, as the spec says of the e-mail). */
  const messages = (name: string) => [form.touched[name] ? form.errors[name] : undefined, ...(server[name] ?? [])].filter((m): m is string => !!m);
  const field = (name: string, extra: { hint?: string } = {}) => {
    const shown = messages(name);
    return {
      name,
      value: String(values[name] ?? ''),
      onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value }),
      onBlur: () => form.touch(name),
      error: shown.length > 0,
      helperText: shown.join(' ') || extra.hint,
      size: 'small' as const,
      disabled,
    };
  };
  const hasMessage = (names: readonly string[]) => names.some((n) => messages(n).length > 0);
  // The share of the profile filled as the form stands (photos count once chosen).
  const percent = dataFull({
    ...values,
    ...Object.fromEntries(['photo_src', 'driver_license_front_photo', 'driver_license_back_photo', 'identity_photo'].map((f) => {
      const image = values[f] as { file: File | null; keep: string | null };
      return [f, image.file ?? image.keep];
    })),
    have_experience: values.have_experience || null,
    right_to_work_photos: [...values.right_to_work_photos.kept, ...values.right_to_work_photos.added],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || !onSubmit) return;
    form.touchAll();
    if (!form.valid || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSubmit(driverFormData(values, withPassword, driver?.id));
    } catch (error) {
      const err = error as { body?: unknown; message?: string };
      // Every message, so the server's e-mail messages are appended to the field's own (spec 2, section 8).
      const fields = fieldMessages(err.body);
      setServer(fields);
      setFailure(err.message || 'Saving the driver failed');
      const onIdentity = Object.keys(fields).some((k) => IDENTITY_TAB_FIELDS.includes(k));
      const onMain = Object.keys(fields).some((k) => MAIN_TAB_FIELDS.includes(k));
      if (onIdentity && !onMain) setTab(1);
      if (onMain && !onIdentity) setTab(0);
      setSaving(false);
    }
  };

  const photo = (name: 'photo_src' | 'driver_license_front_photo' | 'driver_license_back_photo' | 'identity_photo', label: string) => (
    <ImageUpload
      label={label}
      value={values[name]}
      onChange={(value) => set({ [name]: value })}
      extensions={DRIVER_PHOTO_EXTENSIONS}
      error={server[name]?.[0]}
      disabled={saving}
      readOnly={readOnly}
    />
  );
  const grid = (columns: string) => ({ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: columns } }) as const;
  const title = mode === 'add' ? REGISTER_TITLE : mode === 'edit' ? EDIT_DRIVER_TITLE : VIEW_DRIVER_TITLE;
  const close = saving ? undefined : onClose;

  return (
    <Dialog
      open
      onClose={close}
      maxWidth={false}
      aria-labelledby="driver-dialog-title"
      slotProps={{ paper: { sx: { width: DRIVER_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={submit} style={FORM_IN_DIALOG}>
        <DialogTitle id="driver-dialog-title" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <span>
            {title}
            {driver && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                {driver.full_name}
              </Typography>
            )}
          </span>
          <DataFullBadge percent={percent} />
        </DialogTitle>
        <Tabs value={tab} onChange={(_, t: number) => setTab(t)} sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
          <Tab label={<TabLabel label="Main" flagged={hasMessage(MAIN_TAB_FIELDS)} />} />
          <Tab label={<TabLabel label="Identity" flagged={hasMessage(IDENTITY_TAB_FIELDS)} />} />
          {showHistory && <Tab label="History" />}
        </Tabs>
        <DialogContent sx={{ pt: '16px !important' }}>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Box role="tabpanel" aria-label="Main" sx={{ display: tab === 0 ? 'grid' : 'none', gap: 1.5 }}>
            <Box sx={grid('1fr 1fr')}>
              <TextField {...field('first_name')} label="First Name" required autoFocus={mode === 'add'} />
              <TextField {...field('last_name')} label="Last Name" />
              <TextField {...field('email')} label="E-mail" required type="email" />
              <TextField {...field('phone')} label="Phone" type="tel" />
              <TextField {...field('date_of_birth', { hint: DATE_HINT })} label="Date of birth" placeholder={DATE_HINT} />
              <TextField {...field('postcode')} label="Postcode" />
              <TextField {...field('address_1')} label="Address line 1" />
              <TextField {...field('address_2')} label="Address line 2" />
              <TextField {...field('city')} label="City" />
            </Box>
            <AssignmentFields
              areas={areas}
              areaIds={values.area_ids}
              restaurantIds={values.restaurant_ids}
              disabled={disabled}
              errors={{ area_ids: messages('area_ids')[0], restaurant_ids: messages('restaurant_ids')[0] }}
              onChange={(next) => set(next)}
              labels={{ areas: 'Areas', restaurants: 'Restaurants', hint: 'Leave blank to work at any restaurant of the chosen areas' }}
            />
            <Box sx={grid('1fr 1fr')}>
              <TextField {...field('emergency_contact_name')} label="Emergency contact name" />
              <TextField {...field('emergency_contact_phone')} label="Emergency contact phone" type="tel" />
              <TextField {...field('have_experience')} select label="Delivery experience">
                <MenuItem value="">Not said</MenuItem>
                <MenuItem value={String(YES_NO.yes)}>Yes</MenuItem>
                <MenuItem value={String(YES_NO.no)}>No</MenuItem>
              </TextField>
              <TextField {...field('experience_description')} label="Experience" disabled={disabled || values.have_experience !== String(YES_NO.yes)} />
            </Box>
            <FormControlLabel
              control={<Checkbox checked={values.working_time_opt_out} disabled={disabled} onChange={(e) => set({ working_time_opt_out: e.target.checked })} />}
              label="Opted out of the 48-hour week"
            />
            {photo('photo_src', 'Profile photo')}
            {!readOnly && (
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
                label={mode === 'add' ? 'Set Password' : 'Change Password'}
              />
            )}
            {withPassword && (
              <TextField
                {...field('password')}
                label="Password"
                type="password"
                required
                autoComplete="new-password"
                helperText={<WithCounter message={messages('password').join(' ') || undefined} length={values.password.length} />}
              />
            )}
            {mode === 'edit' && driver && <CalendarFeedPanel owner={{ kind: 'driver', id: driver.id }} who={driver.full_name} />}
          </Box>
          <Box role="tabpanel" aria-label="Identity" sx={{ display: tab === 1 ? 'grid' : 'none', gap: 1.5 }}>
            <Typography variant="subtitle2">Vehicle</Typography>
            <Box sx={grid('1fr 1fr 1fr')}>
              <TextField {...field('car_make')} label="Make" />
              <TextField {...field('car_model')} label="Model" />
              <TextField {...field('car_registration')} label="Registration" />
              <TextField {...field('car_insurer')} label="Insurer" />
              <TextField {...field('car_insurance_renewal_date', { hint: DATE_HINT })} label="Insurance renewal" placeholder={DATE_HINT} />
            </Box>
            <Typography variant="subtitle2">Bank account</Typography>
            <Box sx={grid('1fr 1fr 1fr')}>
              <TextField {...field('bank_name_of_account_holder')} label="Account holder" />
              <TextField {...field('bank_sort_code')} label="Sort code" />
              <TextField {...field('bank_account_number')} label="Account number" />
            </Box>
            <Typography variant="subtitle2">Documents</Typography>
            <Box sx={grid('1fr 1fr')}>
              {photo('driver_license_front_photo', 'Driving licence (front)')}
              {photo('driver_license_back_photo', 'Driving licence (back)')}
              {photo('identity_photo', 'Identity photo')}
            </Box>
            <RightToWorkPhotos
              value={values.right_to_work_photos}
              onChange={(right_to_work_photos) => set({ right_to_work_photos })}
              error={server.right_to_work_photos?.[0]}
              disabled={saving}
              readOnly={readOnly}
            />
          </Box>
          {showHistory && tab === 2 && (
            <Box role="tabpanel" aria-label="History">
              <RecordHistory table="drivers" id={driver.id} />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={readOnly || !form.valid || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {mode === 'add' ? 'Register' : mode === 'edit' ? 'Accept Changes' : 'View'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
