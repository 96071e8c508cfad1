import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ROLE, type StaffRole } from '../../domain/roles';
import { grants, type Access } from '../../domain/access';
import { resolveToken, resolveTokenId, type TokenOwner } from '../auth/tokens';
import { managerRestaurantIds } from '../auth/scope';
import { forbidden, unauthorized } from './errors';

/** The account behind a request's bearer token. */
export type Account =
  | { kind: 'user'; id: number; tokenId: number; role: StaffRole | null; firstName: string }
  | { kind: 'restaurateur'; id: number; tokenId: number; restaurantIds: number[] }
  | { kind: 'driver'; id: number; tokenId: number };

/** Who may call a route: the rule table's vocabulary (domain/access.ts). */
export type { Access };

/** The access check of a route, which says whom it lets through (the route table reads it). */
export type AccessCheck = preHandlerHookHandler & { allowed: readonly Access[] };

declare module 'fastify' {
  interface FastifyRequest {
    account: Account | null;
  }
  interface FastifyInstance {
    /** preHandler that answers 401 without a live token and 403 when the account may not call the route. */
    access(...allowed: readonly Access[]): AccessCheck;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** Whether an account holds any of `allowed` (the rule table's entries); actions inside a route ask it too. */
export function allows(account: Account, allowed: readonly Access[]): boolean {
  return grants({ kind: account.kind, role: account.kind === 'user' ? account.role : undefined }, allowed);
}

/** Restaurant ids an account may see; null = every restaurant (administrators). */
export async function restaurantScope(app: FastifyInstance, account: Account): Promise<number[] | null> {
  if (account.kind === 'restaurateur') return account.restaurantIds;
  if (account.kind === 'user' && account.role === ROLE.administrator) return null;
  if (account.kind === 'user' && account.role === ROLE.manager) return managerRestaurantIds(app.db, account.id);
  return [];
}

/** The restaurants an account may touch (null = all), as a set for quick checks. */
export async function scopeOf(app: FastifyInstance, account: Account): Promise<Set<number> | null> {
  const ids = await restaurantScope(app, account);
  return ids === null ? null : new Set(ids);
}

/** Whether a restaurant is within a scope (null = every restaurant), as scopeOf or restaurantScope gives it. */
export function inScope(scope: ReadonlySet<number> | readonly number[] | null, restaurantId: number): boolean {
  if (scope === null) return true;
  return 'has' in scope ? scope.has(restaurantId) : scope.includes(restaurantId);
}

/** The staff user behind a request (creator_id / moderator_id), or null. */
export const staffId = (account: Account) => (account.kind === 'user' ? account.id : null);

async function authenticate(app: FastifyInstance, token: string | null): Promise<Account | null> {
  return token ? accountOf(app, await resolveToken(app.db, token)) : null;
}

/** The account behind a token known by its row, while the token is live. */
export async function authenticateTokenId(app: FastifyInstance, tokenId: number): Promise<Account | null> {
  return accountOf(app, await resolveTokenId(app.db, tokenId));
}

async function accountOf(app: FastifyInstance, owner: TokenOwner | null): Promise<Account | null> {
  if (!owner) return null;
  if (owner.kind === 'user') {
    const user = await app.db
      .selectFrom('users')
      .select(['id', 'role', 'first_name'])
      .where('id', '=', owner.accountId)
      .executeTakeFirst();
    if (!user) return null;
    return { kind: 'user', id: user.id, tokenId: owner.tokenId, role: user.role as StaffRole | null, firstName: user.first_name };
  }
  if (owner.kind === 'restaurateur') {
    const restaurants = await app.db
      .selectFrom('restaurants')
      .select('id')
      .where('restaurateur_id', '=', owner.accountId)
      .execute();
    return { kind: 'restaurateur', id: owner.accountId, tokenId: owner.tokenId, restaurantIds: restaurants.map((r) => r.id) };
  }
  const driver = await app.db.selectFrom('drivers').select('id').where('id', '=', owner.accountId).executeTakeFirst();
  return driver ? { kind: 'driver', id: driver.id, tokenId: owner.tokenId } : null;
}

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('account', null);
  app.decorate('access', (...allowed: readonly Access[]): AccessCheck => {
    const check: preHandlerHookHandler = async function checkAccess(request) {
      request.account ??= await authenticate(app, bearer(request));
      if (!request.account) throw unauthorized();
      if (!allows(request.account, allowed)) throw forbidden();
    };
    return Object.assign(check, { allowed });
  });
});

