import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addDays, londonToday, ukDate } from '../../domain/dates';
import { CANCELLATION_TIMESHEET as C, TIMESHEET_PROGRESS as P, TIMESHEET_STATUS as S } from '../../domain/statuses';
import type { TimesheetView } from '../../domain/timesheets';
import { TIMESHEET_MSG, dateTooLateMessage } from '../../domain/validation/timesheet';
import { OWN_MSG } from '../../domain/messages';
import { subscribeToFeed, type FeedCallback } from '../../providers/realtime';
import { FEED_RESUMED } from '../../domain/channels';
import { REQUEST_INVOICE_TITLE } from '../../resources/invoices/RequestInvoiceDialog';
import { ADMIN, RESTAURANT, mockApi, renderAppAs, type ApiCall } from './harness';
import { CHOOSE_ONE_RESTAURANT } from '../../src/pages/timesheets/TimesheetToolbar';

vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const WEEK = { from: '2026-11-09', to: '2026-11-15' };
const PATH = (base = '/timesheet') => `${base}?interval=20&from=${WEEK.from}&to=${WEEK.to}`;

const base: TimesheetView = {
  id: 101, shift_id: 501, modified_shift_id: null, restaurant_id: 7, driver_id: 31, status: S.pending, status_progress: P.submitted,
  period_date: '2026-11-10', start_time: '17:00', finish_time: '22:00', driver_start_time: '16:55', driver_finish_time: '22:04', meal_time: 0, rest_time: 0,
  cost_per_hour: 12.5, cost_bonus: 0, const_fuel_bonus: 0, cost_extra_bonus: 0, cost_total: 62.5, comment: null, driver_comment: 'Busy night',
  fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0, map_start_lat: 51.539, map_start_lng: -0.1426, map_finish_lat: null, map_finish_lng: null,
  driver_name: 'Dan Driver', restaurant_name: 'Pizza Palace Camden', invoice_comission: 1.75,
  shift_period_date: '2026-11-10', shift_start_time: '17:00', shift_finish_time: '21:30', shift_cost_bonus: 0,
};
const sheet = (extra: Partial<TimesheetView>): TimesheetView => ({ ...base, ...extra });

const ROWS: TimesheetView[] = [
  base,
  sheet({ id: 102, shift_id: 502, period_date: '2026-11-11', start_time: '11:00', finish_time: '15:00', status: S.approved, status_progress: P.payApproved, cost_total: 60, cost_bonus: 10, driver_name: 'Ann Bell', driver_id: 32 }),
  sheet({ id: -503, shift_id: 503, period_date: '2026-11-12', status_progress: P.notSubmitted, driver_start_time: null, driver_finish_time: null, driver_comment: null }),
  sheet({ id: -504, shift_id: 504, period_date: '2026-11-12', start_time: '18:00', finish_time: '23:00', status_progress: P.notSubmitted, driver_id: null, driver_name: null }),
  sheet({ id: 105, shift_id: 505, period_date: '2026-11-13', status: S.pending, status_progress: P.timeApproved, restaurant_id: 8, restaurant_name: 'Bombay Spice', invoice_comission: 1.5, cost_per_hour: 13.5, cost_total: 67.5 }),
];

const AREAS = [
  {
    id: 11, name: 'Camden', city: { city_name: 'London' },
    restaurants: [
      { id: 7, name: 'Pizza Palace Camden', area_id: 11, status: 10, map_latitude: 51.54, map_longitude: -0.14 },
      { id: 8, name: 'Bombay Spice', area_id: 11, status: 10, map_latitude: 51.53, map_longitude: -0.13 },
    ],
  },
];
const OPTIONS = [
  { okey: 'fuel_bonus_0', ovalue: '1.5' },
  { okey: 'fuel_bonus_3', ovalue: '3' },
  { okey: 'fuel_bonus_6', ovalue: '5' },
];
const DRIVERS = [
  { id: 31, full_name: 'Dan Driver', area_ids: [{ area_id: 11 }], restaurant_ids: [{ restaurant_id: 7 }] },
  { id: 32, full_name: 'Ann Bell', area_ids: [], restaurant_ids: [] },
  { id: 33, full_name: 'Zed Far', area_ids: [{ area_id: 99 }], restaurant_ids: [] },
];

type Handler = Parameters<typeof mockApi>[0];

async function open(extra: Handler = () => undefined, rows = ROWS, user = ADMIN, path = PATH()) {
  const calls = renderAppAs(user, path, (call: ApiCall) => {
    const answer = extra!(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path.startsWith('/api/timesheet?')) return { body: rows };
    if (call.method === 'GET' && call.path === '/api/area') return { body: AREAS };
    if (call.method === 'GET' && call.path === '/api/option') return { body: OPTIONS };
    if (call.method === 'GET' && call.path.startsWith('/api/driver')) return { body: DRIVERS };
    return undefined;
  });
  await screen.findByRole('table', { name: 'Timesheets' });
  // A timesheet's row: not the heading's, nor the note's while the list loads.
  await waitFor(() => expect(screen.getAllByRole('row').some((r) => Number(r.getAttribute('aria-rowindex')) > 1)).toBe(true));
  return { calls, user: userEvent.setup() };
}

const rowOf = (text: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(text))!;
const total = (label: string) => document.querySelector(`[data-total="${label}"]`)?.textContent;
const form = () => screen.getByRole('region', { name: 'Timesheet' });
const button = (name: string) => within(form()).getByRole('button', { name });

/** The form's buttons are in these states. */
function expectButtons(states: Record<string, 'enabled' | 'disabled'>) {
  expect(Object.fromEntries(Object.keys(states).map((name) => [name, button(name).matches(':disabled') ? 'disabled' : 'enabled']))).toEqual(states);
}

/** The totals bar shows these figures. */
function expectTotals(figures: Record<string, string>) {
  expect(Object.fromEntries(Object.keys(figures).map((label) => [label, total(label)]))).toEqual(figures);
}

describe('Timesheets screen', () => {
  it('asks for the range and shows the saved timesheets (Active) with their totals', async () => {
    const { calls } = await open();
    expect(calls.some((c) => c.path === `/api/timesheet?period_date_from=${WEEK.from}&period_date_to=${WEEK.to}`)).toBe(true);
    // Active: saved only (3). Approved 1, Unapproved 2; 5 + 4 + 5 h; £62.50 + £60 + £67.50
    expectTotals({
      'Total Timesheets': '3',
      Approved: '1',
      Unapproved: '2',
      'Free Timesheets': '0',
      'Filled Hours': '14.0',
      'Est. Cost': '£190.00',
      // + 5 h × 1.75 + 4 h × 1.75 + 5 h × 1.50
      'Expected Sales': '£213.25',
    });
    expect(within(rowOf('Ann Bell')).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Wed 11/11', 'Ann Bell', 'Approved', 'Pay approved', 'Pizza Palace Camden', '11:00 – 15:00', '4.0', '£60.00bonus £10.00',
    ]);
  });

  it('asks for the next week as Next is pressed, while the screen still shows the week before, and only once', async () => {
    const next = '/api/timesheet?period_date_from=2026-11-16&period_date_to=2026-11-22';
    const rangeButton = () => screen.getByRole('button', { name: /^Date range/, hidden: true });
    let shownAtCall: string | null = null;
    const { calls, user } = await open((c) => {
      if (c.method === 'GET' && c.path === next) shownAtCall = rangeButton().textContent;
      return undefined;
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rangeButton()).toHaveTextContent('16/11/2026 – 22/11/2026'));
    await waitFor(() => expect(calls.filter((c) => c.path === next)).toHaveLength(1));
    expect(shownAtCall).toContain('09/11/2026 – 15/11/2026');
  });

  it('shows placeholders and open shifts under Pending and All, and filters by driver', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(total('Total Timesheets')).toBe('5');
    expect(total('Free Timesheets')).toBe('1');
    expect(within(rowOf('18:00 – 23:00')).getAllByRole('cell')[1]).toHaveTextContent('Open shift');
    expect(within(rowOf('18:00 – 23:00')).getAllByRole('cell')[3]).toHaveTextContent('Open shift');
    expect(screen.getByRole('button', { name: 'Approve All [3]' })).toBeInTheDocument();
    // Pending: the shifts without a timesheet only (spec 3, section 4.2), and Approve All counts those.
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Pending' }));
    expect(total('Total Timesheets')).toBe('2');
    expect(screen.getByRole('button', { name: 'Approve All [1]' })).toBeInTheDocument();
    // Ann's only timesheet is saved: not in the Pending list, nor in the panel.
    expect(screen.queryByRole('button', { name: /^Ann Bell/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Dan Driver/ })).toHaveTextContent('1 timesheet · 5.0 h · £62.50');
    await user.click(screen.getByRole('button', { name: /^Dan Driver/ }));
    expect(total('Total Timesheets')).toBe('1');
    await user.click(screen.getByRole('button', { name: /^Open shift/ }));
    expect(total('Total Timesheets')).toBe('1');
    await user.click(screen.getByRole('button', { name: /^All drivers/ }));
    expect(total('Total Timesheets')).toBe('2');
    // Active: the saved ones; Approve All counts the pending ones among them.
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Active' }));
    expect(screen.getByRole('button', { name: 'Approve All [2]' })).toBeInTheDocument();
  });

  it("approves with the form's edits, sending the figure it shows, and takes the answer", async () => {
    const approved = sheet({ status: S.approved, status_progress: P.payApproved, cost_bonus: 10, fuel_bonus_0: 2, const_fuel_bonus: 3, cost_total: 75.5 });
    const { calls, user } = await open((c) => (c.method === 'POST' && c.path === '/api/timesheet/approve' ? { body: { data: [approved], fail: [] } } : undefined));
    await user.click(rowOf('Busy') ?? rowOf('17:00 – 22:00'));
    expect(within(form()).getByRole('textbox', { name: "Driver's comment" })).toHaveValue('Busy night');
    await user.click(within(form()).getByRole('combobox', { name: 'Add Driver Bonus' }));
    await user.click(screen.getByRole('option', { name: '+£10' }));
    const fuel = within(form()).getByRole('spinbutton', { name: 'Fuel bonus count 0-3 miles' });
    await user.clear(fuel);
    await user.type(fuel, '2');
    // The cancellation fee is recorded beside the pay, not added to it (the server writes its record).
    const fee = within(form()).getByRole('spinbutton', { name: 'Cancellation fee/bonus' });
    await user.clear(fee);
    await user.type(fee, '-5');
    // £62.50 + £10 + 2 × £1.50
    expect(screen.getByTestId('earned')).toHaveTextContent('Earned £75.50');
    expect(within(form()).getByRole('textbox', { name: 'Fuel Bonus' })).toHaveValue('£3.00');
    await user.click(button('Approve'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/timesheet/approve')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/timesheet/approve')!.body as Record<string, unknown>[];
    expect(sent).toEqual([expect.objectContaining({ id: 101, shift_id: 501, driver_id: 31, status: 30, status_progress: 40, period_date: '2026-11-10', cost_bonus: 10, cost_extra_bonus: -5, fuel_bonus_0: 2, cost_total: '75.50', meal_time: 0, rest_time: 0 })]);
    expect(calls.some((c) => c.path === '/api/reporting/create')).toBe(false);
    await waitFor(() => expect(within(rowOf('17:00 – 22:00')).getAllByRole('cell')[2]).toHaveTextContent('Approved'));
    expect(total('Est. Cost')).toBe('£203.00');
  });

  it("says why an approval was refused, with the date and the server's first message", async () => {
    const fail = { data: { period_date: '2026-11-10' }, errors: { cost_total: ['Cost total should be £70.00 (rate × hours + bonus + fuel bonus): reload the timesheet and try again'] } };
    const { user } = await open((c) => (c.path === '/api/timesheet/approve' ? { body: { data: [], fail: [fail] } } : undefined));
    await user.click(rowOf('17:00 – 22:00'));
    await user.click(button('Approve'));
    expect(await screen.findByText("Can't approve timesheet 10/11/2026. Cost total should be £70.00 (rate × hours + bonus + fuel bonus): reload the timesheet and try again")).toBeInTheDocument();
  });

  it('says in the form who changed the timesheet meanwhile, keeps the edit, and Reload brings their change in; Approve then goes through', async () => {
    const loaded = sheet({ updated_at: '2026-11-18T10:00:00.000Z' });
    const changed = sheet({ comment: 'Left early', fuel_bonus_3: 1, updated_at: '2026-11-18T14:05:00.000Z' });
    const message = 'This timesheet was changed by Maria Manager at 14:05. Reload to see it.';
    const { calls, user } = await open((c) => {
      if (c.method === 'GET' && c.path === '/api/timesheet/101') return { body: changed };
      if (c.path !== '/api/timesheet/approve') return undefined;
      const [item] = c.body as { updated_at?: string; comment: string }[];
      if (item.updated_at === changed.updated_at) return { body: { data: [{ ...changed, comment: item.comment, status: S.approved, status_progress: P.payApproved }], fail: [] } };
      return { body: { data: [], fail: [{ data: item, errors: { updated_at: [message] }, conflict: { changed_by: 'Maria Manager', changed_at: changed.updated_at } }] } };
    }, [loaded, ...ROWS.slice(1)]);
    await user.click(rowOf('17:00 – 22:00'));
    const comment = () => within(form()).getByRole('textbox', { name: 'Shift comment' });
    await user.type(comment(), 'Covered by Dan');
    await user.click(button('Approve'));

    const notice = await within(form()).findByTestId('record-conflict');
    expect(notice).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1); // in the form only: no snackbar besides
    expect(comment()).toHaveValue('Covered by Dan');
    expect((calls.find((c) => c.path === '/api/timesheet/approve')!.body as object[])[0]).toMatchObject({ comment: 'Covered by Dan', updated_at: loaded.updated_at });

    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(comment()).toHaveValue('Left early'));
    expect(within(form()).getByRole('spinbutton', { name: 'Fuel bonus count 3-6 miles' })).toHaveValue(1);
    expect(within(form()).queryByTestId('record-conflict')).not.toBeInTheDocument();

    await user.click(button('Approve'));
    await waitFor(() => expect(within(rowOf('17:00 – 22:00')).getAllByRole('cell')[2]).toHaveTextContent('Approved'));
    expect((calls.filter((c) => c.path === '/api/timesheet/approve').at(-1)!.body as object[])[0]).toMatchObject({ comment: 'Left early', fuel_bonus_3: 1, updated_at: changed.updated_at });
  });

  /** The summary form says `message` and keeps Approve and Discard disabled. */
  const expectRefusal = (message: string) => {
    expect(within(form()).getByText(message)).toBeInTheDocument();
    expectButtons({ Approve: 'disabled', Discard: 'disabled' });
  };

  /** Opens the first timesheet in the form and empties one of its fields (then leaves it, so its message shows). */
  const emptied = async (role: 'combobox' | 'textbox', name: string) => {
    const { user } = await open();
    await user.click(rowOf('17:00 – 22:00'));
    const field = within(form()).getByRole(role, { name });
    await user.clear(field);
    await user.tab();
    return { user, field };
  };

  it('disables Approve and Discard while a time is missing or wrong, and snaps typed times to the list', async () => {
    const { user, field: start } = await emptied('combobox', 'Start Time');
    expectRefusal('Start Time is required.');
    // Focusing the empty field pre-fills the time of day; typing replaces it.
    await user.type(start, '7pm');
    expect(start).toHaveValue('7pm');
    await user.tab();
    expect(within(form()).getByText('Start Time invalid format.')).toBeInTheDocument();
    await user.clear(start);
    await user.type(start, '17:06');
    await user.tab();
    expect(start).toHaveValue('17:00');
    expect(button('Approve')).toBeEnabled();
    // A finish equal to the start is no shift, not 24 hours of pay.
    const finish = within(form()).getByRole('combobox', { name: 'Finish Time' });
    await user.clear(finish);
    await user.type(finish, '17:00');
    await user.tab();
    expectRefusal(OWN_MSG.finishEqualsStart);
  }, 60_000);

  it('caps the date at tomorrow and answers the date messages', async () => {
    const { user, field: date } = await emptied('textbox', 'Date');
    expect(within(form()).getByText('Date is required.')).toBeInTheDocument();
    expect(button('Approve')).toBeDisabled();
    expect(button('Approve')).toHaveAccessibleDescription(TIMESHEET_MSG.fieldsFirst);
    await user.type(date, '31/02/2026');
    expect(within(form()).getByText('Date invalid format.')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, ukDate(addDays(londonToday(), 2)));
    expect(within(form()).getByText(dateTooLateMessage(addDays(londonToday(), 1)))).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, ukDate(addDays(londonToday(), 1)));
    expect(button('Approve')).toBeEnabled();
  }, 60_000);

  it('locks an approved timesheet and offers Unapprove Time and Unapprove Pay', async () => {
    const { calls, user } = await open((c) => (c.method === 'PUT' ? { body: sheet({ id: 102, status: S.pending, status_progress: P.timeApproved }) } : undefined));
    await user.click(rowOf('Ann Bell'));
    expectButtons({ Approve: 'disabled', Discard: 'enabled', Remove: 'disabled', 'Unapprove Time': 'enabled' });
    // Each disabled button says why, in the words the server would refuse with.
    expect(button('Approve')).toHaveAccessibleDescription(TIMESHEET_MSG.alreadyApproved);
    expect(button('Remove')).toHaveAccessibleDescription(TIMESHEET_MSG.approvedRemoval);
    expect(button('Discard')).not.toHaveAccessibleDescription();
    expect(within(form()).getByRole('combobox', { name: 'Start Time' })).toBeDisabled();
    expect(within(form()).getByRole('textbox', { name: 'Shift comment' })).toBeDisabled();
    await user.click(button('Unapprove Pay'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/timesheet/102', body: expect.objectContaining({ status: 10, status_progress: 50, cost_total: '60.00' }) });
  });

  it('shows Unapprove Pay disabled once the pay is unapproved, and keeps open shifts from Approve, Discard and Remove', async () => {
    const { user } = await open();
    await user.click(rowOf('Bombay Spice'));
    expectButtons({ 'Unapprove Pay': 'disabled', 'Unapprove Time': 'enabled', Approve: 'enabled' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    await user.click(rowOf('18:00 – 23:00'));
    expectButtons({ Approve: 'disabled', Discard: 'disabled', Remove: 'disabled' });
  });

  it("shows a cancellation fee as the driver's pay without hours, counted in Est. Cost but not in sales, and only removable", async () => {
    const fee = sheet({
      id: 106, shift_id: null, period_date: '2026-11-14', start_time: '18:00', finish_time: '23:00', status: C.status, status_progress: C.progress,
      driver_start_time: null, driver_finish_time: null, driver_comment: null, cost_per_hour: 0, cost_extra_bonus: -15, cost_total: -15,
      comment: 'Driver ill', shift_period_date: null, shift_start_time: null, shift_finish_time: null, shift_cost_bonus: null,
    });
    const { user } = await open(undefined, [...ROWS, fee]);
    expectTotals({ 'Total Timesheets': '4', 'Filled Hours': '14.0', 'Est. Cost': '£175.00', 'Expected Sales': '£213.25' });
    expect(within(rowOf('18:00 – 23:00')).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      'Sat 14/11', 'Dan Driver', 'Cancelled', 'Shift cancelled', 'Pizza Palace Camden', '18:00 – 23:00', '0.0', '-£15.00cancellation fee',
    ]);
    await user.click(rowOf('18:00 – 23:00'));
    expectButtons({ Approve: 'disabled', Discard: 'disabled', Remove: 'enabled' });
    expect(within(form()).queryByRole('button', { name: 'Unapprove Time' })).toBeNull();
    expect(within(form()).getByRole('combobox', { name: 'Start Time' })).toBeDisabled();
    expect(within(form()).getByTestId('earned')).toHaveTextContent('Earned -£15.00 · the cancellation fee charged to the driver taken off this shift');
    expect(screen.getByRole('button', { name: 'Approve All [2]' })).toBeInTheDocument();
  });

  it('imports the scheduled details into the form', async () => {
    const { user } = await open();
    await user.click(rowOf('17:00 – 22:00'));
    const bar = within(form()).getByRole('region', { name: 'Scheduled Details' });
    expect(bar).toHaveTextContent('10/11/2026 17:00 – 21:30');
    expect(bar).toHaveTextContent('the form differs: finish');
    await user.click(within(bar).getByRole('button', { name: 'Import Scheduled Details' }));
    expect(within(form()).getByRole('combobox', { name: 'Finish Time' })).toHaveValue('21:30');
    // £12.50 × 4.5 h
    expect(screen.getByTestId('earned')).toHaveTextContent('Earned £56.25');
    expect(within(bar).getByRole('button', { name: 'Import Scheduled Details' })).toBeDisabled();
  });

  it("asks 'Remove timesheet {date}?' before removing", async () => {
    const { calls, user } = await open((c) => (c.method === 'DELETE' ? { status: 204 } : undefined));
    await user.click(rowOf('17:00 – 22:00'));
    await user.click(button('Remove'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Remove timesheet 10/11/2026?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/timesheet/101')).toBe(true));
  });

  it('Approve All asks about the not submitted ones, then for the count, and approves only the submitted ones on No', async () => {
    const { calls, user } = await open((c) => (c.path === '/api/timesheet/approve' ? { body: { data: [], fail: [] } } : undefined));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    // Pending with a driver: 101 (submitted), -503 (not submitted), 105 (time approved).
    await user.click(screen.getByRole('button', { name: 'Approve All [3]' }));
    const ask = await screen.findByRole('dialog', { name: 'Approve All' });
    expect(ask).toHaveTextContent('Also fill and approve (1) not submited timesheets?');
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve All' });
    await waitFor(() => expect(confirm).toHaveTextContent('Approve (1) timesheets?'));
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/timesheet/approve')).toBe(true));
    expect((calls.find((c) => c.path === '/api/timesheet/approve')!.body as { id?: number }[]).map((b) => b.id)).toEqual([101]);
  });

  it('Approve All with Yes sends every pending one with a driver, placeholders as new timesheets', async () => {
    const { calls, user } = await open((c) => (c.path === '/api/timesheet/approve' ? { body: { data: [], fail: [{ data: { period_date: '2026-11-12' }, errors: { start_time: ['Driver already has a timesheet at X on 12/11/2026 from 17:00 to 22:00'] } }] } } : undefined));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Approve All [3]' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve All' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Approve All' })).toHaveTextContent('Approve (3) timesheets?'));
    await user.click(within(screen.getByRole('dialog', { name: 'Approve All' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/timesheet/approve')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/timesheet/approve')!.body as { id?: number; shift_id: number }[];
    expect(sent.map((b) => [b.id, b.shift_id])).toEqual([[101, 501], [undefined, 503], [105, 505]]);
    expect(await screen.findByText("Can't approve timesheet 12/11/2026. Driver already has a timesheet at X on 12/11/2026 from 17:00 to 22:00")).toBeInTheDocument();
  });

  it('Add Time Sheet needs a restaurant before its drivers, and answers each message', async () => {
    const created = sheet({ id: 120, shift_id: null, period_date: '2026-11-09', driver_id: 32, driver_name: 'Ann Bell' });
    const { calls, user } = await open((c) => (c.method === 'POST' && c.path === '/api/timesheet' ? { status: 201, body: created } : undefined));
    await user.click(screen.getByRole('button', { name: 'New timesheet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Time Sheet' });
    const driver = within(dialog).getByRole('combobox', { name: /Driver/ });
    expect(driver).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /Restaurant/ }));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(await within(dialog).findByText('Area is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Restaurant/ }));
    await user.click(screen.getByRole('option', { name: 'Pizza Palace Camden' }));
    await user.click(driver);
    // Dan works at Pizza Palace Camden, Ann anywhere; Zed elsewhere.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Ann Bell', 'Dan Driver']);
    await user.keyboard('{Escape}');
    await user.tab();
    expect(await within(dialog).findByText('Driver is required')).toBeInTheDocument();
    await user.click(driver);
    await user.click(screen.getByRole('option', { name: 'Ann Bell' }));
    const date = within(dialog).getByRole('textbox', { name: /Date/ });
    await user.type(date, ukDate(addDays(londonToday(), 1)));
    await user.tab();
    expect(await within(dialog).findByText(dateTooLateMessage(londonToday()))).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '09/11/2026');
    await user.type(within(dialog).getByRole('combobox', { name: /Start Time/ }), '17:00');
    await user.tab();
    await user.type(within(dialog).getByRole('combobox', { name: /Finish Time/ }), '22:10');
    await user.tab();
    expect(within(dialog).getByRole('combobox', { name: /Finish Time/ })).toHaveValue('22:15');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/timesheet')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/timesheet')!.body).toEqual(expect.objectContaining({
      restaurant_id: 7, driver_id: 32, period_date: '2026-11-09', start_time: '17:00', finish_time: '22:15', status: 10, status_progress: 20,
    }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Time Sheet' })).not.toBeInTheDocument());
    expect(total('Total Timesheets')).toBe('4');
  });

  it('follows the live feed: a submission replaces its placeholder, a removal drops the row', async () => {
    const callbacks: FeedCallback[] = [];
    vi.mocked(subscribeToFeed).mockImplementation((channel, cb) => {
      if (channel === 'timesheet_channel') callbacks.push(cb);
      return () => {};
    });
    const { calls, user } = await open();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(total('Total Timesheets')).toBe('5');
    const submitted = sheet({ id: 130, shift_id: 503, period_date: '2026-11-12', status_progress: P.submitted });
    act(() => callbacks.forEach((cb) => cb('store', [submitted])));
    expect(total('Total Timesheets')).toBe('5');
    expect(document.querySelector('[data-timesheet-id="-503"]')).toBeNull();
    expect(document.querySelector('[data-timesheet-id="130"]')).toHaveTextContent('Submited');
    // Another restaurant's change, outside this manager's places, or another week: not shown.
    act(() => callbacks.forEach((cb) => cb('store', [sheet({ id: 131, shift_id: null, period_date: '2026-12-01' })])));
    expect(total('Total Timesheets')).toBe('5');
    act(() => callbacks.forEach((cb) => cb('destroy', [sheet({ id: 102, shift_id: null })])));
    expect(total('Total Timesheets')).toBe('4');
    // The feed resumed after a gap: the screen asks for the list again and shows what the server has.
    const lists = () => calls.filter((c) => c.path.startsWith('/api/timesheet?')).length;
    const before = lists();
    act(() => callbacks.forEach((cb) => cb(FEED_RESUMED, [])));
    await waitFor(() => expect(lists()).toBe(before + 1));
    await waitFor(() => expect(total('Total Timesheets')).toBe('5'));
  });

  it('enables Request invoice for a single restaurant (saying why until then; checking the period on opening) and exports payments for the range', async () => {
    const { calls, user } = await open((c) => (c.path.startsWith('/api/invoice-check') ? { body: { last_id: 41, invoices: [], comission: 1.75, booking_fee: 0 } } : undefined));
    const request = screen.getByRole('button', { name: 'Request invoice' });
    expect(request).toBeDisabled();
    // Why, for screen readers and in a tooltip on pointing at it.
    expect(request).toHaveAccessibleDescription(CHOOSE_ONE_RESTAURANT);
    await user.hover(request.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(CHOOSE_ONE_RESTAURANT);
    await user.unhover(request.parentElement!);
    await user.click(screen.getByRole('button', { name: 'XLS Payments' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/api/xls?period_date_from=${WEEK.from}&period_date_to=${WEEK.to}`)).toBe(true));
    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    await user.click(screen.getByRole('option', { name: 'Pizza Palace Camden' }));
    // The location filters the rows: Bombay Spice's is gone.
    expect(total('Total Timesheets')).toBe('2');
    expect(request).toBeEnabled();
    await user.click(request);
    await screen.findByRole('dialog', { name: REQUEST_INVOICE_TITLE });
    await waitFor(() => expect(calls.some((c) => c.path === `/api/invoice-check?period_date_from=${WEEK.from}&period_date_to=${WEEK.to}&restaurant_id=7`)).toBe(true));
  });

  it('gives a restaurant account the read-only screen', async () => {
    const { calls, user } = await open(() => undefined, ROWS, RESTAURANT, PATH('/timesheetrestaurant'));
    expect(screen.queryByRole('button', { name: /Approve All/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New timesheet' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/option')).toBe(false);
    await user.click(rowOf('17:00 – 22:00'));
    expect(within(form()).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(form()).queryByLabelText('Cancellation fee/bonus')).toBeNull();
    expect(within(form()).getByRole('combobox', { name: 'Start Time' })).toBeDisabled();
  });

  it('on a phone shows cards with Process opening the timesheet, and restaurant and driver selects', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    renderAppAs(RESTAURANT, PATH('/timesheetrestaurant'), (call) => (call.method === 'GET' && call.path.startsWith('/api/timesheet?') ? { body: ROWS } : undefined));
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('10/11/2026 · 17:00 – 22:00');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Driver' }));
    await user.click(screen.getByRole('option', { name: 'Ann Bell' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await user.click(within(screen.getByRole('article')).getByRole('button', { name: 'Process' }));
    const dialog = await screen.findByRole('dialog', { name: 'Process timesheet' });
    expect(within(dialog).getByRole('combobox', { name: 'Start Time' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Restaurant' })).toBeInTheDocument();
  });

  it("shows the timesheet's own changes under its History tab, and the form again under Details", async () => {
    const approval = {
      id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', at: '2026-11-11T09:00:00.000Z', account_kind: 'user', account_id: 2, role: 20, account_name: 'Mark Manager',
      name: 'approved', route: 'POST /api/timesheet/approve', undone_by: null, undoes: null, kinds: { timesheets: 1 }, ops: ['updated'],
      entries: [{ id: 9, table_name: 'timesheets', record_id: '101', op: 'updated', before: { status: 10 }, after: { status: 20 } }],
    };
    const { calls, user } = await open((c) => (c.method === 'GET' && c.path.startsWith('/api/history') ? { body: [approval], headers: { 'Content-Range': 'history 0-0/1' } } : undefined));
    await user.click(rowOf('17:00 – 22:00'));
    await user.click(within(form()).getByRole('tab', { name: 'History' }));
    expect(await within(form()).findByText(/Mark Manager · Approved/)).toBeInTheDocument();
    const asked = new URL(calls.find((c) => c.path.startsWith('/api/history?'))!.path, 'http://x');
    expect(JSON.parse(asked.searchParams.get('filter')!)).toEqual({ table: 'timesheets', record_id: '101' });
    expect(within(form()).queryByRole('combobox', { name: 'Finish Time' })).toBeNull();
    await user.click(within(form()).getByRole('tab', { name: 'Details' }));
    expect(within(form()).getByRole('combobox', { name: 'Finish Time' })).toHaveValue('22:00');
  });
});
