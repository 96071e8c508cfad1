import { IDEMPOTENCY_HEADER } from '../../domain/idempotency';
import type { ImportKind, ImportResult } from '../../domain/validation/imports';
import { fieldMessages } from '../errorBodies';
import { callKey } from '../idempotencyKeys';
import { getStoredUser } from '../session';

export type Mapping = Record<string, number | null>;

interface ImportCall {
  kind: ImportKind;
  file: File;
  mapping: Mapping | null;
  mode: 'preview' | 'commit' | 'rejected';
  duplicates: 'skip' | 'update';
  /** Share of the file sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
}

/** A refusal of the whole file (400 with its field messages). */
export class ImportRefused extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join(' '));
  }
}

/**
 * POST /api/{kind}/import. Sent with XMLHttpRequest rather than fetch, whose uploads report no progress: a file of
 * thousands of rows shows how far it got.
 */
function sendImport<M extends ImportCall['mode']>(call: ImportCall & { mode: M }): Promise<M extends 'rejected' ? Blob : ImportResult> {
  const form = new FormData();
  form.append('file', call.file);
  if (call.mapping) form.append('mapping', JSON.stringify(call.mapping));
  const url = `/api/${call.kind}/import?mode=${call.mode}&duplicates=${call.duplicates}`;
  // As httpClient's POSTs: Import pressed again after a lost answer cannot import twice.
  const idempotency = callKey(url, form);
  const xhr = new XMLHttpRequest();
  xhr.open('POST', url);
  const token = getStoredUser()?.access_token;
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  xhr.setRequestHeader(IDEMPOTENCY_HEADER, idempotency.key);
  xhr.setRequestHeader('Accept', call.mode === 'rejected' ? 'text/csv' : 'application/json');
  xhr.responseType = call.mode === 'rejected' ? 'blob' : 'json';
  xhr.upload.onprogress = (e) => e.lengthComputable && call.onProgress?.(e.loaded / e.total);
  return new Promise((resolve, reject) => {
    xhr.onerror = () => {
      idempotency.settle(0);
      reject(new ImportRefused(['The server could not be reached']));
    };
    xhr.onload = () => {
      idempotency.settle(xhr.status, xhr.response);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.response);
      const messages = Object.values(fieldMessages(xhr.response)).flat();
      const message = (xhr.response as { message?: string } | null)?.message;
      reject(new ImportRefused(messages.length ? messages : [message ?? `The import failed (${xhr.status})`]));
    };
    xhr.send(form);
  });
}

/** The import dialog's call (drivers and restaurants from a spreadsheet). */
export const importMethods = { sendImport };
