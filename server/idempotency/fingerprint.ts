import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { readMultipart } from '../plugins/uploads';

/**
 * What makes a second request with a key "the same request": its method, its address with the query, and a hash of
 * its body. A JSON or form body is hashed as parsed, with object keys in order, so the same fields sent again match
 * however a client orders them. A multipart body (posts with pictures, drivers and restaurants with photos, imports)
 * is read whole here, before the handler, as the handler would read it (readMultipart keeps it for the handler):
 * its fields, and each file's field, name and a hash of its bytes. The boundary and the part order of the fields
 * change between two sends of one form, so the raw body could not tell a retry from another request.
 */
export interface RequestFingerprint {
  method: string;
  path: string;
  bodyHash: Buffer;
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest();

/** JSON with every object's keys sorted: one text per value, however it was written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

async function multipartShape(request: FastifyRequest): Promise<unknown> {
  const body = await readMultipart(request);
  return {
    fields: body.fields,
    files: body.files.map((f) => ({ field: f.field, name: f.filename, size: f.bytes.length, sha256: sha256(f.bytes).toString('hex') })),
  };
}

export async function fingerprintOf(request: FastifyRequest): Promise<RequestFingerprint> {
  const body = request.isMultipart() ? await multipartShape(request) : request.body;
  return { method: request.method, path: request.url, bodyHash: sha256(canonical(body)) };
}

export function sameRequest(a: RequestFingerprint, b: RequestFingerprint): boolean {
  return a.method === b.method && a.path === b.path && a.bodyHash.equals(b.bodyHash);
}
