import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { AREA_RESOURCE, type Area } from './types';
import { AREA_DIALOG_WIDTH } from './AreaDialog';

/** The first message of the id field of a refusal (spec 1, section 8), else the error's own message. */
function refusalMessage(error: unknown): string {
  const err = error as { body?: unknown; message?: string };
  const id = err?.body && typeof err.body === 'object' ? (err.body as { id?: unknown }).id : undefined;
  if (Array.isArray(id) && typeof id[0] === 'string') return id[0];
  return err?.message || 'The area could not be removed';
}

/**
 * 'Remove area {area name}?' (spec 1, section 2). A refusal (restaurants or drivers still in the area) stays in
 * the dialog, next to the question it answers, rather than in a browser alert box.
 */
export function DeleteAreaDialog({ area, onClose, onDeleted }: { area: Area; onClose: () => void; onDeleted: (area: Area) => void }) {
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await dataProvider.delete<Area>(AREA_RESOURCE, { id: area.id, previousData: area });
      onDeleted(area);
    } catch (error) {
      setRefusal(refusalMessage(error));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="delete-area-title"
      slotProps={{ paper: { sx: { width: AREA_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="delete-area-title">Remove area {area.name}?</DialogTitle>
      <DialogContent>
        {refusal ? (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        ) : (
          <Typography color="text.secondary">
            {area.name} ({area.city.city_name}) will be removed. Managers assigned to it lose it.
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {refusal ? 'Close' : 'Cancel'}
        </Button>
        {!refusal && (
          <Button
            color="error"
            variant="contained"
            onClick={remove}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Remove
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
