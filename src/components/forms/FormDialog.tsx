import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, DialogActions, DialogContent, DialogTitle, styled } from '@mui/material';
import { Form } from 'react-admin';
import { useFormContext, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { FORM_IN_DIALOG } from '../dialogForm';
import { DialogFrame } from './DialogFrame';
import { FormDialogContext, SAVE } from './formDialogContext';
import { FormCancelButton, FormSaveButton } from './FormSaveButton';
import { schemaResolver } from './schemaResolver';
import { showServerErrors } from './serverErrors';
import { ConflictNotice } from './ConflictNotice';
import { conflictOf } from '../../../domain/versions';

/**
 * A form in a dialog, the way every record dialog of the panel behaves (spec 1 and 2, section 5):
 * - a react-admin `<Form>` checked by the shared zod schema (domain/validation) through a resolver
 *   (schemaResolver); a field's
 *   message shows once it is touched (left) and follows the typing from then on;
 * - the save button (FormSaveButton) is disabled while the form is invalid or being saved;
 * - a save the server refuses puts its `{ field: [messages] }` under the fields and says the error above the form;
 *   one refused because the record changed since it was loaded (409 with `conflict`) says so with a Reload, which
 *   reads the record anew into the form (`reload`), the values typed staying until then;
 * - inputs (./inputs) are disabled while saving, and in a read-only view.
 * The dialog's body (inputs, tabs) is its children; its buttons (Cancel and `saveLabel`, or `actions`) sit inside the
 * same <form>.
 * `onSave` sends the values (through a record controller's save, see RecordDialogBase) and rejects with the server's error.
 */
export interface FormDialogProps<V extends FieldValues> {
  /** The dialog title's content, which names the dialog. */
  title: ReactNode;
  /** The title's id, when the caller's own DialogFrame is named by it (`bare`); otherwise one of its own. */
  titleId?: string;
  titleSx?: object;
  width: number;
  /** The whole screen (a long form on a phone); `width` is then unused. */
  fullScreen?: boolean;
  /** Checks the values; may change while the dialog is open (a password switch adds the password). */
  schema: z.ZodType;
  /** The values the dialog opens with: read once, at mount. */
  defaultValues: V;
  /** Sends the values; rejects with the server's error. Not called in a read-only view. */
  onSave?: (values: V) => Promise<unknown>;
  onClose: () => void;
  readOnly?: boolean;
  /** The failure shown above the form when the server's error has no message. */
  failureFallback: string;
  /**
   * What the schema checks, when it is not the values as they stand: what the save would send of them (a user's
   * areas only for a manager). Messages still land on the fields of the same names.
   */
  prepare?: (values: V) => unknown;
  /** The failure said above the form, when not the server's message: null for none (the fields say it all). */
  failureText?: (error: { message?: string; body?: unknown } | null, fields: string[]) => string | null;
  /** The server's field names that the form calls otherwise (a logo's 'file' is the form's 'logo'). */
  renameServerFields?: Record<string, string>;
  /** After the server's messages are put under their fields: e.g. to show the tab that holds them, or clear one. */
  onServerErrors?: (fields: string[], form: UseFormReturn) => void;
  /** After a save, empty the form again (a dialog that stays open for the next one). */
  resetAfterSave?: boolean;
  /**
   * Reads the edited record anew and answers the form's values for it, its version (`updated_at`) among them: the
   * Reload of a save refused because someone changed the record meanwhile.
   */
  reload?: () => Promise<V>;
  /**
   * Only the form (title, content, buttons), for a DialogFrame the caller holds open from before the form can be
   * drawn (a check that gives its first values); the frame's closing is then the caller's.
   */
  bare?: boolean;
  /** Shown between the title and the content: the dialog's tabs. */
  tabs?: ReactNode;
  /** The dialog's buttons, when not the usual Cancel and save (see saveLabel). */
  actions?: ReactNode;
  /** The save button's label beside Cancel, the usual buttons ('Save' by default). */
  saveLabel?: string;
  children: ReactNode;
}

const DialogForm = styled(Form)(FORM_IN_DIALOG);
const same = (values: unknown) => values;

export function FormDialog<V extends FieldValues>(props: FormDialogProps<V>) {
  const ownTitleId = useId();
  const { title, titleId = ownTitleId, titleSx, width, fullScreen, schema, defaultValues, onSave, onClose, readOnly = false, tabs, children } = props;
  const actions = props.actions ?? (
    <>
      <FormCancelButton onClick={onClose} />
      <FormSaveButton label={props.saveLabel ?? 'Save'} />
    </>
  );
  // What is being sent: SAVE (the form's submit), or another action's name (an invoice's Preview).
  const [sending, setSending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A save refused on an old version: the server's message, shown with Reload until the record is read anew.
  const [conflict, setConflict] = useState<string | null>(null);
  // The values the form holds from the start, and after a Reload (react-admin's Form resets to them when they change).
  const [initial, setInitial] = useState(defaultValues);
  const formRef = useRef<UseFormReturn | null>(null);
  // The resolver reads the schema of the moment (it changes with a password switch) without a new form.
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const prepare = (props.prepare ?? same) as (values: FieldValues) => unknown;
  const prepareRef = useRef(prepare);
  prepareRef.current = prepare;
  const resolver = useMemo(() => schemaResolver(() => schemaRef.current, (values) => prepareRef.current(values)), []);
  const clearFailure = useCallback(() => {
    setFailure(null);
    setConflict(null);
  }, []);
  const reload = props.reload;
  const reloadRecord = reload
    ? async () => {
        setInitial(await reload());
        setConflict(null);
      }
    : undefined;
  const saving = sending !== null;

  // Sends, and answers a refusal: the server's messages under their fields, the failure above the form.
  const send = async (name: string, run: () => Promise<unknown>) => {
    setSending(name);
    setFailure(null);
    setConflict(null);
    try {
      await run();
      if (name === SAVE && props.resetAfterSave) formRef.current?.reset();
    } catch (error) {
      const changed = conflictOf(error);
      if (changed) return setConflict(changed.message);
      const form = formRef.current!;
      const fields = showServerErrors(error, form.setError, props.renameServerFields);
      const failed = error as { message?: string; body?: unknown } | null;
      setFailure(props.failureText ? props.failureText(failed, fields) : failed?.message || props.failureFallback);
      props.onServerErrors?.(fields, form);
    } finally {
      setSending(null);
    }
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  // Called by react-admin's Form once every field passed the schema.
  const submit = async (values: FieldValues) => {
    if (readOnly || !onSave || saving) return;
    await send(SAVE, () => onSave(values as V));
  };

  // Another action on the values (Preview): the fields' messages instead when they do not pass. `run` starts at
  // once, within the click (a tab it opens is not taken for a pop-up).
  const act = useCallback((name: string, run: (values: FieldValues) => Promise<unknown>) => {
    const form = formRef.current!;
    const values = form.getValues();
    setFailure(null);
    if (!schemaRef.current.safeParse(prepareRef.current(values)).success) void form.trigger();
    else void sendRef.current(name, () => run(values));
  }, []);

  const state = useMemo(
    () => ({ schema, prepare, readOnly, saving, sending, clearFailure, act }),
    [schema, prepare, readOnly, saving, sending, clearFailure, act],
  );

  const form = (
    <FormDialogContext.Provider value={state}>
      <DialogForm
        // The form's values are the dialog's (text as typed), not the record of an EditBase around it, which
        // react-admin's Form would otherwise lay over them.
        record={initial}
        defaultValues={initial}
        resolver={resolver}
        mode="onTouched"
        reValidateMode="onChange"
        noValidate
        disableInvalidFormNotification
        onSubmit={submit}
      >
        <KeepForm into={formRef} />
        <DialogTitle id={titleId} sx={titleSx}>
          {title}
        </DialogTitle>
        {tabs}
        <DialogContent sx={{ pt: '16px !important' }}>
          {conflict && <ConflictNotice message={conflict} onReload={reloadRecord} />}
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>
      </DialogForm>
    </FormDialogContext.Provider>
  );
  if (props.bare) return form;
  return (
    <DialogFrame titleId={titleId} width={width} fullScreen={fullScreen} onClose={saving ? undefined : onClose}>
      {form}
    </DialogFrame>
  );
}

/** Hands the form's methods to the dialog around it, which answers the server's messages. */
function KeepForm({ into }: { into: { current: UseFormReturn | null } }) {
  into.current = useFormContext();
  return null;
}
