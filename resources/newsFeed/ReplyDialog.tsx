import { REPLY_CONTENT_MAX, replyFormSchema, type NewsReply } from '../../domain/validation/reply';
import { CreateDialogBase, FormDialog, DialogTextInput, type DialogSave } from '../../src/components/forms';
import { REPLY_RESOURCE } from './types';

/** Dialog width (spec 1, section 9: 400, 450 or 700 px). */
const REPLY_DIALOG_WIDTH = 450;
const REPLY_DIALOG_TITLE = 'Add Reply to News Feed';

const EMPTY = { reply_content: '' };

interface Props {
  postId: number;
  postTitle: string;
  onClose: () => void;
  onSent: (reply: NewsReply) => void;
}

/**
 * Add Reply to News Feed (spec 1, section 2): reply content, 'Please enter Reply content'; sent as POST /api/reply
 * { reply_content, new_id } through react-admin's CreateBase. Mount only while open.
 */
export function ReplyDialog(props: Props) {
  return <CreateDialogBase<NewsReply> resource={REPLY_RESOURCE}>{(save) => <ReplyForm {...props} save={save} />}</CreateDialogBase>;
}

function ReplyForm({ postId, postTitle, onClose, onSent, save }: Props & { save: DialogSave<NewsReply> }) {
  const send = async (values: typeof EMPTY) => {
    const { reply_content } = replyFormSchema.parse(values);
    onSent(await save({ reply_content, new_id: postId }));
  };
  return (
    <FormDialog
      title={REPLY_DIALOG_TITLE}
      width={REPLY_DIALOG_WIDTH}
      schema={replyFormSchema}
      defaultValues={EMPTY}
      onSave={send}
      onClose={onClose}
      failureFallback="The reply could not be sent"
      saveLabel="Send Reply"
    >
      <DialogTextInput
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
