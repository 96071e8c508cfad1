import { useInput } from 'react-admin';
import { MenuItem, TextField } from '@mui/material';
import { useApplyFilterNow } from './useApplyFilterNow';

interface FilterChoice {
  value: string | number;
  label: string;
}

/**
 * A `<List>` filter chosen from a fixed list, every choice a real one (react-admin's SelectInput adds a blank
 * 'clear' line, which the spec's selects do not have: 'All areas' is a choice, the status select has none).
 * A choice applies at once (useApplyFilterNow).
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
  const applyNow = useApplyFilterNow();
  const choose = (value: unknown) => {
    field.onChange(value);
    applyNow(source, value);
  };
  return (
    <TextField
      select
      size="small"
      label={label}
      value={field.value ?? ''}
      onChange={(e) => choose(e.target.value)}
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
