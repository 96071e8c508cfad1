import type { FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES, IMAGE_MSG } from '../../domain/validation/image';
import { fieldError } from './errors';
import { checkInput } from './inputGuard';

/**
 * Multipart bodies of the spec (posts, restaurants, profiles, driver photos), read whole into memory:
 * each is at most a few images of 10 MB. Fields that are null or the string 'null' are dropped (spec 1
 * section 5). A file over the limit is refused with the spec's message on its own field, before anything
 * is stored.
 */
export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** Bodies already read, by request: the idempotency check reads a multipart body before its handler does. */
const bodies = new WeakMap<FastifyRequest, Promise<MultipartBody>>();

/** The request's body, read once: a second call answers the first call's reading. */
export function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  let body = bodies.get(request);
  if (!body) {
    body = readBody(request);
    bodies.set(request, body);
  }
  return body;
}

async function readBody(request: FastifyRequest): Promise<MultipartBody> {
  if (!request.isMultipart()) {
    // A JSON or form-encoded body is accepted too, for callers without files.
    return { fields: plainFields(request.body), files: [] };
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES } })) {
    if (part.type === 'file') {
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError(part.fieldname, IMAGE_MSG.tooLarge);
        throw error;
      }
      if (bytes.length) files.push({ field: part.fieldname, filename: part.filename, bytes });
    } else if (part.value !== null && part.value !== undefined && part.value !== 'null') {
      fields[part.fieldname] = String(part.value);
    }
  }
  checkInput(fields);
  checkInput(files.map((f) => ({ [f.field]: f.filename })));
  return { fields, files };
}

/** A body's fields with the query parameters under them, the body's winning (spec 2 sends POST /api/driver's as parameters). */
export function withQueryFields(request: FastifyRequest, body: MultipartBody): MultipartBody {
  return { ...body, fields: { ...plainFields(request.query), ...body.fields } };
}

function plainFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object') return out;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === null || value === undefined || value === 'null') continue;
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

/** The file sent under one of these field names, if any. */
export function fileOf(body: MultipartBody, ...names: string[]): UploadedFile | undefined {
  return body.files.find((f) => names.includes(f.field));
}
