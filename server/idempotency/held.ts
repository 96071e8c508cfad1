import type { FastifyRequest } from 'fastify';
import type { KeyOwner } from './answers';

/** A request's hold on an idempotency key: what it needs to keep its answer under the key. */
export interface HeldKey {
  key: string;
  owner: KeyOwner;
}

const keyed = new WeakSet<FastifyRequest>();
const held = new WeakMap<FastifyRequest, HeldKey>();

/**
 * Whether the request came with an idempotency key for a route that takes one: its handler then runs only once the
 * key is reserved for it. The history context tells the database so from the request's first statement
 * (server/history/context.ts: a context that changes midway costs a statement), and the guard of
 * migrations/0022_idempotency_keys.ts keeps the request's writes only while its key still names it.
 */
export function isKeyed(request: FastifyRequest): boolean {
  return keyed.has(request);
}

export function markKeyed(request: FastifyRequest): void {
  keyed.add(request);
}

/** The key the request holds, once reserved for it. */
export function heldKey(request: FastifyRequest): HeldKey | undefined {
  return held.get(request);
}

export function holdKey(request: FastifyRequest, key: HeldKey): void {
  held.set(request, key);
}
