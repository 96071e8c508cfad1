import { MenuItem, TextField } from '@mui/material';
import { INTERVALS, INTERVAL_LABELS, type Interval } from '../../../domain/ranges';

export interface IntervalSelectProps {
  value: Interval;
  onChange: (interval: Interval) => void;
  /** Intervals offered (the restaurant schedule has no Month). */
  intervals?: readonly Interval[];
  /** Shown but not selectable (timesheets and invoices show Day disabled). */
  disabled?: readonly Interval[];
  label?: string;
}

/** Day / Week / 2-Week / Month (spec 3, section 2). */
export function IntervalSelect({ value, onChange, intervals = INTERVALS, disabled = [], label = 'Interval' }: IntervalSelectProps) {
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      fullWidth={false}
      margin="none"
      label={label}
      value={value}
      onChange={(e) => onChange(Number(e.target.value) as Interval)}
      sx={{ minWidth: 110 }}
    >
      {intervals.map((i) => (
        <MenuItem key={i} value={i} disabled={disabled.includes(i)}>
          {INTERVAL_LABELS[i]}
        </MenuItem>
      ))}
    </TextField>
  );
}
