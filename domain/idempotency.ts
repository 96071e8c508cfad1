/**
 * Idempotency keys: a creating call sent again with the same `Idempotency-Key` (same account, within a day) answers
 * what the first one answered instead of writing again, so a retry after a lost answer is safe. The screens send one
 * key per user action (providers/idempotencyKeys.ts); the server keeps the keys and answers
 * (server/plugins/idempotency.ts).
 */

/** The request header, as the screens send it (HTTP header names are case-insensitive). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The answer header of a replayed answer. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** A key is 1 to 255 visible ASCII characters (a UUID is 36). */
export const IDEMPOTENCY_KEY_MAX = 255;
const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

export function isIdempotencyKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** How long a key is remembered on the server, from its first use. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export const IDEMPOTENCY_MSG = {
  invalidKey: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} visible characters (letters, digits, punctuation)`,
  otherRequest: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  inProgress: 'This request is still being processed. Try again in a moment.',
  savedAlready: 'This was saved already, but its answer was lost on the way. Reload to see it.',
} as const;
