import { useState } from 'react';
import { useInput } from 'react-admin';
import { readDate } from '../../../domain/dates';
import { DialogDateField } from './DialogDateField';

/**
 * A list filter's date, in the app's own DD/MM/YYYY field. The filter changes only once a whole, real date is typed
 * (or picked), or when the field is emptied: a half-typed date asks the server nothing.
 */
export function DateFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  const applied = typeof field.value === 'string' ? field.value : '';
  const [typed, setTyped] = useState(applied);
  const [seen, setSeen] = useState(applied);
  // Set from outside (Clear filters, a saved query): show what the filter holds.
  if (applied !== seen) {
    setSeen(applied);
    if (readDate(typed) !== applied) setTyped(applied);
  }
  return (
    <DialogDateField
      label={label}
      value={typed}
      hint=""
      onChange={(value) => {
        setTyped(value);
        if (!value || readDate(value)) field.onChange(value);
      }}
      onBlur={field.onBlur}
      sx={{ width: 170 }}
    />
  );
}
