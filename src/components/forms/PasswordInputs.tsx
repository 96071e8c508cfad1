import { FormControlLabel, Switch } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { WithCounter } from '../WithCounter';
import { useFormDialog } from './formDialogContext';
import { DialogTextInput, type DialogTextInputProps } from './inputs';

interface SwitchProps {
  label: string;
  on: boolean;
  onChange: (on: boolean) => void;
  /** The fields the switch empties either way (a new password, the current one), with their messages. */
  clears?: string[];
}

/**
 * 'Set / Change / Special Password': a password is asked for (and checked by the schema) only while it is on.
 * The dialog holds the flag, since its schema depends on it.
 */
export function PasswordSwitch({ label, on, onChange, clears = ['password'] }: SwitchProps) {
  const { saving } = useFormDialog();
  const { setValue, clearErrors } = useFormContext();
  return (
    <FormControlLabel
      control={
        <Switch
          checked={on}
          disabled={saving}
          onChange={(e) => {
            onChange(e.target.checked);
            for (const name of clears) setValue(name, '');
            clearErrors(clears);
          }}
        />
      }
      label={label}
    />
  );
}

/** A new password: required, with the spec's character counter beside its message. */
export function DialogPasswordInput({ source = 'password', label = 'Password', ...props }: Partial<DialogTextInputProps>) {
  return (
    <DialogTextInput
      source={source}
      label={label}
      type="password"
      required
      autoComplete="new-password"
      helper={(message, value) => <WithCounter message={message} length={value.length} />}
      {...props}
    />
  );
}
