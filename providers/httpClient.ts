import { HttpError } from 'react-admin';
import { clearStoredUser, getStoredUser } from './session';
import { counted } from './requestsSettled';
import { noteWrite } from './writes';
import { takeEarly } from './earlyCalls';
import type { HttpAnswer } from './httpAnswer';
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
  query?: Record<string, string | number | boolean | null | undefined>;
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

/** `path` with `query`'s defined parameters: the address a call goes to, and the key of an early answer (earlyCalls.ts). */
export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

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
  return (early as Promise<HttpAnswer<T>> | undefined) ?? counted(send<T>(path, options));
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

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: options.signal });
  } catch (error) {
    // Given up or unanswered, the call may still have been saved: the same call again keeps its key.
    idempotency?.settle(0);
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new HttpError('The server cannot be reached - check your connection and try again', 0, null);
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (error) {
    idempotency?.settle(0); // the answer broke off: as good as none
    throw error;
  }
  idempotency?.settle(response.status, data);
  if (response.ok) {
    const actionId = response.headers.get('x-request-id');
    if (actionId && options.method && options.method !== 'GET') noteWrite({ id: actionId, method: options.method, path });
    return { status: response.status, headers: response.headers, json: data as T };
  }

  if (response.status === 401 && options.logoutOn401 !== false && user) {
    clearStoredUser();
    session.reload();
  }
  const fallback = response.statusText || `Request failed (${response.status})`;
  const message =
    response.status === 400 && data && typeof data === 'object'
      ? (firstFieldMessage(data as ErrorBody) ?? errorMessage(data, fallback))
      : errorMessage(data, fallback);
  throw new HttpError(message, response.status, data);
}

/** Lists may come as an array or wrapped as `{ data: [...] }`. */
export function asArray<T = Record<string, unknown>>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (value && typeof value === 'object' && Array.isArray((value as { data?: unknown }).data)) {
    return (value as { data: T[] }).data;
  }
  return [];
}

/** A record may come bare or wrapped as `{ data: {...} }`. */
export function asRecord<T = Record<string, unknown>>(value: unknown): T | null {
  if (!value || typeof value !== 'object') return null;
  const wrapped = (value as { data?: unknown }).data;
  if (wrapped && typeof wrapped === 'object' && !Array.isArray(wrapped)) return wrapped as T;
  return value as T;
}
