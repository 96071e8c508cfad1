import type { FeedMessage } from './broadcaster';
import { CANCELLATION_TIMESHEET } from '../../domain/statuses';

/**
 * Who is listening on a socket, and so what of the feed reaches it. Every screen subscribes to the one
 * private channel of the spec, but an administrator, a manager and a restaurant account must not hear the
 * same things: a restaurant account never hears of drivers' details, other restaurants or the office's
 * news, and a manager only of the restaurants in their scope.
 *
 * The audience is fixed when /broadcasting/auth signs the subscription and travels signed in the
 * subscription's `channel_data` (as Pusher does for presence channels), so any instance behind a load
 * balancer can trust it without a database lookup. A changed scope applies from the next subscription
 * (the next page load or login).
 */
export type Audience =
  | { kind: 'all' }
  | { kind: 'manager'; restaurantIds: number[] }
  | { kind: 'restaurant'; restaurantIds: number[] };

type Item = Record<string, unknown>;

/**
 * The channels a restaurant account hears and what of each item it may see (null: not that item at all). Anything
 * else (drivers, areas, users, options, news, alerts) stays with the office.
 */
const RESTAURANT_VIEWS: Record<string, (item: Item) => Item | null> = {
  shift_channel: withoutOfficeFields,
  // A cancellation timesheet is the fee a driver is charged: its whole row is the office's, as in the lists.
  timesheet_channel: (item) => (item.status === CANCELLATION_TIMESHEET.status ? null : withoutOfficeFields(item)),
  invoice_channel: (item) => item,
  restaurant_channel: (item) => item,
};

/** Fields the office keeps to itself: the cancellation fee is 'hidden for restaurants' (spec 3, section 5). */
const OFFICE_FIELDS = ['cost_extra_bonus'];

function withoutOfficeFields(item: Item): Item {
  const copy = { ...item };
  for (const field of OFFICE_FIELDS) delete copy[field];
  return copy;
}

/** The restaurant an item belongs to: its restaurant_id, or its own id on the restaurant channel. */
function restaurantOf(channel: string, item: Item): number | null {
  const id = channel === 'restaurant_channel' ? item.id : item.restaurant_id;
  return typeof id === 'number' ? id : null;
}

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What of a message this audience receives; null when nothing of it is theirs. */
export function visibleMessage(message: FeedMessage, audience: Audience): FeedMessage | null {
  if (audience.kind === 'all') return message;
  const allowed = new Set(audience.restaurantIds);

  if (audience.kind === 'manager') {
    // Items tied to a restaurant outside the scope are dropped; items tied to none (posts, drivers) stay.
    const items = message.items.filter((item) => {
      const restaurant = isItem(item) ? restaurantOf(message.channel, item) : null;
      return restaurant === null || allowed.has(restaurant);
    });
    return items.length ? { ...message, items } : null;
  }

  const view = RESTAURANT_VIEWS[message.channel];
  if (!view) return null;
  const items = message.items.flatMap((item) => {
    if (!isItem(item)) return [];
    const restaurant = restaurantOf(message.channel, item);
    const seen = restaurant !== null && allowed.has(restaurant) ? view(item) : null;
    return seen ? [seen] : [];
  });
  return items.length ? { ...message, items } : null;
}

/** The signed `channel_data` of a subscription. */
export function encodeAudience(audience: Audience): string {
  return JSON.stringify(audience);
}

/** Reads back what encodeAudience wrote (after its signature was checked); null for anything else. */
export function parseAudience(channelData: unknown): Audience | null {
  if (typeof channelData !== 'string') return null;
  try {
    const value: unknown = JSON.parse(channelData);
    if (!isItem(value)) return null;
    if (value.kind === 'all') return { kind: 'all' };
    const ids = value.restaurantIds;
    if ((value.kind === 'manager' || value.kind === 'restaurant') && Array.isArray(ids) && ids.every(Number.isSafeInteger)) {
      return { kind: value.kind, restaurantIds: ids as number[] };
    }
    return null;
  } catch {
    return null;
  }
}

/** One key per distinct audience, so a message is filtered and encoded once for all sockets that share it. */
export function audienceKey(audience: Audience): string {
  return audience.kind === 'all' ? 'all' : `${audience.kind}:${audience.restaurantIds.join(',')}`;
}
