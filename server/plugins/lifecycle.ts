import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OWN_MSG } from '../../domain/messages';
import { RETRY_AFTER_SECONDS } from './errors';

interface Lifecycle {
  /** SIGTERM was received: requests in flight finish, new ones are turned away. */
  readonly draining: boolean;
  /** Requests received and not yet answered. */
  readonly inFlight: number;
  /** Stops taking requests and waits for those in flight, at most `limitMs`; answers whether all finished. */
  drain(limitMs: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** A request sent just before the stop may still be unread in a socket's buffer: wait this long for it to show. */
const SETTLE_MS = 300;
const POLL_MS = 25;

/**
 * A clean stop (server/main.ts on SIGTERM). From the moment it starts:
 * - connections open before the stop keep being served: a request already sent on one (perhaps not read yet, while
 *   the embedded database held the event loop) is in flight, and finishes; its answer carries `Connection: close`,
 *   so the client opens a new connection for its next request;
 * - a request on a connection made after the stop is answered 503 with Retry-After at once (behind a load balancer,
 *   the client tries another instance; alone, it tries again once the server is back); readiness says so;
 * - when nothing has been in flight for a moment, the drain ends and the listener closes. Closing it earlier would
 *   reset the connections whose requests were sent but not yet read.
 */
export default fp(async function lifecyclePlugin(app: FastifyInstance) {
  let draining = false;
  let inFlight = 0;
  let lastStarted = 0;
  const open = new Set<Socket>();
  /** The connections open when the drain began: theirs are requests in flight, not new ones. */
  let before = new Set<Socket>();

  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });

  const settled = () => inFlight === 0 && Date.now() - lastStarted >= SETTLE_MS;

  app.decorate('lifecycle', {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    async drain(limitMs: number) {
      if (!draining) {
        draining = true;
        before = new Set(open);
        lastStarted = Date.now();
      }
      const deadline = Date.now() + limitMs;
      while (!settled()) {
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return true;
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    // Health answers throughout, so a load balancer sees the readiness change.
    if (draining && !before.has(request.raw.socket) && !request.url.startsWith('/api/health')) {
      return reply.status(503).header('connection', 'close').header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: OWN_MSG.shuttingDown });
    }
    inFlight += 1;
    lastStarted = Date.now();
    // 'close' comes once, whether the answer was sent or the client went away first.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });

  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
});
