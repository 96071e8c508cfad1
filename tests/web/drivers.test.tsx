import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DRIVER_MSG, type DriverRecord } from '../../domain/validation/driver';
import { PERIOD_MSG, OVERRIDE_LABEL } from '../../domain/validation/workingTimes';
import { IMAGE_MSG } from '../../domain/validation/image';
import { subscribeToFeed, type FeedCallback } from '../../providers/realtime';
import { DriverDialog } from '../../resources/drivers/DriverDialog';
import { HalfBoardDialog } from '../../resources/drivers/HalfBoardDialog';
import { UnavailabilityDialog, UNAVAILABILITY_TITLE } from '../../resources/drivers/UnavailabilityDialog';
import { AVAILABLE } from '../../resources/drivers/PeriodRows';
import { NO_DRIVERS } from '../../resources/drivers/DriverCells';
import { ADMIN, MANAGER, mockApi, pickerLists, renderAppAt, renderInAdmin, storeUser, withStoppedClock, type ApiCall, type AreaFixture } from './harness';


vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const AREAS: AreaFixture[] = [
  { id: 1, name: 'Camden', city: { city_name: 'London' }, restaurants: [{ id: 11, name: 'Pizza Palace Camden', area_id: 1, status: 10 }] },
  { id: 2, name: 'Salford', city: { city_name: 'Manchester' }, restaurants: [{ id: 21, name: 'Golden Wok Salford', area_id: 2, status: 10 }] },
];

const driver = (over: Partial<DriverRecord>): DriverRecord => ({
  id: 3,
  first_name: 'Dan',
  last_name: 'Driver',
  full_name: 'Dan Driver',
  email: 'driver@demo.test',
  phone: '07700 900123',
  status: 10,
  not_progressing: 20,
  activity_status: 20,
  activity_time: null,
  activated_at: '2026-03-02T11:00:00.000Z',
  half_board: false,
  working_time_opt_out: false,
  address_1: '5 Albert Street',
  address_2: null,
  city: 'London',
  postcode: 'NW1 7LX',
  date_of_birth: '1995-02-14',
  emergency_contact_name: null,
  emergency_contact_phone: null,
  car_make: null,
  car_model: null,
  car_registration: null,
  car_insurance_renewal_date: null,
  car_insurer: null,
  have_experience: null,
  experience_description: null,
  bank_name_of_account_holder: null,
  bank_sort_code: null,
  bank_account_number: null,
  driver_license_front_photo: null,
  driver_license_back_photo: null,
  identity_photo: 'bbbbbbbbbbbbbbbbbbbbbbbb.jpg',
  photo_src: null,
  right_to_work_photos: [{ id: 4, src_name: 'passport.jpg', file_name: 'cccccccccccccccccccccccc.jpg' }],
  area_ids: [{ area_id: 1 }],
  restaurant_ids: [],
  default_working_time: [{ week_day: 0, holiday: 20, start_at: '10:00', stop_at: '14:00' }],
  actual_override_working_time: [],
  data_full: 45,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  ...over,
});
const DAN = driver({});
const ZOE = driver({
  id: 4, first_name: 'Zoe', last_name: 'Adams', full_name: 'Zoe Adams', email: 'zoe@mail.test', status: 20, area_ids: [{ area_id: 2 }],
  activity_status: 10, data_full: 96, not_progressing: 10, identity_photo: null, right_to_work_photos: [],
});

async function fill(u: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) {
  await u.click(el);
  await u.paste(text);
}

// ---------------------------------------------------------------------------------------------------------
// Dialogs
// ---------------------------------------------------------------------------------------------------------

describe('Drivers Manual Register and Edit Driver', () => {
  /** The dialog over a fake API: the pickers' lists of areas and restaurants, and what `answer` answers. */
  function renderDialog(props: Partial<Parameters<typeof DriverDialog>[0]> = {}, answer: (call: ApiCall) => { body?: unknown } | undefined = () => undefined) {
    const onSubmit = vi.fn(async (_body: FormData) => {});
    const calls = mockApi((call) => answer(call) ?? pickerLists(call, AREAS));
    const { unmount } = renderInAdmin(<DriverDialog mode="add" onSubmit={onSubmit} onClose={vi.fn()} {...props} />);
    return { onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit, u: userEvent.setup({ delay: null }), unmount, calls };
  }

  it("shows the spec's messages, including 'Date invalid format.', and keeps Register disabled until valid", async () => {
    const { u } = renderDialog();
    const register = screen.getByRole('button', { name: 'Register' });
    expect(register).toBeDisabled();
    await u.click(screen.getByLabelText(/^First Name/));
    await u.click(screen.getByLabelText(/^E-mail/));
    await fill(u, screen.getByLabelText(/^Date of birth/), '31/02/1995');
    await u.tab();
    expect(await screen.findByText(DRIVER_MSG.firstNameRequired)).toBeInTheDocument();
    expect(await screen.findByText(DRIVER_MSG.emailRequired)).toBeInTheDocument();
    expect(await screen.findByText(DRIVER_MSG.dateInvalid)).toBeInTheDocument();
    await fill(u, screen.getByLabelText(/^E-mail/), 'nope');
    await u.tab();
    expect(await screen.findByText(DRIVER_MSG.validEmail)).toBeInTheDocument();
    expect(register).toBeDisabled();
  });

  it('sends dates as YYYY-MM-DD, areas and restaurants as lists, and the chosen photos', async () => {
    const { u, onSubmit } = renderDialog();
    await fill(u, screen.getByLabelText(/^First Name/), 'Tom');
    await fill(u, screen.getByLabelText(/^E-mail/), 'tom@mail.test');
    await fill(u, screen.getByLabelText(/^Date of birth/), '14/02/1995');
    await u.click(screen.getByRole('combobox', { name: 'Areas' }));
    await u.click(await screen.findByRole('option', { name: 'Camden (London)' }));
    await u.click(screen.getByRole('combobox', { name: 'Restaurants' }));
    await u.click(await screen.findByRole('option', { name: 'Pizza Palace Camden' }));
    await u.upload(screen.getByLabelText('Profile photo file'), new File(['png'], 'me.png', { type: 'image/png' }));
    await u.click(screen.getByRole('tab', { name: 'Identity' }));
    await u.upload(screen.getByLabelText('Right-to-work photo files'), [
      new File(['a'], 'passport.jpg', { type: 'image/jpeg' }),
      new File(['b'], 'visa.jpeg', { type: 'image/jpeg' }),
    ]);
    await u.click(screen.getByRole('button', { name: 'Register' }));
    const body = onSubmit.mock.calls[0][0];
    expect(body.get('first_name')).toBe('Tom');
    expect(body.get('date_of_birth')).toBe('1995-02-14');
    expect(body.get('area_ids')).toBe('[1]');
    expect(body.get('restaurant_ids')).toBe('[11]');
    expect((body.get('photo_src') as File).name).toBe('me.png');
    expect(body.getAll('right_to_work_photos').map((v) => (typeof v === 'string' ? v : v.name))).toEqual(['[]', 'passport.jpg', 'visa.jpeg']);
    expect(body.has('password')).toBe(false);
  });

  it('accepts only png or jpeg photos', async () => {
    const u = userEvent.setup({ delay: null, applyAccept: false });
    renderInAdmin(<DriverDialog mode="add" onSubmit={vi.fn()} onClose={vi.fn()} />);
    await u.upload(screen.getByLabelText('Profile photo file'), new File(['b'], 'me.bmp', { type: 'image/bmp' }));
    expect(screen.getByRole('alert')).toHaveTextContent(IMAGE_MSG.unsupported);
  });

  it("keeps stored photos by name on edit, and appends the server's e-mail messages to the field's own", async () => {
    const onSubmit = vi.fn(async () => {
      throw Object.assign(new Error(DRIVER_MSG.emailTaken), { status: 400, body: { email: [DRIVER_MSG.emailTaken] } });
    });
    const { u } = renderDialog({ mode: 'edit', driver: DAN, onSubmit });
    expect(screen.getByLabelText(/^Date of birth/)).toHaveValue('14/02/1995');
    await u.click(screen.getByRole('button', { name: 'Accept Changes' }));
    expect(await screen.findAllByText(DRIVER_MSG.emailTaken)).not.toHaveLength(0);
    const sent = (onSubmit.mock.calls[0] as unknown as [FormData])[0];
    expect(sent.get('identity_photo')).toBe(DAN.identity_photo);
    expect(sent.get('right_to_work_photos')).toBe('[{"id":4}]');
    expect(sent.get('id')).toBe('3');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription(DRIVER_MSG.emailTaken);
  });

  it("shows administrators the driver's own history on a History tab; none when registering or for a manager", async () => {
    const history = (call: ApiCall) => (call.path.startsWith('/api/history?') ? { body: [], headers: { 'Content-Range': 'history */0' } } : undefined);
    storeUser(MANAGER);
    const first = renderDialog({ mode: 'edit', driver: DAN });
    expect(screen.queryByRole('tab', { name: 'History' })).not.toBeInTheDocument();
    first.unmount();
    storeUser(ADMIN);
    const second = renderDialog({ mode: 'add' });
    expect(screen.queryByRole('tab', { name: 'History' })).not.toBeInTheDocument();
    second.unmount();
    const { u, calls } = renderDialog({ mode: 'edit', driver: DAN }, history);
    await u.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    const asked = new URL(calls.find((c) => c.path.startsWith('/api/history?'))!.path, 'http://localhost').searchParams;
    expect(JSON.parse(asked.get('filter')!)).toEqual({ table: 'drivers', record_id: '3' });
  });

  it('shows a driver read-only, every field disabled', async () => {
    renderDialog({ mode: 'view', driver: DAN, onSubmit: undefined });
    expect(screen.getByLabelText(/^First Name/)).toBeDisabled();
    expect(screen.getByLabelText(/^E-mail/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'View' })).toBeDisabled();
    expect(screen.queryByRole('switch', { name: 'Change Password' })).not.toBeInTheDocument();
  });
});

describe('Drivers Half Board Register', () => {
  it("needs first name, last name and e-mail, with the spec's messages, and sends the half-board flag", async () => {
    const onSubmit = vi.fn(async (_body: Record<string, unknown>) => {});
    renderInAdmin(<HalfBoardDialog onSubmit={onSubmit} onClose={vi.fn()} />);
    const u = userEvent.setup({ delay: null });
    await u.click(screen.getByLabelText(/^First Name/));
    await u.click(screen.getByLabelText(/^Last Name/));
    await u.click(screen.getByLabelText(/^E-mail/));
    await u.tab();
    expect(await screen.findByText(DRIVER_MSG.firstNameRequired)).toBeInTheDocument();
    expect(await screen.findByText(DRIVER_MSG.lastNameRequired)).toBeInTheDocument();
    expect(await screen.findByText(DRIVER_MSG.emailRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    await fill(u, screen.getByLabelText(/^First Name/), 'Hal');
    await fill(u, screen.getByLabelText(/^Last Name/), 'Board');
    await fill(u, screen.getByLabelText(/^E-mail/), 'hal@mail.test');
    await u.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSubmit).toHaveBeenCalledWith({ first_name: 'Hal', last_name: 'Board', email: 'hal@mail.test', half_board: 1 });
    // The dialog clears itself after success.
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveValue(''));
  });
});

describe("Edit Driver's Unavailability", () => {
  const TODAY = '2026-11-18';
  const withLeave = driver({
    default_working_time: [
      { week_day: 0, holiday: 20, start_at: '10:00', stop_at: '14:00' },
      { week_day: 6, holiday: 10, start_at: '00:00', stop_at: '23:45' },
    ],
    actual_override_working_time: [
      { period_date: '2026-11-10', holiday: 10, start_at: '00:00', stop_at: '23:45' },
      { period_date: '2026-11-20', holiday: 10, start_at: '00:00', stop_at: '23:45' },
      { period_date: '2026-11-24', holiday: 20, start_at: '12:00', stop_at: '18:00' },
    ],
  });
  function renderDialog() {
    const onSubmit = vi.fn(async () => {});
    render(<UnavailabilityDialog driver={withLeave} onSubmit={onSubmit} onClose={vi.fn()} today={TODAY} />);
    return { onSubmit, u: userEvent.setup({ delay: null }) };
  }
  const day = (name: string) => screen.getByRole('group', { name });
  async function chooseTime(u: ReturnType<typeof userEvent.setup>, box: HTMLElement, label: string, time: string) {
    await u.click(within(box).getAllByRole('combobox', { name: label }).at(-1)!);
    await u.click(await screen.findByRole('option', { name: time }));
  }

  it("lists each weekday's periods, 'Available' for an empty day, and a holiday for a day off", () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: new RegExp(UNAVAILABILITY_TITLE) })).toBeInTheDocument();
    expect(within(day('Monday')).getByRole('combobox', { name: 'Start at' })).toHaveTextContent('10:00');
    expect(within(day('Tuesday')).getByText(AVAILABLE)).toBeInTheDocument();
    expect(within(day('Sunday')).getByText('Holiday: unavailable all day')).toBeInTheDocument();
    expect(within(day('Sunday')).getByRole('button', { name: 'Add period for Sunday' })).toBeDisabled();
  });

  it("shows the spec's period messages and disables Accept Changes until they are fixed", async () => {
    const { u } = renderDialog();
    const accept = screen.getByRole('button', { name: 'Accept Changes' });
    await u.click(within(day('Monday')).getByRole('button', { name: 'Add period for Monday' }));
    expect(await within(day('Monday')).findByText(PERIOD_MSG.startRequired('Monday'))).toBeInTheDocument();
    expect(within(day('Monday')).getByText(PERIOD_MSG.stopRequired('Monday'))).toBeInTheDocument();
    expect(accept).toBeDisabled();
    await chooseTime(u, day('Monday'), 'Start at', '13:00');
    await chooseTime(u, day('Monday'), 'Stop at', '12:00');
    expect(within(day('Monday')).getByText(PERIOD_MSG.startAfterStop('Monday'))).toBeInTheDocument();
    await chooseTime(u, day('Monday'), 'Stop at', '18:00');
    expect(within(day('Monday')).getByText(PERIOD_MSG.startIntersects('Monday'))).toBeInTheDocument();
    expect(within(day('Monday')).getByText(PERIOD_MSG.stopIntersects('Monday'))).toBeInTheDocument();
    await chooseTime(u, day('Monday'), 'Start at', '14:00');
    expect(accept).toBeEnabled();
  });

  it("turns a day into one whole-day holiday with the switch, which blocks more periods", async () => {
    const { u, onSubmit } = renderDialog();
    await u.click(within(day('Monday')).getByRole('switch', { name: 'Holiday' }));
    expect(within(day('Monday')).getByText('Holiday: unavailable all day')).toBeInTheDocument();
    expect(within(day('Monday')).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(day('Monday')).getByRole('button', { name: 'Add period for Monday' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Accept Changes' }));
    expect(onSubmit).toHaveBeenCalledWith(
      [
        { week_day: 0, holiday: 10, start_at: '00:00', stop_at: '23:45' },
        { week_day: 6, holiday: 10, start_at: '00:00', stop_at: '23:45' },
      ],
      // Past leave is history: only today on is sent.
      [
        { period_date: '2026-11-20', holiday: 10, start_at: '00:00', stop_at: '23:45' },
        { period_date: '2026-11-24', holiday: 20, start_at: '12:00', stop_at: '18:00' },
      ],
    );
  });

  it("shows leave on the month calendar, Holiday and Custom schedulle, with no additions on past or holiday dates", async () => {
    const { u, onSubmit } = renderDialog();
    await u.click(screen.getByRole('tab', { name: 'Leave' }));
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: `20/11/2026: ${OVERRIDE_LABEL.holiday}` })).toBeInTheDocument();
    expect(screen.getByRole('gridcell', { name: `24/11/2026: ${OVERRIDE_LABEL.custom}` })).toBeInTheDocument();

    await u.click(screen.getByRole('gridcell', { name: `10/11/2026: ${OVERRIDE_LABEL.holiday}` }));
    expect(screen.getByRole('button', { name: 'Add period for 10/11/2026' })).toBeDisabled();
    await u.click(screen.getByRole('gridcell', { name: '12/11/2026' }));
    expect(screen.getByRole('button', { name: 'Add period for 12/11/2026' })).toBeDisabled();
    await u.click(screen.getByRole('gridcell', { name: `20/11/2026: ${OVERRIDE_LABEL.holiday}` }));
    expect(screen.getByRole('button', { name: 'Add period for 20/11/2026' })).toBeDisabled();

    await u.click(screen.getByRole('gridcell', { name: '27/11/2026' }));
    await u.click(screen.getByRole('button', { name: 'Make 27/11/2026 a holiday' }));
    expect(screen.getByRole('gridcell', { name: `27/11/2026: ${OVERRIDE_LABEL.holiday}` })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Accept Changes' }));
    const overrides = (onSubmit.mock.calls[0] as unknown as [unknown, { period_date: string }[]])[1];
    expect(overrides.map((o) => o.period_date)).toEqual(['2026-11-20', '2026-11-24', '2026-11-27']);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The screen
// ---------------------------------------------------------------------------------------------------------

/** The list calls' convention (ra-data-simple-rest): filter, sort and range as JSON query parameters. */
function listParams(path: string) {
  const q = new URL(path, 'http://localhost').searchParams;
  return {
    filter: JSON.parse(q.get('filter') ?? '{}') as { status?: number; q?: string; area_id?: number; id?: number[] },
    sort: JSON.parse(q.get('sort') ?? '[]') as string[],
    range: JSON.parse(q.get('range') ?? '[0,0]') as number[],
  };
}

/**
 * A fake drivers API: the page of DAN and ZOE that the filter leaves (active = status 10, 30 = every one), searched
 * and sorted by name as asked, with the Content-Range total.
 */
function api(areas: AreaFixture[], extra: (call: ApiCall) => { status?: number; body?: unknown } | undefined = () => undefined, people = () => [DAN, ZOE]) {
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path.startsWith('/api/driver?')) {
      const { filter, sort, range } = listParams(call.path);
      const rows = people()
        .filter((d) => (filter.id ? filter.id.includes(d.id) : true))
        .filter((d) => (filter.status === undefined || filter.status === 30 ? true : d.status === filter.status))
        .filter((d) => !filter.q || d.full_name.toLowerCase().includes(filter.q) || d.email.includes(filter.q))
        .sort((a, b) => (sort[1] === 'DESC' ? -1 : 1) * a.full_name.localeCompare(b.full_name));
      return { body: rows, headers: { 'Content-Range': `driver ${range[0]}-${range[0] + rows.length - 1}/${rows.length}` } };
    }
    // The list's area filter and column ask for the names alone.
    if (call.method === 'GET' && call.path === '/api/area?restaurants=false') return { body: areas.map(({ restaurants: _, ...area }) => area) };
    return pickerLists(call, areas);
  });
}

/** The pages of drivers the screen asked for, in order. */
const driverLists = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/driver?') && c.path.includes('range=')).map((c) => listParams(c.path));

async function openScreen(path = '/drivers', areas = AREAS, extra?: Parameters<typeof api>[1], people?: Parameters<typeof api>[2]) {
  const calls = api(areas, extra, people);
  storeUser(ADMIN);
  renderAppAt(path);
  await screen.findByRole('heading', { name: 'Drivers', level: 1 });
  return { calls, u: userEvent.setup({ delay: null }) };
}

const names = () => within(screen.getByRole('table', { name: 'Drivers' })).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent);

describe('Drivers screen', () => {
  it('opens on the first 15 active drivers by name, with areas, Data Full, status, activation date and activity', async () => {
    const { calls } = await openScreen();
    const table = await screen.findByRole('table', { name: 'Drivers' });
    await within(table).findByText('Dan Driver');
    expect(driverLists(calls)[0]).toEqual({ filter: { status: 10 }, sort: ['full_name', 'ASC'], range: [0, 14] });
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Dan Driver');
    expect(cells[1]).toHaveTextContent('Camden');
    expect(within(cells[2]).getByLabelText('Data Full 45%')).toBeInTheDocument();
    expect(within(cells[3]).getByRole('img', { name: 'Active' })).toBeInTheDocument();
    expect(cells[4]).toHaveTextContent('02/03/2026');
    expect(cells[5]).toHaveTextContent('never');
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
  });

  it('asks the server for the chosen status filter, the sort by name either way, and the search by name or e-mail', async () => {
    const { calls, u } = await openScreen();
    await screen.findByText('Dan Driver');
    await u.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Completed', 'Incomplete', 'Not Progressing', 'Progressing', 'Only active', 'Only inactive']);
    await u.click(screen.getByRole('option', { name: 'All' }));
    await screen.findByText('Zoe Adams');
    expect(driverLists(calls).at(-1)!.filter).toEqual({ status: 30 });
    expect(names()[0]).toMatch(/Dan Driver/);
    await u.click(screen.getByRole('button', { name: /^Sort by name/ }));
    await waitFor(() => expect(names()[0]).toMatch(/Zoe Adams/));
    expect(driverLists(calls).at(-1)!.sort).toEqual(['full_name', 'DESC']);
    expect(within(screen.getByRole('table', { name: 'Drivers' })).getAllByRole('row')[1]).toHaveTextContent('online');
    await u.click(screen.getByRole('button', { name: /^Sort by areas/ }));
    await waitFor(() => expect(driverLists(calls).at(-1)!.sort).toEqual(['area', 'ASC']));
    await fill(u, screen.getByRole('textbox', { name: 'Search drivers' }), 'zoe@');
    await waitFor(() => expect(names()).toHaveLength(1));
    expect(driverLists(calls).at(-1)!.filter).toEqual({ status: 30, q: 'zoe@' });
    await fill(u, screen.getByRole('textbox', { name: 'Search drivers' }), 'nobody');
    expect(await screen.findByText(NO_DRIVERS)).toBeInTheDocument();
  });

  it('asks for a status or area chosen at once, and once (not after the wait for typing to settle, nor again after it)', async () => {
    const { calls } = await openScreen();
    await screen.findByText('Dan Driver');
    await withStoppedClock(async ({ pick, moveClock }) => {
      await pick('Status', 'Only inactive');
      expect(driverLists(calls).at(-1)!.filter).toEqual({ status: 20 });
      await pick('Area', 'Salford');
      expect(driverLists(calls).at(-1)!.filter).toEqual({ status: 20, area_id: 2 });
      const asked = driverLists(calls).length;
      await moveClock(1000);
      expect(driverLists(calls)).toHaveLength(asked);
    });
  });

  it('filters by area on the server, and pages with the per-page choices', async () => {
    const { calls, u } = await openScreen();
    await screen.findByText('Dan Driver');
    await u.click(screen.getByRole('combobox', { name: 'Area' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All areas', 'Camden', 'Salford']);
    await u.click(screen.getByRole('option', { name: 'Salford' }));
    await waitFor(() => expect(driverLists(calls).at(-1)!.filter).toEqual({ status: 10, area_id: 2 }));
    await u.click(screen.getByRole('combobox', { name: 'Per page' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '15', '50', '100', '1000']);
    await u.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(driverLists(calls).at(-1)!.range).toEqual([0, 49]));
  });

  it("disables Add Driver with 'At first please add area' when there are no areas", async () => {
    await openScreen('/drivers', []);
    const add = await screen.findByRole('button', { name: 'Add Driver' });
    await waitFor(() => expect(add).toBeDisabled());
    expect(add.parentElement).toHaveAttribute('aria-label', DRIVER_MSG.addAreaFirst);
  });

  it('marks a driver inactive and not progressing from the row menu, and shows the list the server then answers', async () => {
    let dan = DAN;
    const { calls, u } = await openScreen(
      '/drivers',
      AREAS,
      (call) => {
        if (call.method === 'PUT' && call.path === '/api/driver/3?inactive=true') dan = { ...dan, status: 20 };
        else if (call.method === 'PUT' && call.path === '/api/driver/3?progressing=true') dan = { ...dan, not_progressing: 10 };
        else return undefined;
        return { body: dan };
      },
      () => [dan, ZOE],
    );
    await u.click(await screen.findByRole('button', { name: 'Actions for Dan Driver' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'View Driver', 'Mark as Inactive', 'Mark as Not Progressing', 'Edit Driver', 'Set Unavailability',
    ]);
    await u.click(screen.getByRole('menuitem', { name: 'Mark as Not Progressing' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/driver/3?progressing=true')).toBe(true));
    expect(calls.find((c) => c.path === '/api/driver/3?progressing=true')!.body).toEqual({ id: 3, not_progressing: 10 });
    expect(await screen.findByText('Dan Driver marked not progressing')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('not progressing')).toBeInTheDocument());
    await u.click(await screen.findByRole('button', { name: 'Actions for Dan Driver' }));
    expect(screen.getByRole('menuitem', { name: 'Restore Progressing' })).toBeInTheDocument();
    await u.click(screen.getByRole('menuitem', { name: 'Mark as Inactive' }));
    // An inactive driver leaves the list of active ones.
    expect(await screen.findByText(NO_DRIVERS)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/driver/3?inactive=true')!.body).toEqual({ id: 3, status: 20 });
  });

  it('shows a driver just registered, who is not active yet, by narrowing the list to them among every status', async () => {
    const hal = driver({ id: 9, first_name: 'Hal', last_name: 'Board', full_name: 'Hal Board', email: 'hal@mail.test', status: 20 });
    let stored = false;
    const { calls, u } = await openScreen('/drivers', AREAS, (call) => {
      if (call.method !== 'POST' || call.path !== '/api/driver') return undefined;
      stored = true;
      return { status: 201, body: hal };
    }, () => (stored ? [DAN, ZOE, hal] : [DAN, ZOE]));
    await screen.findByText('Dan Driver');
    await u.click(screen.getByRole('button', { name: 'Add Driver' }));
    await u.click(screen.getByRole('menuitem', { name: 'Half-board driver' }));
    await fill(u, await screen.findByLabelText(/^First Name/), 'Hal');
    await fill(u, screen.getByLabelText(/^Last Name/), 'Board');
    await fill(u, screen.getByLabelText(/^E-mail/), 'hal@mail.test');
    await u.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Driver Hal Board registered')).toBeInTheDocument();
    await waitFor(() => expect(names().map((n) => n?.includes('Hal Board'))).toEqual([true]));
    expect(driverLists(calls).at(-1)!.filter).toEqual({ status: 30, q: 'hal@mail.test' });
  });

  it('opens /drivers/{id} on that driver, narrowed to their e-mail among every status, then shows /drivers', async () => {
    const { calls } = await openScreen('/drivers/4');
    expect(await screen.findByRole('dialog', { name: /Edit Driver/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('zoe@mail.test');
    await waitFor(() => expect(window.location.pathname).toBe('/drivers'));
    await waitFor(() => expect(driverLists(calls).at(-1)!.filter).toEqual({ status: 30, q: 'zoe@mail.test' }));
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('textbox', { name: 'Search drivers' })).toHaveValue('zoe@mail.test');
  });

  it("says 'Driver not found' for /drivers/{id} of no driver", async () => {
    await openScreen('/drivers/77');
    expect(await screen.findByText(DRIVER_MSG.notFound)).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/drivers'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fetches the page again when the live feed announces a driver stored or updated elsewhere', async () => {
    let people = [DAN];
    await openScreen('/drivers', AREAS, undefined, () => people);
    await screen.findByText('Dan Driver');
    const feed = vi.mocked(subscribeToFeed).mock.calls.filter(([channel]) => channel === 'driver_channel').at(-1)![1] as FeedCallback;
    const amy = driver({ id: 9, first_name: 'Amy', last_name: 'New', full_name: 'Amy New', email: 'amy@mail.test' });
    people = [DAN, amy];
    await act(async () => feed('store', [amy]));
    expect(await screen.findByText('Amy New')).toBeInTheDocument();
    people = [{ ...DAN, full_name: 'Daniel Driver' }, amy];
    await act(async () => feed('update', [people[0]]));
    expect(await screen.findByText('Daniel Driver')).toBeInTheDocument();
  });
});
