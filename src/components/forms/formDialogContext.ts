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
  saving: boolean;
  /** Forgets the failure said above the form (a Clear button starts afresh). */
  clearFailure: () => void;
}

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
