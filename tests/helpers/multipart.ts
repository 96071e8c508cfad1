/** A multipart/form-data body for app.inject, as a browser's FormData sends it. */
export interface Part {
  name: string;
  value?: string;
  file?: { bytes: Buffer; filename: string; type?: string };
}

export function multipartBody(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----form' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.file ? `form-data; name="${p.name}"; filename="${p.file.filename}"` : `form-data; name="${p.name}"`;
    const type = p.file ? `Content-Type: ${p.file.type ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(p.file ? p.file.bytes : Buffer.from(p.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Fields of a plain object as parts (objects and arrays as JSON, as the panel's toFormData sends them). */
export function fieldsOf(values: Record<string, unknown>): Part[] {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => ({ name, value: typeof v === 'string' ? v : JSON.stringify(v) }));
}
