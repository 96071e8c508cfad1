import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { Box, IconButton, InputAdornment, Popover, TextField, type SxProps, type Theme } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { londonToday, ukDate } from '../../../domain/dates';
import { firstOfMonth, lastOfMonth } from '../../../domain/ranges';
import { readDate } from '../../../domain/dates';
import { dayCellSx, monthGrid } from '../calendarMonth';
import { DayCell, MonthNavigation, WeekdayHeadings } from '../MonthNavigation';

const DATE_HINT = 'DD/MM/YYYY';
/** The spec's wording for a date that is not one (spec 2 section 5, spec 3). */
const DATE_INVALID = 'Date invalid format.';

/** What is shown for a value: a real date as DD/MM/YYYY, anything else (half typed) as it is. */
function shown(value: string): string {
  const date = readDate(value);
  return date ? ukDate(date) : value;
}

/**
 * Typed text as DD/MM/YYYY: digits only, the slashes put in as the digits come; a day or month of one digit
 * followed by a slash gets its 0 ('1/12/2026' → '01/12/2026'). A whole date pasted as YYYY-MM-DD is taken as it is.
 */
export function maskDate(typed: string): string {
  const iso = /^\s*\d{4}-\d{2}-\d{2}\s*$/.test(typed) ? readDate(typed) : null;
  if (iso) return ukDate(iso);
  const parts = typed.replace(/[^\d/]/g, '').split('/');
  const digits = parts
    .map((part, i) => (i < 2 && i < parts.length - 1 && part.length === 1 ? `0${part}` : part))
    .join('')
    .slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

export interface DialogDateFieldProps {
  label: string;
  /** 'YYYY-MM-DD' ('' when empty); 'DD/MM/YYYY' is read too. */
  value: string;
  /**
   * 'YYYY-MM-DD' once the text is a real date, '' when cleared, otherwise the text as typed, so the form's own check
   * refuses it.
   */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The form's message about the date, shown instead of the field's own. */
  error?: boolean;
  helperText?: ReactNode;
  /** Shown under the field while it has no message; 'DD/MM/YYYY' by default. */
  hint?: ReactNode;
  /** The first and last days the calendar offers ('YYYY-MM-DD'); the form's check says the rest. */
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
  margin?: 'none' | 'dense' | 'normal';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * The app's date field: DD/MM/YYYY typed into a masked text field, or chosen in a Monday-first calendar behind the
 * button, the same in any browser language (the browser's own date input follows the browser's locale, so an
 * American browser would show 12/01/2026 for 1 December). It answers 'YYYY-MM-DD', as the API takes dates.
 */
export function DialogDateField(props: DialogDateFieldProps) {
  const { label, value, onChange, onBlur, error, helperText, hint = DATE_HINT, min, max, disabled, size = 'small', inputRef, ...rest } = props;
  const [text, setText] = useState(() => shown(value));
  const [seen, setSeen] = useState(value);
  const [ownError, setOwnError] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  // A value set from outside (the form reset, a day chosen on the board) replaces the text.
  if (value !== seen) {
    setSeen(value);
    const next = shown(value);
    if (readDate(next) !== readDate(text) || !readDate(next)) setText(next);
  }

  const emit = (next: string) => {
    const date = readDate(next);
    const answer = date ?? next.trim();
    setSeen(answer);
    onChange(answer);
  };
  const type = (typed: string) => {
    const next = maskDate(typed);
    setText(next);
    if (readDate(next)) setOwnError(false);
    emit(next);
  };
  const leave = () => {
    setOwnError(!!text.trim() && !readDate(text));
    onBlur?.();
  };
  const choose = (date: string) => {
    setAnchor(null);
    setText(ukDate(date));
    setOwnError(false);
    emit(date);
    onBlur?.();
    input.current?.focus();
  };
  const setRefs = (node: HTMLInputElement | null) => {
    input.current = node;
    if (typeof inputRef === 'function') inputRef(node);
    else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = node;
  };

  const showOwn = ownError && !error;
  return (
    <>
      <TextField
        {...rest}
        label={label}
        value={text}
        size={size}
        disabled={disabled}
        placeholder={DATE_HINT}
        error={error || showOwn}
        helperText={error ? helperText : showOwn ? DATE_INVALID : (helperText ?? hint)}
        onChange={(e) => type(e.target.value)}
        onBlur={leave}
        inputRef={setRefs}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label="Open calendar" disabled={disabled} onClick={(e) => setAnchor(e.currentTarget)}>
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {anchor && <DayPicker anchor={anchor} value={readDate(text)} min={min} max={max} onPick={choose} onClose={() => setAnchor(null)} />}
    </>
  );
}

interface DayPickerProps {
  anchor: HTMLElement;
  value: string | null;
  min?: string;
  max?: string;
  onPick: (date: string) => void;
  onClose: () => void;
}

/** A month of days, Monday first, opened on the chosen day's month (or this month); days outside min/max are off. */
function DayPicker({ anchor, value, min, max, onPick, onClose }: DayPickerProps) {
  const today = londonToday();
  const [month, setMonth] = useState(() => firstOfMonth(value ?? (max && today > max ? max : min && today < min ? min : today)));
  const titleId = useId();
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { p: 1.5, width: 280 }, role: 'dialog', 'aria-labelledby': titleId } }}
    >
      <MonthNavigation month={month} onMonth={setMonth} titleId={titleId} />
      <Box role="grid" aria-labelledby={titleId} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: '2px' }}>
        <WeekdayHeadings />
        {monthGrid(month).map((date) => {
          const chosen = date === value;
          const outside = date < month || date > lastOfMonth(month);
          const off = (!!min && date < min) || (!!max && date > max);
          return (
            <DayCell
              key={date}
              date={date}
              selected={chosen}
              current={date === today}
              disabled={off}
              onClick={() => onPick(date)}
              sx={dayCellSx({ chosen, muted: off || outside, today: date === today, disabled: off })}
            />
          );
        })}
      </Box>
    </Popover>
  );
}
