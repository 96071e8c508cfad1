import { useCallback, useMemo, useState } from 'react';
import type { z } from 'zod';

/**
 * Minimal form state over a shared zod schema: values, which fields were touched, the first message per field.
 * Messages show once a field is touched (blurred) or after a submit attempt. Values are text by default; a form
 * with lists or flags (a driver's areas, a switch) types its own values.
 */
export function useFormState<S extends z.ZodType<Record<string, unknown>>, V extends Record<string, unknown> = Record<string, string>>(
  schema: S,
  initial: V,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors = useMemo(() => {
    const out: Record<string, string> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        out[field] ??= issue.message;
      }
    }
    return out;
  }, [result]);

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

  return { values, setValues, errors, touched, setTouched, valid: result.success, field, touch, touchAll, reset };
}
