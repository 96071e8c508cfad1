import { useState } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { deleteRestaurant } from './api';
import type { RestaurantRecord } from './types';

export const removeRestaurantQuestion = (r: { name: string }) => `Remove restaurant ${r.name}?`;

/** The first message of the id field of a refusal (spec 2, section 8), else the error's own message. */
function refusalMessage(error: unknown): string {
  const err = error as { body?: unknown; message?: string };
  const id = err?.body && typeof err.body === 'object' ? (err.body as { id?: unknown }).id : undefined;
  if (Array.isArray(id) && typeof id[0] === 'string') return id[0];
  return err?.message || 'The restaurant could not be removed';
}

/**
 * 'Remove restaurant {name}?' (spec 2, section 2). A restaurant with shifts, timesheets or invoices is refused by
 * the server; the refusal stays here, next to the question it answers, with the way out (mark it inactive).
 */
export function DeleteRestaurantDialog({
  restaurant,
  onClose,
  onDeleted,
  onMarkInactive,
}: {
  restaurant: RestaurantRecord;
  onClose: () => void;
  onDeleted: () => void;
  onMarkInactive?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await deleteRestaurant(restaurant.id);
      onDeleted();
    } catch (error) {
      setRefusal(refusalMessage(error));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="delete-restaurant-title"
      slotProps={{ paper: { sx: { width: 450, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="delete-restaurant-title">{removeRestaurantQuestion(restaurant)}</DialogTitle>
      <DialogContent>
        {refusal ? (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        ) : (
          <Typography color="text.secondary">
            {restaurant.name} will be removed. Its login ({restaurant.email ?? 'none'}) stays for its other restaurants.
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {refusal ? 'Close' : 'Cancel'}
        </Button>
        {refusal && onMarkInactive && restaurant.status === 10 && (
          <Button variant="contained" onClick={onMarkInactive}>
            Mark as Inactive
          </Button>
        )}
        {!refusal && (
          <Button color="error" variant="contained" onClick={remove} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Remove
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
