import { useRef, useState, type FocusEvent } from 'react';
import { Autocomplete, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { ukDate } from '../../../domain/dates';
import { londonTime } from '../../../domain/timesheets';
import { snapToTimeList, TIME_LIST } from '../../../domain/timeList';
import { readDate } from '../../../domain/dates';
import type { TimeFieldProps } from '../../components/TimeField';
import { DialogDateField as AppDateField } from '../../components/forms';

const TIME_VALUES = TIME_LIST.map((t) => t.value);

/** The props of a field of this screen: those of the panel's time field. */
type FieldProps = Omit<TimeFieldProps, 'name'>;

/**
 * A time from the 15-minute list (spec 3, section 5). A typed time snaps to the list within 7.5 minutes;
 * focusing an empty field pre-fills the current time, which is cleared again if the field is left untouched.
 */
export function TimeField({ label, value, onChange, onBlur, error, helperText, disabled, required }: FieldProps) {
  const prefilled = useRef<string | null>(null);
  const [text, setText] = useState<string | null>(null);

  const focus = () => {
    if (value || disabled) return;
    const now = snapToTimeList(londonTime());
    prefilled.current = now;
    onChange(now);
  };
  const blur = (e: FocusEvent<HTMLInputElement>) => {
    const typed = (text ?? e.target.value).trim();
    if (prefilled.current !== null && typed === prefilled.current) onChange('');
    else if (typed !== value) onChange(snapToTimeList(typed));
    prefilled.current = null;
    setText(null);
    onBlur?.();
  };

  return (
    <Autocomplete
      freeSolo
      disableClearable
      size="small"
      options={TIME_VALUES}
      value={value}
      inputValue={text ?? value}
      disabled={disabled}
      sx={{ flex: 1, minWidth: 110 }}
      onInputChange={(_, next, reason) => {
        if (reason !== 'input') return;
        // Typing straight after the pre-fill replaces it rather than adding to it.
        const typed = prefilled.current !== null && next.startsWith(prefilled.current) ? next.slice(prefilled.current.length) : next;
        prefilled.current = null;
        setText(typed);
      }}
      onChange={(_, next) => {
        prefilled.current = null;
        setText(null);
        onChange(typeof next === 'string' ? snapToTimeList(next) : '');
      }}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} onFocus={focus} onBlur={blur} placeholder="HH:mm" />
      )}
    />
  );
}

/**
 * A date typed DD/MM/YYYY or chosen in the app's calendar, capped at `max` (YYYY-MM-DD): tomorrow on the summary
 * form, today in Add Time Sheet. The forms of this screen keep the date as shown (DD/MM/YYYY).
 */
export function TimesheetDateField({ label, value, onChange, onBlur, error, helperText, disabled, required, max }: FieldProps & { max: string }) {
  return (
    <AppDateField
      label={label}
      value={value}
      onChange={(next) => onChange(readDate(next) ? ukDate(next) : next)}
      onBlur={onBlur}
      error={error}
      helperText={helperText}
      disabled={disabled}
      required={required}
      max={max}
      hint={null}
    />
  );
}

/** A small select of the form, its options given as values with their words. */
export function ChoiceField({ choices, ...field }: Omit<TextFieldProps, 'select' | 'children'> & { choices: { value: string; name: string }[] }) {
  return (
    <TextField select size="small" {...field}>
      {choices.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
