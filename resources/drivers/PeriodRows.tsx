import { Box, Button, Chip, FormControlLabel, IconButton, MenuItem, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { HOLIDAY } from '../../domain/statuses';
import { TIME_LIST } from '../../domain/timeList';
import { HOLIDAY_PERIOD, dayProblems } from '../../domain/validation/workingTimes';

/** A period as the dialog edits it; `key` keeps React rows stable while periods come and go. */
export interface EditablePeriod {
  key: number;
  holiday: number;
  start_at: string | null;
  stop_at: string | null;
}

let nextKey = 1;
const newPeriod = (holiday: boolean = false): EditablePeriod =>
  holiday ? { key: nextKey++, holiday: HOLIDAY.yes, ...HOLIDAY_PERIOD } : { key: nextKey++, holiday: HOLIDAY.no, start_at: null, stop_at: null };
export const editable = <T extends { holiday: number; start_at: string | null; stop_at: string | null }>(p: T): EditablePeriod => ({
  key: nextKey++,
  holiday: p.holiday,
  start_at: p.start_at,
  stop_at: p.stop_at,
});

export const AVAILABLE = 'Available';

interface Props {
  /** The weekday name or the date (DD/MM/YYYY): it names the day in the messages. */
  day: string;
  periods: EditablePeriod[];
  onChange: (periods: EditablePeriod[]) => void;
  /** Adding is not allowed (a past date); a holiday blocks adding anyway. */
  addDisabled?: boolean;
  addDisabledReason?: string;
  readOnly?: boolean;
  /** Offer a whole-day holiday button beside 'Add period' (the Leave tab). */
  offerHoliday?: boolean;
  /** What an empty day reads (a weekday: 'Available'). */
  emptyText?: string;
}

function TimeSelect({ label, value, onChange, error, disabled }: { label: string; value: string | null; onChange: (v: string | null) => void; error?: string; disabled?: boolean }) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || null)}
      error={!!error}
      helperText={error}
      disabled={disabled}
      sx={{ width: { xs: '100%', sm: 150 } }}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 280 } } } } } }}
    >
      <MenuItem value="">
        <em>—</em>
      </MenuItem>
      {TIME_LIST.map((t) => (
        <MenuItem key={t.value} value={t.value}>
          {t.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * One day's periods (spec 2, sections 2, 4 and 5): start and stop from the time list, the Holiday switch (which
 * replaces the day's periods with one whole-day period), remove, and 'Add period' (blocked by a holiday). An
 * empty day reads 'Available'. The messages are the domain rule's, the same the server answers.
 */
export function PeriodRows({ day, periods, onChange, addDisabled, addDisabledReason, readOnly, offerHoliday, emptyText = AVAILABLE }: Props) {
  const problems = dayProblems(day, periods);
  const holiday = periods.some((p) => p.holiday === HOLIDAY.yes);
  const update = (key: number, changes: Partial<EditablePeriod>) => onChange(periods.map((p) => (p.key === key ? { ...p, ...changes } : p)));
  const blocked = !!addDisabled || !!readOnly || holiday;
  const reason = holiday ? `${day} is a holiday` : addDisabledReason;

  return (
    <Stack spacing={1} role="group" aria-label={day}>
      {periods.length === 0 && (
        <Typography variant="body2" color={emptyText === AVAILABLE ? 'success.main' : 'text.secondary'}>
          {emptyText}
        </Typography>
      )}
      {periods.map((p, i) =>
        p.holiday === HOLIDAY.yes ? (
          <Stack key={p.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip color="success" label="Holiday: unavailable all day" size="small" />
            <FormControlLabel
              control={<Switch size="small" checked onChange={() => onChange(periods.filter((x) => x.key !== p.key))} disabled={readOnly} />}
              label="Holiday"
            />
          </Stack>
        ) : (
          <Stack key={p.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
            <TimeSelect label="Start at" value={p.start_at} onChange={(start_at) => update(p.key, { start_at })} error={problems[i]?.start_at} disabled={readOnly} />
            <TimeSelect label="Stop at" value={p.stop_at} onChange={(stop_at) => update(p.key, { stop_at })} error={problems[i]?.stop_at} disabled={readOnly} />
            <Stack direction="row" sx={{ alignItems: 'center', pt: { sm: 0.5 } }}>
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={false}
                    disabled={readOnly}
                    // A holiday replaces the day's periods with one full-day period (spec 2, section 4).
                    onChange={() => onChange([{ ...newPeriod(true), key: p.key }])}
                  />
                }
                label="Holiday"
              />
              {!readOnly && (
                <Tooltip title="Remove period">
                  <IconButton aria-label={`Remove ${day} period ${i + 1}`} onClick={() => onChange(periods.filter((x) => x.key !== p.key))}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          </Stack>
        ),
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Tooltip title={blocked && reason ? reason : ''}>
          <span>
            <Button size="small" startIcon={<AddIcon />} disabled={blocked} onClick={() => onChange([...periods, newPeriod()])} aria-label={`Add period for ${day}`}>
              Add period
            </Button>
          </span>
        </Tooltip>
        {offerHoliday && (
          <Tooltip title={blocked && reason ? reason : ''}>
            <span>
              <Button size="small" color="success" disabled={blocked} onClick={() => onChange([newPeriod(true)])} aria-label={`Make ${day} a holiday`}>
                Holiday
              </Button>
            </span>
          </Tooltip>
        )}
      </Box>
    </Stack>
  );
}
