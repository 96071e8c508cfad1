import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CloseNotificationContext, useNotificationContext, useNotify, useTranslate, type NotificationPayload } from 'react-admin';
import { Alert, Button, Snackbar } from '@mui/material';
import { onWrite } from '../../providers/writes';
import { useAppDataProvider } from '../../providers/dataProvider';
import { hasStaffTools } from '../../domain/navigation';
import { UNDO_WINDOW_MS } from '../../domain/history';
import { useStoredUser } from '../components/useStoredUser';
import { undoLabel } from './undoable';

/** Errors and messages show for 5 s (spec 1, section 9: 5000 ms) with a Close button. */
const NOTIFICATION_MS = 5000;
/** A screen's own message for an action follows the server's answer within this time: it is the same action's. */
const SAME_ACTION_MS = 2000;

/**
 * How far from the window's foot the message sits: just above a screen's totals bar when one closes the screen
 * (the board, the timesheet list), so the message never hides the totals; else MUI's usual place.
 */
function clearOfTotals(): number | undefined {
  const totals = document.querySelector('dl[aria-label="Totals"]');
  if (!totals) return undefined;
  const top = totals.getBoundingClientRect().top;
  if (top < window.innerHeight / 2) return undefined;
  return window.innerHeight - top + 8;
}

interface Offer {
  id: string;
  label: string;
}
interface Shown {
  key: number;
  message: string;
  severity: NotificationPayload['type'];
  multiLine: boolean;
  /** What Undo takes back, and when it was offered. */
  undo: (Offer & { at: number }) | null;
}

/**
 * The one message of the app, bottom left (above the board's and the timesheets' totals bar): the newest message replaces
 * the one shown at once (a refusal is never queued behind a success). After a board action or a timesheet approval
 * the screen's own words come with Undo for ten seconds; Undo asks the server to take the action back and the
 * screens follow through the live feed.
 */
export function AppNotification() {
  const { notifications, resetNotifications } = useNotificationContext();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const translate = useTranslate();
  const role = useStoredUser()?.role;
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const keys = useRef(0);
  const [bottom, setBottom] = useState<number | undefined>(undefined);
  // Placed each time a message opens: the screen (and its totals bar) may have changed since the last one.
  useLayoutEffect(() => setBottom(clearOfTotals()), [shown?.key]);

  // Messages from the screens: the newest is shown (an error among them first), the rest are dropped.
  useEffect(() => {
    if (!notifications.length) return;
    const next = [...notifications].reverse().find((n) => n.type === 'error') ?? notifications[notifications.length - 1];
    resetNotifications();
    // react-admin's own messages (a save, a network failure) come as translation keys.
    const message = typeof next.message === 'string' ? translate(next.message, next.notificationOptions?.messageArgs) : '';
    if (!message) return;
    setShown((current) => {
      const offer = current?.undo && next.type !== 'error' && Date.now() - current.undo.at < SAME_ACTION_MS ? current.undo : null;
      return { key: ++keys.current, message, severity: next.type, multiLine: !!next.notificationOptions?.multiLine, undo: offer };
    });
    setOpen(true);
  }, [notifications, resetNotifications, translate]);

  // Writes the server can take back: offered at once, in the screen's words when they follow.
  useEffect(() => {
    if (!hasStaffTools(role)) return;
    return onWrite((write) => {
      const label = undoLabel(write.method, write.path);
      if (!label) return;
      setShown({ key: ++keys.current, message: label, severity: 'success', multiLine: false, undo: { id: write.id, label, at: Date.now() } });
      setOpen(true);
    });
  }, [role]);

  const close = () => setOpen(false);
  const undo = async (offer: Offer) => {
    setBusy(true);
    // The answer to Undo is a message of its own, with no Undo.
    setShown((current) => current && { ...current, undo: null });
    try {
      await dataProvider.undoAction(offer.id);
      notify(`${offer.label}: undone`, { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'The action could not be undone', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        key={shown?.key}
        open={open && !!shown}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        autoHideDuration={shown?.undo ? UNDO_WINDOW_MS : NOTIFICATION_MS}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        // Per breakpoint, as MUI places it per breakpoint: a plain value would lose to MUI's own from 600 px up.
        sx={bottom === undefined ? undefined : { bottom: { xs: `${bottom}px`, sm: `${bottom}px` } }}
      >
        <Alert
          variant="filled"
          severity={shown?.severity ?? 'info'}
          sx={{ alignItems: 'center', whiteSpace: shown?.multiLine ? 'pre-wrap' : undefined, maxWidth: 560 }}
          action={
            <>
              {shown?.undo && (
                <Button color="inherit" size="small" disabled={busy} onClick={() => shown.undo && void undo(shown.undo)} data-testid="undo-action">
                  Undo
                </Button>
              )}
              <Button color="inherit" size="small" onClick={close}>
                Close
              </Button>
            </>
          }
        >
          {shown?.message}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}
