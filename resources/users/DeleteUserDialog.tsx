import { useState } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { PanelUser } from './types';

const removeUserQuestion = (user: PanelUser) => `Remove user ${user.full_name || user.email}?`;

/** The confirmation 'Remove user {full name}?' (spec 1, section 2); the page reports failures. */
export function DeleteUserDialog({ user, onConfirm, onClose }: { user: PanelUser; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="delete-user-title" slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}>
      <DialogTitle id="delete-user-title">{removeUserQuestion(user)}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {user.email} will no longer be able to log in, and any open sessions end.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
