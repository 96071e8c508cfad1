import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useFormField, useInputsDisabled } from '../../src/components/forms';
import type { Restaurateur } from './types';

export const LOGIN_EMAIL_LABEL = 'Restaurant login e-mail';

interface Props {
  accounts: Restaurateur[];
}

/**
 * The restaurant's login e-mail (spec 2, section 2): a combobox of the existing restaurant accounts, since one
 * account logs in for several restaurants; a new e-mail makes a new account. Each choice says which
 * restaurants the account already has. The form's `email`; the accounts are those the screen already holds.
 */
export function LoginEmailField({ accounts }: Props) {
  const { value: current, onChange, onBlur, message: error } = useFormField<string>('email');
  const value = current ?? '';
  const disabled = useInputsDisabled();
  const known = accounts.find((a) => a.email === value.trim().toLowerCase());
  const hint = known
    ? `Existing login${known.restaurants.length ? ` for ${known.restaurants.map((r) => r.name).join(', ')}` : ''}`
    : value.trim()
      ? 'A new login will be created for this e-mail'
      : 'Pick an existing restaurant account or type a new e-mail';
  return (
    <Autocomplete
      freeSolo
      openOnFocus
      disabled={disabled}
      options={accounts}
      getOptionLabel={(a) => (typeof a === 'string' ? a : a.email)}
      filterOptions={(options, state) => {
        const q = state.inputValue.trim().toLowerCase();
        return q ? options.filter((a) => a.email.includes(q) || a.name.toLowerCase().includes(q)) : options;
      }}
      inputValue={value}
      onInputChange={(_, text) => onChange(text)}
      onChange={(_, chosen) => onChange(chosen ? (typeof chosen === 'string' ? chosen : chosen.email) : '')}
      renderOption={(props, a) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
            <Typography variant="body2">{a.email}</Typography>
            <Typography variant="caption" color="text.secondary">
              {a.name}
              {a.restaurants.length ? ` · ${a.restaurants.map((r) => r.name).join(', ')}` : ''}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name="email"
          label={LOGIN_EMAIL_LABEL}
          required
          size="small"
          type="email"
          onBlur={onBlur}
          error={!!error}
          helperText={error ?? hint}
        />
      )}
    />
  );
}
