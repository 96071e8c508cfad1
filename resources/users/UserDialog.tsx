import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { ROLE, ROLE_LABELS, type StaffRole } from '../../domain/roles';
import { USER_MSG, USER_ROLES } from '../../domain/validation/user';
import type { ErrorBody } from '../../providers/httpClient';
import { WithCounter } from '../../src/components/WithCounter';
import { AssignmentFields } from './AssignmentFields';
import { EMPTY_USER, useUserForm, valuesOf, type UserField } from './useUserForm';
import type { AreaWithRestaurants, PanelUser } from './types';

/** Dialog width (spec 1, section 9 lists 400, 450 and 700 px). */
export const USER_DIALOG_WIDTH = 450;
export const CREATE_TITLE = 'Create Administrator';
export const EDIT_TITLE = 'Edit Administrator';
export const CHANGE_PASSWORD = 'Change Password';
export const GENERATED_PASSWORD_HINT = 'Off: a strong password is generated and e-mailed to the new user';

const FIELDS: UserField[] = ['first_name', 'last_name', 'role', 'email', 'area_ids', 'restaurant_ids', 'password'];

/** A 400 body as messages per field of ours, plus what belongs to no field (shown above the form). */
function serverMessages(body: unknown, fallback: string): { fields: Partial<Record<UserField, string[]>>; other: string | null } {
  const fields: Partial<Record<UserField, string[]>> = {};
  let other: string | null = null;
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as ErrorBody)) {
      const list = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string' && !!m);
      if (!list.length) continue;
      if ((FIELDS as string[]).includes(key)) fields[key as UserField] = list;
      else other ??= list[0];
    }
  }
  if (!Object.keys(fields).length && !other) other = fallback;
  return { fields, other };
}

export interface UserDialogProps {
  /** The user to edit; none for Create Administrator. */
  user?: PanelUser;
  areas: AreaWithRestaurants[];
  /** The logged-in administrator: they may not change their own role. */
  selfId?: number;
  /** Sends the body; rejects with the server's error (its `body` carries `{ field: [messages] }`). */
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}

/**
 * Create Administrator (buttons Create and Clear) and the edit dialog (Cancel and Accept), spec 1, sections 2
 * and 5. Messages show once a field is touched; the submit button stays disabled while the form is invalid or
 * sending; the server's messages land on their fields, the e-mail's appended to the field's own.
 * Mount it only while open, so each opening starts from the user's current values.
 */
export function UserDialog({ user, areas, selfId, onSubmit, onClose }: UserDialogProps) {
  const [initial] = useState(() => (user ? valuesOf(user) : EMPTY_USER));
  const form = useUserForm(initial);
  const [server, setServer] = useState<Partial<Record<UserField, string[]>>>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const roleMenuOpen = useRef(false);
  const editing = !!user;
  const isSelf = editing && user.id === selfId;
  const { values } = form;

  const clearServer = (...fields: UserField[]) => {
    if (fields.some((f) => server[f])) setServer((s) => Object.fromEntries(Object.entries(s).filter(([k]) => !fields.includes(k as UserField))));
  };
  const change = <K extends UserField>(field: K, value: (typeof values)[K]) => {
    form.set(field, value);
    clearServer(field);
  };

  /** The form's message when touched; the server's after it (appended, as the spec says of the e-mail). */
  const messages = (field: UserField) => [form.shown(field), ...(server[field] ?? [])].filter((m): m is string => !!m);
  const text = (field: 'first_name' | 'last_name' | 'email') => {
    const shown = messages(field);
    return {
      name: field,
      value: values[field],
      onChange: (e: { target: { value: string } }) => change(field, e.target.value),
      onBlur: () => form.touch(field),
      error: shown.length > 0,
      helperText: shown.join(' ') || undefined,
    };
  };

  const onSubmitForm = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.valid || saving) return;
    setSaving(true);
    setOtherError(null);
    try {
      await onSubmit(form.payload());
    } catch (error) {
      const err = error as { body?: unknown; message?: string };
      const { fields, other } = serverMessages(err.body, err.message || 'Saving the user failed');
      setServer(fields);
      setOtherError(other);
    } finally {
      setSaving(false);
    }
  };

  const onClear = () => {
    form.reset();
    setServer({});
    setOtherError(null);
  };

  const roleShown = messages('role');
  const passwordShown = messages('password');
  const close = saving ? undefined : onClose;

  return (
    <Dialog
      open
      onClose={close}
      maxWidth={false}
      aria-labelledby="user-dialog-title"
      slotProps={{ paper: { sx: { width: USER_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={onSubmitForm}>
        <DialogTitle id="user-dialog-title" sx={{ pr: 6 }}>
          {editing ? EDIT_TITLE : CREATE_TITLE}
          {!editing && (
            <IconButton aria-label="Close" onClick={close} disabled={saving} sx={{ position: 'absolute', right: 8, top: 10 }}>
              <CloseIcon />
            </IconButton>
          )}
        </DialogTitle>
        <DialogContent>
          {otherError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {otherError}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1.5 }}>
            <TextField {...text('first_name')} label="First Name" margin="dense" fullWidth required autoComplete="off" autoFocus={!editing} />
            <TextField {...text('last_name')} label="Last Name" margin="dense" fullWidth autoComplete="off" />
          </Stack>
          <TextField
            name="role"
            select
            label="Role"
            margin="dense"
            fullWidth
            required
            disabled={isSelf}
            value={values.role === '' ? '' : String(values.role)}
            onChange={(e) => change('role', (e.target.value === '' ? '' : Number(e.target.value)) as StaffRole | '')}
            // Opening the menu moves focus into it: only a blur with the menu closed counts as leaving the field.
            onBlur={() => {
              if (!roleMenuOpen.current) form.touch('role');
            }}
            error={roleShown.length > 0}
            helperText={roleShown.join(' ') || (isSelf ? USER_MSG.demoteSelf : undefined)}
            slotProps={{
              select: {
                onOpen: () => (roleMenuOpen.current = true),
                onClose: () => {
                  roleMenuOpen.current = false;
                  form.touch('role');
                },
              },
            }}
          >
            {USER_ROLES.map((role) => (
              <MenuItem key={role} value={String(role)}>
                {ROLE_LABELS[role]}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...text('email')} label="E-mail" type="email" margin="dense" fullWidth required autoComplete="off" />
          {values.role === ROLE.manager && (
            <AssignmentFields
              areas={areas}
              areaIds={values.area_ids}
              restaurantIds={values.restaurant_ids}
              disabled={saving}
              errors={{ area_ids: messages('area_ids')[0], restaurant_ids: messages('restaurant_ids')[0] }}
              onChange={(next) => {
                form.setValues((v) => ({ ...v, ...next }));
                clearServer('area_ids', 'restaurant_ids');
              }}
            />
          )}
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Switch
                checked={form.changePassword}
                onChange={(e) => {
                  form.setChangePassword(e.target.checked);
                  form.set('password', '');
                  clearServer('password');
                }}
              />
            }
            label={CHANGE_PASSWORD}
          />
          {!editing && !form.changePassword && (
            <Typography variant="caption" color="text.secondary" component="p">
              {GENERATED_PASSWORD_HINT}
            </Typography>
          )}
          {form.changePassword && (
            <TextField
              name="password"
              label="Password"
              type="password"
              margin="dense"
              fullWidth
              required
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
              onBlur={() => form.touch('password')}
              error={passwordShown.length > 0}
              helperText={<WithCounter message={passwordShown.join(' ') || undefined} length={values.password.length} />}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {editing ? (
            <Button onClick={onClose} disabled={saving}>
              Cancel
            </Button>
          ) : (
            <Button onClick={onClear} disabled={saving}>
              Clear
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={!form.valid || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {editing ? 'Accept' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
