import { describe, expect, it, vi } from 'vitest';
import type { BoardRestaurant } from '../../domain/shiftCalls';
import { SHIFT_ASSIGNED, SHIFT_STATUS } from '../../domain/statuses';
import { startBoardPreview } from '../../src/pages/schedule/preview/boardPreview';
import { resetFirstView } from '../../src/components/firstView/dismiss';
import { markFirstScreenShown, noteFirstScreen } from '../../src/layout/firstScreen';
import { ADMIN, MANAGER, RESTAURANT, WAITING, answerText, mockApi, storeUser, type ApiHandler } from './harness';
import { firstViewPageLoads, pageLoadsBy, setWindowSize } from './firstViewPage';
import { shiftRecord } from './shiftFixture';

/** The board's first view, drawn from the board's first calls before the app's code has arrived. */

const WEEK = '/schedule?interval=20&from=2030-04-01&to=2030-04-07';

const restaurant = (id: number, name: string, areaId: number, areaName: string): BoardRestaurant => ({
  id,
  name,
  area_id: areaId,
  area: { id: areaId, name: areaName, standardPayRate: 12, weekendPayRate: 13 },
  status: 10,
  standard_pay: null,
  weekend_pay: null,
  invoice_comission: null,
});

// Sent out of order: the board sorts by area, then name.
const RESTAURANTS = [
  restaurant(3, 'Wok Soho', 2, 'Westminster'),
  restaurant(1, 'Pizza Palace Camden', 1, 'Camden'),
  restaurant(2, 'Burger Barn Camden', 1, 'Camden'),
];

const SHIFTS = [
  shiftRecord({ id: 11, restaurant_id: 1, period_date: '2030-04-01', start_time: '17:00', finish_time: '22:00' }),
  shiftRecord({ id: 12, restaurant_id: 1, period_date: '2030-04-01', start_time: '09:30', finish_time: '14:00', driver_id: null, driver: null }),
  shiftRecord({ id: 13, restaurant_id: 3, period_date: '2030-04-03', start_time: '18:00', finish_time: '00:30', status: SHIFT_STATUS.new }),
  shiftRecord({
    id: 14, restaurant_id: 2, period_date: '2030-04-07', start_time: '11:00', finish_time: '15:00',
    driver_id: null, driver: null, status_assigned: SHIFT_ASSIGNED.stale, driver_canceled: { id: 5, full_name: 'Rita Rider' },
  } as never),
  // A draft stays off the board, and so off its first view.
  shiftRecord({ id: 15, restaurant_id: 2, period_date: '2030-04-02', status: SHIFT_STATUS.draft }),
];

const board: ApiHandler = (call) => {
  if (call.path.startsWith('/api/restaurant?')) return { body: RESTAURANTS };
  if (call.path.startsWith('/api/shift?')) return { body: SHIFTS };
  return { body: [] };
};

const preview = () => document.querySelector<HTMLElement>('.board-preview');
const names = () => [...document.querySelectorAll('.board-preview .preview-name')].map((el) => el.textContent);
const chipsIn = (restaurantId: number, date: string) => {
  const name = document.querySelector(`.board-preview [data-preview-restaurant="${restaurantId}"]`)!;
  const cells: Element[] = [];
  for (let el = name.nextElementSibling; el?.classList.contains('preview-cell'); el = el.nextElementSibling) cells.push(el);
  const cell = cells.find((c) => c.getAttribute('data-preview-date') === date)!;
  return [...cell.querySelectorAll('.preview-chip')].map((c) => c.textContent);
};

const { openAt } = firstViewPageLoads(1920, () => startBoardPreview());

describe("the board's first view on a page load of the board", () => {
  it("draws the rows in the board's order under their areas, each day's chips with 24-hour times and the board's words", async () => {
    storeUser(ADMIN);
    const calls = mockApi(board);
    await openAt(WEEK);

    expect(calls.map((c) => c.path)).toEqual(['/api/restaurant?status=10&view=board', '/api/shift?period_date_from=2030-04-01&period_date_to=2030-04-07&with_driver=1&compact=1']);
    expect([...document.querySelectorAll('.board-preview .preview-area')].map((el) => el.textContent)).toEqual(['Camden', 'Westminster']);
    expect(names()).toEqual(['Burger Barn Camden', 'Pizza Palace Camden', 'Wok Soho']);
    // The days as the board heads them, British style, Monday first.
    const days = [...document.querySelectorAll('.board-preview .preview-day')];
    expect(days.map((d) => d.textContent)).toEqual(['Mon 01/04 ▾', 'Tue 02/04 ▾', 'Wed 03/04 ▾', 'Thu 04/04 ▾', 'Fri 05/04 ▾', 'Sat 06/04 ▾', 'Sun 07/04 ▾']);
    expect(days[0].getAttribute('title')).toBe('01/04/2030');
    // Each chip in its restaurant's day, earliest first; open and rejected shifts worded as the board words them.
    expect(chipsIn(1, '2030-04-01')).toEqual(['09:30–14:00Open shift', '17:00–22:00Dan Driver']);
    expect(chipsIn(3, '2030-04-03')).toEqual(['18:00–00:30Dan Driver']);
    expect(chipsIn(2, '2030-04-07')).toEqual(['11:00–15:00Rejected by: Rita Rider']);
    expect(chipsIn(2, '2030-04-02')).toEqual([]);
    expect(document.querySelectorAll('.board-preview .preview-chip')).toHaveLength(4);
    // Nobody can act on it: hidden from assistive technology, and the page says it is still busy.
    expect(preview()!.getAttribute('aria-hidden')).toBe('true');
    expect(document.getElementById('root')!.getAttribute('aria-busy')).toBe('true');
    expect(preview()!.querySelector('button, a, input, [tabindex]')).toBeNull();
    // Never taken for the board.
    expect(document.querySelector('.shift-board, .chip, .row-name, [class*="fc-"]')).toBeNull();
  });

  it("draws a month once the weeks of the days in view are in, not waiting for the weeks beyond them", async () => {
    storeUser(ADMIN);
    const asked: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname + url.search);
      const [from, to] = [url.searchParams.get('period_date_from')!, url.searchParams.get('period_date_to')!];
      // The weeks from the 15th are never answered: a slow server's, or ones still being built.
      if (url.pathname === '/api/shift' && from >= '2030-04-15') return new Promise<Response>(() => {});
      const body = url.pathname === '/api/restaurant' ? RESTAURANTS : SHIFTS.filter((s) => s.period_date >= from && s.period_date <= to);
      return Promise.resolve(new Response(answerText(url, 200, body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
    await openAt('/schedule?interval=40&from=2030-04-01&to=2030-04-30');

    // Every week is asked for, for the board to take; a 1920 px window has room for the month's first 13 days.
    expect(asked.filter((p) => p.startsWith('/api/shift?'))).toHaveLength(5);
    const days = [...document.querySelectorAll('.board-preview .preview-day')].map((d) => d.getAttribute('data-preview-date'));
    expect([days[0], days.at(-1)]).toEqual(['2030-04-01', '2030-04-13']);
    expect(names()).toEqual(['Burger Barn Camden', 'Pizza Palace Camden', 'Wok Soho']);
    expect(chipsIn(1, '2030-04-01')).toEqual(['09:30–14:00Open shift', '17:00–22:00Dan Driver']);
    expect(chipsIn(2, '2030-04-07')).toEqual(['11:00–15:00Rejected by: Rita Rider']);
  });

  it("draws only the location in the address, as the board does", async () => {
    storeUser(MANAGER);
    mockApi(board);
    await openAt(`${WEEK}&location=a2`);
    expect(names()).toEqual(['Wok Soho']);
  });

  it('goes, and the page is no longer busy, the moment the board has drawn its first rows', async () => {
    storeUser(ADMIN);
    mockApi(board);
    noteFirstScreen('/schedule');
    await openAt(WEEK);
    expect(preview()).not.toBeNull();
    markFirstScreenShown();
    expect(preview()).toBeNull();
    expect(document.getElementById('root')!.hasAttribute('aria-busy')).toBe(false);
  });

  it('goes after a few seconds if the board has not drawn by then, and as soon as the user acts', async () => {
    storeUser(ADMIN);
    mockApi(board);
    vi.useFakeTimers();
    await openAt(WEEK);
    expect(preview()).not.toBeNull();
    vi.advanceTimersByTime(5000);
    expect(preview()).toBeNull();

    resetFirstView();
    await openAt(WEEK);
    expect(preview()).not.toBeNull();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(preview()).toBeNull();
  });

  it('is not drawn once the board has drawn first', async () => {
    storeUser(ADMIN);
    mockApi(board);
    window.history.replaceState({}, '', WEEK);
    const started = startBoardPreview();
    markFirstScreenShown();
    await started;
    expect(preview()).toBeNull();
  });
});

describe("no first view", () => {
  it('for an account that may not open the board: a restaurant account, an account without a role, nobody', async () => {
    const none = { calls: 0, drawn: false };
    expect(await pageLoadsBy([RESTAURANT, WAITING, null], board, () => openAt(WEEK))).toEqual([none, none, none]);
  });

  it("on a phone, where the board shows one restaurant at a time once picked (the calls still start)", async () => {
    setWindowSize(390);
    expect(await pageLoadsBy([ADMIN], board, () => openAt(WEEK))).toEqual([{ calls: 2, drawn: false }]);
  });

  it("on the restaurant account's board or any other screen", async () => {
    storeUser(ADMIN);
    const calls = mockApi(board);
    await openAt('/schedulerestaurant');
    await openAt('/timesheet');
    expect(calls).toEqual([]);
    expect(preview()).toBeNull();
  });

  it('when a call fails or cannot reach the server: nothing drawn, the page not left busy', async () => {
    storeUser(ADMIN);
    mockApi((call) => (call.path.startsWith('/api/shift?') ? { status: 500, body: { message: 'Server error' } } : board(call)));
    await openAt(WEEK);
    expect(preview()).toBeNull();
    expect(document.getElementById('root')!.hasAttribute('aria-busy')).toBe(false);

    resetFirstView();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await openAt(WEEK);
    expect(preview()).toBeNull();
  });
});
