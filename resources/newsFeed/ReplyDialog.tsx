import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { REPLY_CONTENT_MAX, replyFormSchema, type NewsReply } from '../../domain/validation/reply';
import { useFormState } from '../../src/components/useFormState';
import { sendReply } from './api';

/** Dialog width (spec 1, section 9: 400, 450 or 700 px). */
export const REPLY_DIALOG_WIDTH = 450;
export const REPLY_DIALOG_TITLE = 'Add Reply to News Feed';

const EMPTY = { reply_content: '' };

/** Add Reply to News Feed (spec 1, section 2): reply content, 'Please enter Reply content'. Mount only while open. */
export function ReplyDialog({ postId, postTitle, onClose, onSent }: { postId: number; postTitle: string; onClose: () => void; onSent: (reply: NewsReply) => void }) {
  const form = useFormState(replyFormSchema, EMPTY);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    const parsed = replyFormSchema.safeParse(form.values);
    if (!parsed.success || sending) return;
    setSending(true);
    setError(null);
    try {
      onSent(await sendReply(postId, parsed.data.reply_content));
    } catch (e) {
      setError((e as Error)?.message || 'The reply could not be sent');
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      maxWidth={false}
      aria-labelledby="reply-dialog-title"
      slotProps={{ paper: { sx: { width: REPLY_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="reply-dialog-title">{REPLY_DIALOG_TITLE}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <TextField
            {...form.field('reply_content')}
            label="Reply"
            placeholder={`Reply to '${postTitle}'`}
            required
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            autoFocus
            disabled={sending}
            slotProps={{ htmlInput: { maxLength: REPLY_CONTENT_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!form.valid || sending}
            startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Send Reply
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
