import { useState } from 'react';
import { Alert, DialogContentText, IconButton, Stack, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { INTERVAL_LABELS, rangeLabel, stepRange, type DateRange, type Interval } from '../../../domain/ranges';
import { londonToday, ukDate } from '../../../domain/dates';
import { draftTooEarlyMessage, earliestDraftDate, type ShiftRecord } from '../../../domain/shifts';
import { useAppDataProvider } from '../../../providers/dataProvider';
import { workingTimeWarnings } from './api';
import { ActionDialog } from './ActionDialog';
import { useSending } from './useSending';
import { ConfirmDialog } from './ConfirmDialog';
import { workingTimeConfirm } from './workingTimeConfirm';
import type { BoardVariant } from './chipWords';

export interface CopyShiftsDialogProps {
  variant: BoardVariant;
  range: DateRange;
  interval: Interval;
  /** The shifts shown now: what is copied. */
  shifts: ShiftRecord[];
  onClose: () => void;
  onCopied: (copies: ShiftRecord[], target: DateRange) => void;
}

/**
 * Copy Shifts (spec 3, sections 2.1, 2.2 and 9): the shown shifts go to another range of the same interval
 * (the next one unless another is chosen). Copies start unpublished (admin) or as drafts (restaurant); the
 * server keeps a driver only where the driver can take the copy, and asks before a kept driver breaks a
 * working-time rule.
 */
export function CopyShiftsDialog({ variant, range, interval, shifts, onClose, onCopied }: CopyShiftsDialogProps) {
  const dataProvider = useAppDataProvider();
  const [target, setTarget] = useState(() => stepRange(range, 1));
  const { busy, setBusy, error, send } = useSending();
  const same = target.from === range.from;
  // A restaurant's drafts are dated from tomorrow on: copies landing earlier are left out by the server.
  const earliest = variant === 'restaurant' ? earliestDraftDate(londonToday()) : null;
  const allTooEarly = !!earliest && target.to < earliest;
  const someTooEarly = !!earliest && !allTooEarly && target.from < earliest;

  const [rulesWarnings, setRulesWarnings] = useState<string[] | null>(null);

  // Working-time warnings are asked about, the dialog staying busy under the question.
  const copy = (confirmed = false) =>
    send(
      async () => {
        const ids = shifts.map((s) => s.id);
        const copies =
          variant === 'admin' ? await dataProvider.copyShifts(ids, target.from, range.from, confirmed) : await dataProvider.copyFreeShifts(ids, target.from, range.from);
        onCopied(copies, target);
      },
      'The shifts could not be copied',
      (e) => {
        const warnings = workingTimeWarnings(e);
        if (warnings) setRulesWarnings(warnings);
        return !!warnings;
      },
    );

  return (
    <ActionDialog
      titleId="copy-title"
      title="Copy Shifts"
      busy={busy}
      error={error}
      onCancel={onClose}
      action={{ label: 'Copy', onClick: () => void copy(), disabled: same || allTooEarly || !shifts.length }}
      after={
        rulesWarnings && (
          <ConfirmDialog
            {...workingTimeConfirm(rulesWarnings, async () => {
              setRulesWarnings(null);
              await copy(true);
            })}
            onClose={() => {
              setRulesWarnings(null);
              setBusy(false);
            }}
          />
        )
      }
    >
      <DialogContentText>
        Copy {shifts.length} shift{shifts.length === 1 ? '' : 's'} of {rangeLabel(range)} ({INTERVAL_LABELS[interval]}) to:
      </DialogContentText>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'center', my: 1 }}>
        <IconButton aria-label="Earlier target" onClick={() => setTarget((t) => stepRange(t, -1))} disabled={busy}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography sx={{ fontWeight: 600, minWidth: 200, textAlign: 'center' }} aria-label="Copy to">
          {rangeLabel(target)}
        </Typography>
        <IconButton aria-label="Later target" onClick={() => setTarget((t) => stepRange(t, 1))} disabled={busy}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {variant === 'admin'
          ? 'Copies are unpublished. A copy keeps its driver only if the driver can work it on the new date; otherwise it is an open shift.'
          : 'Copies are drafts without a driver; publish them to send them for moderation.'}
      </Typography>
      {same && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Choose another range than the one shown.
        </Alert>
      )}
      {allTooEarly && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {draftTooEarlyMessage(earliest)}: choose a later range.
        </Alert>
      )}
      {someTooEarly && (
        <Alert severity="info" sx={{ mt: 1 }}>
          Shifts are dated from {ukDate(earliest)} on: copies that would land earlier are left out.
        </Alert>
      )}
    </ActionDialog>
  );
}
