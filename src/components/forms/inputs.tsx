import { useRef, type ReactNode } from 'react';
import { Checkbox, FormControlLabel, MenuItem, Switch, TextField, type TextFieldProps } from '@mui/material';
import { useInput } from 'react-admin';
import { useInputsDisabled } from './formDialogContext';
import { DialogDateField, type DialogDateFieldProps } from './DialogDateField';

/**
 * The inputs of the form dialogs: react-admin inputs (`useInput` registers each with the dialog's `<Form>`), drawn
 * as the panel's outlined small fields. A field's message is the schema's once it is touched, or the server's.
 * Text values stay text ('' when empty), as the shared schemas and the multipart bodies read them.
 */

const keepText = { format: (v: unknown) => (v === null || v === undefined ? '' : String(v)), parse: (v: string) => v };

/** A field's value, change and message, for inputs drawn by the form itself (an image, a list picker). */
export function useFormField<T>(source: string) {
  const { field, fieldState } = useInput({ source, format: (v: unknown) => v, parse: (v: unknown) => v });
  return { value: field.value as T, onChange: (value: T) => field.onChange(value), onBlur: field.onBlur, message: fieldState.error?.message };
}

export type DialogTextInputProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  source: string;
  /** Shown under the field while it holds no message. */
  hint?: string;
  /** Draws the helper text from the message (a password's counter beside it). */
  helper?: (message: string | undefined, value: string) => ReactNode;
  /** The value the form keeps for the text typed or chosen (a role's number); the text itself by default. */
  parse?: (text: string) => unknown;
};

export function DialogTextInput(props: DialogTextInputProps & { leaveOnMenuClose?: boolean }) {
  const { source, hint, helper, disabled, size = 'small', parse = keepText.parse, leaveOnMenuClose, ...rest } = props;
  const { field, fieldState, id } = useInput({ source, format: keepText.format, parse });
  const locked = useInputsDisabled();
  const menuOpen = useRef(false);
  const message = fieldState.error?.message;
  const menu = leaveOnMenuClose
    ? {
        onOpen: () => (menuOpen.current = true),
        onClose: () => {
          menuOpen.current = false;
          field.onBlur();
        },
      }
    : {};
  return (
    <TextField
      id={id}
      {...rest}
      slotProps={{ ...rest.slotProps, select: { ...(rest.slotProps?.select as object), ...menu } }}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={() => {
        if (!menuOpen.current) field.onBlur();
      }}
      size={size}
      error={!!message}
      helperText={helper ? helper(message, field.value as string) : (message ?? hint)}
      disabled={locked || disabled}
    />
  );
}

export interface Choice {
  id: string | number;
  name: string;
}

/**
 * A select of choices, its value the chosen id as text ('' for none) unless `parse` says otherwise. Opening the
 * menu moves the focus into it: the field counts as left only when the menu closes, so its message does not flash
 * while a choice is being made.
 */
export function DialogSelectInput({ choices, emptyText, ...props }: DialogTextInputProps & { choices: Choice[]; emptyText?: string }) {
  return (
    <DialogTextInput {...props} select leaveOnMenuClose>
      {emptyText !== undefined && <MenuItem value="">{emptyText}</MenuItem>}
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </DialogTextInput>
  );
}

export type DialogDateInputProps = Omit<DialogDateFieldProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'id' | 'name' | 'inputRef'> & { source: string };

/**
 * A UK date of a form dialog in the app's date field (typed DD/MM/YYYY or chosen in its calendar, in any browser
 * language): the form holds 'YYYY-MM-DD' once the date is real, as the API takes it; the schema reads either.
 */
export function DialogDateInput({ source, disabled, ...props }: DialogDateInputProps) {
  const { field, fieldState, id } = useInput({ source, format: keepText.format, parse: keepText.parse });
  const locked = useInputsDisabled();
  const message = fieldState.error?.message;
  return (
    <DialogDateField
      {...props}
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={!!message}
      helperText={message}
      disabled={locked || disabled}
    />
  );
}

interface FlagProps {
  source: string;
  label: string;
  disabled?: boolean;
  /** After the flag changes (a password switch empties the password). */
  onToggle?: (on: boolean) => void;
  control?: 'switch' | 'checkbox';
}

/** A yes/no of the form as a switch or a check box, its value true or false. */
export function FlagInput({ source, label, disabled, onToggle, control = 'checkbox' }: FlagProps) {
  const { field } = useInput({ source, format: (v: unknown) => !!v, parse: (v: unknown) => v });
  const locked = useInputsDisabled();
  const Control = control === 'switch' ? Switch : Checkbox;
  return (
    <FormControlLabel
      control={
        <Control
          name={field.name}
          checked={!!field.value}
          disabled={locked || disabled}
          onChange={(e) => {
            field.onChange(e.target.checked);
            onToggle?.(e.target.checked);
          }}
        />
      }
      label={label}
    />
  );
}
