import { HttpError } from 'react-admin';
import { clearStoredUser, getStoredUser } from './session';
import { session } from './httpClient';
import { errorMessage, firstFieldMessage, type ErrorBody } from './errorBodies';
import { callKey } from './idempotencyKeys';
import { IDEMPOTENCY_HEADER } from '../domain/idempotency';

/**
 * Files the API generates (invoice PDFs, spreadsheets): fetched with the bearer token like every call, then saved
 * or shown from memory. A failure answers JSON, read the same way as httpClient reads it (401 logs out, 400 gives
 * the first message of the first field, the body kept on the error for forms).
 */
export interface FetchedFile {
  blob: Blob;
  fileName: string;
  /** The response, for headers a caller needs (X-Invoice-Id). */
  headers: Headers;
  status: number;
}

/** The name in Content-Disposition (RFC 5987 form first), else the fallback. */
function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // falls back to the plain name
    }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition) ?? /filename=([^;]+)/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

function url(path: string, query?: Record<string, string | number | boolean | null | undefined>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== null && value !== undefined && value !== '') params.append(key, String(value));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function fetchFile(
  path: string,
  query?: Record<string, string | number | boolean | null | undefined>,
  fallbackName = 'download',
  /** A call that creates what it answers (issuing an invoice): sent with an Idempotency-Key, as httpClient's POSTs. */
  options: { idempotent?: boolean } = {},
): Promise<FetchedFile> {
  const user = getStoredUser();
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (user) headers.Authorization = `Bearer ${user.access_token}`;
  const address = url(path, query);
  const idempotency = options.idempotent ? callKey(address, null) : null;
  if (idempotency) headers[IDEMPOTENCY_HEADER] = idempotency.key;
  let response: Response;
  let blob: Blob | null = null;
  let text = '';
  try {
    response = await fetch(address, { headers });
    const type = response.headers.get('Content-Type') ?? '';
    if (response.ok && !type.includes('application/json')) blob = await response.blob();
    else text = await response.text();
  } catch (error) {
    idempotency?.settle(0);
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new HttpError('The server cannot be reached - check your connection and try again', 0, null);
  }
  if (blob) {
    idempotency?.settle(response.status);
    return { blob, fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName), headers: response.headers, status: response.status };
  }
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // kept as text
  }
  idempotency?.settle(response.status, body);
  if (response.status === 401 && user) {
    clearStoredUser();
    session.reload();
  }
  const fallback = response.ok ? 'The server answered without a file' : response.statusText || `Request failed (${response.status})`;
  const message =
    response.status === 400 && body && typeof body === 'object' ? (firstFieldMessage(body as ErrorBody) ?? errorMessage(body, fallback)) : errorMessage(body, fallback);
  throw new HttpError(message, response.status, body);
}

/** Saves a blob under a name, as a browser download. */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * A tab for a document that is still being fetched. Browsers only allow a new tab straight from the click, so it
 * is opened at once and pointed at the document when it arrives (or closed if it does not).
 */
export interface PendingTab {
  show(blob: Blob): void;
  close(): void;
}

export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  return {
    show(blob) {
      const href = URL.createObjectURL(blob);
      if (tab && !tab.closed) tab.location.href = href;
      else window.open(href, '_blank');
      setTimeout(() => URL.revokeObjectURL(href), 5 * 60_000);
    },
    close() {
      if (tab && !tab.closed) tab.close();
    },
  };
}
