import type { FastifySchema } from 'fastify';
import type { Access } from './plugins/auth';

/** A route as registered: what the access matrix and the bad-input sweep of the tests walk, and the API document. */
export interface RouteEntry {
  method: string;
  url: string;
  /** Whom its access check lets through; none = a public route (login, health, files). */
  access: readonly Access[] | null;
  /** What the route declares about its input and answers (server/routeSchema.ts), read when the document is built. */
  readonly schema?: FastifySchema;
}
