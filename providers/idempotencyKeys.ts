import { IDEMPOTENCY_MSG } from '../domain/idempotency';

/**
 * The Idempotency-Key of each creating call the screens send (every POST, and issuing an invoice; see
 * domain/idempotency.ts): a new key for each call, except that a call identical to one that got no usable answer in
 * the last ten minutes takes that call's key again. No usable answer: none at all (the network, a call given up), a
 * server error (such as 503 'The database is not answering'), or the server saying the first call is still being
 * processed or was saved already. Pressing Save once more after such an error then cannot create twice: the server
 * answers what the first call did if it was saved, and runs it if it was not. A success or any other refusal forgets
 * the key: the same call sent after it is a new action, checked afresh.
 */
export const KEY_REUSE_MS = 10 * 60 * 1000;

/** The calls without a usable answer, by what they sent. */
const unanswered = new Map<string, { key: string; at: number }>();

/** A random UUID; crypto.randomUUID exists only on HTTPS and localhost, and an office may serve the app over plain HTTP. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a body sends, as text: JSON as written; a form's entries, its files by name, size and date. */
function bodyText(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  if (body instanceof FormData) {
    const entries = [...body.entries()].map(([name, value]) =>
      typeof value === 'string' ? [name, value] : [name, { file: value.name, size: value.size, lastModified: value.lastModified, type: value.type }],
    );
    return JSON.stringify(entries);
  }
  return JSON.stringify(body);
}

const KEY_CONFLICTS: readonly string[] = [IDEMPOTENCY_MSG.inProgress, IDEMPOTENCY_MSG.savedAlready];

/** An answer that settles the call: not a server error, and not the key's own 409 (another 409 is a refusal). */
function usable(status: number, body: unknown): boolean {
  if (status === 0 || status >= 500) return false;
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return !(status === 409 && typeof message === 'string' && KEY_CONFLICTS.includes(message));
}

export interface CallKey {
  key: string;
  /** The call's outcome: its status and body, or status 0 when no answer came (the network, or the call was given up). */
  settle(status: number, body?: unknown): void;
}

/** The key for a creating call of `body` to `url` (with its query), to settle once the call ends. */
export function callKey(url: string, body: unknown): CallKey {
  const now = Date.now();
  for (const [sent, entry] of unanswered) if (now - entry.at > KEY_REUSE_MS) unanswered.delete(sent);
  const sent = `${url}\n${bodyText(body)}`;
  const key = unanswered.get(sent)?.key ?? newKey();
  return {
    key,
    settle(status, answer) {
      if (usable(status, answer)) unanswered.delete(sent);
      else unanswered.set(sent, { key, at: Date.now() });
    },
  };
}
