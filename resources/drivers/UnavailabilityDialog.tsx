import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { londonToday, ukDate } from '../../domain/dates';
import { HOLIDAY } from '../../domain/statuses';
import {
  OVERRIDE_LABEL,
  WEEK_DAY_NAMES,
  dayProblems,
  type OverridePeriod,
  type WeeklyPeriod,
} from '../../domain/validation/workingTimes';
import { MonthCalendar, type CalendarEvent } from './MonthCalendar';
import { PeriodRows, editable, type EditablePeriod } from './PeriodRows';
import type { DriverRecord } from './types';

export const UNAVAILABILITY_TITLE = "Edit Driver's Unavailability";
const NO_LEAVE = 'No leave on this date: the weekly pattern applies';
const HOLIDAY_COLOR = '#2e7d32';
const CUSTOM_COLOR = '#1565c0';

type Week = EditablePeriod[][];
type Leave = Record<string, EditablePeriod[]>;

function weekOf(driver: DriverRecord): Week {
  return WEEK_DAY_NAMES.map((_, day) => driver.default_working_time.filter((p) => p.week_day === day).map(editable));
}

function leaveOf(driver: DriverRecord): Leave {
  const out: Leave = {};
  for (const o of driver.actual_override_working_time) (out[o.period_date] ??= []).push(editable(o));
  return out;
}

const strip = ({ holiday, start_at, stop_at }: EditablePeriod) => ({ holiday, start_at, stop_at });

interface Props {
  driver: DriverRecord;
  /** Sends the plan; rejects with the server's error. */
  onSubmit: (weekly: WeeklyPeriod[], overrides: OverridePeriod[]) => Promise<void>;
  onClose: () => void;
  /** Today in London (tests fix it). */
  today?: string;
}

/**
 * 'Edit Driver's Unavailability' (spec 2, section 2): the weekly periods per weekday ('Unavailability' tab) and a
 * month calendar of dated overrides ('Leave' tab: Holiday green, Custom schedulle blue; nothing can be added on a
 * past date or on a holiday). Accept Changes is enabled only when every period passes the rules of section 5.
 */
export function UnavailabilityDialog({ driver, onSubmit, onClose, today = londonToday() }: Props) {
  const [tab, setTab] = useState(0);
  const [week, setWeek] = useState<Week>(() => weekOf(driver));
  const [leave, setLeave] = useState<Leave>(() => leaveOf(driver));
  const [month, setMonth] = useState(today.slice(0, 7));
  const [selected, setSelected] = useState<string>(today);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const weekInvalid = week.some((periods, day) => dayProblems(WEEK_DAY_NAMES[day], periods).some((p) => p.start_at || p.stop_at));
  const leaveInvalid = Object.entries(leave).some(([date, periods]) => date >= today && dayProblems(ukDate(date), periods).some((p) => p.start_at || p.stop_at));
  const invalid = weekInvalid || leaveInvalid;

  const eventsOf = useMemo(
    () =>
      (date: string): CalendarEvent[] => {
        const periods = leave[date] ?? [];
        if (!periods.length) return [];
        if (periods.some((p) => p.holiday === HOLIDAY.yes)) return [{ label: OVERRIDE_LABEL.holiday, color: HOLIDAY_COLOR }];
        return [{ label: OVERRIDE_LABEL.custom, color: CUSTOM_COLOR }];
      },
    [leave],
  );

  const save = async () => {
    if (invalid || saving) return;
    setSaving(true);
    setFailure(null);
    const weekly = week.flatMap((periods, week_day) => periods.map((p) => ({ week_day, ...strip(p) })));
    // Past dates are history: the server keeps them as they are, so only today on is sent.
    const overrides = Object.entries(leave)
      .filter(([date]) => date >= today)
      .flatMap(([period_date, periods]) => periods.map((p) => ({ period_date, ...strip(p) })));
    try {
      await onSubmit(weekly, overrides);
    } catch (error) {
      // Spec 2, section 8: the first message of the first field of the error response.
      setFailure((error as Error)?.message || 'Saving the working times failed');
      setSaving(false);
    }
  };

  const past = selected < today;
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="unavailability-title"
      slotProps={{ paper: { sx: { width: 760, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="unavailability-title">
        {UNAVAILABILITY_TITLE}
        <Typography component="div" variant="body2" color="text.secondary">
          {driver.full_name || driver.email}
        </Typography>
      </DialogTitle>
      <Tabs value={tab} onChange={(_, t: number) => setTab(t)} sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tab label="Unavailability" />
        <Tab label="Leave" />
      </Tabs>
      <DialogContent sx={{ pt: '16px !important', minHeight: 420 }}>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {tab === 0 && (
          <Stack divider={<Divider flexItem />} spacing={1.5} role="tabpanel" aria-label="Unavailability">
            {WEEK_DAY_NAMES.map((name, day) => (
              <Box key={name} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '110px 1fr' }, gap: 1, alignItems: 'start' }}>
                <Typography sx={{ fontWeight: 600, pt: { sm: 1 } }}>{name}</Typography>
                <PeriodRows day={name} periods={week[day]} onChange={(periods) => setWeek((w) => w.map((p, i) => (i === day ? periods : p)))} />
              </Box>
            ))}
          </Stack>
        )}
        {tab === 1 && (
          <Box role="tabpanel" aria-label="Leave" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <MonthCalendar month={month} onMonth={setMonth} selected={selected} onSelect={setSelected} today={today} eventsOf={eventsOf} />
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                {ukDate(selected)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {past
                  ? 'A past date: its leave is kept as it was.'
                  : 'Periods here replace the weekly pattern on this date; a holiday makes the whole day unavailable.'}
              </Typography>
              <PeriodRows
                day={ukDate(selected)}
                periods={leave[selected] ?? []}
                onChange={(periods) => setLeave((l) => ({ ...l, [selected]: periods }))}
                addDisabled={past}
                addDisabledReason="Past dates cannot be changed"
                readOnly={past}
                offerHoliday
                emptyText={NO_LEAVE}
              />
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {invalid && (
          <Typography variant="body2" color="error" sx={{ mr: 'auto' }}>
            {weekInvalid && tab === 1 ? 'The weekly periods need attention' : leaveInvalid && tab === 0 ? 'The leave periods need attention' : ''}
          </Typography>
        )}
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={invalid || saving} startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
          Accept Changes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
