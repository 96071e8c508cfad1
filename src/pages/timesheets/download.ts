import { HttpError } from 'react-admin';
import { errorMessage } from '../../../providers/httpClient';
import { clearStoredUser, getStoredUser } from '../../../providers/session';

/** The file name a response gives in Content-Disposition, else the fallback. */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : fallback;
}

/**
 * Fetches a document (PDF, spreadsheet) with the stored user's token, as the data calls do, and answers it as
 * a blob with its name. Errors read like the other calls' (401 logs out).
 */
export async function fetchFile(path: string, query: Record<string, string | number | null | undefined>, fallbackName: string): Promise<{ blob: Blob; name: string }> {
  const user = getStoredUser();
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== '') params.append(k, String(v));
  const response = await fetch(`${path}?${params}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', ...(user ? { Authorization: `Bearer ${user.access_token}` } : {}) },
  });
  if (!response.ok) {
    if (response.status === 401 && user) {
      clearStoredUser();
      window.location.reload();
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text
    }
    const fallback = response.status === 404 ? `${path} is not available on this server yet` : response.statusText || `Request failed (${response.status})`;
    throw new HttpError(errorMessage(body, fallback), response.status, body);
  }
  return { blob: await response.blob(), name: fileNameOf(response, fallbackName) };
}

/** Saves a blob under a name through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens a blob (a PDF preview) in a new tab. */
export function openBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 300_000);
}
