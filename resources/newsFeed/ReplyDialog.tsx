import { REPLY_CONTENT_MAX, replyFormSchema, type NewsReply } from '../../domain/validation/reply';
import { FormCancelButton, FormDialog, FormSaveButton, TextInput, useResourceSave } from '../../src/components/forms';
import { REPLY_RESOURCE } from './types';

/** Dialog width (spec 1, section 9: 400, 450 or 700 px). */
export const REPLY_DIALOG_WIDTH = 450;
export const REPLY_DIALOG_TITLE = 'Add Reply to News Feed';

const EMPTY = { reply_content: '' };

/**
 * Add Reply to News Feed (spec 1, section 2): reply content, 'Please enter Reply content'; sent as POST /api/reply
 * { reply_content, new_id } through the data provider. Mount only while open.
 */
export function ReplyDialog({ postId, postTitle, onClose, onSent }: { postId: number; postTitle: string; onClose: () => void; onSent: (reply: NewsReply) => void }) {
  const save = useResourceSave<NewsReply>(REPLY_RESOURCE);
  const send = async (values: typeof EMPTY) => {
    const { reply_content } = replyFormSchema.parse(values);
    onSent((await save.create({ reply_content, new_id: postId })) as NewsReply);
  };
  return (
    <FormDialog
      title={REPLY_DIALOG_TITLE}
      titleId="reply-dialog-title"
      width={REPLY_DIALOG_WIDTH}
      schema={replyFormSchema}
      defaultValues={EMPTY}
      onSave={send}
      onClose={onClose}
      failureFallback="The reply could not be sent"
      actions={
        <>
          <FormCancelButton onClick={onClose} />
          <FormSaveButton label="Send Reply" />
        </>
      }
    >
      <TextInput
        source="reply_content"
        label="Reply"
        placeholder={`Reply to '${postTitle}'`}
        required
        fullWidth
        multiline
        minRows={3}
        margin="dense"
        autoFocus
        slotProps={{ htmlInput: { maxLength: REPLY_CONTENT_MAX } }}
      />
    </FormDialog>
  );
}
