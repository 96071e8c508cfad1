import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { fieldErrors } from '../../domain/validation/auth';
import { OWN_MSG } from '../../domain/messages';

/**
 * One error shape for the whole API (design section 4): 400 `{ field: [messages] }`, 401, 403, 404 with a
 * message, 500 with a request id and nothing internal.
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

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    if (error instanceof ZodError) return reply.status(400).send(fieldErrors(error));
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type): safe to show.
      return reply.status(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: OWN_MSG.serverError, request_id: request.id });
  });
});
