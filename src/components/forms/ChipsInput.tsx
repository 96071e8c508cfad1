import { useRef } from 'react';
import { Autocomplete, TextField, type AutocompleteProps } from '@mui/material';
import { useInputsDisabled } from './formDialogContext';
import { useFormField } from './inputs';

export type ChipsInputProps<T extends { id: number }> = Omit<
  AutocompleteProps<T, true, false, false>,
  'renderInput' | 'value' | 'onChange' | 'multiple' | 'onBlur'
> & {
  /** The form's list of ids. */
  source: string;
  label: string;
  required?: boolean;
  placeholder?: string;
  /** Under the field while it holds no message. */
  hint?: string;
};

/**
 * A form's list of ids chosen among `options`, each chosen one a chip (a post's areas, a manager's restaurants, a
 * message's drivers). A choice counts as touching the field, so taking the last one out of a required list says at
 * once that one is needed.
 */
export function ChipsInput<T extends { id: number }>({ source, label, required, placeholder, hint, options, disabled, ...props }: ChipsInputProps<T>) {
  const locked = useInputsDisabled();
  const field = useFormField<number[] | undefined>(source);
  const ids = field.value ?? [];
  // The chosen records stay the same array while they are the same: the Autocomplete takes a new one for a new
  // choice and empties what is being typed (a search under way when new matches arrive).
  const chosen = useRef<T[]>([]);
  const now = options.filter((o) => ids.includes(o.id));
  if (now.length !== chosen.current.length || now.some((o, i) => o !== chosen.current[i])) chosen.current = now;
  return (
    <Autocomplete<T, true, false, false>
      slotProps={{ chip: { size: 'small' } }}
      {...props}
      multiple
      disabled={locked || disabled}
      options={options}
      value={chosen.current}
      onChange={(_e, next) => {
        field.onChange(next.map((o) => o.id));
        field.onBlur();
      }}
      onBlur={field.onBlur}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          margin="dense"
          required={required}
          placeholder={placeholder}
          error={!!field.message}
          helperText={field.message ?? hint}
        />
      )}
    />
  );
}
