import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { actionName } from './actions';
import { isKeyed } from '../idempotency/held';

/**
 * The request a database call is made for. Kept in async-local storage from the moment the body is parsed, so the
 * database driver (./driver.ts) can tag every write of the request with it, whichever route or service makes it.
 */
const requests = new AsyncLocalStorage<FastifyRequest>();

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a request tells the history about itself beyond its route (an import's file name). */
const details = new WeakMap<FastifyRequest, { file?: string }>();

/** Kept with the request's action (migrations/0026_history_detail.ts); set before the request's first write. */
export function describeAction(request: FastifyRequest, detail: { file?: string }): void {
  details.set(request, detail);
}

/**
 * What the history triggers record of the current request (migrations/0008_history.ts): '' when there is none,
 * when it only reads, or when no account is logged in (a login, a registration).
 */
export function historyContext(): string {
  const request = requests.getStore();
  const account = request?.account;
  if (!request || !account || !WRITES.has(request.method)) return '';
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  return JSON.stringify({
    request_id: request.id,
    kind: account.kind,
    account_id: account.id,
    role: account.kind === 'user' ? account.role : null,
    name: actionName(route),
    route,
    // Its writes are kept only while its idempotency key names it (migrations/0022_idempotency_keys.ts).
    ...(isKeyed(request) ? { idempotent: true } : {}),
    ...(details.has(request) ? { detail: details.get(request) } : {}),
  });
}

export default fp(async function historyContextPlugin(app: FastifyInstance) {
  // preValidation, not onRequest: a body read from the socket would otherwise leave the storage behind.
  app.addHook('preValidation', (request, _reply, done) => requests.run(request, done));
  // The action's id is the request's: a screen offers Undo on it.
  app.addHook('onSend', async (request, reply) => {
    if (WRITES.has(request.method)) reply.header('x-request-id', request.id);
  });
});
