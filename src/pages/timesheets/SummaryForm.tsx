import { useMemo, useState, type ReactNode } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { Box, Button, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import CloseIcon from '@mui/icons-material/Close';
import { ukDate } from '../../../domain/dates';
import { fuelBonus, type FuelRates } from '../../../domain/pay';
import { BONUS_CHOICES, buttonStates, isCancellation, latestTimesheetDate, progressLabel, removeConfirm, statusLabel, timesheetHours, type TimesheetView } from '../../../domain/timesheets';
import { timesheetSchema, type TimesheetInput } from '../../../domain/validation/timesheet';
import type { MapCenter } from '../../../domain/validation/option';
import { DisabledReason } from '../../components/DisabledReason';
import { formatMoney } from '../../components/format';
import { useFormState } from '../../components/useFormState';
import type { LatLng } from '../../components/maps';
// The History tab's parts only: the /history screen itself stays in its own lazily loaded chunk.
import { RecordHistory } from '../../../resources/history/RecordHistory';
import { RecordTabs, type RecordTab } from '../../../resources/history/RecordTabs';
import { ChoiceField, TimesheetDateField, TimeField } from './fields';
import { ScheduledDetailsBar, scheduledValues } from './ScheduledDetailsBar';
import { TimesheetMap } from './TimesheetMap';
import { STATUS_COLOURS } from './rowWords';
import {
  approveOne, discardOne, formValuesOf, previewCost, unapprove, type TimesheetFormValues,
} from './timesheetActions';
import { conflictOf } from '../../../domain/versions';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { ConflictNotice } from '../../components/forms/ConflictNotice';

/** The pinned form's height (spec 3, section 9). */
export const PINNED_FORM_HEIGHT = 396;

export interface SummaryFormProps {
  row: TimesheetView;
  restaurants: { id: number; name: string }[];
  fuel: FuelRates | null;
  mapCenter: MapCenter;
  positionOf: (restaurantId: number) => LatLng | null;
  today: string;
  /** Restaurant accounts see the form but change nothing; the cancellation fee is hidden from them. */
  readOnly: boolean;
  /** Administrators remove timesheets. */
  canRemove: boolean;
  pinned: boolean;
  /** A sheet under 500 px wide (the floating form, a phone): one column, the map under the fields. */
  narrow?: boolean;
  /** Pin and Scroll To are for the desktop table; the phone's dialog has neither. */
  onTogglePin?: () => void;
  onScrollTo?: () => void;
  /** The floating (unpinned) form closes; the pinned one stays. */
  onClose?: () => void;
  /** A save's answer, or the timesheet as a Reload read it: the list takes its row. */
  onSaved: (view: TimesheetView) => void;
  onRemoved: (row: TimesheetView) => void;
}

const bonusLabel = (value: number) => BONUS_CHOICES.find((c) => c.value === value)?.name ?? `${value < 0 ? '-' : '+'}${formatMoney(Math.abs(value))}`;
const coords = (lat: number | null, lng: number | null): LatLng | null => (lat === null || lng === null ? null : { lat, lng });

/**
 * The summary form under the table (spec 3, sections 2.3, 4.2 and 5): the selected timesheet's restaurant, date,
 * times, bonuses, fuel counts and comments; Approve and Discard save the edits with the change of status;
 * Unapprove Time and Unapprove Pay for approved ones; Remove for administrators. Locked while approved. A timesheet
 * someone else changed since the form was loaded is not saved over: the form says who and when, keeps what was
 * typed, and Reload reads the timesheet anew.
 */
export function SummaryForm(props: SummaryFormProps) {
  const { row, restaurants, fuel, mapCenter, positionOf, today, readOnly, canRemove, pinned, narrow = false, onTogglePin, onScrollTo, onClose, onSaved, onRemoved } = props;
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const latest = latestTimesheetDate('form', today);
  const schema = useMemo(() => timesheetSchema({ variant: readOnly ? 'restaurant' : 'admin', latestDate: latest }), [readOnly, latest]);
  const initial = useMemo(() => formValuesOf(row), [row]);
  const form = useFormState(schema, initial);
  const values = form.values as TimesheetFormValues;
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [tab, setTab] = useState<RecordTab>('details');
  // The version the form's values were loaded with (the row the list holds may have moved on since).
  const [version, setVersion] = useState(row.updated_at);
  const [conflict, setConflict] = useState<string | null>(null);

  const states = buttonStates(row, form.valid);
  const locked = readOnly || states.locked || busy;
  const parsed = schema.safeParse(values);
  const edited: TimesheetInput | null = parsed.success ? parsed.data : null;
  const preview = edited ? previewCost(row, edited, fuel) : null;
  const counts = { fuel_bonus_0: Number(values.fuel_bonus_0) || 0, fuel_bonus_3: Number(values.fuel_bonus_3) || 0, fuel_bonus_6: Number(values.fuel_bonus_6) || 0 };
  const fuelShown = states.locked || !fuel ? row.const_fuel_bonus : fuelBonus(counts, fuel);
  const set = (name: keyof TimesheetFormValues) => (value: string) => form.setValues((v) => ({ ...v, [name]: value }));
  const touch = (name: string) => () => form.setTouched((t) => ({ ...t, [name]: true }));
  const fieldState = (name: string) => ({ error: !!form.touched[name] && !!form.errors[name], helperText: form.touched[name] ? form.errors[name] : undefined });

  async function run(work: () => Promise<TimesheetView | null>, done: string) {
    setBusy(true);
    setConflict(null);
    try {
      const view = await work();
      if (view) {
        setVersion(view.updated_at);
        onSaved(view);
      }
      notify(done, { type: 'success' });
    } catch (error) {
      const changed = conflictOf(error);
      if (changed) setConflict(changed.message);
      else notify((error as Error).message || 'The timesheet could not be saved', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  const withEdits = (action: 'approve' | 'discard') => {
    if (!edited) {
      form.touchAll();
      return;
    }
    const total = states.locked ? row.cost_total : (preview?.cost_total ?? null);
    void run(
      () => (action === 'approve' ? approveOne(dataProvider, row, edited, total, version) : discardOne(dataProvider, row, edited, total, version)),
      action === 'approve' ? 'Timesheet approved' : 'Timesheet discarded',
    );
  };
  /** The timesheet as it is now, into the form and the list (what was typed gives way to it). */
  const reload = async () => {
    const fresh = await dataProvider.getTimesheet(row.id);
    form.setValues(formValuesOf(fresh));
    form.setTouched({});
    setVersion(fresh.updated_at);
    setConflict(null);
    onSaved(fresh);
  };

  const restaurantChoices = restaurants.some((r) => r.id === row.restaurant_id) ? restaurants : [{ id: row.restaurant_id, name: row.restaurant_name }, ...restaurants];
  const bonusChoices = BONUS_CHOICES.some((c) => c.value === Number(values.cost_bonus)) ? BONUS_CHOICES : [...BONUS_CHOICES, { value: Number(values.cost_bonus), name: bonusLabel(Number(values.cost_bonus)) }];
  const positions = { start: coords(row.map_start_lat, row.map_start_lng), finish: coords(row.map_finish_lat, row.map_finish_lng), restaurant: positionOf(row.restaurant_id) };

  return (
    <Box component="section" aria-label="Timesheet" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'grey.50' }}>
        {/* What Approve approves, always in view above the fields (which scroll) as the pay is below them; its states
            on a line of their own, so the heading keeps the width the buttons leave. */}
        <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
          <Typography variant="subtitle2" component="h2" data-testid="timesheet-details" sx={{ overflowWrap: 'anywhere' }}>
            {ukDate(row.period_date)} · {values.start_time || row.start_time}–{values.finish_time || row.finish_time} · {row.driver_name ?? 'Open shift'} · {row.restaurant_name}
          </Typography>
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
            <Chip size="small" label={statusLabel(row)} sx={{ color: '#fff', bgcolor: STATUS_COLOURS[row.status] }} />
            <Chip size="small" variant="outlined" label={progressLabel(row)} />
          </Stack>
        </Box>
        {onScrollTo && (
          <HeadingButton title="Scroll To" onClick={onScrollTo}>
            <CenterFocusStrongIcon fontSize="small" />
          </HeadingButton>
        )}
        {onTogglePin && (
          <HeadingButton title={pinned ? 'Unpin' : 'Pin'} pressed={pinned} onClick={onTogglePin}>
            {pinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
          </HeadingButton>
        )}
        {onClose && (
          <HeadingButton title="Close" label="Close the timesheet" onClick={onClose}>
            <CloseIcon fontSize="small" />
          </HeadingButton>
        )}
      </Stack>
      {/* Restaurant accounts have no history to read. */}
      {!readOnly && <RecordTabs value={tab} onChange={setTab} />}
      {tab === 'history' && (
        <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 1.5 }}>
          <RecordHistory table="timesheets" id={row.id} />
        </Box>
      )}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 1.5, display: tab === 'history' ? 'none' : 'grid', gap: 1.5, gridTemplateColumns: narrow ? '1fr' : { xs: '1fr', lg: 'minmax(0, 2fr) minmax(240px, 1fr)' }, alignItems: 'start' }}>
        <Stack spacing={1.25}>
          <ScheduledDetailsBar row={row} values={values} disabled={locked} onImport={() => form.setValues((v) => ({ ...v, ...scheduledValues(row) }))} />
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(6, minmax(0, 1fr))' }, '& > *': { gridColumn: { xs: 'span 1', sm: 'span 2' } } }}>
            <ChoiceField
              label="Restaurant"
              choices={restaurantChoices.map((r) => ({ value: String(r.id), name: r.name }))}
              value={values.restaurant_id}
              onChange={(e) => set('restaurant_id')(e.target.value)}
              onBlur={touch('restaurant_id')}
              disabled={locked}
              {...fieldState('restaurant_id')}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'span 3' } }}
            />
            <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'span 3' }, display: 'grid' }}>
              <TimesheetDateField label="Date" value={values.period_date} onChange={set('period_date')} onBlur={touch('period_date')} disabled={locked} max={latest} {...fieldState('period_date')} />
            </Box>
            <Box sx={{ display: 'grid' }}>
              <TimeField label="Start Time" value={values.start_time} onChange={set('start_time')} onBlur={touch('start_time')} disabled={locked} {...fieldState('start_time')} />
            </Box>
            <Box sx={{ display: 'grid' }}>
              <TimeField label="Finish Time" value={values.finish_time} onChange={set('finish_time')} onBlur={touch('finish_time')} disabled={locked} {...fieldState('finish_time')} />
            </Box>
            <ChoiceField
              label="Add Driver Bonus"
              choices={bonusChoices.map((c) => ({ value: String(c.value), name: c.name }))}
              value={String(Number(values.cost_bonus))}
              onChange={(e) => set('cost_bonus')(e.target.value)}
              disabled={locked}
              {...fieldState('cost_bonus')}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}
            />
            {!readOnly && (
              <TextField
                size="small"
                type="number"
                label="Cancellation fee/bonus"
                value={values.cost_extra_bonus}
                onChange={(e) => set('cost_extra_bonus')(e.target.value)}
                onBlur={touch('cost_extra_bonus')}
                disabled={locked}
                {...fieldState('cost_extra_bonus')}
                slotProps={{ htmlInput: { step: 0.5 } }}
                sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}
              />
            )}
            {(['fuel_bonus_0', 'fuel_bonus_3', 'fuel_bonus_6'] as const).map((name, i) => (
              <TextField
                key={name}
                size="small"
                type="number"
                label={`Fuel ${['0-3', '3-6', '6+'][i]}`}
                value={values[name]}
                onChange={(e) => set(name)(e.target.value)}
                onBlur={touch(name)}
                disabled={locked}
                {...fieldState(name)}
                slotProps={{ htmlInput: { min: 0, step: 1, 'aria-label': `Fuel bonus count ${['0-3', '3-6', '6+'][i]} miles` } }}
                sx={{ gridColumn: 'span 1 !important' }}
              />
            ))}
            <TextField size="small" label="Fuel Bonus" value={formatMoney(fuelShown)} slotProps={{ input: { readOnly: true } }} sx={{ gridColumn: { xs: 'span 1', sm: readOnly ? 'span 3' : 'span 1' } }} />
            <TextField size="small" label="Shift comment" value={values.comment} onChange={(e) => set('comment')(e.target.value)} disabled={locked} multiline minRows={1} maxRows={3} sx={{ gridColumn: '1 / -1 !important' }} {...fieldState('comment')} />
            <TextField size="small" label="Driver's comment" value={row.driver_comment ?? ''} slotProps={{ input: { readOnly: true } }} multiline maxRows={3} sx={{ gridColumn: '1 / -1 !important' }} />
          </Box>
        </Stack>
        <TimesheetMap positions={positions} center={mapCenter} />
      </Box>
      {conflict && (
        <Box sx={{ px: 1.5, pt: 1, '& > .MuiAlert-root': { mb: 1 } }}>
          <ConflictNotice message={conflict} onReload={reload} />
        </Box>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 1.5, py: 0.75, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Typography variant="body2" data-testid="earned" sx={{ color: 'text.secondary', flex: 1, minWidth: 220 }}>
          Earned{' '}
          <Box component="strong" sx={{ color: 'text.primary' }}>
            {states.locked ? formatMoney(row.cost_total) : preview ? formatMoney(preview.cost_total) : 'priced on saving'}
          </Box>{' '}
          ·{' '}
          {isCancellation(row)
            ? 'the cancellation fee charged to the driver taken off this shift'
            : `${formatMoney(row.cost_per_hour)}/h × ${timesheetHours(edited ?? row).toFixed(2)} h + bonus + fuel bonus`}
        </Typography>
        {!readOnly && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <DisabledReason reason={!busy && states.why.approve}>
              <Button size="small" variant="contained" color="success" disabled={busy || !states.approve} onClick={() => withEdits('approve')}>
                Approve
              </Button>
            </DisabledReason>
            <DisabledReason reason={!busy && states.why.discard}>
              <Button size="small" variant="outlined" color="warning" disabled={busy || !states.discard} onClick={() => withEdits('discard')}>
                Discard
              </Button>
            </DisabledReason>
            {canRemove && (
              <DisabledReason reason={!busy && states.why.remove}>
                <Button size="small" variant="outlined" color="error" disabled={busy || !states.remove} onClick={() => setConfirmRemove(true)}>
                  Remove
                </Button>
              </DisabledReason>
            )}
            {states.unapproveShown && (
              <>
                <DisabledReason reason={!busy && states.why.unapproveTime}>
                  <Button size="small" variant="outlined" disabled={busy || !states.unapproveTime} onClick={() => void run(() => unapprove(dataProvider, row, 'unapproveTime', version), 'Time unapproved')}>
                    Unapprove Time
                  </Button>
                </DisabledReason>
                <DisabledReason reason={!busy && states.why.unapprovePay}>
                  <Button size="small" variant="outlined" disabled={busy || !states.unapprovePay} onClick={() => void run(() => unapprove(dataProvider, row, 'unapprovePay', version), 'Pay unapproved')}>
                    Unapprove Pay
                  </Button>
                </DisabledReason>
              </>
            )}
          </Box>
        )}
      </Stack>
      <Confirm
        isOpen={confirmRemove}
        title="Remove timesheet"
        content={removeConfirm(row.period_date)}
        confirm="Remove"
        onClose={() => setConfirmRemove(false)}
        onConfirm={() => {
          setConfirmRemove(false);
          void run(async () => {
            await dataProvider.deleteTimesheet(row.id);
            onRemoved(row);
            return null;
          }, 'Timesheet removed');
        }}
      />
    </Box>
  );
}

/** One of the heading's small icon buttons, named by its tooltip unless `label` says more. */
function HeadingButton({ title, label = title, pressed, onClick, children }: { title: string; label?: string; pressed?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={label} aria-pressed={pressed} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}
