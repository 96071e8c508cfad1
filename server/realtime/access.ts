import type { FastifyInstance } from 'fastify';
import type { AccountKind } from '../../domain/roles';
import { managerAreaIds } from '../auth/scope';
import { authenticateTokenId, restaurantScope, type Account } from '../plugins/auth';
import { audienceOf } from '../visibility/present';
import { ACCESS_CHANNEL } from './broadcaster';
import { audienceKey, type FeedAudience, type Subscriber } from './audience';

/**
 * Who may hear what of the live feed, and what happens to open sockets when that changes. An open socket keeps the
 * audience it was signed for; so whatever ends or changes an account's access (logout, a new password, a removed
 * account, a manager's new areas, a restaurant moved to another account or area) announces it after its commit,
 * every instance re-checks the sockets it holds for those accounts, and closes them: for good when their login no
 * longer holds, or to reconnect at once when it holds with another audience (the client subscribes again, is signed
 * for its new audience, and its screens fetch their data anew).
 */

/** Ids in order, so one audience always reads the same (audienceKey compares them). */
const sorted = (ids: number[] | null) => [...(ids ?? [])].sort((a, b) => a - b);

/** The audience of an account's subscription; null for accounts that get no feed (drivers, staff without a role). */
export async function feedAudienceOf(app: FastifyInstance, account: Account): Promise<FeedAudience | null> {
  const audience = audienceOf(account);
  if (audience === 'administrator') return { kind: 'administrator' };
  if (audience === 'restaurant') return { kind: 'restaurant', restaurantIds: sorted(await restaurantScope(app, account)) };
  if (audience !== 'manager') return null;
  const [restaurantIds, areaIds] = await Promise.all([restaurantScope(app, account), managerAreaIds(app.db, account.id)]);
  return { kind: 'manager', restaurantIds: sorted(restaurantIds), areaIds: sorted(areaIds) };
}

export interface AccountRef {
  kind: AccountKind;
  id: number;
}

/**
 * Tells every instance that these accounts' access changed ('everyone': something many accounts' scopes depend on,
 * such as a restaurant's area or owner). Call after the change has committed.
 */
export async function announceAccessChange(app: FastifyInstance, who: AccountRef[] | 'everyone'): Promise<void> {
  await app.broadcaster.publish({ channel: ACCESS_CHANNEL, event: 'changed', items: who === 'everyone' ? ['everyone'] : who });
}

/**
 * Whether an access-change message concerns this subscriber. A change for 'everyone' (a restaurant's owner or area)
 * cannot change what an administrator hears, so their sockets are not re-checked for it.
 */
export function concerns(items: unknown[], subscriber: Subscriber): boolean {
  return items.some(
    (item) =>
      (item === 'everyone' && subscriber.audience.kind !== 'administrator') ||
      (typeof item === 'object' && item !== null && (item as AccountRef).kind === subscriber.account.kind && (item as AccountRef).id === subscriber.account.id),
  );
}

/** What a subscription is worth now: its login gone ('revoked'), its audience moved ('changed'), or as it was. */
export async function recheck(app: FastifyInstance, subscriber: Subscriber): Promise<'revoked' | 'changed' | 'same'> {
  const account = await authenticateTokenId(app, subscriber.tokenId);
  if (!account || account.kind !== subscriber.account.kind || account.id !== subscriber.account.id) return 'revoked';
  const audience = await feedAudienceOf(app, account);
  if (!audience) return 'revoked';
  return audienceKey(audience) === audienceKey(subscriber.audience) ? 'same' : 'changed';
}
