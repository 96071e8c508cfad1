import { useState } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { NewsPostView } from '../../domain/validation/newsFeed';
import { deletePost, refusalMessage } from './api';

/** 'Remove news {post title}?' (spec 1, section 2); a refusal stays in the dialog, next to the question. */
export function DeletePostDialog({ post, onClose, onDeleted }: { post: NewsPostView; onClose: () => void; onDeleted: (post: NewsPostView) => void }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      await deletePost(post.id);
      onDeleted(post);
    } catch (error) {
      setRefusal(refusalMessage(error, 'The post could not be removed'));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="delete-post-title"
      slotProps={{ paper: { sx: { width: 450, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id="delete-post-title">Remove news {post.postTitle}?</DialogTitle>
      <DialogContent>
        {refusal ? (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        ) : (
          <Typography color="text.secondary">The post, its image, replies and read counts will be removed for everyone.</Typography>
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
