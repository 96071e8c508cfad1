import type { FastifyRequest } from 'fastify';
import type { KeyOwner } from './answers';

/** A request's hold on an idempotency key: what it needs to keep its answer under the key. */
export interface HeldKey {
  key: string;
  owner: KeyOwner;
}

const held = new WeakMap<FastifyRequest, HeldKey>();

/**
 * The key the request holds, if any. The history context tells the database so (server/history/context.ts), and the
 * guard of migrations/0022_idempotency_keys.ts then keeps the request's writes only while its key still names it.
 */
export function heldKey(request: FastifyRequest): HeldKey | undefined {
  return held.get(request);
}

export function holdKey(request: FastifyRequest, key: HeldKey): void {
  held.set(request, key);
}
