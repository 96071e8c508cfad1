import { useCallback, useMemo, useState } from 'react';
import { ROLE } from '../../domain/roles';
import { userFormSchema } from '../../domain/validation/user';
import type { PanelUser, UserFormValues } from './types';

export type UserField = keyof UserFormValues;

export const EMPTY_USER: UserFormValues = {
  first_name: '',
  last_name: '',
  role: '',
  email: '',
  area_ids: [],
  restaurant_ids: [],
  password: '',
};

export function valuesOf(user: PanelUser): UserFormValues {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    role: user.role ?? '',
    email: user.email,
    area_ids: user.area_ids.map((a) => a.area_id),
    restaurant_ids: user.restaurant_ids.map((r) => r.restaurant_id),
    password: '',
  };
}

/** The body of POST/PUT /api/user: assignments only for managers, the password only with its switch on. */
export function payloadOf(values: UserFormValues, changePassword: boolean): Record<string, unknown> {
  const manager = values.role === ROLE.manager;
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    role: values.role,
    email: values.email,
    area_ids: manager ? values.area_ids : [],
    restaurant_ids: manager ? values.restaurant_ids : [],
    ...(changePassword ? { password: values.password } : {}),
  };
}

/**
 * The dialog's state over the shared schema (domain/validation/user.ts): values, the 'Change Password' switch,
 * touched fields and the first message of each field. Messages show once a field is touched or after submit.
 */
export function useUserForm(initial: UserFormValues) {
  const [values, setValues] = useState(initial);
  const [changePassword, setChangePassword] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<UserField, boolean>>>({});

  const result = useMemo(
    () => userFormSchema(changePassword).safeParse(payloadOf(values, changePassword)),
    [values, changePassword],
  );
  const errors = useMemo(() => {
    const out: Partial<Record<UserField, string>> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0]) as UserField;
        out[field] ??= issue.message;
      }
    }
    return out;
  }, [result]);

  const set = useCallback(<K extends UserField>(field: K, value: UserFormValues[K]) => setValues((v) => ({ ...v, [field]: value })), []);
  const touch = useCallback((field: UserField) => setTouched((t) => ({ ...t, [field]: true })), []);
  const touchAll = useCallback(
    () => setTouched(Object.fromEntries(Object.keys(EMPTY_USER).map((k) => [k, true])) as Record<UserField, boolean>),
    [],
  );
  const reset = useCallback(() => {
    setValues(initial);
    setChangePassword(false);
    setTouched({});
  }, [initial]);

  /** The message to show under a field: only once it was touched. */
  const shown = (field: UserField) => (touched[field] ? errors[field] : undefined);

  return {
    values,
    setValues,
    set,
    changePassword,
    setChangePassword,
    touched,
    touch,
    touchAll,
    reset,
    errors,
    shown,
    valid: result.success,
    payload: () => payloadOf(values, changePassword),
  };
}
