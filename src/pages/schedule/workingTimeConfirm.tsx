import { DialogContentText } from '@mui/material';
import { workingTimeQuestion } from '../../../domain/workingTime';
import type { ConfirmDialogProps } from './ConfirmDialog';

/**
 * The one question every board action asks when the server answers working-time warnings (409): the rules named
 * in words, Cancel or Save anyway. Saving again sends the call with `working_time_confirmed: true`.
 */
export function workingTimeConfirm(warnings: readonly string[], saveAnyway: () => Promise<void> | void, onCancel?: () => void): Omit<ConfirmDialogProps, 'onClose'> {
  return {
    title: 'Working-time rules',
    message: (
      <>
        <DialogContentText>{workingTimeQuestion(warnings.length)}</DialogContentText>
        <ul aria-label="Working-time warnings" style={{ margin: '8px 0 0', paddingLeft: 20 }}>
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </>
    ),
    confirmLabel: 'Save anyway',
    onConfirm: saveAnyway,
    onCancel,
  };
}
