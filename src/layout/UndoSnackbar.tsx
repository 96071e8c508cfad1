import { useEffect, useState } from 'react';
import { Button, Snackbar } from '@mui/material';
import { useNotify } from 'react-admin';
import { onWrite } from '../../providers/writes';
import { undoAction } from '../../resources/history/api';
import { hasStaffTools } from '../../domain/navigation';
import { UNDO_WINDOW_MS } from '../../domain/history';
import { useStoredUser } from '../components/useStoredUser';
import { undoLabel } from './undoable';

interface Offer {
  id: string;
  label: string;
}

/**
 * After a board action or a timesheet approval, offers Undo for ten seconds. Undo asks the server to take the
 * action back; the board and the timesheet list follow through the live feed. A refusal (a record changed since,
 * a double booking) shows the server's words.
 */
export function UndoSnackbar() {
  const role = useStoredUser()?.role;
  const notify = useNotify();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!hasStaffTools(role)) return;
    return onWrite((write) => {
      const label = undoLabel(write.method, write.path);
      if (label) setOffer({ id: write.id, label });
    });
  }, [role]);

  const undo = async (taken: Offer) => {
    setBusy(true);
    try {
      await undoAction(taken.id);
      setOffer(null);
      notify(`${taken.label}: undone`, { type: 'success' });
    } catch (error) {
      setOffer(null);
      notify((error as Error).message || 'The action could not be undone', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Snackbar
      key={offer?.id}
      open={!!offer}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      autoHideDuration={UNDO_WINDOW_MS}
      onClose={(_event, reason) => reason !== 'clickaway' && setOffer(null)}
      message={offer?.label}
      action={
        <Button color="inherit" size="small" disabled={busy} onClick={() => offer && void undo(offer)} data-testid="undo-action">
          Undo
        </Button>
      }
    />
  );
}
