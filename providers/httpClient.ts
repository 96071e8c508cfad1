import { HttpError } from 'react-admin';
import { clearStoredUser, getStoredUser } from './session';
import { counted } from './requestsSettled';
import { noteWrite } from './writes';
import { takeEarly } from './earlyCalls';
import type { HttpAnswer } from './httpAnswer';
import { buildUrl, fetchAnswer, Unreachable, type Query, type RawAnswer } from './fetchAnswer';
import { callKey } from './idempotencyKeys';
import { IDEMPOTENCY_HEADER } from '../domain/idempotency';
import { errorMessage, firstFieldMessage, type ErrorBody } from './errorBodies';

/**
 * The one fetch wrapper of the front end (spec 1, sections 7-8):
 * - sends `Authorization: Bearer {access_token}` of the stored user and `X-Requested-With: XMLHttpRequest`;
 * - 401 on a data call logs the user out and reloads (the route guard then shows the login page);
 * - 400 rejects with the first message of the first field of `{ field: [messages] }`, keeping the body
 *   on the error (`error.body`) so forms can show every field's errors;
 * - other failures reject with the body's `message`;
 * - every POST (and a call marked `idempotent`) carries an Idempotency-Key, the same again for the same call after
 *   one without a usable answer (idempotencyKeys.ts), so a retry cannot write twice.
 */
export interface RequestOptions {
  method?: string;
  /** A plain object is sent as JSON, a string as JSON already written; FormData as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  query?: Query;
  /** Login, register and logout must not trigger the log-out-and-reload of a 401. */
  logoutOn401?: boolean;
  /** Send the bearer token (default: when a user is stored). */
  auth?: boolean;
  signal?: AbortSignal;
  /** A creating call that is not a POST (issuing an invoice): sent with an Idempotency-Key, as every POST is. */
  idempotent?: boolean;
}

/** Kept here too: the multipart bodies the client sends are built with it. */
export { toFormData } from './formData';

// The network half (address, fetch, body) is light enough for the page's first moments: see fetchAnswer.ts.
export { asArray, buildUrl } from './fetchAnswer';

/** Kept apart so tests can observe it; a reload starts the app again from the login page. */
export const session = {
  reload: () => window.location.reload(),
};


export async function httpClient<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await httpRequest<T>(path, options)).json;
}

/**
 * httpClient's call answering the status and headers too (a paged list's Content-Range). A write that succeeded is
 * announced with its action id (X-Request-Id) to `onWrite` listeners, which offer Undo. Each call is counted while
 * it is out (requestsSettled.ts). A GET the boot already started (earlyCalls.ts) takes that answer.
 */
export function httpRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<HttpAnswer<T>> {
  const early = (options.method ?? 'GET') === 'GET' ? takeEarly(buildUrl(path, options.query)) : undefined;
  // An early answer is read as this call would read its own: the same result, the same errors, the same log-out on 401.
  if (early) return early.then((raw) => answerOf<T>(raw, path, options), (error) => Promise.reject(callError(error)));
  return counted(send<T>(path, options));
}

/** What a call that got no usable answer rejects with: the browser's abort as it is, no answer as an HttpError. */
function callError(error: unknown): unknown {
  return error instanceof Unreachable ? new HttpError('The server cannot be reached - check your connection and try again', 0, null) : error;
}

async function send<T>(path: string, options: RequestOptions): Promise<HttpAnswer<T>> {
  const user = getStoredUser();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  const sendToken = options.auth ?? true;
  if (sendToken && user) headers.Authorization = `Bearer ${user.access_token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (typeof options.body === 'string') {
    headers['Content-Type'] = 'application/json';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  const ownKey = Object.keys(headers).some((name) => name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase());
  const idempotency = (method.toUpperCase() === 'POST' || options.idempotent) && !ownKey ? callKey(url, body) : null;
  if (idempotency) headers[IDEMPOTENCY_HEADER] = idempotency.key;

  let raw: RawAnswer;
  try {
    raw = await fetchAnswer(url, { method, headers, body, signal: options.signal });
  } catch (error) {
    // Given up, unanswered or broken off, the call may still have been saved: the same call again keeps its key.
    idempotency?.settle(0);
    throw callError(error);
  }
  idempotency?.settle(raw.status, raw.body);
  return answerOf<T>(raw, path, options);
}

/** An answer as the screens take it: a success with its JSON, else an HttpError in the spec's words (a 401 logs out). */
function answerOf<T>(raw: RawAnswer, path: string, options: RequestOptions): HttpAnswer<T> {
  const { status, headers, body: data } = raw;
  if (status >= 200 && status < 300) {
    const actionId = headers.get('x-request-id');
    if (actionId && options.method && options.method !== 'GET') noteWrite({ id: actionId, method: options.method, path });
    return { status, headers, json: data as T };
  }

  if (status === 401 && options.logoutOn401 !== false && getStoredUser()) {
    clearStoredUser();
    session.reload();
  }
  const fallback = raw.statusText || `Request failed (${status})`;
  const message =
    status === 400 && data && typeof data === 'object'
      ? (firstFieldMessage(data as ErrorBody) ?? errorMessage(data, fallback))
      : errorMessage(data, fallback);
  throw new HttpError(message, status, data);
}

/** A record may come bare or wrapped as `{ data: {...} }`. */
export function asRecord<T = Record<string, unknown>>(value: unknown): T | null {
  if (!value || typeof value !== 'object') return null;
  const wrapped = (value as { data?: unknown }).data;
  if (wrapped && typeof wrapped === 'object' && !Array.isArray(wrapped)) return wrapped as T;
  return value as T;
}
