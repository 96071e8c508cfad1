import { ImageUpload, type ImageValue } from '../ImageUpload';
import { useFormDialog } from './formDialogContext';
import { useFormField } from './inputs';

interface Props {
  source: string;
  label: string;
  extensions?: readonly string[];
  removeLabel?: string;
}

/** An image of the form (a logo, a driver's photo): its value says whether the save keeps, replaces or removes it. */
export function DialogImageInput({ source, label, extensions, removeLabel }: Props) {
  const { readOnly, saving } = useFormDialog();
  const { value, onChange, message } = useFormField<ImageValue>(source);
  return (
    <ImageUpload
      label={label}
      value={value}
      onChange={onChange}
      extensions={extensions}
      removeLabel={removeLabel}
      error={message}
      disabled={saving}
      readOnly={readOnly}
    />
  );
}
