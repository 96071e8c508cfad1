import { Button, CircularProgress } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { useFormDialog } from './formDialogContext';

/**
 * The submit button of a form dialog: disabled while the values do not pass the schema (whether or not the
 * messages show yet), while saving (with a spinner), and in a read-only view.
 */
export function FormSaveButton({ label }: { label: string }) {
  const { schema, prepare, readOnly, saving } = useFormDialog();
  const values = useWatch();
  const valid = schema.safeParse(prepare(values)).success;
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={readOnly || !valid || saving}
      startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {label}
    </Button>
  );
}

/** The dialog's other button (Cancel, Close): disabled while saving, so a save is never left half-seen. */
export function FormCancelButton({ label = 'Cancel', onClick }: { label?: string; onClick: () => void }) {
  const { saving } = useFormDialog();
  return (
    <Button onClick={onClick} disabled={saving}>
      {label}
    </Button>
  );
}

/** Clear: the form as it opened, no messages, no failure; `onClear` resets what the dialog holds beside it. */
export function FormResetButton({ label = 'Clear', onClear }: { label?: string; onClear?: () => void }) {
  const { saving, clearFailure } = useFormDialog();
  const { reset } = useFormContext();
  return (
    <Button
      onClick={() => {
        reset();
        clearFailure();
        onClear?.();
      }}
      disabled={saving}
    >
      {label}
    </Button>
  );
}
