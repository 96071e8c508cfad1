import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';

/** A form's own check without a schema: the first message per field that breaks a rule (the login form's). */
export type FieldCheck<V> = (values: V) => Record<string, string>;

/** The first message per field, from a shared zod schema or a plain check. */
function messagesOf<V extends Record<string, unknown>>(rules: z.ZodType<Record<string, unknown>> | FieldCheck<V>, values: V) {
  if (typeof rules === 'function') return rules(values);
  const out: Record<string, string> = {};
  const result = rules.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      out[field] ??= issue.message;
    }
  }
  return out;
}

/**
 * Minimal form state over a shared zod schema (or a plain check): values, which fields were touched, the first
 * message per field. Messages show once a field is touched (blurred) or after a submit attempt. Values are text by
 * default; a form with lists or flags (a driver's areas, a switch) types its own values.
 */
export function useFormState<V extends Record<string, unknown> = Record<string, string>>(
  rules: z.ZodType<Record<string, unknown>> | FieldCheck<V>,
  initial: V,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});

  const errors = useMemo(() => messagesOf(rules, values), [rules, values]);
  const valid = Object.keys(errors).length === 0;

  const field = useCallback(
    (name: string) => ({
      name,
      value: (values[name] ?? '') as string,
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
      error: !!touched[name] && !!errors[name],
      helperText: touched[name] ? errors[name] : undefined,
    }),
    [values, touched, errors],
  );

  const touch = useCallback((name: string) => setTouched((t) => ({ ...t, [name]: true })), []);
  const touchAll = useCallback(() => setTouched(Object.fromEntries(Object.keys(initial).map((k) => [k, true]))), [initial]);
  const reset = useCallback(() => {
    setValues(initial);
    setTouched({});
  }, [initial]);

  return { values, setValues, errors, touched, setTouched, valid, field, touch, touchAll, reset };
}
