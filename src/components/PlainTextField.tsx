import { useId, type ChangeEventHandler, type ReactNode } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

export interface PlainTextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: () => void;
  error?: boolean;
  helperText?: ReactNode;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  margin?: 'dense' | 'normal';
}

/**
 * An outlined text field as MUI's TextField draws it, built from its parts. TextField also brings the whole Select
 * (menus, popovers, modals); the logged-out pages use this one so their first download stays small.
 */
export function PlainTextField({ name, label, helperText, error, margin = 'normal', ...input }: PlainTextFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" margin={margin} fullWidth error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} name={name} label={label} aria-describedby={helperId} {...input} />
      {/* The line under the field is always there, empty until a message: a message that appears as the field loses
          focus (to a click on a link or button below) must not move what is being clicked between press and release. */}
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : <FormHelperText aria-hidden>{'\u00a0'}</FormHelperText>}
    </FormControl>
  );
}
