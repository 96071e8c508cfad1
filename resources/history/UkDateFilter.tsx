import { useEffect, useState } from 'react';
import { useInput } from 'react-admin';
import { TextField } from '@mui/material';
import { ukDate } from '../../domain/dates';

/** '01122026' or '1/12/2026' as typed → '01/12/2026' as shown: digits only, the slashes put in. */
function masked(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** 'YYYY-MM-DD' for a whole, real DD/MM/YYYY date; null otherwise. */
function isoOf(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso ? iso : null;
}

const shown = (iso: unknown) => (typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? ukDate(iso) : '');

/**
 * The History filters' From and To: typed and shown DD/MM/YYYY whatever the browser's language (a native date input
 * follows the browser's). The filter changes only once a whole date is typed, or when the field is emptied. Local to
 * this screen until the app has a shared date field; then it should give way to that.
 */
export function UkDateFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { field } = useInput({ source });
  const [text, setText] = useState(() => shown(field.value));
  // Cleared or set from outside (Clear filters, a saved query): show what the filter holds.
  useEffect(() => {
    setText((now) => {
      if (!field.value) return isoOf(now) ? '' : now;
      return isoOf(now) === field.value ? now : shown(field.value);
    });
  }, [field.value]);
  const whole = isoOf(text);
  const invalid = text.length === 10 && !whole;
  return (
    <TextField
      label={label}
      value={text}
      size="small"
      placeholder="DD/MM/YYYY"
      error={invalid}
      helperText={invalid ? 'Not a date' : undefined}
      onChange={(e) => {
        const next = masked(e.target.value);
        setText(next);
        const iso = isoOf(next);
        if (iso) field.onChange(iso);
        else if (!next) field.onChange('');
      }}
      onBlur={field.onBlur}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': label }, inputLabel: { shrink: true } }}
      sx={{ width: 150 }}
    />
  );
}
