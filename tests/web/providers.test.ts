import { describe, expect, it, vi } from 'vitest';
import { dispatchFeedMessage, onFeedError, subscribeToFeed } from '../../providers/realtime';
import { httpClient, toFormData } from '../../providers/httpClient';
import { dataProvider } from '../../providers/dataProvider';
import { startFirstCalls } from '../../src/firstCalls';
import { startTimesheetCalls } from '../../src/pages/timesheets/firstCalls';
import { startBoardPreview } from '../../src/pages/schedule/preview/boardPreview';
import { startBoardCalls } from '../../src/pages/schedule/api';
import { DRIVER_FIRST_PAGE, firstPageUrl } from '../../resources/listDefaults';
import { mockApi, ADMIN, MANAGER, RESTAURANT, storeUser } from './harness';

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
  it("asks the server for a page in react-admin's list convention and reads the total from Content-Range", async () => {
    const calls = mockApi((call) => (call.path.startsWith('/api/area?') ? { body: [{ id: 3, name: 'Brixton', city_id: 1 }] } : undefined));
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await realFetch(input, init);
      return new Response(await res.text(), { status: res.status, headers: { 'Content-Type': 'application/json', 'Content-Range': 'area 0-0/2' } });
    });
    const res = await dataProvider.getList('area', {
      pagination: { page: 2, perPage: 1 },
      sort: { field: 'name', order: 'ASC' },
      filter: { city_id: 1 },
    });
    expect(res).toEqual({ data: [{ id: 3, name: 'Brixton', city_id: 1 }], total: 2 });
    const url = new URL(calls[0].path, 'http://localhost');
    expect(url.pathname).toBe('/api/area');
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([1, 1]);
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ city_id: 1 });
  });

  it('asks for a whole unfiltered list with the plain call, wrapped or not', async () => {
    const rows = [{ id: 2, name: 'Camden' }, { id: 1, name: 'Leeds' }];
    const calls = mockApi((call) => (call.path === '/api/area' ? { body: { data: rows } } : undefined));
    const res = await dataProvider.getList('area', { pagination: { page: 1, perPage: 0 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(res).toEqual({ data: rows, total: 2 });
    expect(calls.map((c) => c.path)).toEqual(['/api/area']);
  });

  it("reads one record through its list's id filter, the API having no get-one route, and says 404 when it is not there", async () => {
    const bombay = { id: 7, name: 'Bombay Spice', status: 20 };
    const calls = mockApi((call) => (call.path.startsWith('/api/restaurant?') ? { body: [bombay] } : undefined));
    expect(await dataProvider.getOne('restaurants', { id: 7 })).toEqual({ data: bombay });
    const url = new URL(calls[0].path, 'http://localhost');
    expect(url.pathname).toBe('/api/restaurant');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ id: [7] });
    await expect(dataProvider.getOne('restaurants', { id: 8 })).rejects.toMatchObject({ status: 404 });
  });
});

describe('first calls of a page load', () => {
  it("start the list screen's first page and area names, which the screen's own calls then take, once", async () => {
    storeUser(ADMIN);
    const calls = mockApi((call) =>
      call.path.startsWith('/api/driver?')
        ? { body: [{ id: 1, full_name: 'Dan Baker' }], headers: { 'Content-Range': 'driver 0-0/1' } }
        : call.path.startsWith('/api/area?')
          ? { body: [{ id: 2, name: 'Camden' }] }
          : undefined,
    );
    void startFirstCalls({ pathname: '/drivers', search: '' });
    expect(calls.map((c) => c.path)).toEqual([firstPageUrl(DRIVER_FIRST_PAGE), '/api/area?restaurants=false']);

    // What the Drivers screen asks for when it has rendered: the same two calls, answered without going out again.
    const page = await dataProvider.getList('drivers', { pagination: { page: 1, perPage: 15 }, ...DRIVER_FIRST_PAGE });
    const areas = await dataProvider.getList('area', { pagination: { page: 1, perPage: 0 }, sort: { field: 'name', order: 'ASC' }, filter: {}, meta: { query: { restaurants: false } } });
    expect(page).toEqual({ data: [{ id: 1, full_name: 'Dan Baker' }], total: 1 });
    expect(areas.data).toEqual([{ id: 2, name: 'Camden' }]);
    expect(calls).toHaveLength(2);

    // The next identical call is the server's again.
    await dataProvider.getList('drivers', { pagination: { page: 1, perPage: 15 }, ...DRIVER_FIRST_PAGE });
    expect(calls).toHaveLength(3);
  });

  it('start nothing for a screen the account may not open, or one without them', () => {
    storeUser(MANAGER);
    const calls = mockApi();
    void startFirstCalls({ pathname: '/drivers', search: '' });
    storeUser(ADMIN);
    void startFirstCalls({ pathname: '/invoices', search: '' });
    expect(calls).toEqual([]);
  });

  it("start the board's shifts, week by week, and its restaurants for the range in its address, once", async () => {
    storeUser(MANAGER);
    const calls = mockApi((call) => (call.path.startsWith('/api/shift?') ? { body: [{ id: Number(new URL(call.path, 'http://x').searchParams.get('period_date_from')!.slice(8)) }] } : { body: [] }));
    // The board's first view starts them (it is loaded first); the app's entry then starts none of them again.
    window.history.pushState({}, '', '/schedule?interval=40&from=2030-04-01&to=2030-04-30');
    void startBoardPreview();
    void startFirstCalls({ pathname: '/schedule', search: '?interval=40&from=2030-04-01&to=2030-04-30' });
    window.history.pushState({}, '', '/');
    // The restaurants first: the rows wait for them and the first week alike, and theirs is the answer built each time.
    expect(calls.map((c) => c.path)).toEqual([
      '/api/restaurant?status=10&view=board',
      '/api/shift?period_date_from=2030-04-01&period_date_to=2030-04-07&with_driver=1&compact=1',
      '/api/shift?period_date_from=2030-04-08&period_date_to=2030-04-14&with_driver=1&compact=1',
      '/api/shift?period_date_from=2030-04-15&period_date_to=2030-04-21&with_driver=1&compact=1',
      '/api/shift?period_date_from=2030-04-22&period_date_to=2030-04-28&with_driver=1&compact=1',
      '/api/shift?period_date_from=2030-04-29&period_date_to=2030-04-30&with_driver=1&compact=1',
    ]);

    // The board's own first calls take those answers: nothing more goes out.
    const shifts = await dataProvider.getShifts({ range: { from: '2030-04-01', to: '2030-04-30' } });
    await dataProvider.getActiveRestaurants();
    expect(shifts.map((s) => s.id)).toEqual([1, 8, 15, 22, 29]);
    expect(calls).toHaveLength(6);
  });

  it("start the board's calls as its route opens inside the app, none the page load's first view has waiting, none for an account that may not open it", async () => {
    storeUser(ADMIN);
    const calls = mockApi((call) => (call.path.startsWith('/api/shift?') ? { body: [{ id: 7 }] } : { body: [] }));
    const week = '?interval=20&from=2030-05-06&to=2030-05-12';
    const weekCalls = ['/api/restaurant?status=10&view=board', '/api/shift?period_date_from=2030-05-06&period_date_to=2030-05-12&with_driver=1&compact=1'];
    // From the menu: the restaurants and the week's shifts leave as the route first renders.
    startBoardCalls(week, '2030-06-01');
    expect(calls.map((c) => c.path)).toEqual(weekCalls);
    // Rendered again before the board took them (StrictMode, or the page load's first view had started them): no second call.
    startBoardCalls(week, '2030-06-01');
    expect(calls).toHaveLength(2);
    // The board's own calls take the answers.
    expect((await dataProvider.getShifts({ range: { from: '2030-05-06', to: '2030-05-12' } })).map((s) => s.id)).toEqual([7]);
    await dataProvider.getActiveRestaurants();
    expect(calls).toHaveLength(2);
    // Opened again later: asked afresh, today's attendance too when today is in the week.
    startBoardCalls(week, '2030-05-08');
    expect(calls.map((c) => c.path).slice(2)).toEqual([...weekCalls, '/api/shift/attendance?date=2030-05-08']);

    storeUser(RESTAURANT);
    startBoardCalls(week, '2030-06-01');
    expect(calls).toHaveLength(5);
  });

  it("start the timesheets of the week once: the screen's route, drawn after the page load started them, asks for none again", async () => {
    storeUser(ADMIN);
    const calls = mockApi(() => ({ body: [] }));
    const week = '?interval=20&from=2030-05-06&to=2030-05-12';
    void startFirstCalls({ pathname: '/timesheet', search: week });
    startTimesheetCalls(week);
    expect(calls.map((c) => c.path)).toEqual(['/api/timesheet?period_date_from=2030-05-06&period_date_to=2030-05-12', '/api/option']);
    const rows = await dataProvider.listTimesheets({ from: '2030-05-06', to: '2030-05-12' });
    expect(rows).toEqual([]);
    expect(calls).toHaveLength(2);

    // Opened inside the app on another week: that week's timesheets go out as the address changes.
    startTimesheetCalls('?interval=20&from=2030-05-13&to=2030-05-19');
    expect(calls.map((c) => c.path).slice(2)).toEqual(['/api/timesheet?period_date_from=2030-05-13&period_date_to=2030-05-19']);
    await dataProvider.listTimesheets({ from: '2030-05-13', to: '2030-05-19' });
    expect(calls).toHaveLength(3);
  });
});

