import { DialogContentText } from '@mui/material';
import { saveAnywayQuestion } from '../../../domain/clashes';
import type { SaveWarnings } from './api';
import type { ConfirmDialogProps } from './ConfirmDialog';

/**
 * The one question every board action asks when the server answers warnings (409): the driver's other shifts at
 * that time and the working-time rules, named in words, Cancel or Save anyway. Saving again sends the call with
 * `working_time_confirmed: true`. A plain list is read as working-time warnings.
 */
export function workingTimeConfirm(
  warnings: readonly string[] | SaveWarnings,
  saveAnyway: () => Promise<void> | void,
  onCancel?: () => void,
): Omit<ConfirmDialogProps, 'onClose'> {
  const { clashes, rules } = 'rules' in warnings ? warnings : { clashes: [], rules: warnings };
  return {
    title: clashes.length ? 'Another shift at this time' : 'Working-time rules',
    message: (
      <>
        <DialogContentText>{saveAnywayQuestion(clashes.length, rules.length)}</DialogContentText>
        <WarningList label="Other shifts at this time" items={clashes} />
        <WarningList label="Working-time warnings" items={rules} />
      </>
    ),
    confirmLabel: 'Save anyway',
    onConfirm: saveAnyway,
    onCancel,
  };
}

function WarningList({ label, items }: { label: string; items: readonly string[] }) {
  if (!items.length) return null;
  return (
    <ul aria-label={label} style={{ margin: '8px 0 0', paddingLeft: 20 }}>
      {items.map((w) => (
        <li key={w}>{w}</li>
      ))}
    </ul>
  );
}
