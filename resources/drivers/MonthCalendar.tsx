import { Box, ButtonBase, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { addDays, mondayOf, ukDate } from '../../domain/dates';

export interface CalendarEvent {
  label: string;
  color: string;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'YYYY-MM' moved by whole months. */
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The weeks shown for a month: Monday-first rows from the week of the 1st to the week of the last day. */
function monthGrid(month: string): string[][] {
  const first = `${month}-01`;
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1);
  const weeks: string[][] = [];
  for (let monday = mondayOf(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
  }
  return weeks;
}

interface Props {
  month: string;
  onMonth: (month: string) => void;
  selected: string | null;
  onSelect: (date: string) => void;
  today: string;
  eventsOf: (date: string) => CalendarEvent[];
}

/** A month of days, weeks from Monday (the Leave tab of the unavailability dialog, spec 2, section 2). */
export function MonthCalendar({ month, onMonth, selected, onSelect, today, eventsOf }: Props) {
  const [y, m] = month.split('-').map(Number);
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton aria-label="Previous month" onClick={() => onMonth(shiftMonth(month, -1))} size="small">
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {MONTHS[m - 1]} {y}
        </Typography>
        <IconButton aria-label="Next month" onClick={() => onMonth(shiftMonth(month, 1))} size="small">
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Box role="grid" aria-label={`${MONTHS[m - 1]} ${y}`} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: '2px' }}>
        {WEEKDAYS.map((d) => (
          <Typography key={d} role="columnheader" variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            {d}
          </Typography>
        ))}
        {monthGrid(month).flat().map((date) => {
          const inMonth = date.startsWith(month);
          const events = eventsOf(date);
          const isSelected = date === selected;
          return (
            <ButtonBase
              key={date}
              role="gridcell"
              aria-label={`${ukDate(date)}${events.length ? `: ${events.map((e) => e.label).join(', ')}` : ''}`}
              aria-selected={isSelected}
              onClick={() => onSelect(date)}
              sx={{
                minHeight: 52,
                p: 0.5,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'stretch',
                justifyContent: 'flex-start',
                borderRadius: 1,
                border: 1,
                borderColor: isSelected ? 'primary.main' : date === today ? 'primary.light' : 'divider',
                bgcolor: isSelected ? 'action.selected' : 'background.paper',
                opacity: inMonth ? 1 : 0.45,
                color: date < today ? 'text.secondary' : 'text.primary',
              }}
            >
              <Typography variant="caption" sx={{ fontWeight: date === today ? 700 : 400, textAlign: 'right' }}>
                {Number(date.slice(8))}
              </Typography>
              {events.map((e) => (
                <Box
                  key={e.label}
                  component="span"
                  sx={{ bgcolor: e.color, color: '#fff', borderRadius: 0.5, fontSize: 10, lineHeight: 1.5, px: 0.25, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}
                >
                  {e.label}
                </Box>
              ))}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
