import { Box, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { ROLE, ROLE_LABELS } from '../../domain/roles';
import { USER_MSG, USER_ROLES } from '../../domain/validation/user';
import { DialogPasswordInput, PasswordSwitch, DialogSelectInput, DialogTextInput } from '../../src/components/forms';
import { AreaRestaurantInputs } from '../areas/AreaRestaurantInputs';

const CHANGE_PASSWORD = 'Change Password';
export const AREAS_LABEL = 'Areas Assigned to';
export const RESTAURANTS_LABEL = "Area's Restaurants Assigned to";
const ASSIGNMENTS = { areas: AREAS_LABEL, restaurants: RESTAURANTS_LABEL, hint: 'Leave blank for all restaurants of the chosen areas' };
const GENERATED_PASSWORD_HINT = 'Off: a strong password is generated and e-mailed to the new user';

const ROLE_CHOICES = USER_ROLES.map((role) => ({ id: role, name: ROLE_LABELS[role] }));
const roleOf = (text: string) => (text === '' ? '' : Number(text));

interface Props {
  editing: boolean;
  /** The account is the logged-in administrator's own: its role is locked. */
  isSelf: boolean;
  changePassword: boolean;
  onPasswordSwitch: (on: boolean) => void;
}

/**
 * A panel user's fields, the same for Create Administrator and the edit dialog (spec 1, sections 2 and 5): areas and
 * restaurants for a manager only, the password only with its switch on.
 */
export function UserInputs({ editing, isSelf, changePassword, onPasswordSwitch }: Props) {
  const role = useWatch({ name: 'role' });
  const wide = { margin: 'dense', fullWidth: true, size: 'medium' } as const;

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1.5 }}>
        <DialogTextInput source="first_name" label="First Name" {...wide} required autoComplete="off" autoFocus={!editing} />
        <DialogTextInput source="last_name" label="Last Name" {...wide} autoComplete="off" />
      </Stack>
      <DialogSelectInput
        source="role"
        label="Role"
        choices={ROLE_CHOICES}
        parse={roleOf}
        {...wide}
        required
        disabled={isSelf}
        hint={isSelf ? USER_MSG.demoteSelf : undefined}
      />
      <DialogTextInput source="email" label="E-mail" type="email" {...wide} required autoComplete="off" />
      {role === ROLE.manager && <AreaRestaurantInputs labels={ASSIGNMENTS} />}
      <Box sx={{ mt: 1 }}>
        <PasswordSwitch label={CHANGE_PASSWORD} on={changePassword} onChange={onPasswordSwitch} />
      </Box>
      {!editing && !changePassword && (
        <Typography variant="caption" color="text.secondary" component="p">
          {GENERATED_PASSWORD_HINT}
        </Typography>
      )}
      {changePassword && <DialogPasswordInput {...wide} />}
    </>
  );
}
