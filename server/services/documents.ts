import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { DRIVER_DOCUMENT_FIELDS } from '../../domain/validation/driver';
import { FILES } from '../../domain/validation/responses';
import type { Database } from '../db/schema';
import { imagesDir } from './images';
import type { ZodTypeProvider } from '../routeSchema';
import { imageNameParams } from '../../domain/validation/pathParams';

/**
 * Drivers' identity documents (licences, identity and right-to-work photos) are kept under DATA_DIR/documents,
 * which is never served as it is. A session allowed to see them (server/visibility) receives each one as a signed
 * name, `{file}~{expires}~{signature}`, that the screens put where they put any image name (/images/{name},
 * /images/thumb/{name}); this plugin serves it until it expires, and nothing else from that folder. So a document's
 * address works for an hour or two in the browser that was given it, and is no use in a log or a forwarded link
 * after that. The signed name carries no account: an address is as private as the answer that held it.
 */

const HOUR_MS = 3_600_000;
const STORED = /^[A-Za-z0-9_-]+\.(?:jpg|png)$/;
const SIGNED = /^([A-Za-z0-9_-]+\.(?:jpg|png))~(\d{1,12})~([A-Za-z0-9_-]{43})$/;

function signature(secret: string, file: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`${file}~${expires}`).digest('base64url');
}

/**
 * The address name of a stored document, valid until the end of the next full hour (1-2 hours): names made
 * within the same hour are the same, so the browser's cache keeps working.
 */
export function signDocument(secret: string, file: string, now = Date.now()): string {
  const expires = Math.ceil(now / HOUR_MS) * (HOUR_MS / 1000) + HOUR_MS / 1000;
  return `${file}~${expires}~${signature(secret, file, expires)}`;
}

/** The stored file a signed name stands for, or null when it is forged, altered or expired. */
export function verifyDocument(secret: string, name: string, now = Date.now()): string | null {
  const match = SIGNED.exec(name);
  if (!match) return null;
  const [, file, expiresText, given] = match;
  const expires = Number(expiresText);
  if (expires * 1000 <= now) return null;
  const expected = Buffer.from(signature(secret, file, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual) ? file : null;
}

/** GET /images/{signed} and /images/thumb/{signed}: a document, for as long as its signature holds. */
export default fp(async function documentsPlugin(app: FastifyInstance) {
  const pattern = '(^[A-Za-z0-9_-]+\\.(?:jpg|png)~\\d+~[A-Za-z0-9_-]+$)';
  const serve = (thumb: boolean) => async (request: FastifyRequest & { params: { name: string } }, reply: FastifyReply) => {
    const file = verifyDocument(app.config.fileSigningSecret, request.params.name);
    const bytes = file ? await fs.readFile(path.join(imagesDir(app.config.dataDir, 'documents'), thumb ? 'thumb' : '', file)).catch(() => null) : null;
    if (!bytes) return reply.status(404).send({ message: 'Not found' });
    return reply
      .type(file!.endsWith('.png') ? 'image/png' : 'image/jpeg')
      .header('Cache-Control', 'private, max-age=3600')
      .send(bytes);
  };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(`/images/:name${pattern}`, {
    schema: { summary: 'An identity document by its signed, expiring name', params: imageNameParams, response: { 200: FILES.image } },
  }, serve(false));
  routes.get(`/images/thumb/:name${pattern}`, {
    schema: {
      summary: 'An identity document’s thumbnail by its signed name, or an uploaded picture’s thumbnail by its name',
      params: imageNameParams,
      response: { 200: FILES.image },
    },
  }, serve(true));
});

/**
 * Documents uploaded before they were kept apart still sit among the public images: moved to the documents folder
 * at start, so none stays reachable at its old public address. Quick when there is nothing to move.
 */
export async function moveDocumentsPrivate(db: Kysely<Database>, dataDir: string): Promise<number> {
  const drivers = await db.selectFrom('drivers').select([...DRIVER_DOCUMENT_FIELDS]).execute();
  const rightToWork = await db.selectFrom('driver_right_to_work_photos').select('file_name').execute();
  const files = [...drivers.flatMap((d) => DRIVER_DOCUMENT_FIELDS.map((f) => d[f])), ...rightToWork.map((r) => r.file_name)];
  let moved = 0;
  for (const file of files) {
    if (!file || !STORED.test(file)) continue;
    for (const sub of ['', 'thumb']) {
      const from = path.join(imagesDir(dataDir), sub, file);
      const to = path.join(imagesDir(dataDir, 'documents'), sub, file);
      try {
        await fs.mkdir(path.dirname(to), { recursive: true });
        await fs.rename(from, to);
        moved++;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return moved;
}
