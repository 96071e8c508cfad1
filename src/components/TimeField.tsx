import { Autocomplete, TextField } from '@mui/material';
import { TIME_LIST, snapToTimeList } from '../../domain/timeList';

const VALUES = TIME_LIST.map((t) => t.value);

export interface TimeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
}

/**
 * A time of day: pick from the 15-minute list or type HH:mm; a typed time snaps to the list on leaving the field
 * (within 7.5 minutes, spec 3, section 5). Text that is not HH:mm is kept for the form to reject.
 */
export function TimeField({ value, onChange, onBlur, disabled, ...textBox }: TimeFieldProps) {
  return (
    <Autocomplete
      freeSolo
      disableClearable
      options={VALUES}
      value={value}
      inputValue={value}
      disabled={disabled}
      onInputChange={(_, next, reason) => {
        if (reason !== 'reset' || next) onChange(next);
      }}
      onChange={(_, next) => onChange(next ?? '')}
      filterOptions={(options, state) => {
        const q = state.inputValue.trim();
        if (!q || VALUES.includes(q)) return options;
        return options.filter((o) => o.startsWith(q.slice(0, 2)));
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          // Its name, label, required mark and message, as given.
          {...textBox}
          margin="dense"
          onBlur={() => {
            const snapped = snapToTimeList(value.trim());
            if (snapped !== value) onChange(snapped);
            onBlur?.();
          }}
          inputProps={{ ...params.inputProps, inputMode: 'numeric', autoComplete: 'off' }}
        />
      )}
    />
  );
}
