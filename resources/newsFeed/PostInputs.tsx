import { Box } from '@mui/material';
import { RichTextInput } from 'ra-input-rich-text';
import { POST_TITLE_MAX } from '../../domain/validation/newsFeed';
import { FlagInput, DialogTextInput, useFormField, useInputsDisabled } from '../../src/components/forms';
import { RichTextToolbar } from '../../src/components/RichTextToolbar';
import { PostImageField } from './PostImageField';
import { TargetFields } from './TargetFields';

interface Props {
  adding: boolean;
  /** The edited post's stored image. */
  storedImage: string | null;
  allowAll: boolean;
}

/** A post's fields, the same for a new post and Edit Post (spec 1, sections 2 and 5). */
export function PostInputs({ adding, storedImage, allowAll }: Props) {
  const disabled = useInputsDisabled();
  return (
    <>
      <DialogTextInput
        source="postTitle"
        label="Title"
        required
        fullWidth
        margin="dense"
        size="medium"
        autoFocus={adding}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: POST_TITLE_MAX } }}
      />
      {/* Checked by the dialog's schema: the editor shows the message (blank rich text counts as empty). */}
      <RichTextInput
        source="postContent"
        label="Content"
        isRequired
        helperText={false}
        disabled={disabled}
        toolbar={<RichTextToolbar />}
        sx={{ mt: 1, '& .ProseMirror': { minHeight: 140 } }}
      />
      <PostImageInput stored={storedImage} />
      <Box sx={{ mt: 1 }}>
        <FlagInput source="important" label="Important" />
      </Box>
      <TargetFields allowAll={allowAll} />
    </>
  );
}

/** The form's `file` (checked at once on choosing) and `removeImage`, drawn by PostImageField. */
function PostImageInput({ stored }: { stored: string | null }) {
  const disabled = useInputsDisabled();
  const file = useFormField<File | null>('file');
  const remove = useFormField<boolean>('removeImage');
  return (
    <PostImageField
      file={file.value}
      current={stored && !remove.value ? stored : null}
      error={file.message}
      disabled={disabled}
      onChoose={(chosen) => {
        file.onChange(chosen);
        file.onBlur();
      }}
      onRemove={() => {
        if (file.value) file.onChange(null);
        else remove.onChange(true);
        file.onBlur();
      }}
    />
  );
}
