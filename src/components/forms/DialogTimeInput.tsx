import { TimeField } from '../TimeField';
import { useInputsDisabled } from './formDialogContext';
import { useFormField } from './inputs';

/** A time of day of a form dialog (HH:mm, from the 15-minute list or typed, snapped on leaving): see TimeField. */
export function DialogTimeInput({ source, label, required }: { source: string; label: string; required?: boolean }) {
  const disabled = useInputsDisabled();
  const { value, onChange, onBlur, message } = useFormField<string>(source);
  return (
    <TimeField name={source} label={label} required={required} value={value ?? ''} onChange={onChange} onBlur={onBlur} error={!!message} helperText={message} disabled={disabled} />
  );
}
