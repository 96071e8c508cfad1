import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { audienceOf, present, type RecordKind, type Viewer } from '../visibility/present';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The kind of record the route answers (one, a list of them, or `{ data: [...] }`): its answer is cut to what
     * the caller may see by the table of server/visibility/fields.ts. Routes that answer JSON text they built
     * themselves (the big lists) apply the same table while building it.
     */
    shows?: RecordKind;
  }
}

/** The viewer behind a request, for routes that build their answers as text. */
export function viewerOf(app: FastifyInstance, request: FastifyRequest): Viewer {
  const audience = request.account ? audienceOf(request.account) : null;
  if (!audience) throw new Error('viewerOf needs an account with access');
  return { audience, signingSecret: app.config.fileSigningSecret };
}

/** Every answer of a route declaring `shows` passes the field table on its way out, whatever the handler built. */
export default fp(async function visibilityPlugin(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const kind = request.routeOptions.config.shows;
    if (!kind || reply.statusCode >= 300) return payload;
    const viewer = viewerOf(app, request);
    if (payload && typeof payload === 'object' && !Array.isArray(payload) && Array.isArray((payload as { data?: unknown }).data)) {
      return { ...payload, data: present(kind, (payload as { data: unknown[] }).data, viewer) };
    }
    return present(kind, payload, viewer);
  });
});
