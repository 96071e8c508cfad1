import { useState, type ReactNode } from 'react';
import { DialogContentText, FormControlLabel, Switch } from '@mui/material';
import { ukDate } from '../../../domain/dates';
import { useBusyCall } from '../../components/useBusyCall';
import type { ShiftRecord } from '../../../domain/shifts';
import { ActionDialog } from './ActionDialog';
import type { ShiftStore } from './shiftStore';

export interface ConfirmDialogProps {
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  /** Shows the push switch ('Notify drivers?'); its value goes to onConfirm. */
  notify?: { label: string; initial: boolean };
  /** Runs on confirm; a thrown error is shown in the dialog. */
  onConfirm: (notify: boolean) => Promise<void> | void;
  onClose: () => void;
  /** Runs when the user says no (Cancel, Escape, a click outside), before onClose: a dragged chip goes back. */
  onCancel?: () => void;
  danger?: boolean;
}

/** A question before an action (spec 3, section 5): 'Remove shift {date}?', 'Publish n shifts?', 'Notify drivers?' … */
export function ConfirmDialog({ title, message, confirmLabel, notify, onConfirm, onClose, onCancel, danger }: ConfirmDialogProps) {
  const [push, setPush] = useState(notify?.initial ?? false);
  // An action that leaves the dialog open (it asks something else in it) must not leave it spinning.
  const { busy, failure: error, run } = useBusyCall((e) => (e as Error).message || 'The action failed');
  const cancel = () => {
    onCancel?.();
    onClose();
  };
  const confirm = () => run(() => onConfirm(push));
  return (
    <ActionDialog
      titleId="confirm-title"
      title={title}
      busy={busy}
      error={error}
      onCancel={cancel}
      action={{ label: confirmLabel, onClick: () => void confirm(), danger }}
    >
      {typeof message === 'string' ? <DialogContentText>{message}</DialogContentText> : message}
      {notify && <FormControlLabel sx={{ mt: 1 }} control={<Switch checked={push} onChange={(e) => setPush(e.target.checked)} />} label={notify.label} />}
    </ActionDialog>
  );
}

/**
 * 'Remove shift {date}?' of both boards' shift menus: Remove runs the board's call (`remove`), takes the shift out
 * of the store and closes the question (`done`).
 */
export function removeShiftConfirm(
  shift: ShiftRecord,
  remove: (id: number) => Promise<unknown>,
  store: ShiftStore,
  done: () => void,
): Omit<ConfirmDialogProps, 'onClose'> {
  return {
    title: 'Remove shift',
    message: `Remove shift ${ukDate(shift.period_date)}?`,
    confirmLabel: 'Remove',
    danger: true,
    onConfirm: async () => {
      await remove(shift.id);
      store.remove([shift.id]);
      done();
    },
  };
}
