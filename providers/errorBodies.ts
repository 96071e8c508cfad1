/** The spec's error bodies read for people: the message a failure shows, and each field's messages for forms. */

export type ErrorBody = Record<string, unknown>;

/** The message the spec shows for an error body: `message`, else the first message of the first field. */
export function errorMessage(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body.trim()) return body;
  if (!body || typeof body !== 'object') return fallback;
  const record = body as ErrorBody;
  if (typeof record.message === 'string' && record.message) return record.message;
  const first = firstFieldMessage(record);
  return first ?? fallback;
}

/** First message of the first field of a `{ field: [messages] }` body. */
export function firstFieldMessage(body: ErrorBody): string | null {
  for (const value of Object.values(body)) {
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

/**
 * Every field's messages of a 400 (or 402) body, `{ field: [messages] }`, for forms that show them under their
 * fields; `rename` moves a field's messages to the form's own name for it (a logo's 'file' to 'logo').
 */
export function fieldMessages(body: unknown, rename: Record<string, string> = {}): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!body || typeof body !== 'object') return out;
  for (const [key, value] of Object.entries(body as ErrorBody)) {
    const list = (Array.isArray(value) ? value : []).filter((m): m is string => typeof m === 'string' && !!m);
    if (list.length) out[rename[key] ?? key] = list;
  }
  return out;
}
