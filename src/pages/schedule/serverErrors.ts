/** A 400 body split into messages for the dialog's fields and one for the rest (shown above the form). */
export function serverFieldErrors(error: unknown, fields: readonly string[], fallback: string): { fields: Record<string, string>; other: string | null } {
  const err = error as { body?: unknown; message?: string };
  const out: Record<string, string> = {};
  let other: string | null = null;
  if (err?.body && typeof err.body === 'object') {
    for (const [key, value] of Object.entries(err.body as Record<string, unknown>)) {
      const message = Array.isArray(value) ? value[0] : value;
      if (typeof message !== 'string') continue;
      if (fields.includes(key)) out[key] ??= message;
      else other ??= message;
    }
  }
  if (!Object.keys(out).length && !other) other = err?.message || fallback;
  return { fields: out, other };
}
