import { audienceKey, encodeAudience, parseAudience, visibleMessage, type Audience } from '../../server/realtime/audience';
import type { FeedMessage } from '../../server/realtime/broadcaster';

const manager: Audience = { kind: 'manager', restaurantIds: [1, 2] };
const restaurant: Audience = { kind: 'restaurant', restaurantIds: [2] };

describe('what of the feed each audience hears', () => {
  const shifts: FeedMessage = { channel: 'shift_channel', event: 'store', items: [{ id: 10, restaurant_id: 2, cost_extra_bonus: 5 }, { id: 11, restaurant_id: 3 }] };

  it('administrators hear every message whole', () => {
    expect(visibleMessage(shifts, { kind: 'all' })).toBe(shifts);
  });

  it("managers hear their restaurants' items and items tied to no restaurant; nothing when none is theirs", () => {
    expect(visibleMessage(shifts, manager)!.items).toEqual([{ id: 10, restaurant_id: 2, cost_extra_bonus: 5 }]);
    const post: FeedMessage = { channel: 'news_feed_channel', event: 'store', items: [{ id: 4, postTitle: 'Rota' }] };
    expect(visibleMessage(post, manager)).toEqual(post);
    expect(visibleMessage({ ...shifts, items: [{ id: 11, restaurant_id: 3 }] }, manager)).toBeNull();
  });

  it('restaurant accounts hear only their channels and restaurants, without the cancellation fee', () => {
    expect(visibleMessage(shifts, restaurant)).toEqual({ channel: 'shift_channel', event: 'store', items: [{ id: 10, restaurant_id: 2 }] });
    expect(visibleMessage({ channel: 'restaurant_channel', event: 'update', items: [{ id: 2 }, { id: 3 }] }, restaurant)!.items).toEqual([{ id: 2 }]);
    for (const channel of ['driver_channel', 'news_feed_channel', 'alert_channel', 'user_channel', 'option_channel']) {
      expect(visibleMessage({ channel, event: 'store', items: [{ id: 1, restaurant_id: 2 }] }, restaurant)).toBeNull();
    }
    // An item that names no restaurant cannot be shown to one.
    expect(visibleMessage({ channel: 'shift_channel', event: 'destroy', items: [{ id: 10 }] }, restaurant)).toBeNull();
  });
});

describe('the signed channel data', () => {
  it('reads back what it wrote, and nothing else', () => {
    for (const audience of [{ kind: 'all' } as Audience, manager, restaurant]) {
      expect(parseAudience(encodeAudience(audience))).toEqual(audience);
    }
    expect(parseAudience(undefined)).toBeNull();
    expect(parseAudience('{not json')).toBeNull();
    expect(parseAudience(JSON.stringify({ kind: 'driver' }))).toBeNull();
    expect(parseAudience(JSON.stringify({ kind: 'manager', restaurantIds: ['1'] }))).toBeNull();
  });

  it('groups sockets by audience', () => {
    expect(audienceKey(manager)).not.toBe(audienceKey(restaurant));
    expect(audienceKey({ kind: 'restaurant', restaurantIds: [2] })).toBe(audienceKey(restaurant));
  });
});
