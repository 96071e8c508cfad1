import { describe, expect, it, vi } from 'vitest';
import { dispatchFeedMessage, onFeedError, subscribeToFeed } from '../../providers/realtime';
import { httpClient, toFormData } from '../../providers/httpClient';
import { dataProvider } from '../../providers/dataProvider';
import { mockApi, ADMIN, storeUser } from './harness';

describe('live feed dispatch', () => {
  it('routes a message to the subscribers of its channel', () => {
    const alerts = vi.fn();
    const news = vi.fn();
    const offA = subscribeToFeed('alert_channel', alerts);
    const offN = subscribeToFeed('news_feed_channel', news);
    dispatchFeedMessage({ success: true, data: { channel: 'alert_channel', event: 'store', items: [{ id: 1 }] } });
    expect(alerts).toHaveBeenCalledWith('store', [{ id: 1 }]);
    expect(news).not.toHaveBeenCalled();
    offA();
    dispatchFeedMessage({ success: true, data: { channel: 'alert_channel', event: 'store', items: [{ id: 2 }] } });
    expect(alerts).toHaveBeenCalledTimes(1);
    offN();
  });

  it('only logs malformed messages and unknown channels', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const cb = vi.fn();
    const off = subscribeToFeed('alert_channel', cb);
    dispatchFeedMessage('nonsense');
    dispatchFeedMessage({ success: true, data: { event: 'store' } });
    dispatchFeedMessage({ success: true, data: { channel: 'mystery_channel', event: 'store', items: [] } });
    expect(warn).toHaveBeenCalledTimes(3);
    expect(cb).not.toHaveBeenCalled();
    off();
  });

  it("turns an 'exception' event into the global error", () => {
    const onError = vi.fn();
    const off = onFeedError(onError);
    dispatchFeedMessage({ success: false, data: { channel: 'timesheet_channel', event: 'exception', items: [{ message: 'Broken' }] } });
    expect(onError).toHaveBeenCalledWith('Broken');
    off();
  });
});

describe('httpClient', () => {
  it('rejects a 400 with the first message of the first field and keeps the body', async () => {
    mockApi(() => ({ status: 400, body: { name: ['Area name is required.', 'x'], city_id: ['City is required'] } }));
    storeUser(ADMIN);
    await expect(httpClient('/api/area', { method: 'POST', body: {} })).rejects.toMatchObject({
      message: 'Area name is required.',
      status: 400,
      body: { city_id: ['City is required'] },
    });
  });

  it('rejects other errors with the body message', async () => {
    mockApi(() => ({ status: 403, body: { message: 'You do not have access to this' } }));
    await expect(httpClient('/api/user')).rejects.toMatchObject({ message: 'You do not have access to this', status: 403 });
  });

  it('drops null and "null" fields from multipart bodies', () => {
    const form = toFormData({ a: 'x', b: null, c: 'null', d: 0, e: [1, 2] });
    expect([...form.keys()]).toEqual(['a', 'd', 'e']);
    expect(form.get('e')).toBe('[1,2]');
  });
});

describe('dataProvider', () => {
  it('filters, sorts and pages a full list client-side, wrapped or not', async () => {
    const rows = [
      { id: 1, name: 'Leeds', city_id: 2 },
      { id: 2, name: 'Camden', city_id: 1 },
      { id: 3, name: 'Brixton', city_id: 1 },
    ];
    mockApi((call) => (call.path === '/api/area' ? { body: { data: rows } } : undefined));
    const res = await dataProvider.getList('area', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'name', order: 'ASC' },
      filter: { city_id: 1 },
    });
    expect(res).toEqual({ data: [{ id: 3, name: 'Brixton', city_id: 1 }], total: 2 });
  });
});
