import type { HTMLAttributes, Key } from 'react';
import { Box, Chip, Typography, createFilterOptions, type AutocompleteRenderValueGetItemProps } from '@mui/material';
import type { PushRecipient } from '../../domain/validation/pushMessage';

/**
 * How the driver pickers (a news post's named drivers, a push message's drivers) draw and find drivers: thousands
 * of drivers, so the list shows the first matches of a name or e-mail; each line a name over the e-mail, each
 * chosen driver a chip.
 */
export const driverFilter = createFilterOptions<PushRecipient>({ limit: 50, stringify: (d) => `${d.full_name} ${d.email}` });

export const driverName = (d: PushRecipient) => d.full_name || d.email;

/** An Autocomplete's line for a driver; `detail` adds to the e-mail (their status). */
export function renderDriverOption(detail: (d: PushRecipient) => string = () => '') {
  return function DriverOption({ key, ...props }: HTMLAttributes<HTMLLIElement> & { key: Key }, d: PushRecipient) {
    return (
      <li key={key} {...props}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2">{driverName(d)}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {d.email}
            {detail(d)}
          </Typography>
        </Box>
      </li>
    );
  };
}

/** The chosen drivers as chips. */
export function renderDriverChips(value: PushRecipient[], getItemProps: AutocompleteRenderValueGetItemProps<true>) {
  return value.map((d, index) => {
    const { key, ...itemProps } = getItemProps({ index });
    return <Chip key={key} size="small" label={driverName(d)} {...itemProps} />;
  });
}
