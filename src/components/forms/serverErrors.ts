import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { fieldMessages } from '../../../providers/errorBodies';

/** A failed save as the API rejects it: the spec's message, and `{ field: [messages] }` in the body of a 400. */
export interface SaveFailure {
  message?: string;
  body?: unknown;
}

/**
 * Puts the server's messages of a failed save under their fields (every message of a field, in the server's
 * order, as the spec says of the e-mail: spec 2, section 8) and answers the fields that got one.
 */
export function showServerErrors(error: unknown, setError: UseFormSetError<FieldValues>, rename: Record<string, string> = {}): string[] {
  const fields = fieldMessages((error as SaveFailure | null)?.body, rename);
  for (const [name, messages] of Object.entries(fields)) setError(name, { type: 'server', message: messages.join(' ') });
  return Object.keys(fields);
}

/**
 * A form dialog's `failureText`: the alert above the form says the first message the server gave of no field of
 * the form (`own`), nothing when the form's fields say it all, else the error's message or `fallback`. With
 * `quietSummary`, the body's summary `message` is not said again while a field holds a message.
 */
export function failureBeside(own: readonly string[], fallback: string, { quietSummary = false } = {}) {
  return (error: SaveFailure | null, fields: string[]): string | null => {
    const ours = fields.some((f) => own.includes(f));
    const body = error?.body && typeof error.body === 'object' ? (error.body as Record<string, unknown>) : {};
    for (const [key, value] of Object.entries(body)) {
      if (own.includes(key) || (quietSummary && key === 'message' && ours)) continue;
      const first = (Array.isArray(value) ? value : [value]).find((m): m is string => typeof m === 'string' && !!m);
      if (first) return first;
    }
    return ours ? null : error?.message || fallback;
  };
}
