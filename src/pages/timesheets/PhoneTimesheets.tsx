import { useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ukDate } from '../../../domain/dates';
import { progressLabel, statusLabel, timesheetHours, TIMESHEET_FILTER, TIMESHEET_FILTER_LABELS, type TimesheetView } from '../../../domain/timesheets';
import { formatMoney } from '../../components/format';
import { IntervalSelect, RangeNavigator } from '../../components/range';
import { INTERVAL } from '../../../domain/ranges';
import type { DriverFilter } from './DriverPanel';
import { SummaryForm } from './SummaryForm';
import { AddScreenTimesheet } from './AddTimesheetDialog';
import { ApproveAllButton } from './ApproveAllButton';
import { ProcessDialog } from './ProcessDialog';
import { STATUS_COLOURS, formatHours } from './rowWords';
import type { TimesheetScreen } from './useTimesheetScreen';

/** Cards drawn at first; more on request, so a phone never lays out thousands at once. */
const PAGE = 50;

const ALL = 'all';
const STATUS_CHOICES = [TIMESHEET_FILTER.active, TIMESHEET_FILTER.pending, TIMESHEET_FILTER.all].map((f) => ({ value: f, label: TIMESHEET_FILTER_LABELS[f] }));

/** One of the phone's filter selects; a wide one takes the whole row. */
function PhoneFilter(props: { label: string; value: string | number; onChange: (value: string) => void; choices: { value: string | number; label: string }[]; wide?: boolean }) {
  const { label, value, onChange, choices, wide } = props;
  return (
    <TextField
      select
      size="small"
      variant="outlined"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={wide ? { gridColumn: '1 / -1' } : undefined}
    >
      {choices.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function TimesheetCard({ row, onProcess }: { row: TimesheetView; onProcess: () => void }) {
  return (
    <Card variant="outlined" component="article" aria-label={`Timesheet ${ukDate(row.period_date)} ${row.driver_name ?? 'Open shift'}`}>
      <CardContent sx={{ pb: 0.5 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="subtitle2">{ukDate(row.period_date)} · {row.start_time} – {row.finish_time}</Typography>
          <Typography variant="subtitle2" sx={{ color: STATUS_COLOURS[row.status] }}>{statusLabel(row)}</Typography>
        </Stack>
        <Typography variant="body2">{row.driver_name ?? 'Open shift'}</Typography>
        <Typography variant="body2" color="text.secondary">{row.restaurant_name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {progressLabel(row)} · {formatHours(timesheetHours(row))} h · {formatMoney(row.cost_total)}
        </Typography>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
        <Button size="small" variant="contained" onClick={onProcess}>
          Process
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * The phone layout (spec 3, section 2.4): the range, restaurant, driver and status selects, New timesheet and
 * Approve All for staff, then a card per timesheet with a Process button opening 'Process timesheet' (the summary
 * form in a dialog).
 */
export function PhoneTimesheets({ screen }: { screen: TimesheetScreen }) {
  const { list, readOnly } = screen;
  const [limit, setLimit] = useState(PAGE);
  const [processing, setProcessing] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const row = processing === null ? null : (list.rows.find((r) => r.id === processing) ?? null);

  const restaurantValue = screen.location?.type === 'restaurant' ? String(screen.location.id) : ALL;
  const drivers = useMemo(() => {
    const names = new Map<number, string>();
    for (const r of screen.filtered) if (r.driver_id && r.driver_name) names.set(r.driver_id, r.driver_name);
    return [...names].sort((a, b) => a[1].localeCompare(b[1], 'en-GB'));
  }, [screen.filtered]);
  const driverValue = screen.driver === 'all' ? ALL : String(screen.driver);

  return (
    <Box sx={{ pb: 2 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1.25, mb: 1.5 }}>
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'center' }}>
          <RangeNavigator state={screen.dates} />
        </Box>
        <IntervalSelect value={screen.dates.interval} onChange={screen.dates.setInterval} disabled={[INTERVAL.day]} />
        <PhoneFilter label="Status" value={screen.status} onChange={(v) => screen.setStatus(Number(v))} choices={STATUS_CHOICES} />
        <PhoneFilter
          label="Restaurant"
          wide
          value={restaurantValue}
          onChange={(v) => screen.setLocation(v === ALL ? null : { type: 'restaurant', id: Number(v) })}
          choices={[{ value: ALL, label: 'All locations' }, ...screen.restaurants.map((r) => ({ value: String(r.id), label: r.name }))]}
        />
        <PhoneFilter
          label="Driver"
          wide
          value={driverValue}
          onChange={(v) => screen.setDriver((v === ALL ? 'all' : v === 'open' ? 'open' : Number(v)) as DriverFilter)}
          choices={[{ value: ALL, label: 'All drivers' }, { value: 'open', label: 'Open shift' }, ...drivers.map(([id, name]) => ({ value: String(id), label: name }))]}
        />
      </Box>
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ mb: 1.5 }}>
          <Button variant="outlined" size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            New timesheet
          </Button>
          <ApproveAllButton rows={screen.shown} onApproved={list.upsert} />
        </Stack>
      )}
      {list.isPending && <LinearProgress aria-label="Loading timesheets" />}
      {list.error && <Alert severity="error">{list.error.message}</Alert>}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {screen.totals.total_timesheets} timesheets · {formatHours(screen.totals.filled_hours)} h · {formatMoney(screen.totals.estimated_cost)}
      </Typography>
      <Stack spacing={1}>
        {screen.shown.slice(0, limit).map((r) => (
          <TimesheetCard key={r.id} row={r} onProcess={() => setProcessing(r.id)} />
        ))}
      </Stack>
      {screen.shown.length > limit && (
        <Button fullWidth sx={{ mt: 1 }} onClick={() => setLimit((l) => l + PAGE)}>
          Show more ({screen.shown.length - limit} left)
        </Button>
      )}
      {!list.isPending && screen.shown.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
          No timesheets for these days and filters
        </Typography>
      )}
      {!readOnly && adding && <AddScreenTimesheet screen={screen} onClose={() => setAdding(false)} />}
      <ProcessDialog open={!!row} onClose={() => setProcessing(null)}>
          {row && (
            <SummaryForm
              key={`${row.id}|${row.status}|${row.status_progress}|${row.cost_total}`}
              row={row}
              {...screen.formProps}
              pinned
              narrow
              onSaved={(view) => {
                screen.onSaved(view);
                setProcessing(view.id);
              }}
              onRemoved={() => {
                setProcessing(null);
                screen.onRemoved();
              }}
            />
          )}
      </ProcessDialog>
    </Box>
  );
}
