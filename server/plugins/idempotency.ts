import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_MSG, IDEMPOTENT_REPLAYED_HEADER, isIdempotencyKey } from '../../domain/idempotency';
import { fingerprintOf } from '../idempotency/fingerprint';
import { heldKey, holdKey, markKeyed } from '../idempotency/held';
import { takesIdempotencyKey } from '../idempotency/routes';
import { keepAnswer, letGo, reserve, type Answer, type Reservation } from '../idempotency/store';
import type { AccessCheck } from './auth';
import { badRequest } from './errors';
import { waitAtMost } from '../services/waitAtMost';

/**
 * `Idempotency-Key` on the API's creating calls (server/idempotency/routes.ts). The key is reserved for the request
 * after its access check and before its handler: the same key from the same account within a day then answers the
 * first request's answer (with `Idempotent-Replayed: true`) instead of writing again, whether the first answer reached
 * the client or was lost on the way. The same key for another method, address or body answers 422; while the first
 * request runs, 409 with Retry-After. Answers below 500 are kept (they are what the request does, every time); a
 * server error keeps none, and the key is let go so a retry runs, unless the request's writes committed (its history
 * action exists), in which case a retry is told it was saved and to reload: it never writes twice.
 *
 * The plugin's own statements cannot turn an answer into an error: keeping an answer that failed leaves the key held
 * until its lease ends, and a retry then finds the request's writes in the history. When the database cannot be
 * reached to reserve a key, the request fails as any other would (503), and writes nothing.
 */

/** Headers a replay gives back: what the body is, the action id a screen offers Undo on, the invoice issued. */
const KEPT_HEADERS = ['content-type', 'content-disposition', 'location', 'etag', 'x-request-id', 'x-invoice-id'];
/** Larger answers (a copy of thousands of shifts) are not kept: a retry is told the request was saved, if it was. */
const ANSWER_KEPT_MAX = 2 * 1024 * 1024;
/** How long keeping an answer may hold it back from its client, when the database is slow to take it. */
const SETTLE_WAIT_MS = 2000;

type Check = preHandlerHookHandler & Partial<AccessCheck>;

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

function bodyBytes(payload: unknown): Buffer | null {
  if (payload === null || payload === undefined) return Buffer.alloc(0);
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  return null; // a stream: not read twice
}

export default fp(async function idempotencyPlugin(app: FastifyInstance) {
  const holder = crypto.randomUUID();
  /** This instance's requests holding a key until their answer is settled. */
  const running = new Set<string>();
  /** Replayed answers, with the first request's action id to give back in X-Request-Id. */
  const replays = new WeakMap<FastifyRequest, string | null>();

  async function checkKey(request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    if (key === undefined) return;
    if (typeof key !== 'string' || !isIdempotencyKey(key)) throw badRequest({ [IDEMPOTENCY_HEADER]: [IDEMPOTENCY_MSG.invalidKey] });
    const account = request.account!;
    const owner = { kind: account.kind, id: account.id };
    const fingerprint = await fingerprintOf(request);
    // Marked running before the reservation is written, so a retry never sees it held and not running.
    running.add(request.id);
    let outcome: Reservation;
    try {
      outcome = await reserve(app.db, { owner, key, requestId: request.id, fingerprint, holder, running: (id) => running.has(id) });
    } catch (error) {
      running.delete(request.id);
      throw error;
    }
    if (outcome.kind !== 'reserved') running.delete(request.id);
    switch (outcome.kind) {
      case 'reserved':
        holdKey(request, { key, owner });
        return;
      case 'replay':
        replays.set(request, outcome.headers['x-request-id'] ?? null);
        reply.code(outcome.status).headers(outcome.headers).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(outcome.body);
        return reply;
      case 'otherRequest':
        reply.code(422).send({ message: IDEMPOTENCY_MSG.otherRequest });
        return reply;
      case 'inProgress':
        reply.code(409).header('retry-after', String(outcome.retryAfter)).send({ message: IDEMPOTENCY_MSG.inProgress });
        return reply;
      case 'savedAlready':
        reply.code(409).send({ message: IDEMPOTENCY_MSG.savedAlready });
        return reply;
    }
  }

  /** Keeps the answer of a request that held a key, or lets the key go when there is none to keep. */
  async function settle(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const held = heldKey(request)!;
    const body = bodyBytes(payload);
    if (reply.statusCode >= 500 || !body || body.length > ANSWER_KEPT_MAX) return letGo(app.db, request.id);
    const answer: Answer = { status: reply.statusCode, headers: keptHeaders(reply), body };
    return keepAnswer(app.db, { ...held, requestId: request.id }, answer);
  }

  app.addHook('onRoute', (route) => {
    const checks = [route.preHandler].flat().filter(Boolean) as Check[];
    const loggedIn = checks.some((check) => check.allowed);
    const takesKey = (method: string) => takesIdempotencyKey({ method, url: route.url, loggedIn });
    if (![route.method].flat().some(takesKey)) return;
    // After the access check: the key belongs to the account it resolved.
    const checkRouteKey: Check = async function checkRouteKey(request, reply) {
      if (takesKey(request.method)) return checkKey(request, reply);
    };
    route.preHandler = [...checks, checkRouteKey];
    // Before the access check's statements: see server/idempotency/held.ts.
    const markRouteKeyed: preValidationHookHandler = function markRouteKeyed(request, _reply, done) {
      if (takesKey(request.method) && request.headers[IDEMPOTENCY_HEADER.toLowerCase()] !== undefined) markKeyed(request);
      done();
    };
    route.preValidation = [...[route.preValidation].flat().filter((hook) => !!hook), markRouteKeyed] as preValidationHookHandler[];
  });

  // Registered after the history context's hook: a replay gives back the first request's action id, not its own.
  app.addHook('onSend', async (request, reply, payload) => {
    if (replays.has(request)) {
      const action = replays.get(request);
      if (action) reply.header('x-request-id', action);
      return payload;
    }
    if (!heldKey(request) || !running.has(request.id)) return payload;
    const settled = settle(request, reply, payload).catch((error: unknown) => {
      request.log.warn({ err: error }, 'idempotency key: the answer could not be kept');
    });
    await waitAtMost(settled, SETTLE_WAIT_MS);
    // Once settled, a retry here reads the key's row rather than waiting for this request.
    void settled.finally(() => running.delete(request.id));
    return payload;
  });
});
