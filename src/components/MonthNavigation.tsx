import { Box, IconButton, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { addMonths } from '../../domain/ranges';
import { WEEKDAYS, dayInWords, monthTitle } from './calendarMonth';

/** The app's month calendars' top line (the date field's and the range picker's): previous, 'December 2026', next. */
export function MonthNavigation({ month, onMonth, titleId }: { month: string; onMonth: (month: string) => void; titleId?: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
      <IconButton size="small" aria-label="Previous month" onClick={() => onMonth(addMonths(month, -1))}>
        <ChevronLeftIcon />
      </IconButton>
      <Typography id={titleId} variant="subtitle2" component="h2" aria-live={titleId ? 'polite' : undefined}>
        {monthTitle(month)}
      </Typography>
      <IconButton size="small" aria-label="Next month" onClick={() => onMonth(addMonths(month, 1))}>
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}

/** Mo … Su above a month grid. */
export function WeekdayHeadings() {
  return WEEKDAYS.map((d) => (
    <Typography key={d} role="columnheader" variant="caption" sx={{ textAlign: 'center', color: 'text.secondary' }}>
      {d}
    </Typography>
  ));
}

interface DayCellProps {
  date: string;
  selected: boolean;
  sx: SxProps<Theme>;
  current?: boolean;
  disabled?: boolean;
  onClick: () => void;
  onMouseEnter?: () => void;
  onFocus?: () => void;
}

/** One day of a month grid: a button showing the day of the month, named by the whole date for screen readers. */
export function DayCell({ date, selected, current, ...button }: DayCellProps) {
  return (
    <Box component="button" type="button" role="gridcell" aria-selected={selected} aria-label={dayInWords(date)} aria-current={current ? 'date' : undefined} {...button}>
      {Number(date.slice(8))}
    </Box>
  );
}
