import { useEffect, useState, type FormEvent } from 'react';
import { Alert, CircularProgress, List, ListItemButton, ListItemText, Radio } from '@mui/material';
import { COVER_MSG } from '../../../domain/cover';
import type { CoverProposals } from '../../../domain/shiftCalls';
import type { ShiftRecord } from '../../../domain/shifts';
import { useAppDataProvider, useDataProviderRef } from '../../../providers/dataProvider';
import { FeeField, useFeeInput } from './FeeField';
import { ShiftFormDialog } from './ShiftFormDialog';
import { useSending } from './useSending';

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
  const { typed, fee, touch, field } = useFeeInput();
  const { busy, error, setError, send } = useSending();

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
  }, [shift.id, provider, setError]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    touch();
    if (fee === null || chosen === null) return;
    await send(async () => onCovered((await dataProvider.coverShift(shift.id, { driver_id: chosen, fee: typed, comment: '' })).shift), 'The shift could not be covered');
  };

  const noShow = answer?.shift.driver_name ?? shift.driver?.full_name ?? 'The driver';
  return (
    <ShiftFormDialog
      titleId="cover-title"
      title="Find cover"
      width={480}
      shift={shift}
      restaurantName={answer?.shift.restaurant_name ?? ''}
      driverLine={<>{noShow}: {answer?.shift.attendance ?? '…'}</>}
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={onSubmit}
      action={{ label: 'Cover', disabled: chosen === null }}
    >
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
      <FeeField driver={noShow} {...field} />
    </ShiftFormDialog>
  );
}
