/**
 * The network half of an API call: the address, the fetch and the body read, with nothing of react-admin. The board's
 * first view (src/pages/schedule/preview/) and the early calls (earlyStart.ts) use it before the app's code has
 * arrived; httpClient.ts builds every call on it and turns its answers into results and errors.
 */

/** The query values a call may carry; null and undefined are left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

/** `path` with `query`'s defined parameters: the address a call goes to, and the key of an early answer (earlyCalls.ts). */
export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** Lists may come as an array or wrapped as `{ data: [...] }`. */
export function asArray<T = Record<string, unknown>>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (value && typeof value === 'object' && Array.isArray((value as { data?: unknown }).data)) {
    return (value as { data: T[] }).data;
  }
  return [];
}

/** What the server answered, whatever its status: the body read as JSON when it is JSON, else as text. */
export interface RawAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  body: unknown;
}

/** The server could not be reached (no answer at all), as against an answer that broke off while read. */
export class Unreachable extends Error {
  constructor(readonly cause: unknown) {
    super('unreachable');
  }
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

/** Fetches `url` and reads its body; rejects with Unreachable when no answer came, or with the reading's error. */
export async function fetchAnswer(url: string, init: RequestInit): Promise<RawAnswer> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw (error as Error)?.name === 'AbortError' ? error : new Unreachable(error);
  }
  const body = await readBody(response);
  return { status: response.status, statusText: response.statusText, headers: response.headers, body };
}

/** The headers of a GET by the stored account (spec 1, section 8). */
export function getHeaders(token: string | undefined): Record<string, string> {
  return { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}
