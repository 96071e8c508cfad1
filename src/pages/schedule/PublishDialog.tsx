import { useEffect, useRef, useState } from 'react';
import { Box, Button, DialogContentText, FormControlLabel, Switch, Typography } from '@mui/material';
import { ukDayDate } from '../../../domain/dates';
import { timeRange } from '../../../domain/planner';
import { BULK_PUBLISH_QUESTION } from '../../../domain/availability';
import { SHIFT_LABEL, type ShiftRecord } from '../../../domain/shifts';
import { PUSH_DRIVERS } from '../../../domain/statuses';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { bulkFailures, errorText, type BulkFailure } from './api';
import { ActionDialog } from './ActionDialog';

/** A shift that is not published, as the office knows it, and why. */
export interface RefusedLine {
  id: number;
  driver: string;
  restaurant: string;
  period_date: string | null;
  times: string;
  reason: string;
  /** The board's record, for Open; absent when the board no longer holds the shift. */
  shift?: ShiftRecord;
}

export interface PublishDialogProps {
  /** What Publish Shifts [n] covers. */
  shifts: ShiftRecord[];
  /** Shifts the board already knows cannot be published, by id: the reason in the spec's words. */
  problems: ReadonlyMap<number, string>;
  driverName: (id: number) => string | undefined;
  restaurantName: (id: number) => string | undefined;
  /** Opens a refused shift in the shift dialog (instead of this one). */
  onOpenShift: (shift: ShiftRecord) => void;
  /** The published shifts, also when the dialog was closed before the answer came. */
  onPublished: (shifts: ShiftRecord[]) => void;
  onClose: () => void;
}

const plural = (n: number) => `${n} shift${n === 1 ? '' : 's'}`;

/**
 * Publish Shifts [n] (spec 3, section 5): when some drivers cannot take their shifts, the spec's question with each
 * refused shift on a line of its own (driver, restaurant, day, times, why, and Open), then 'Publish correct shifts'
 * sends the others. A refusal the server finds on the way (a change made elsewhere meanwhile) joins the list in
 * place, and the action is usable again; any other failure is shown in place. Cancel and Escape always close.
 */
export function PublishDialog({ shifts, problems, driverName, restaurantName, onOpenShift, onPublished, onClose }: PublishDialogProps) {
  const dataProvider = useAppDataProvider();
  const byId = new Map(shifts.map((s) => [s.id, s]));
  const lineOf = (id: number, reason: string, failure?: BulkFailure): RefusedLine => {
    const shift = byId.get(id);
    const told = failure?.shift;
    const driverId = shift?.driver_id ?? told?.driver_id ?? null;
    const restaurantId = shift?.restaurant_id ?? told?.restaurant_id;
    const start = shift?.start_time ?? told?.start_time;
    const finish = shift?.finish_time ?? told?.finish_time;
    return {
      id,
      shift,
      reason,
      driver: shift?.driver?.full_name ?? told?.driver_name ?? (driverId ? driverName(driverId) : undefined) ?? SHIFT_LABEL.openShift,
      restaurant: told?.restaurant_name ?? (restaurantId ? restaurantName(restaurantId) : undefined) ?? 'Unknown restaurant',
      period_date: shift?.period_date ?? failure?.period_date ?? null,
      times: start && finish ? timeRange({ start_time: start, finish_time: finish }) : '',
    };
  };

  const [refused, setRefused] = useState<RefusedLine[]>(() => [...problems].map(([id, reason]) => lineOf(id, reason)));
  const [push, setPush] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = useRef(true);
  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );

  const refusedIds = new Set(refused.map((r) => r.id));
  const correct = shifts.filter((s) => !refusedIds.has(s.id));

  const publish = async () => {
    setBusy(true);
    setError(null);
    try {
      const published = await dataProvider.publishShifts(
        correct.map((s) => s.id),
        push ? PUSH_DRIVERS.send : PUSH_DRIVERS.noPush,
      );
      onPublished(published);
      if (open.current) onClose();
    } catch (e) {
      const fail = bulkFailures(e)?.filter((f) => !refusedIds.has(f.id)) ?? [];
      if (fail.length) {
        setRefused((lines) => [...lines, ...fail.map((f) => lineOf(f.id, Object.values(f.errors)[0]?.[0] ?? errorText(e, ''), f))]);
        setError(`Nothing was published: ${plural(fail.length)} could not be, now listed above. The others can be published without ${fail.length === 1 ? 'it' : 'them'}.`);
      } else {
        setError(errorText(e, 'The shifts could not be published'));
      }
    } finally {
      setBusy(false);
    }
  };

  const nothingLeft = !correct.length;
  return (
    <ActionDialog
      titleId="publish-title"
      title="Publish Shifts"
      width={refused.length ? 620 : 450}
      busy={busy}
      error={error}
      onCancel={onClose}
      action={
        nothingLeft
          ? { label: 'Close', onClick: onClose }
          : { label: refused.length ? 'Publish correct shifts' : 'Publish', onClick: () => void publish() }
      }
    >
      {refused.length ? (
        <>
          <DialogContentText>{BULK_PUBLISH_QUESTION.lead(refused.length)}</DialogContentText>
          <Box component="ul" aria-label="Shifts not published" sx={{ listStyle: 'none', p: 0, my: 1, maxHeight: '45vh', overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {refused.map((line) => (
              <RefusedShiftLine key={line.id} line={line} onOpen={line.shift ? () => onOpenShift(line.shift!) : undefined} />
            ))}
          </Box>
          <DialogContentText>{nothingLeft ? SHIFT_LABEL.noMoreToPublish : `${BULK_PUBLISH_QUESTION.ask} (${plural(correct.length)})`}</DialogContentText>
        </>
      ) : (
        <DialogContentText>Publish {plural(correct.length)}?</DialogContentText>
      )}
      {!nothingLeft && <FormControlLabel sx={{ mt: 1 }} control={<Switch checked={push} onChange={(e) => setPush(e.target.checked)} />} label={SHIFT_LABEL.notifyDrivers} />}
    </ActionDialog>
  );
}

/** One refused shift: who and where on the first line, when and why on the second, and Open at the end. */
function RefusedShiftLine({ line, onOpen }: { line: RefusedLine; onOpen?: () => void }) {
  const when = [line.period_date ? ukDayDate(line.period_date) : null, line.times || null].filter(Boolean).join(' · ');
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.75, '& + li': { borderTop: 1, borderColor: 'divider' } }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {line.driver} · {line.restaurant}
        </Typography>
        <Typography variant="body2">{when}</Typography>
        <Typography variant="body2" color="error">
          {line.reason}
        </Typography>
      </Box>
      {onOpen && (
        <Button size="small" onClick={onOpen} aria-label={`Open shift: ${line.driver} at ${line.restaurant}${line.period_date ? ` on ${ukDayDate(line.period_date)}` : ''}`}>
          Open
        </Button>
      )}
    </Box>
  );
}
