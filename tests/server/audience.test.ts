import { audienceKey, encodeSubscriber, parseSubscriber, visibleMessage, type FeedAudience, type Subscriber } from '../../server/realtime/audience';
import type { FeedMessage } from '../../server/realtime/broadcaster';
import { verifyDocument } from '../../server/services/documents';
import { FEED_CHANNELS } from '../../domain/channels';

const admin: FeedAudience = { kind: 'administrator' };
const manager: FeedAudience = { kind: 'manager', restaurantIds: [1, 2], areaIds: [7] };
const restaurant: FeedAudience = { kind: 'restaurant', restaurantIds: [2] };

describe('what of the feed each audience hears', () => {
  const shifts: FeedMessage = {
    channel: 'shift_channel',
    event: 'store',
    items: [{ id: 10, restaurant_id: 2, cost_extra_bonus: 5, timesheet: { id: 3, cost_extra_bonus: 5 } }, { id: 11, restaurant_id: 3 }],
  };

  it('administrators hear every message whole', () => {
    expect(visibleMessage(shifts, admin)).toEqual(shifts);
  });

  it("managers hear their restaurants' items; nothing when none is theirs", () => {
    expect(visibleMessage(shifts, manager)!.items).toEqual([shifts.items[0]]);
    expect(visibleMessage({ ...shifts, items: [{ id: 11, restaurant_id: 3 }] }, manager)).toBeNull();
  });

  it('restaurant accounts hear only their channels and restaurants, without the cancellation fee even inside an embedded timesheet', () => {
    expect(visibleMessage(shifts, restaurant)).toEqual({ channel: 'shift_channel', event: 'store', items: [{ id: 10, restaurant_id: 2, timesheet: { id: 3 } }] });
    expect(visibleMessage({ channel: 'restaurant_channel', event: 'update', items: [{ id: 2, name: 'Mine', standard_pay: 12 }, { id: 3 }] }, restaurant)!.items).toEqual([
      { id: 2, name: 'Mine' },
    ]);
    for (const channel of ['driver_channel', 'news_feed_channel', 'alert_channel', 'user_channel', 'option_channel', 'area_channel', 'unheard_of']) {
      expect(visibleMessage({ channel, event: 'store', items: [{ id: 1, restaurant_id: 2 }] }, restaurant)).toBeNull();
    }
    // An item that names no restaurant cannot be shown to one.
    expect(visibleMessage({ channel: 'shift_channel', event: 'destroy', items: [{ id: 10 }] }, restaurant)).toBeNull();
  });

  it('managers hear drivers of their areas (or of none) with the planning fields only, and no other driver', () => {
    const driver = (id: number, areas: number[]) => ({
      id,
      first_name: 'Dee',
      phone: '07700 900000',
      bank_sort_code: '12-34-56',
      bank_account_number: '12345678',
      date_of_birth: '1990-01-01',
      identity_photo: 'abc.jpg',
      right_to_work_photos: [{ id: 1, src_name: 'visa.jpg', file_name: 'def.jpg' }],
      area_ids: areas.map((area_id) => ({ area_id })),
    });
    const message: FeedMessage = { channel: 'driver_channel', event: 'update', items: [driver(1, [7]), driver(2, [8]), driver(3, [])] };
    expect(visibleMessage(message, manager)!.items).toEqual([
      { id: 1, first_name: 'Dee', phone: '07700 900000', area_ids: [{ area_id: 7 }] },
      { id: 3, first_name: 'Dee', phone: '07700 900000', area_ids: [] },
    ]);
  });

  it("administrators hear identity documents as signed names, never the stored file's own name", () => {
    const message: FeedMessage = {
      channel: 'driver_channel',
      event: 'update',
      items: [{ id: 1, identity_photo: 'abc.jpg', right_to_work_photos: [{ id: 1, file_name: 'def.jpg' }], area_ids: [] }],
    };
    const [item] = visibleMessage(message, admin, 'signing-secret')!.items as { identity_photo: string; right_to_work_photos: { file_name: string }[] }[];
    expect(verifyDocument('signing-secret', item.identity_photo)).toBe('abc.jpg');
    expect(verifyDocument('signing-secret', item.right_to_work_photos[0].file_name)).toBe('def.jpg');
    expect(verifyDocument('another-secret', item.identity_photo)).toBeNull();
  });

  it("managers hear an area of theirs with their restaurants only, and posts and replies only within the message's reach", () => {
    const area: FeedMessage = { channel: 'area_channel', event: 'update', items: [{ id: 7, restaurants: [{ id: 1 }, { id: 5 }] }, { id: 8, restaurants: [] }] };
    expect(visibleMessage(area, manager)!.items).toEqual([{ id: 7, restaurants: [{ id: 1 }] }]);
    const post = (reach: FeedMessage['reach']): FeedMessage => ({ channel: 'news_feed_channel', event: 'update', items: [{ id: 4 }], reach });
    expect(visibleMessage(post({ everyone: true }), manager)).toEqual({ channel: 'news_feed_channel', event: 'update', items: [{ id: 4 }] });
    expect(visibleMessage(post({ areaIds: [7] }), manager)).not.toBeNull();
    expect(visibleMessage(post({ restaurantIds: [2] }), manager)).not.toBeNull();
    expect(visibleMessage(post({ areaIds: [8], restaurantIds: [9] }), manager)).toBeNull();
    expect(visibleMessage(post(undefined), manager)).toBeNull();
    expect(visibleMessage({ channel: 'user_channel', event: 'update', items: [{ id: 1, email: 'x@y' }] }, manager)).toBeNull();
    expect(visibleMessage({ channel: 'alert_channel', event: 'store', items: [{ id: 1, restaurant_id: null }, { id: 2, restaurant_id: 9 }] }, manager)!.items).toEqual([
      { id: 1, restaurant_id: null },
    ]);
  });
});

describe('the cancellation fee on the live feed', () => {
  it('never reaches a restaurant account, on any channel, however deep', () => {
    for (const channel of [...FEED_CHANNELS, 'unheard_of']) {
      // Shifts come with their timesheet embedded; the other channels' items are flat.
      const flat = { id: 1, restaurant_id: 2, cost_extra_bonus: -15 };
      const item = channel === 'shift_channel' ? { ...flat, timesheet: { id: 3, restaurant_id: 2, cost_extra_bonus: -15 } } : flat;
      const message: FeedMessage = { channel, event: 'update', items: [item], reach: { everyone: true, restaurantIds: [2] } };
      expect(JSON.stringify(visibleMessage(message, restaurant) ?? {})).not.toContain('cost_extra_bonus');
    }
  });
});

describe('the signed channel data', () => {
  const subscriber = (audience: FeedAudience): Subscriber => ({ audience, account: { kind: 'user', id: 3 }, tokenId: 9 });

  it('reads back what it wrote, and nothing else', () => {
    for (const audience of [admin, manager, restaurant]) {
      expect(parseSubscriber(encodeSubscriber(subscriber(audience)))).toEqual(subscriber(audience));
    }
    expect(parseSubscriber(undefined)).toBeNull();
    expect(parseSubscriber('{not json')).toBeNull();
    expect(parseSubscriber(JSON.stringify({ kind: 'all' }))).toBeNull();
    expect(parseSubscriber(JSON.stringify({ ...subscriber(admin), audience: { kind: 'driver' } }))).toBeNull();
    expect(parseSubscriber(JSON.stringify({ ...subscriber(admin), audience: { kind: 'manager', restaurantIds: ['1'], areaIds: [] } }))).toBeNull();
  });

  it('groups sockets by audience', () => {
    expect(audienceKey(manager)).not.toBe(audienceKey(restaurant));
    expect(audienceKey({ kind: 'restaurant', restaurantIds: [2] })).toBe(audienceKey(restaurant));
    expect(audienceKey({ kind: 'manager', restaurantIds: [1, 2], areaIds: [8] })).not.toBe(audienceKey(manager));
  });
});
