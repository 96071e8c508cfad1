import { useFormField, useInputsDisabled } from '../../components/forms';
import { TimesheetDateField, TimeField } from './fields';

/** A field of this screen bound to a form dialog's value: its message once touched, disabled while saving. */
function useBound(source: string) {
  const { value, onChange, onBlur, message } = useFormField<string>(source);
  return { value: value ?? '', onChange, onBlur, error: !!message, helperText: message, disabled: useInputsDisabled() };
}

interface Props {
  source: string;
  label: string;
  required?: boolean;
}

/** A time from the 15-minute list, pre-filled with the time now on focus (see TimeField), in a form dialog. */
export function TimesheetTimeInput({ source, ...props }: Props) {
  return <TimeField {...props} {...useBound(source)} />;
}

/** A date typed DD/MM/YYYY, the calendar capped at `max`, in a form dialog. */
export function TimesheetDateInput({ source, ...props }: Props & { max: string }) {
  return <TimesheetDateField {...props} {...useBound(source)} />;
}
