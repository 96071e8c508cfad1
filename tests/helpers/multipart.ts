import sharp from 'sharp';

/** A part of a multipart body: a text field, or a file with its name. */
export type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type?: string };

/** A multipart/form-data body as a browser's FormData sends it, for app.inject. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----form' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('file' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.file,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Text fields of a record as parts (null and undefined left out, as the front end's FormData does). */
export function fields(values: Record<string, unknown>): Part[] {
  return Object.entries(values)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([name, v]) => ({ name, value: typeof v === 'object' ? JSON.stringify(v) : String(v) }));
}

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
export const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 200 } } }).jpeg().toBuffer();

