import { type ComponentProps, type ReactNode } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useBusyCall } from './useBusyCall';

/** The first message of the id field of a refusal (the API's 400 shape), else the error's own message. */
export function refusalMessage(error: unknown, fallback: string): string {
  const err = error as { body?: unknown; message?: string };
  const id = err?.body && typeof err.body === 'object' ? (err.body as { id?: unknown }).id : undefined;
  if (Array.isArray(id) && typeof id[0] === 'string') return id[0];
  return err?.message || fallback;
}

/**
 * 'Remove {thing}?': what will go, Cancel and Remove. A refusal from the server stays in the dialog, next to the
 * question it answers, rather than in a browser alert box; `refusedAction` offers a way out beside Close.
 */
export function RemoveDialog({
  id,
  title,
  children,
  width = 450,
  failed,
  onRemove,
  onClose,
  refusedAction,
}: {
  /** The title's element id (the dialog's accessible name). */
  id: string;
  title: string;
  /** What will be removed, said before the user confirms. */
  children: ReactNode;
  width?: number;
  /** The message when the server gives no reason. */
  failed: string;
  onRemove: () => Promise<void>;
  onClose: () => void;
  refusedAction?: ReactNode;
}) {
  // A removal that went closes the dialog: it stays busy until then.
  const { busy, failure: refusal, run } = useBusyCall((error) => refusalMessage(error, failed), true);
  const remove = () => run(onRemove);

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth={false}
      aria-labelledby={id}
      slotProps={{ paper: { sx: { width, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        {refusal ? (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        ) : (
          <Typography color="text.secondary">{children}</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {refusal ? 'Close' : 'Cancel'}
        </Button>
        {refusal && refusedAction}
        {!refusal && (
          <Button color="error" variant="contained" onClick={remove} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
            Remove
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * 'Remove {record}?' for a record of a react-admin resource: Remove deletes it through the data provider (so its
 * refusal is the server's, shown in the dialog) and then tells the screen which record went.
 */
export function RemoveRecordDialog<T extends RaRecord>({
  resource,
  record,
  onRemoved,
  ...dialog
}: Omit<ComponentProps<typeof RemoveDialog>, 'onRemove'> & { resource: string; record: T; onRemoved: (record: T) => void }) {
  const dataProvider = useDataProvider();
  const remove = async () => {
    await dataProvider.delete<T>(resource, { id: record.id, previousData: record });
    onRemoved(record);
  };
  return <RemoveDialog {...dialog} onRemove={remove} />;
}
