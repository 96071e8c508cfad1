import type { HTMLAttributes, Key } from 'react';
import { Box, Chip, Typography, createFilterOptions, type AutocompleteRenderValueGetItemProps } from '@mui/material';
import { useGetList } from 'react-admin';
import type { PushRecipient } from '../../domain/validation/pushMessage';
import { ChipsInput } from './forms';

/** The drivers a post or a push message may name: GET /api/driver-message/recipients (the caller's reach). */
const RECIPIENT_RESOURCE = 'driver-message/recipients';

/**
 * How the driver pickers (a news post's named drivers, a push message's drivers) draw and find drivers: thousands
 * of drivers, so the list shows the first matches of a name or e-mail; each line a name over the e-mail, each
 * chosen driver a chip.
 */
const driverFilter = createFilterOptions<PushRecipient>({ limit: 50, stringify: (d) => `${d.full_name} ${d.email}` });

const driverName = (d: PushRecipient) => d.full_name || d.email;

/** An Autocomplete's line for a driver; `detail` adds to the e-mail (their status). */
function renderDriverOption(detail: (d: PushRecipient) => string = () => '') {
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
function renderDriverChips(value: PushRecipient[], getItemProps: AutocompleteRenderValueGetItemProps<true>) {
  return value.map((d, index) => {
    const { key, ...itemProps } = getItemProps({ index });
    return <Chip key={key} size="small" label={driverName(d)} {...itemProps} />;
  });
}

// Every driver the caller reaches, whatever the page: the picker finds them by name or e-mail as typed.
const EVERY = { page: 1, perPage: 0 };

interface DriverChipsProps {
  source: string;
  label: string;
  required?: boolean;
  /** Added to a driver's e-mail in the list (their status). */
  detail?: (d: PushRecipient) => string;
}

/**
 * A form's named drivers (a post's, a push message's): the drivers the caller reaches
 * (GET /api/driver-message/recipients), read when the picker is first shown.
 */
export function DriverChips({ source, label, required, detail }: DriverChipsProps) {
  const { data = [], isPending } = useGetList<PushRecipient>(RECIPIENT_RESOURCE, { pagination: EVERY });
  return (
    <ChipsInput<PushRecipient>
      source={source}
      label={label}
      required={required}
      placeholder="Type a name or e-mail"
      options={data}
      loading={isPending}
      getOptionLabel={driverName}
      filterOptions={driverFilter}
      renderOption={renderDriverOption(detail)}
      renderValue={renderDriverChips}
    />
  );
}
