import { Button, CircularProgress } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { SAVE, useFormDialog } from './formDialogContext';

/** Whether the values as they stand pass the schema (whether or not the messages show yet). */
function useValuesPass(): boolean {
  const { schema, prepare } = useFormDialog();
  return schema.safeParse(prepare(useWatch())).success;
}

/**
 * The submit button of a form dialog: disabled while the values do not pass the schema, while anything is sent
 * (with a spinner while the save is), in a read-only view, and while `blocked` (a rule the schema cannot see: a
 * shift's driver who is not free then).
 */
export function FormSaveButton({ label, blocked = false }: { label: string; blocked?: boolean }) {
  const { readOnly, saving, sending } = useFormDialog();
  const valid = useValuesPass();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={readOnly || !valid || saving || blocked}
      startIcon={sending === SAVE ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
    >
      {label}
    </Button>
  );
}

/**
 * A button sending the values otherwise than the save (an invoice's Preview), under `name`: disabled as the save
 * button is, with its own spinner; `run` gets the values and rejects with the server's error.
 */
export function FormActionButton({ label, name, run }: { label: string; name: string; run: (values: Record<string, unknown>) => Promise<unknown> }) {
  const { readOnly, saving, sending, act } = useFormDialog();
  const valid = useValuesPass();
  return (
    <Button
      onClick={() => act(name, run)}
      disabled={readOnly || !valid || saving}
      startIcon={sending === name ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
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
