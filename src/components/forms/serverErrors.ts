import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { fieldMessages } from '../../../providers/httpClient';

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
