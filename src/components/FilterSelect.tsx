import { useFormContext } from 'react-hook-form';
import { useInput, useListContext } from 'react-admin';
import { MenuItem, TextField } from '@mui/material';

export interface FilterChoice {
  value: string | number;
  label: string;
}

/**
 * A `<List>` filter chosen from a fixed list, every choice a real one (react-admin's SelectInput adds a blank
 * 'clear' line, which the spec's selects do not have: 'All areas' is a choice, the status select has none).
 * A choice applies at once: the filter form waits 500 ms after every change for typing to settle, which a pick from
 * a list does not need (with what else the form holds, as the form would apply it; its own later submit then
 * finds the list already filtered so and asks nothing more).
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
  const { filterValues, setFilters } = useListContext();
  const { getValues } = useFormContext();
  const choose = (value: unknown) => {
    field.onChange(value);
    setFilters({ ...filterValues, ...getValues(), [source]: value });
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
