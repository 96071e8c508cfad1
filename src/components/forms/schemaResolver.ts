import type { FieldErrors, FieldValues, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's resolver over a shared zod schema: the first message of each field (by the issue's first path
 * segment), so a field shows the spec's message word for word. `zodResolver` is not used because, for a union (a
 * user's role: Administrator or Manager), it reports the first member's own message ('Invalid input: expected 10')
 * instead of the one the schema gives the whole field ('Role is required.'). The values passed on are the form's
 * own, not the parsed ones: the dialog builds its body from what was typed.
 */
export function schemaResolver(schema: () => z.ZodType, prepare: (values: FieldValues) => unknown) {
  return (values: FieldValues): ResolverResult<FieldValues> => {
    const result = schema().safeParse(prepare(values));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'root');
      errors[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}
