import { Box, Button, Typography } from '@mui/material';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { ukDate } from '../../../domain/dates';
import type { TimesheetView } from '../../../domain/timesheets';
import { readDate } from '../../../domain/dates';
import { formatMoney } from '../../components/format';
import type { TimesheetFormValues } from './timesheetActions';

/** The scheduled shift's values the form can take over (the date as the form holds it). */
export function scheduledValues(row: TimesheetView): Pick<TimesheetFormValues, 'period_date' | 'start_time' | 'finish_time' | 'cost_bonus'> | null {
  if (!row.shift_period_date || !row.shift_start_time || !row.shift_finish_time) return null;
  return {
    period_date: ukDate(row.shift_period_date),
    start_time: row.shift_start_time,
    finish_time: row.shift_finish_time,
    cost_bonus: String(row.shift_cost_bonus ?? 0),
  };
}

/**
 * The yellow Scheduled Details bar (spec 3, section 2.3): the scheduled shift beside what the form holds, what
 * differs, and Import Scheduled Details to take the schedule's date, times and bonus.
 */
export function ScheduledDetailsBar({ row, values, onImport, disabled }: { row: TimesheetView; values: TimesheetFormValues; onImport: () => void; disabled: boolean }) {
  const scheduled = scheduledValues(row);
  if (!scheduled) {
    return (
      <Box sx={{ px: 1.5, py: 0.75, bgcolor: '#fff8e1', border: 1, borderColor: '#ffe082', borderRadius: 1, fontSize: 13 }}>
        Scheduled Details: added by hand, no scheduled shift
      </Box>
    );
  }
  const differs: string[] = [];
  if (readDate(values.period_date) !== row.shift_period_date) differs.push('date');
  if (values.start_time !== scheduled.start_time) differs.push('start');
  if (values.finish_time !== scheduled.finish_time) differs.push('finish');
  if (Number(values.cost_bonus) !== Number(scheduled.cost_bonus)) differs.push('bonus');
  return (
    <Box
      role="region"
      aria-label="Scheduled Details"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 1.5, py: 0.5, bgcolor: '#fff8e1', border: 1, borderColor: '#ffe082', borderRadius: 1 }}
    >
      <EventNoteIcon fontSize="small" sx={{ color: '#b26a00' }} />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 200 }}>
        <strong>Scheduled Details:</strong> {scheduled.period_date} {scheduled.start_time} – {scheduled.finish_time}
        {Number(scheduled.cost_bonus) ? `, bonus ${formatMoney(Number(scheduled.cost_bonus))}` : ''}
        <Box component="span" sx={{ color: differs.length ? '#8a5300' : 'success.main', ml: 1 }}>
          {differs.length ? `(the form differs: ${differs.join(', ')})` : '(as scheduled)'}
        </Box>
      </Typography>
      <Button size="small" variant="outlined" color="warning" onClick={onImport} disabled={disabled || !differs.length}>
        Import Scheduled Details
      </Button>
    </Box>
  );
}
