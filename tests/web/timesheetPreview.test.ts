import { describe, expect, it, vi } from 'vitest';
import { TIMESHEET_PROGRESS as P, TIMESHEET_STATUS as S } from '../../domain/statuses';
import type { TimesheetView } from '../../domain/timesheets';
import { dismissFirstView, resetFirstView } from '../../src/components/firstView/dismiss';
import { forgetStartedTimesheetCalls } from '../../src/pages/timesheets/firstCalls';
import { startTimesheetPreview, toolbarHeight } from '../../src/pages/timesheets/preview/timesheetPreview';
import { firstViewPageLoads, pageLoadsBy, setWindowSize } from './firstViewPage';
import { ADMIN, MANAGER, RESTAURANT, WAITING, mockApi, storeUser, type ApiHandler } from './harness';

/** The Timesheets week's first view, drawn from the screen's first call before the app's code has arrived. */

const WEEK = '/timesheet?interval=20&from=2030-04-01&to=2030-04-07';

const base: TimesheetView = {
  id: 101, shift_id: 501, modified_shift_id: null, restaurant_id: 7, driver_id: 31, status: S.pending, status_progress: P.submitted,
  period_date: '2030-04-02', start_time: '17:00', finish_time: '22:00', driver_start_time: null, driver_finish_time: null, meal_time: 0, rest_time: 0,
  cost_per_hour: 12.5, cost_bonus: 0, const_fuel_bonus: 0, cost_extra_bonus: 0, cost_total: 62.5, comment: null, driver_comment: null,
  fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0, map_start_lat: null, map_start_lng: null, map_finish_lat: null, map_finish_lng: null,
  driver_name: 'Dan Driver', restaurant_name: 'Pizza Palace Camden', invoice_comission: 1.75,
  shift_period_date: '2030-04-02', shift_start_time: '17:00', shift_finish_time: '22:00', shift_cost_bonus: 0,
};
const sheet = (extra: Partial<TimesheetView>): TimesheetView => ({ ...base, ...extra });

// Sent out of order: the table sorts by day, start, restaurant and driver.
const ROWS = [
  base,
  sheet({ id: 102, period_date: '2030-04-01', start_time: '11:00', finish_time: '15:00', status: S.approved, status_progress: P.payApproved, cost_total: 1060, cost_bonus: 10, const_fuel_bonus: 21, driver_name: 'Ann Bell', driver_id: 32 }),
  sheet({ id: 103, period_date: '2030-04-01', start_time: '18:00', finish_time: '23:00', status_progress: P.notSubmitted, driver_id: null, driver_name: null }),
  // A placeholder (a shift without its timesheet yet): not among the Active filter's rows, the screen's first filter.
  sheet({ id: -504, period_date: '2030-04-01', start_time: '09:00', status: S.pending, status_progress: P.notSubmitted }),
];

const timesheets: ApiHandler = (call) => ({ body: call.path.startsWith('/api/timesheet?') ? ROWS : [] });

const preview = () => document.querySelector<HTMLElement>('.timesheet-preview');
const rows = () =>
  [...document.querySelectorAll('.timesheet-preview [data-preview-timesheet]')].map((row) => [...row.children].map((cell) => (cell as HTMLElement).textContent));

const { openAt } = firstViewPageLoads(1366, () => {
  forgetStartedTimesheetCalls();
  return startTimesheetPreview();
});

describe("the Timesheets' first view on a page load of /timesheet", () => {
  it("draws the Active rows in the table's order, worded as the table words them, British style", async () => {
    storeUser(ADMIN);
    const calls = mockApi(timesheets);
    await openAt(WEEK);

    expect(calls.map((c) => c.path)).toEqual(['/api/timesheet?period_date_from=2030-04-01&period_date_to=2030-04-07', '/api/option']);
    expect([...document.querySelectorAll('.timesheet-preview .preview-head > *')].map((h) => h.textContent)).toEqual([
      'Date', 'Driver', 'Status', 'Progress', 'Location', 'Time', 'Hours', 'Earned',
    ]);
    expect(rows()).toEqual([
      ['Mon 01/04', 'Ann Bell', 'Approved', 'Pay approved', 'Pizza Palace Camden', '11:00 – 15:00', '4.0', '£1,060.00bonus £10.00 · fuel £21.00'],
      ['Mon 01/04', 'Open shift', 'Pending', 'Open shift', 'Pizza Palace Camden', '18:00 – 23:00', '5.0', '£62.50'],
      ['Tue 02/04', 'Dan Driver', 'Pending', 'Submited', 'Pizza Palace Camden', '17:00 – 22:00', '5.0', '£62.50'],
    ]);
    // Nobody can act on it: hidden from assistive technology, and the page says it is still busy.
    expect(preview()!.getAttribute('aria-hidden')).toBe('true');
    expect(document.getElementById('root')!.getAttribute('aria-busy')).toBe('true');
    expect(preview()!.querySelector('button, a, input, [tabindex], [role]')).toBeNull();
  });

  it('starts where the table will be: below the toolbar, wrapped onto as many lines as the window needs', async () => {
    storeUser(MANAGER);
    mockApi(timesheets);
    await openAt(WEEK);
    // Measured on the screen at 1366 px with the menu open: the table's top at 163 px.
    expect(preview()!.style.top).toBe('163px');
    expect(preview()!.style.left).toBe('236px');
    // One line on a wide screen, three on a narrow one (as measured: 52 and 139 px).
    expect(toolbarHeight(1668, 158)).toBe(52);
    expect(toolbarHeight(748, 158)).toBe(139);
  });

  it('goes, and the page is no longer busy, when the screen draws its rows, after a few seconds, or as soon as the user acts', async () => {
    storeUser(ADMIN);
    mockApi(timesheets);
    vi.useFakeTimers();
    await openAt(WEEK);
    expect(preview()).not.toBeNull();
    dismissFirstView();
    expect(preview()).toBeNull();
    expect(document.getElementById('root')!.hasAttribute('aria-busy')).toBe(false);

    resetFirstView();
    await openAt(WEEK);
    vi.advanceTimersByTime(5000);
    expect(preview()).toBeNull();

    resetFirstView();
    await openAt(WEEK);
    window.dispatchEvent(new MouseEvent('pointerdown'));
    expect(preview()).toBeNull();
  });
});

describe('no first view of the timesheets', () => {
  it('for an account that may not open the screen: a restaurant account, an account without a role, nobody', async () => {
    const none = { calls: 0, drawn: false };
    expect(await pageLoadsBy([RESTAURANT, WAITING, null], timesheets, () => openAt(WEEK))).toEqual([none, none, none]);
  });

  it("where the screen has no driver panel (a narrow window) or is a phone's: the calls still start", async () => {
    setWindowSize(800);
    expect(await pageLoadsBy([ADMIN], timesheets, () => openAt(WEEK))).toEqual([{ calls: 2, drawn: false }]);
  });

  it('when the call fails, or the week has no Active rows: nothing drawn, the page not left busy', async () => {
    storeUser(ADMIN);
    mockApi((call) => (call.path.startsWith('/api/timesheet?') ? { status: 500, body: { message: 'Server error' } } : { body: [] }));
    await openAt(WEEK);
    expect(preview()).toBeNull();
    expect(document.getElementById('root')!.hasAttribute('aria-busy')).toBe(false);

    resetFirstView();
    mockApi((call) => ({ body: call.path.startsWith('/api/timesheet?') ? [ROWS[3]] : [] }));
    await openAt(WEEK);
    expect(preview()).toBeNull();
  });
});
