import { useState } from 'react';
import { Alert, Box, Button, Popover, Stack } from '@mui/material';
import { londonToday } from '../../../domain/dates';
import { firstOfMonth, inRange, isDate, lastOfMonth, rangeFor, type DateRange, type Interval } from '../../../domain/ranges';
import { dayCellSx, monthGrid } from '../calendarMonth';
import { DayCell, MonthNavigation, WeekdayHeadings } from '../MonthNavigation';
import { DialogDateField } from '../forms/DialogDateField';

export interface RangePickerProps {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  range: DateRange;
  interval: Interval;
  /** Answers an error message to show (over 31 days), or null when the range was taken. */
  onPick: (range: DateRange) => string | null;
}

/**
 * The range picker (weeks start on Monday): a click on a day picks the day, week, two weeks or month holding it,
 * as the interval says; From and To pick any span up to 31 days.
 */
export function RangePicker({ anchorEl, onClose, range, interval, onPick }: RangePickerProps) {
  const [month, setMonth] = useState(() => firstOfMonth(range.from));
  const [hover, setHover] = useState<string | null>(null);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | null>(null);
  const today = londonToday();
  const preview = hover ? rangeFor(interval, hover) : range;

  const pick = (next: DateRange) => {
    const message = onPick(next);
    setError(message);
    if (!message) onClose();
  };

  return (
    <Popover
      open={!!anchorEl}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      slotProps={{ paper: { sx: { p: 2, width: 340 } } }}
    >
      <MonthNavigation month={month} onMonth={setMonth} />
      <Box role="grid" aria-label="Calendar" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: '2px' }} onMouseLeave={() => setHover(null)}>
        <WeekdayHeadings />
        {monthGrid(month).map((date) => {
          const chosen = inRange(date, preview);
          const outside = date < month || date > lastOfMonth(month);
          return (
            <DayCell
              key={date}
              date={date}
              selected={inRange(date, range)}
              onMouseEnter={() => setHover(date)}
              onFocus={() => setHover(date)}
              onClick={() => pick(rangeFor(interval, date))}
              sx={dayCellSx({ chosen, muted: outside, today: date === today })}
            />
          );
        })}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <DialogDateField label="From" value={from} onChange={setFrom} hint={null} />
        <DialogDateField label="To" value={to} onChange={setTo} hint={null} />
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button onClick={() => pick({ from, to })} disabled={!isDate(from) || !isDate(to)}>
          Apply
        </Button>
      </Stack>
    </Popover>
  );
}
