import {
  ALERT_CHANNEL, AREA_CHANNEL, DRIVER_CHANNEL, INVOICE_CHANNEL, NEWS_CHANNEL, OPTION_CHANNEL, REPLY_CHANNEL,
  RESTAURANT_CHANNEL, SHIFT_CHANNEL, TIMESHEET_CHANNEL, USER_CHANNEL,
} from '../../domain/channels';
import type { AccountKind } from '../../domain/roles';
import { isRestaurantAlert } from '../../domain/alerts';
import { CANCELLATION_TIMESHEET } from '../../domain/statuses';
import { present, type RecordKind, type Viewer } from '../visibility/present';
import type { FeedMessage, Reach } from './broadcaster';

/**
 * Who is listening on a socket, and so what of the feed reaches it. Every screen subscribes to the one private
 * channel of the spec, but administrators, managers and restaurant accounts must not hear the same things: each
 * hears only the rows its API calls would answer (a manager the restaurants and drivers of their areas, a
 * restaurant account its own restaurants), and of those rows only the fields the API would show them
 * (server/visibility). A channel not listed here is heard by administrators alone.
 *
 * The audience is fixed when /broadcasting/auth signs the subscription and travels signed in the subscription's
 * `channel_data` (as Pusher does for presence channels), with the account and token it was signed for, so any
 * instance behind a load balancer can trust it without a database lookup, and can find the sockets of an account
 * whose access changed (server/realtime/sessions.ts).
 */
export type FeedAudience =
  | { kind: 'administrator' }
  | { kind: 'manager'; restaurantIds: number[]; areaIds: number[] }
  | { kind: 'restaurant'; restaurantIds: number[] };

/** What a subscription was signed for. */
export interface Subscriber {
  audience: FeedAudience;
  account: { kind: AccountKind; id: number };
  tokenId: number;
}

type Item = Record<string, unknown>;
type Scoped = Exclude<FeedAudience, { kind: 'administrator' }>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);
const intersects = (ids: readonly number[], wanted: readonly number[]) => ids.some((id) => wanted.includes(id));
const idsOf = (list: unknown, key: string) => (Array.isArray(list) ? list.map((e) => (isItem(e) ? e[key] : e)).filter((v): v is number => typeof v === 'number') : []);

/** An item tied to a restaurant by `field` is heard by the audiences whose restaurants include it. */
const byRestaurant = (field: string) => (item: Item, audience: Scoped) => typeof item[field] === 'number' && audience.restaurantIds.includes(item[field] as number);

/** A message's reach, set by the publisher where items alone cannot say who may hear them (posts, replies). */
function withinReach(reach: Reach | undefined, audience: Scoped): boolean {
  if (!reach || audience.kind !== 'manager') return false;
  return !!reach.everyone || intersects(reach.areaIds ?? [], audience.areaIds) || intersects(reach.restaurantIds ?? [], audience.restaurantIds);
}

interface ChannelRule {
  /** The record kind of the items, whose field rule applies; none for items that only name what changed. */
  kind?: RecordKind;
  /** Which items each scoped audience hears; an audience missing here hears nothing of the channel. */
  manager?: (item: Item, audience: Scoped, message: FeedMessage) => boolean;
  restaurant?: (item: Item, audience: Scoped, message: FeedMessage) => boolean;
  /** What of a heard item a manager keeps beyond the field rule (an area's restaurants outside their scope go). */
  narrow?: (item: Item, audience: Scoped) => Item;
}

const CHANNELS: Record<string, ChannelRule> = {
  [SHIFT_CHANNEL]: { kind: 'shift', manager: byRestaurant('restaurant_id'), restaurant: byRestaurant('restaurant_id') },
  // A cancellation timesheet is the fee a driver is charged: its whole row is the office's, as in the lists.
  [TIMESHEET_CHANNEL]: {
    kind: 'timesheet',
    manager: byRestaurant('restaurant_id'),
    restaurant: (item, audience) => item.status !== CANCELLATION_TIMESHEET.status && byRestaurant('restaurant_id')(item, audience),
  },
  [INVOICE_CHANNEL]: { kind: 'reference', manager: byRestaurant('restaurant_id'), restaurant: byRestaurant('restaurant_id') },
  [RESTAURANT_CHANNEL]: { kind: 'restaurant', manager: byRestaurant('id'), restaurant: byRestaurant('id') },
  // Alerts tied to no restaurant are for all the office; a restaurant account hears only its restaurants' late
  // drivers and no-shows, as GET /api/alert answers it.
  [ALERT_CHANNEL]: {
    manager: (item, audience) => item.restaurant_id === null || byRestaurant('restaurant_id')(item, audience),
    restaurant: (item, audience) => isRestaurantAlert(item, audience.restaurantIds),
  },
  // A manager's drivers: those of their areas, and those with no area (anyone may staff them), as GET /api/driver.
  [DRIVER_CHANNEL]: {
    kind: 'driver',
    manager: (item, audience) => {
      const areas = idsOf(item.area_ids, 'area_id');
      return audience.kind === 'manager' && (!areas.length || intersects(areas, audience.areaIds));
    },
  },
  [AREA_CHANNEL]: {
    kind: 'area',
    manager: (item, audience) => audience.kind === 'manager' && audience.areaIds.includes(item.id as number),
    narrow: (item, audience) => ({
      ...item,
      restaurants: Array.isArray(item.restaurants) ? item.restaurants.filter((r) => isItem(r) && audience.restaurantIds.includes(r.id as number)) : [],
    }),
  },
  [NEWS_CHANNEL]: { manager: (_item, audience, message) => withinReach(message.reach, audience) },
  [REPLY_CHANNEL]: { manager: (_item, audience, message) => withinReach(message.reach, audience) },
  [OPTION_CHANNEL]: { manager: () => true },
  [USER_CHANNEL]: {},
};

const viewerAudience = (audience: FeedAudience): Viewer['audience'] => audience.kind;

/**
 * What of a message this audience receives; null when nothing of it is theirs. The message's reach (a publisher's
 * routing hint) never leaves the server.
 */
export function visibleMessage(message: FeedMessage, audience: FeedAudience, signingSecret?: string): FeedMessage | null {
  const shared: FeedMessage = { channel: message.channel, event: message.event, items: message.items };
  const rule = CHANNELS[message.channel];
  const viewer: Viewer = { audience: viewerAudience(audience), signingSecret };
  if (audience.kind === 'administrator') {
    return rule?.kind ? { ...shared, items: present(rule.kind, message.items, viewer) as unknown[] } : shared;
  }
  const within = rule?.[audience.kind];
  if (!within) return null;
  const items = message.items.flatMap((item) => {
    if (!isItem(item) || !within(item, audience, message)) return [];
    const narrowed = rule.narrow ? rule.narrow(item, audience) : item;
    return [rule.kind ? present(rule.kind, narrowed, viewer) : narrowed];
  });
  return items.length ? { ...shared, items } : null;
}

/** The signed `channel_data` of a subscription. */
export function encodeSubscriber(subscriber: Subscriber): string {
  return JSON.stringify(subscriber);
}

const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every(Number.isSafeInteger);

/** Reads back what encodeSubscriber wrote (after its signature was checked); null for anything else. */
export function parseSubscriber(channelData: unknown): Subscriber | null {
  if (typeof channelData !== 'string') return null;
  try {
    const value: unknown = JSON.parse(channelData);
    if (!isItem(value) || !isItem(value.audience) || !isItem(value.account) || !Number.isSafeInteger(value.tokenId)) return null;
    const { kind, restaurantIds, areaIds } = value.audience;
    const account = value.account;
    if (!['user', 'restaurateur', 'driver'].includes(account.kind as string) || !Number.isSafeInteger(account.id)) return null;
    let audience: FeedAudience;
    if (kind === 'administrator') audience = { kind };
    else if (kind === 'manager' && isIdList(restaurantIds) && isIdList(areaIds)) audience = { kind, restaurantIds, areaIds };
    else if (kind === 'restaurant' && isIdList(restaurantIds)) audience = { kind, restaurantIds };
    else return null;
    return { audience, account: { kind: account.kind as AccountKind, id: account.id as number }, tokenId: value.tokenId as number };
  } catch {
    return null;
  }
}

/** One key per distinct audience, so a message is filtered and encoded once for all sockets that share it. */
export function audienceKey(audience: FeedAudience): string {
  if (audience.kind === 'administrator') return 'administrator';
  const areas = audience.kind === 'manager' ? `;${audience.areaIds.join(',')}` : '';
  return `${audience.kind}:${audience.restaurantIds.join(',')}${areas}`;
}
