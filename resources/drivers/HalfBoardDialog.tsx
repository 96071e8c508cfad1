import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { halfBoardSchema } from '../../domain/validation/driver';
import { fieldMessages } from '../../providers/httpClient';
import { FORM_IN_DIALOG } from '../../src/components/dialogForm';
import { useFormState } from '../../src/components/useFormState';

export const HALF_BOARD_TITLE = 'Drivers Half Board Register';
const EMPTY = { first_name: '', last_name: '', email: '' };

/**
 * Drivers Half Board Register (spec 2, sections 2 and 5): first name, last name and e-mail, all required. The
 * server's e-mail messages are appended to the e-mail field's own.
 */
export function HalfBoardDialog({ onSubmit, onClose }: { onSubmit: (body: Record<string, unknown>) => Promise<void>; onClose: () => void }) {
  const form = useFormState(halfBoardSchema, EMPTY);
  const [server, setServer] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const field = (name: keyof typeof EMPTY, label: string) => {
    const base = form.field(name);
    const shown = [base.helperText, ...(server[name] ?? [])].filter((m): m is string => !!m);
    return {
      ...base,
      onChange: (e: { target: { value: string } }) => {
        base.onChange(e);
        if (server[name]) setServer(({ [name]: _, ...rest }) => rest);
      },
      label,
      required: true,
      fullWidth: true,
      margin: 'dense' as const,
      size: 'small' as const,
      disabled: saving,
      error: shown.length > 0,
      helperText: shown.join(' ') || undefined,
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.valid || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSubmit({ ...form.values, half_board: 1 });
      form.reset();
    } catch (error) {
      const err = error as { body?: Record<string, unknown>; message?: string };
      setServer(fieldMessages(err.body));
      setFailure(err.message || 'Saving the driver failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby="half-board-title" slotProps={{ paper: { sx: { width: 450, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <form noValidate onSubmit={submit} style={FORM_IN_DIALOG}>
        <DialogTitle id="half-board-title">{HALF_BOARD_TITLE}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {failure}
            </Alert>
          )}
          <TextField {...field('first_name', 'First Name')} autoFocus />
          <TextField {...field('last_name', 'Last Name')} />
          <TextField {...field('email', 'E-mail')} type="email" />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!form.valid || saving} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Register
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
