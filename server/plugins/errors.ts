import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { fieldErrors } from '../../domain/validation/auth';
import { OWN_MSG } from '../../domain/messages';
import { isDatabaseUnavailable, isDiskFull } from '../db/unavailable';

/**
 * One error shape for the whole API (design section 4): 400 `{ field: [messages] }`, 401, 403, 404 with a
 * message, 503 (507 for a full disk) when the database cannot serve, 500 with a request id and nothing internal.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${statusCode}`);
  }
}

export const badRequest = (fields: Record<string, string[]>) => new HttpError(400, fields);
export const fieldError = (field: string, message: string) => badRequest({ [field]: [message] });
export const unauthorized = () => new HttpError(401, { message: OWN_MSG.unauthenticated });
export const forbidden = (message: string = OWN_MSG.forbidden) => new HttpError(403, { message });
export const notFound = (message: string = OWN_MSG.notFound) => new HttpError(404, { message });

/** Seconds a client is asked to wait before trying again when the database is not answering. */
export const RETRY_AFTER_SECONDS = 5;

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    if (error instanceof ZodError) return reply.status(400).send(fieldErrors(error));
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type): safe to show.
      return reply.status(status).send({ message: error.message });
    }
    // The database, not the request, failed: say so, and that trying again later is the remedy. The transaction was
    // rolled back (or its outcome is unknown, which a retry with the same Idempotency-Key settles).
    if (isDiskFull(error)) {
      request.log.error(`disk full: ${error.message}`);
      return reply.status(507).send({ message: OWN_MSG.diskFull, request_id: request.id });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn(`database unavailable: ${error.message}`);
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: OWN_MSG.databaseUnavailable, request_id: request.id });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: OWN_MSG.serverError, request_id: request.id });
  });
});
