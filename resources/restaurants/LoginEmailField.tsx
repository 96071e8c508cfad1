import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useFormField, useInputsDisabled } from '../../src/components/forms';
import { RESTAURATEUR_RESOURCE, type Restaurateur } from './types';

export const LOGIN_EMAIL_LABEL = 'Restaurant login e-mail';

// The accounts offered: the first matches of what is typed, searched by the server as the typing pauses.
const MATCHES = { page: 1, perPage: 20 };
const BY_EMAIL = { field: 'email', order: 'ASC' as const };
const PAUSE_MS = 250;
const asServerSearch = (accounts: Restaurateur[]) => accounts;

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The restaurant's login e-mail (spec 2, section 2): a combobox of the existing restaurant accounts, since one
 * account logs in for several restaurants; a new e-mail makes a new account. Each choice says which
 * restaurants the account already has. The form's `email`; the accounts are the restaurateur resource's, searched
 * by e-mail or name on the server as the e-mail is typed (GET /api/restaurateur, `q`).
 */
export function LoginEmailField() {
  const { value: current, onChange, onBlur, message: error } = useFormField<string>('email');
  const value = current ?? '';
  const disabled = useInputsDisabled();
  const search = useSettled(value.trim().toLowerCase(), PAUSE_MS);
  const { data: accounts = [], isFetching } = useGetList<Restaurateur>(
    RESTAURATEUR_RESOURCE,
    { pagination: MATCHES, sort: BY_EMAIL, filter: search ? { q: search } : {} },
    { placeholderData: (previous) => previous },
  );
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
      loading={isFetching && !accounts.length}
      getOptionLabel={(a) => (typeof a === 'string' ? a : a.email)}
      filterOptions={asServerSearch}
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
