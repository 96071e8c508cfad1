import { createContext, useContext } from 'react';
import type { z } from 'zod';

/**
 * What every input of a form dialog needs to know beyond its own field: the schema the form is checked against
 * (the Save button reads the whole form's validity from it), and whether inputs are disabled (a read-only view, or
 * a save under way).
 */
export interface FormDialogState {
  schema: z.ZodType;
  /** What the schema checks: the values, or what the save would send of them (FormDialogProps.prepare). */
  prepare: (values: Record<string, unknown>) => unknown;
  readOnly: boolean;
  /** Something is being sent: the save, or another action. */
  saving: boolean;
  /** What is being sent: SAVE, or the name of the action (its button shows the spinner). */
  sending: string | null;
  /** Forgets the failure said above the form (a Clear button starts afresh). */
  clearFailure: () => void;
  /**
   * Runs another action on the values than the save (an invoice's Preview), answered as a save is: the fields'
   * messages instead when they do not pass, the server's refusal under the fields and above the form.
   */
  act: (name: string, run: (values: Record<string, unknown>) => Promise<unknown>) => void;
}

/** The name the form's own submit (the save) is sent under. */
export const SAVE = 'save';

export const FormDialogContext = createContext<FormDialogState | null>(null);

export function useFormDialog(): FormDialogState {
  const state = useContext(FormDialogContext);
  if (!state) throw new Error('A form dialog input is used outside a FormDialog');
  return state;
}

/** Whether an input of the dialog takes no typing now: a read-only view, or while the save is sent. */
export const useInputsDisabled = () => {
  const { readOnly, saving } = useFormDialog();
  return readOnly || saving;
};
