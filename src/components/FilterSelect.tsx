import { useInput } from 'react-admin';
import { MenuItem, TextField } from '@mui/material';

export interface FilterChoice {
  value: string | number;
  label: string;
}

/**
 * A `<List>` filter chosen from a fixed list, every choice a real one (react-admin's SelectInput adds a blank
 * 'clear' line, which the spec's selects do not have: 'All areas' is a choice, the status select has none).
 */
interface Props {
  source: string;
  label: string;
  choices: FilterChoice[];
  /** Read by react-admin's filter form (shown without being added from a menu), not here. */
  alwaysOn?: boolean;
}

export function FilterSelect({ source, label, choices }: Props) {
  const { field } = useInput({ source, defaultValue: '' });
  return (
    <TextField
      select
      size="small"
      label={label}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      sx={{ minWidth: 180 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {choices.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
