import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { AVAILABILITY_MSG } from '../../domain/availability';
import { SHIFT_MSG } from '../../domain/validation/shiftMessages';
import { CANCEL_MSG } from '../../domain/validation/cancellation';
import { OWN_MSG } from '../../domain/messages';
import { addDays, londonToday, ukDate } from '../../domain/dates';
import { dayInWords } from '../../src/components/calendarMonth';
import { INTERVAL } from '../../domain/ranges';
import { CopyShiftsDialog } from '../../src/pages/schedule/CopyShiftsDialog';
import { draftTooEarlyMessage, type ShiftRecord } from '../../domain/shifts';
import { ShiftDialog } from '../../src/pages/schedule/ShiftDialog';
import { FreeShiftDialog } from '../../src/pages/schedule/FreeShiftDialog';
import { CancelShiftDialog } from '../../src/pages/schedule/CancelShiftDialog';
import { shiftActions } from '../../src/pages/schedule/ShiftMenu';
import { chipHtml } from '../../src/pages/schedule/chip';
import { driverDays } from '../../src/pages/schedule/DayMenu';
import { ShiftStore } from '../../src/pages/schedule/shiftStore';
import type { BoardDriver, BoardRestaurant } from '../../domain/shiftCalls';
import { ADMIN, mockApi, renderInAdmin, storeUser, type ApiCall } from './harness';
import { shiftRecord as record } from './shiftFixture';
import { dataProvider } from '../../providers/dataProvider';

const camden: BoardRestaurant = {
  id: 7,
  name: 'Pizza Palace Camden',
  area_id: 1,
  area: { id: 1, name: 'Camden', standardPayRate: 12, weekendPayRate: 13.5 },
  status: 10,
  standard_pay: 12.5,
  weekend_pay: 14,
  invoice_comission: 1.75,
};

const weekdays = (start: string, stop: string) => [0, 1, 2, 3, 4, 5].map((week_day) => ({ week_day, holiday: 20, start_at: start, stop_at: stop }));
const driver = (id: number, name: string, over: Partial<BoardDriver> = {}): BoardDriver => ({
  id,
  first_name: name.split(' ')[0],
  last_name: name.split(' ')[1] ?? '',
  full_name: name,
  phone: '07700 900123',
  photo_src: null,
  status: 10,
  area_ids: [{ area_id: 1 }],
  restaurant_ids: [],
  default_working_time: [...weekdays('10:00', '23:00'), { week_day: 6, holiday: 10, start_at: '00:00', stop_at: '23:45' }],
  actual_override_working_time: [],
  ...over,
});
const DRIVERS = [
  driver(12, 'Dan Driver', { actual_override_working_time: [{ period_date: '2026-11-25', holiday: 10, start_at: '00:00', stop_at: '23:45' }] }),
  driver(13, 'Ava Begum'),
  driver(14, 'Hal Hackney', { area_ids: [{ area_id: 2 }] }),
  driver(15, 'Tia Tied', { restaurant_ids: [{ restaurant_id: 99 }] }),
];
const FUEL = { band0: 1.5, band3: 3, band6: 5 };


function renderShiftDialog(props: Partial<Parameters<typeof ShiftDialog>[0]> = {}, handler?: (call: ApiCall) => { status?: number; body?: unknown } | undefined) {
  storeUser(ADMIN);
  const calls = mockApi(handler);
  const store = new ShiftStore();
  store.replaceAll(props.store ? props.store.all() : []);
  const onSaved = vi.fn();
  const onClose = vi.fn();
  // A react-admin form: it needs the app's context (a router, the form machinery) around it.
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider}>
        <ShiftDialog restaurant={camden} date="2026-11-23" drivers={DRIVERS} store={store} fuelRates={FUEL} onClose={onClose} onSaved={onSaved} {...props} />
      </AdminContext>
    </MemoryRouter>,
  );
  return { calls, onSaved, onClose, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog');
const save = () => within(dialog()).getByRole('button', { name: 'Save' });
const driverInput = () => within(dialog()).getByRole('combobox', { name: /Driver/ });
const startInput = () => within(dialog()).getByRole('combobox', { name: /Start Time/ });
const finishInput = () => within(dialog()).getByRole('combobox', { name: /Finish Time/ });

async function pickDriver(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(driverInput());
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

async function typeTimes(user: ReturnType<typeof userEvent.setup>, start: string, finish: string) {
  await user.clear(startInput());
  await user.type(startInput(), start);
  await user.tab();
  await user.clear(finishInput());
  await user.type(finishInput(), finish);
  await user.tab();
}

describe('New Shift dialog (admin)', () => {
  it('keeps Save disabled until valid and shows each message once its field is touched', async () => {
    const { user } = renderShiftDialog();
    expect(save()).toBeDisabled();
    expect(within(dialog()).queryByText(SHIFT_MSG.driverRequired)).toBeNull();
    await user.click(driverInput());
    await user.tab();
    expect(await within(dialog()).findByText(SHIFT_MSG.driverRequired)).toBeInTheDocument();
    await user.click(startInput());
    await user.tab();
    await user.click(finishInput());
    await user.tab();
    expect(within(dialog()).getAllByText(SHIFT_MSG.startRequired)).toHaveLength(2);
    await user.type(startInput(), '7pm');
    await user.tab();
    expect(within(dialog()).getByText(SHIFT_MSG.startInvalid)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await pickDriver(user, 'Ava Begum');
    await typeTimes(user, '10:00', '10:00');
    expect(await within(dialog()).findByText(OWN_MSG.finishEqualsStart)).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it("offers only the restaurant's drivers, and Open shift", async () => {
    const { user } = renderShiftDialog();
    await user.click(driverInput());
    const names = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(names.some((n) => n?.startsWith('Open shift'))).toBe(true);
    expect(names.some((n) => n?.startsWith('Dan Driver'))).toBe(true);
    expect(names.some((n) => n?.startsWith('Ava Begum'))).toBe(true);
    expect(names.some((n) => n?.startsWith('Hal Hackney'))).toBe(false);
    expect(names.some((n) => n?.startsWith('Tia Tied'))).toBe(false);
  });

  it("blocks a driver on holiday ('Driver unavailable') or outside their hours ('Driver working time: ...')", async () => {
    const { user } = renderShiftDialog({ date: '2026-11-25' });
    await pickDriver(user, 'Dan Driver');
    await typeTimes(user, '17:00', '22:00');
    expect(await within(dialog()).findByText(AVAILABILITY_MSG.unavailable)).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await user.clear(within(dialog()).getByRole('textbox', { name: 'Date' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Date' }), '24/11/2026');
    await typeTimes(user, '08:00', '12:00');
    expect(await within(dialog()).findByText('Driver working time: 10:00-23:00')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it("blocks a driver who already has a published shift touching that time ('Driver already have shift on this time')", async () => {
    const store = new ShiftStore();
    store.replaceAll([record({ id: 900, restaurant_id: 8, start_time: '12:00', finish_time: '17:00' })]);
    const { user } = renderShiftDialog({ store });
    await pickDriver(user, 'Dan Driver');
    await typeTimes(user, '17:00', '22:00');
    expect(await within(dialog()).findByText(AVAILABILITY_MSG.overlap)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await typeTimes(user, '17:15', '22:00');
    await waitFor(() => expect(save()).toBeEnabled());
  });

  it('shows the cost, sends the shift and hands the saved one back', async () => {
    const saved = record({ id: 777, status: 10 });
    const { user, calls, onSaved } = renderShiftDialog({}, (call) => (call.method === 'POST' && call.path === '/api/shift' ? { status: 201, body: saved } : undefined));
    await pickDriver(user, 'Ava Begum');
    await typeTimes(user, '17:00', '22:00');
    expect(within(dialog()).getByText('£12.50 / hour · Cost £62.50')).toBeInTheDocument();
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ restaurant_id: '7', driver_id: '13', period_date: '2026-11-23', start_time: '17:00', finish_time: '22:00', status: 10, push_drivers: 20 });
  });

  it("shows the server's message on its field when the server refuses", async () => {
    const { user, onSaved } = renderShiftDialog({}, (call) =>
      call.method === 'POST' ? { status: 400, body: { driver_id: [AVAILABILITY_MSG.overlap] } } : undefined,
    );
    await pickDriver(user, 'Ava Begum');
    await typeTimes(user, '17:00', '22:00');
    await user.click(save());
    expect(await within(dialog()).findByText(AVAILABILITY_MSG.overlap)).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(save()).toBeDisabled();
  });

  it('asks before breaking a working-time rule, naming it, and saves only on Save anyway', async () => {
    const warning = "Ava Begum would have 9 h rest after Tuesday's shift at Pizza Palace Camden (minimum 11 h)";
    const saved = record({ id: 778, status: 10 });
    const { user, calls, onSaved } = renderShiftDialog({}, (call) => {
      if (call.method !== 'POST') return undefined;
      const confirmed = (call.body as Record<string, unknown>).working_time_confirmed === true;
      return confirmed ? { status: 201, body: saved } : { status: 409, body: { working_time: [warning], message: 'This change breaks a working-time rule: save anyway?' } };
    });
    await pickDriver(user, 'Ava Begum');
    await typeTimes(user, '17:00', '22:00');
    await user.click(save());
    const question = await screen.findByRole('dialog', { name: 'Working-time rules' });
    expect(within(question).getByRole('list', { name: 'Working-time warnings' })).toHaveTextContent(warning);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Working-time rules' })).toBeNull());
    expect(onSaved).not.toHaveBeenCalled();
    expect(save()).toBeEnabled();
    await user.click(save());
    await user.click(within(await screen.findByRole('dialog', { name: 'Working-time rules' })).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as Record<string, unknown>).working_time_confirmed)).toEqual([false, false, true]);
  });

  it('marks drivers busy then in the list, names the other shift, and saves over it on Save anyway', async () => {
    const store = new ShiftStore();
    store.replaceAll([record({ id: 901, restaurant_id: 8, driver_id: 13, status: 10, driver: null })]);
    const warning = 'Ava Begum already has a shift at Balti Palace on 23/11/2026, 17:00–22:00 (not published)';
    const saved = record({ id: 779, status: 10 });
    const { user, calls, onSaved } = renderShiftDialog({ store, restaurantName: (id) => (id === 8 ? 'Balti Palace' : undefined) }, (call) => {
      if (call.method !== 'POST') return undefined;
      const confirmed = (call.body as Record<string, unknown>).working_time_confirmed === true;
      return confirmed ? { status: 201, body: saved } : { status: 409, body: { working_time: [], clashes: [warning], message: 'The driver already has a shift at this time: save anyway?' } };
    });
    await typeTimes(user, '18:00', '23:00');
    await user.click(driverInput());
    const ava = await screen.findByRole('option', { name: /^Ava Begum/ });
    expect(ava).toHaveTextContent('busy 17:00–22:00 Balti Palace');
    expect(screen.getByRole('option', { name: /^Dan Driver/ })).not.toHaveTextContent('busy');
    await user.click(ava);
    expect(within(dialog()).getByRole('alert', { name: 'Other shifts at this time' })).toHaveTextContent(warning);
    expect(save()).toBeEnabled();
    await user.click(save());
    const question = await screen.findByRole('dialog', { name: 'Another shift at this time' });
    expect(within(question).getByRole('list', { name: 'Other shifts at this time' })).toHaveTextContent(warning);
    await user.click(within(question).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as Record<string, unknown>).working_time_confirmed)).toEqual([false, true]);
  });

  it("opens a rejected shift as an open shift with 'Shift rejected by {name}'", () => {
    renderShiftDialog({ shift: record({ driver_id: null, status_assigned: 30, driver: null, driver_id_canceled: 12, driver_canceled: { id: 12, full_name: 'Dan Driver' } }) });
    expect(screen.getByRole('dialog', { name: /Edit Shift/ })).toBeInTheDocument();
    expect(driverInput()).toHaveValue('Open shift');
    expect(within(dialog()).getByText('Shift rejected by Dan Driver')).toBeInTheDocument();
    expect(within(dialog()).getByText('hidden for restaurants')).toBeInTheDocument();
  });
});

describe("Restaurant's New Shift dialog", () => {
  // A react-admin form: it needs the app's context (a router, the form machinery) around it.
  const renderFree = (props: Omit<Parameters<typeof FreeShiftDialog>[0], 'restaurant' | 'onClose'>) =>
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider}>
          <FreeShiftDialog restaurant={camden} onClose={() => {}} {...props} />
        </AdminContext>
      </MemoryRouter>,
    );

  it('needs start and finish, offers no bonus / +£10 / +£20, and creates a free shift', async () => {
    storeUser(ADMIN);
    const calls = mockApi((call) => (call.path === '/api/shift/createFree' ? { status: 201, body: record({ id: 1, driver_id: null, status: 30 }) } : undefined));
    const onSaved = vi.fn();
    const tomorrow = addDays(londonToday(), 1);
    renderFree({ date: tomorrow, onSaved });
    const user = userEvent.setup();
    expect(save()).toBeDisabled();
    await user.click(startInput());
    await user.tab();
    expect(await within(dialog()).findByText(SHIFT_MSG.startRequired)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('combobox', { name: 'Driver bonus' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['No bonus', '+£10', '+£20']);
    await user.click(screen.getByRole('option', { name: '+£20' }));
    await typeTimes(user, '18:00', '22:00');
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ restaurant_id: '7', period_date: tomorrow, start_time: '18:00', finish_time: '22:00', cost_bonus: '20' });
  });

  it('dates drafts from tomorrow on, and refuses a finish equal to the start', async () => {
    storeUser(ADMIN);
    const calls = mockApi(() => undefined);
    const today = londonToday();
    renderFree({ date: today, onSaved: () => {} });
    const user = userEvent.setup();
    // Checked through the form's resolver, which answers a tick after the first render.
    expect(await within(dialog()).findByText(draftTooEarlyMessage(addDays(today, 1)))).toBeInTheDocument();
    // The calendar offers no day before tomorrow.
    await user.click(within(dialog()).getByRole('button', { name: 'Open calendar' }));
    expect(screen.getByRole('gridcell', { name: dayInWords(today) })).toBeDisabled();
    await user.keyboard('{Escape}');
    await typeTimes(user, '18:00', '18:00');
    expect(await within(dialog()).findByText(OWN_MSG.finishEqualsStart)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await typeTimes(user, '18:00', '22:00');
    expect(save()).toBeDisabled();
    await user.clear(within(dialog()).getByRole('textbox', { name: 'Date' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Date' }), ukDate(addDays(today, 2)));
    expect(within(dialog()).queryByText(draftTooEarlyMessage(addDays(today, 1)))).toBeNull();
    expect(save()).toBeEnabled();
    expect(calls).toEqual([]);
  });
});

describe("a restaurant's Copy Shifts dialog", () => {
  const week = (monday: string) => ({ from: monday, to: addDays(monday, 6) });
  const renderCopy = (monday: string) =>
    renderInAdmin(<CopyShiftsDialog variant="restaurant" range={week(monday)} interval={INTERVAL.week} shifts={[record({ driver_id: null, status: 30 })]} onClose={() => {}} onCopied={() => {}} />);
  const copyButton = () => screen.getByRole('button', { name: 'Copy' });
  // Wednesday 18/11/2026: drafts from Thursday 19/11 on.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-18T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('refuses a target range wholly before tomorrow', () => {
    renderCopy('2026-11-02');
    expect(screen.getByText(`${draftTooEarlyMessage('2026-11-19')}: choose a later range.`)).toBeInTheDocument();
    expect(copyButton()).toBeDisabled();
  });

  it('says which copies are left out when part of the target range is before tomorrow', () => {
    renderCopy('2026-11-09');
    expect(screen.getByText('Shifts are dated from 19/11/2026 on: copies that would land earlier are left out.')).toBeInTheDocument();
    expect(copyButton()).toBeEnabled();
  });

  it('copies into next week without a word about dates', () => {
    renderCopy('2026-11-16');
    expect(screen.queryByText(/dated from|earlier than/)).toBeNull();
    expect(copyButton()).toBeEnabled();
  });
});

describe('Cancel Shift dialog', () => {
  it('takes the fee as typed, says what the driver will be charged, refuses a minus sign, and sends the charge as a negative cost', async () => {
    storeUser(ADMIN);
    const calls = mockApi((call) => (call.path === '/api/reporting/create' ? { status: 201, body: { success: true, shift: record({ driver_id: null, status_assigned: 30 }) } } : undefined));
    const onCancelled = vi.fn();
    renderInAdmin(<CancelShiftDialog shift={record({})} restaurantName="Pizza Palace Camden" onClose={() => {}} onCancelled={onCancelled} />);
    const user = userEvent.setup();
    const fee = screen.getByLabelText('Cancellation fee');
    expect(screen.getByText(/No charge: .*pay stays as it is/)).toBeInTheDocument();
    await user.type(fee, '-15');
    await user.tab();
    expect(fee).toHaveValue('-15');
    expect(screen.getByText(CANCEL_MSG.feeInvalid)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel shift' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.clear(fee);
    await user.type(fee, '12.5');
    await user.tab();
    expect(fee).toHaveValue('12.5');
    expect(screen.getByText(/will be charged £12\.50, taken off their pay/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Driver ill');
    await user.click(screen.getByRole('button', { name: 'Cancel shift' }));
    await waitFor(() => expect(onCancelled).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      shift_id: 500, restaurant_id: 7, driver_id: 12, period_date: '2026-11-23', cost: -12.5, comment_cancelled: 'Driver ill', model_type: 10, event: 10, model_id: 500,
    });
  });
});

describe("a day column's menu", () => {
  it('lists a holiday as unavailable, and a driver without working periods as available all day', () => {
    const unfilled = driver(16, 'Una Filled', { default_working_time: [] });
    const days = driverDays([...DRIVERS, unfilled], [record({ driver_id: 16, period_date: '2026-11-25' })], '2026-11-25');
    expect(days.find((d) => d.driver.id === 12)).toMatchObject({ unavailable: 'Holiday' });
    expect(days.find((d) => d.driver.id === 16)).toMatchObject({ unavailable: null, hours: 'all day' });
    // Sunday is every fixture driver's weekly holiday; Una has none.
    expect(driverDays([...DRIVERS, unfilled], [], '2026-11-29').map((d) => d.driver.id)).toEqual([12, 13, 14, 15]);
  });
});

describe('shift menu and chips', () => {
  it.each<[string, Partial<ShiftRecord>, 'admin' | 'restaurant', string[]]>([
    ['published, assigned', {}, 'admin', ['copy', 'edit', 'unpublish', 'cancel']],
    ['unpublished, open', { status: 10, driver_id: null, status_assigned: 20 }, 'admin', ['copy', 'edit', 'remove', 'publish']],
    ['published, rejected', { driver_id: null, status_assigned: 30 }, 'admin', ['copy', 'edit', 'unpublish', 'publish']],
    ['with a timesheet', { timesheet_id: 9 }, 'admin', ['copy', 'edit']],
    ["restaurant's draft", { status: 30, driver_id: null, restaurateur_creator_id: 3 }, 'restaurant', ['copy', 'edit', 'remove', 'publish']],
    ["restaurant's shift in moderation", { status: 10, driver_id: null, restaurateur_creator_id: 3 }, 'restaurant', ['copy', 'edit', 'remove', 'unpublish']],
    ["the office's shift, on the restaurant board", {}, 'restaurant', ['copy']],
  ])('%s offers %j', (_name, over, variant, actions) => {
    expect(shiftActions(record(over), variant)).toEqual(actions.length ? expect.arrayContaining(actions) : []);
    expect(shiftActions(record(over), variant)).toHaveLength(actions.length);
  });

  it("labels chips 'Open shift', 'Rejected by: {name}', 'Claimed', the lock, and escapes names", () => {
    const opts = { variant: 'admin' as const, today: '2026-11-23', phone: false };
    expect(chipHtml(record({ driver_id: null, driver: null, status_assigned: 20 }), opts)).toContain('Open shift');
    expect(chipHtml(record({ driver_id: null, driver: null, status_assigned: 30, driver_canceled: { id: 12, full_name: 'Dan Driver' } }), opts)).toContain('Rejected by: Dan Driver');
    expect(chipHtml(record({ driver: null }), { ...opts, variant: 'restaurant' })).toContain('Claimed');
    expect(chipHtml(record({ timesheet_id: 4 }), opts)).toContain('title="Timesheet exists by this shift"');
    const evil = chipHtml(record({ driver: { id: 12, full_name: '<img src=x onerror=alert(1)>', phone: null, photo_src: null } }), opts);
    expect(evil).not.toContain('<img');
    expect(evil).toContain('&lt;img');
    // The phone layout shows the driver's phone for today only.
    expect(chipHtml(record({}), { ...opts, phone: true })).toContain('chip-phone');
    expect(chipHtml(record({ period_date: '2026-11-24' }), { ...opts, phone: true })).not.toContain('chip-phone');
  });

  it('marks a chip that breaks a working-time rule, and says so in its text for screen readers', () => {
    const opts = { variant: 'admin' as const, today: '2026-11-23', phone: false };
    const marked = document.createElement('div');
    marked.innerHTML = chipHtml(record({}), { ...opts, breach: true });
    expect(marked.querySelector('.chip')!.textContent).toMatch(/, breaks a working-time rule$/);
    expect(marked.querySelector('.chip-breach')).not.toBeNull();
    expect(chipHtml(record({}), opts)).not.toContain('working-time');
  });

  it("shows today's attendance in words beside an icon, in the chip's text that names it", () => {
    const opts = { variant: 'admin' as const, today: '2026-11-23', phone: false };
    const text = (attendance: Parameters<typeof chipHtml>[1]['attendance']) => {
      const el = document.createElement('div');
      el.innerHTML = chipHtml(record({}), { ...opts, attendance });
      return { name: el.querySelector('.chip')!.textContent!, icon: el.querySelector('.chip-attendance [aria-hidden="true"]')?.textContent };
    };
    expect(text({ kind: 'late', minutes: 12 })).toEqual({ name: expect.stringContaining('◔ Late 12 min'), icon: '◔' });
    expect(text({ kind: 'noShow', minutes: 31 }).name).toContain('No-show');
    expect(text({ kind: 'started', at: '17:02' }).name).toContain('Started 17:02');
    expect(text({ kind: 'finished' }).name).toContain('Finished');
    expect(chipHtml(record({}), { ...opts, attendance: { kind: 'notDue' } })).not.toContain('chip-attendance');
  });
});

describe('the board store', () => {
  it('tells the calendar only what changed, and ignores the echo of its own change', () => {
    const store = new ShiftStore();
    const seen: unknown[] = [];
    store.subscribe((change) => seen.push(change));
    store.replaceAll([record({ id: 1 }), record({ id: 2 })]);
    store.upsert([record({ id: 1 })]);
    store.upsert([record({ id: 1, finish_time: '23:00' }), record({ id: 3 })]);
    store.remove([2, 99]);
    store.remove([99]);
    expect(seen).toEqual([{ all: true }, { all: false, ids: [1, 3] }, { all: false, ids: [2] }]);
    expect(store.all().map((s) => s.id).sort()).toEqual([1, 3]);
    expect(store.get(1)!.finish_time).toBe('23:00');
  });
});
