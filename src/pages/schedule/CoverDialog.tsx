import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemText, Radio, Typography,
} from '@mui/material';
import { ukDate } from '../../../domain/dates';
import { COVER_MSG } from '../../../domain/cover';
import { readCancellationFee } from '../../../domain/validation/cancellation';
import type { ShiftRecord } from '../../../domain/shifts';
import { closeUnlessBusyClick } from './ActionDialog';
import { FeeField } from './FeeField';
import type { CoverProposals } from '../../../domain/shiftCalls';
import { useAppDataProvider, useDataProviderRef } from '../../../providers/dataProvider';

export interface CoverDialogProps {
  shift: ShiftRecord;
  onClose: () => void;
  onCovered: (shift: ShiftRecord) => void;
}

/**
 * Find cover: the drivers who could take a late or no-show shift now, best first, each with why (distance, shifts
 * worked there). The first is chosen to start with; Cover gives them the shift and takes the driver who has not
 * started off it with the reason 'no-show' and the fee typed (a positive amount, taken off their pay, as Cancel Shift
 * takes it). The board's snackbar offers Undo.
 */
export function CoverDialog({ shift, onClose, onCovered }: CoverDialogProps) {
  const dataProvider = useAppDataProvider();
  const provider = useDataProviderRef();
  const [answer, setAnswer] = useState<CoverProposals | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [left, setLeft] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fee = readCancellationFee(typed);
  const feeError = fee === null && left;

  useEffect(() => {
    const controller = new AbortController();
    provider.current.getCoverProposals(shift.id, controller.signal).then(
      (a) => {
        setAnswer(a);
        setChosen(a.candidates[0]?.driver_id ?? null);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError((e as Error).message || COVER_MSG.notCoverable);
      },
    );
    return () => controller.abort();
  }, [shift.id, provider]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setLeft(true);
    if (fee === null || chosen === null) return;
    setBusy(true);
    setError(null);
    try {
      const res = await dataProvider.coverShift(shift.id, { driver_id: chosen, fee: typed, comment: '' });
      onCovered(res.shift);
    } catch (e) {
      setError((e as Error).message || 'The shift could not be covered');
      setBusy(false);
    }
  };

  const noShow = answer?.shift.driver_name ?? shift.driver?.full_name ?? 'The driver';
  return (
    <Dialog open onClose={closeUnlessBusyClick(busy, onClose)} maxWidth={false} aria-labelledby="cover-title" slotProps={{ paper: { sx: { width: 480, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="cover-title">Find cover</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {answer?.shift.restaurant_name ?? ''} · {ukDate(shift.period_date)} · {shift.start_time}–{shift.finish_time}
            <br />
            {noShow}: {answer?.shift.attendance ?? '…'}
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          {!answer && !error && <CircularProgress size={24} aria-label="Finding drivers" />}
          {answer && !answer.candidates.length && <Alert severity="info">No driver can take this shift now: none is free, allowed there and within the working-time rules.</Alert>}
          {answer && answer.candidates.length > 0 && (
            <List dense aria-label="Drivers who could cover, best first" sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {answer.candidates.map((c) => (
                <ListItemButton key={c.driver_id} selected={c.driver_id === chosen} onClick={() => setChosen(c.driver_id)} role="radio" aria-checked={c.driver_id === chosen}>
                  <Radio checked={c.driver_id === chosen} tabIndex={-1} size="small" slotProps={{ input: { 'aria-hidden': true } }} />
                  <ListItemText primary={c.driver_name} secondary={c.reason} />
                </ListItemButton>
              ))}
            </List>
          )}
          <FeeField driver={noShow} typed={typed} onType={setTyped} onLeave={() => setLeft(true)} fee={fee} showError={feeError} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={busy || chosen === null} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
            Cover
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
