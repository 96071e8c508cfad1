import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RESTAURANT_MSG } from '../../domain/validation/restaurant';
import { IMAGE_MSG } from '../../domain/validation/image';
import { AREA_NAMES_URL } from '../../resources/listDefaults';
import { RestaurantDialog, SEND_VERIFICATION, ACCEPT_CHANGES, SPECIAL_PASSWORD, CHANGE_PASSWORD } from '../../resources/restaurants/RestaurantDialog';
import { LOGIN_EMAIL_LABEL } from '../../resources/restaurants/LoginEmailField';
import { NO_RESTAURANTS } from '../../resources/restaurants/RestaurantCells';
import { removeRestaurantQuestion } from '../../resources/restaurants/DeleteRestaurantDialog';
import { RestaurantProfileDialog, UNKNOWN_ERROR } from '../../resources/restaurants/RestaurantProfileDialog';
import { SCHEDULE_RESTAURANT_KEY } from '../../src/components/scheduleRestaurant';
import type { AreaChoice, RestaurantRecord, Restaurateur } from '../../resources/restaurants/types';
import { getStoredUser } from '../../providers/session';
import { ADMIN, RESTAURANT, mockApi, renderAppAt, renderInAdmin, storeUser, withStoppedClock, type ApiCall } from './harness';


vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const AREAS: AreaChoice[] = [
  { id: 1, name: 'Camden', city: { city_name: 'London' }, standardPayRate: 12, weekendPayRate: 13.5 },
  { id: 2, name: 'Salford', city: { city_name: 'Manchester' }, standardPayRate: 10.75, weekendPayRate: 12 },
];
const ACCOUNTS: Restaurateur[] = [
  { id: 5, name: 'Pizza Palace Ltd', email: 'restaurant@demo.test', restaurants: [{ id: 7, name: 'Pizza Palace Camden' }] },
  { id: 6, name: 'Golden Wok Ltd', email: 'goldenwok@demo.test', restaurants: [] },
];

const restaurant = (over: Partial<RestaurantRecord>): RestaurantRecord => ({
  id: 7,
  name: 'Pizza Palace Camden',
  contactName: 'Gina Rossi',
  contact_name: 'Gina Rossi',
  address: '12 High Street, London',
  postcode: 'NW1 7JR',
  telephone: '020 7946 0123',
  email: 'restaurant@demo.test',
  business_email: 'accounts@pizza.test',
  area_id: 1,
  areaId: 1,
  area: { id: 1, name: 'Camden', standardPayRate: 12, weekendPayRate: 13.5 },
  status: 10,
  standard_pay: 12.5,
  weekend_pay: null,
  invoice_comission: 1.75,
  booking_fee: null,
  send_invoice: 1,
  map_latitude: 51.54,
  map_longitude: -0.14,
  meal: 'Free pizza',
  uniform: null,
  cash_orders: null,
  waiting_location: null,
  other: null,
  bonus_target: null,
  logo_src: 'aaaaaaaaaaaaaaaaaaaaaaaa.png',
  restaurateur: { id: 5, name: 'Pizza Palace Ltd', email: 'restaurant@demo.test' },
  restaurateur_id: 5,
  ...over,
});
const PIZZA = restaurant({});
const WOK = restaurant({
  id: 8, name: 'Golden Wok Salford', address: '3 Chapel Street, Salford', postcode: 'M3 5DW', email: 'goldenwok@demo.test',
  area_id: 2, areaId: 2, area: { id: 2, name: 'Salford', standardPayRate: 10.75, weekendPayRate: 12 }, restaurateur_id: 6, logo_src: null,
});
const OLD = restaurant({ id: 9, name: 'Cedar Lebanese Grill', status: 20, logo_src: null });

// ---------------------------------------------------------------------------------------------------------
// The dialogs on their own
// ---------------------------------------------------------------------------------------------------------

/**
 * The dialog over an API that answers the area names (the Area picker's choices and their rates), the restaurant
 * accounts (the login e-mail's), and `answer`'s calls.
 */
function renderDialog(props: Partial<Parameters<typeof RestaurantDialog>[0]> = {}, answer: (call: ApiCall) => { body?: unknown; headers?: Record<string, string> } | undefined = () => undefined) {
  const calls = mockApi((call) => (call.path === AREA_NAMES_URL ? { body: AREAS } : (answer(call) ?? accountsAnswer(call))));
  const onSubmit = vi.fn(async (_payload: Record<string, unknown>) => {});
  const onClose = vi.fn();
  const { unmount } = renderInAdmin(<RestaurantDialog onSubmit={onSubmit} onClose={onClose} withMaps={false} {...props} />);
  return { calls, onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit, onClose, u: userEvent.setup({ delay: null }), unmount };
}
const field = (label: RegExp) => screen.getByLabelText(label);
/** Types a whole value at once: one change, as a paste does (typing letter by letter re-renders the dialog each time). */
async function fill(u: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) {
  await u.click(el);
  await u.paste(text);
}

/**
 * Fills the dialog's required fields. Over a whole screen, pass the dialog as `scope`: a query over the page's
 * whole document (every label, every row) costs jsdom several times the typing itself.
 */
async function fillValid(u: ReturnType<typeof userEvent.setup>, scope: Pick<typeof screen, 'getByLabelText' | 'getByRole'> = screen) {
  const at = (label: RegExp) => scope.getByLabelText(label);
  await fill(u, at(/^Restaurant Name/), 'Noodle Bar');
  await fill(u, at(/^Contact Name/), 'Sam Cook');
  await fill(u, at(/^Address/), '10 Camden Road');
  await fill(u, scope.getByRole('combobox', { name: new RegExp(LOGIN_EMAIL_LABEL) }), 'noodles@restaurants.test');
  await fill(u, at(/^Business \/ billing e-mail/), 'billing@noodles.test');
  await fill(u, at(/^Telephone/), '020 7000 0000');
  await u.click(scope.getByRole('combobox', { name: /^Area/ }));
  await u.click(await screen.findByRole('option', { name: 'Camden (London)' }));
}

describe('Add Restaurant dialog', () => {
  it("shows the spec's messages once fields are touched, and keeps Send Verification disabled until valid", async () => {
    const { u } = renderDialog();
    const send = screen.getByRole('button', { name: SEND_VERIFICATION });
    expect(send).toBeDisabled();
    expect(screen.queryByText(RESTAURANT_MSG.nameRequired)).not.toBeInTheDocument();
    await u.click(field(/^Restaurant Name/));
    await u.click(field(/^Contact Name/));
    await u.click(field(/^Address/));
    await u.click(field(/^Telephone/));
    await u.click(field(/^Business \/ billing e-mail/));
    await fill(u, field(/^Business \/ billing e-mail/), 'billing');
    await u.click(field(/^Postcode/));
    expect(await screen.findByText(RESTAURANT_MSG.nameRequired)).toBeInTheDocument();
    expect(await screen.findByText(RESTAURANT_MSG.contactNameRequired)).toBeInTheDocument();
    expect(await screen.findByText(RESTAURANT_MSG.addressRequired)).toBeInTheDocument();
    expect(await screen.findByText(RESTAURANT_MSG.telephoneRequired)).toBeInTheDocument();
    expect(await screen.findByText(RESTAURANT_MSG.validBusinessEmail)).toBeInTheDocument();
    await u.clear(field(/^Business \/ billing e-mail/));
    expect(await screen.findByText(RESTAURANT_MSG.businessEmailRequired)).toBeInTheDocument();
    expect(send).toBeDisabled();
  });

  it('sends every field, leaving empty ones out, and the password only with Special Password on', async () => {
    const { u, onSubmit } = renderDialog();
    await fillValid(u);
    // The pay fields hint the area's rates.
    expect(field(/^Mon–Thurs pay per hour/)).toHaveAttribute('placeholder', '£12.00 (area rate)');
    await fill(u, field(/^Mon–Thurs pay per hour/), '12.5');
    const send = screen.getByRole('button', { name: SEND_VERIFICATION });
    expect(send).toBeEnabled();

    await u.click(screen.getByRole('switch', { name: SPECIAL_PASSWORD }));
    expect(send).toBeDisabled();
    await fill(u, field(/^Password/), '12345');
    await u.tab();
    expect(await screen.findByText(RESTAURANT_MSG.passwordSixSymbols)).toBeInTheDocument();
    expect(screen.getByText('5/12')).toBeInTheDocument();
    await u.type(field(/^Password/), '6');
    await u.click(send);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const payload = onSubmit.mock.calls[0][0];
    expect(payload).toEqual({
      name: 'Noodle Bar',
      contactName: 'Sam Cook',
      address: '10 Camden Road',
      email: 'noodles@restaurants.test',
      business_email: 'billing@noodles.test',
      telephone: '020 7000 0000',
      area_id: '1',
      standard_pay: '12.5',
      send_invoice: 1,
      password: '123456',
    });
  });

  it('offers the existing restaurant accounts as login e-mails, saying what they already have', async () => {
    const { u, calls } = renderDialog();
    const login = screen.getByRole('combobox', { name: new RegExp(LOGIN_EMAIL_LABEL) });
    await u.click(login);
    const option = await screen.findByRole('option', { name: /restaurant@demo\.test/ });
    expect(option).toHaveTextContent('Pizza Palace Ltd · Pizza Palace Camden');
    await u.click(option);
    expect(login).toHaveValue('restaurant@demo.test');
    expect(screen.getByText('Existing login for Pizza Palace Camden')).toBeInTheDocument();
    await u.clear(login);
    await u.paste('new@x.test');
    expect(screen.getByText('A new login will be created for this e-mail')).toBeInTheDocument();
    // The accounts are searched by the server as the typing pauses, not held whole by the screen.
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/api/restaurateur?') && listParams(c.path).filter.q === 'new@x.test')).toBe(true));
    expect(calls.some((c) => c.path === '/api/restaurateur')).toBe(false);
  });

  it("refuses a logo that is too large or not an image before sending, with the spec's messages", async () => {
    const { u } = renderDialog();
    await u.click(screen.getByRole('tab', { name: 'Additional' }));
    const input = screen.getByLabelText('Logo file');
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10_000_001 });
    await u.upload(input, big);
    expect(screen.getByRole('alert')).toHaveTextContent(IMAGE_MSG.tooLarge);
    await userEvent.setup({ applyAccept: false, delay: null }).upload(input, new File(['x'], 'logo.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent(IMAGE_MSG.unsupported);
  });

  it("shows the server's messages on their fields and marks the tab that holds one", async () => {
    const onSubmit = vi.fn(async () => {
      throw Object.assign(new Error(IMAGE_MSG.unsupported), { status: 402, body: { message: IMAGE_MSG.unsupported, file: [IMAGE_MSG.unsupported] } });
    });
    const { u } = renderDialog({ onSubmit });
    await fillValid(u);
    await u.click(screen.getByRole('button', { name: SEND_VERIFICATION }));
    // The logo's message sends the dialog to the Additional tab.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Additional' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getAllByText(IMAGE_MSG.unsupported).length).toBeGreaterThanOrEqual(2);
  });
});

describe('Edit Restaurant dialog', () => {
  it("starts from the restaurant, keeps its logo unless 'Remove Logo', and reads 'Accept Changes'", async () => {
    const { u, onSubmit } = renderDialog({ restaurant: PIZZA });
    expect(field(/^Restaurant Name/)).toHaveValue('Pizza Palace Camden');
    expect(screen.getByRole('switch', { name: CHANGE_PASSWORD })).not.toBeChecked();
    await u.click(screen.getByRole('button', { name: ACCEPT_CHANGES }));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ logo_src: PIZZA.logo_src, invoice_comission: '1.75', meal: 'Free pizza', send_invoice: 1 });
    expect(onSubmit.mock.calls[0][0]).not.toHaveProperty('weekend_pay');

    await u.click(screen.getByRole('tab', { name: 'Additional' }));
    expect(screen.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', `/images/thumb/${PIZZA.logo_src}`);
    await u.click(screen.getByRole('button', { name: 'Remove Logo' }));
    expect(screen.queryByRole('img', { name: 'Logo' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: ACCEPT_CHANGES }));
    expect(onSubmit.mock.calls[1][0]).not.toHaveProperty('logo_src');
    expect(onSubmit.mock.calls[1][0]).not.toHaveProperty('file');
  });

  it("shows administrators the restaurant's own history on a History tab, and none when adding", async () => {
    const history = (call: ApiCall) => (call.path.startsWith('/api/history?') ? { body: [], headers: { 'Content-Range': 'history */0' } } : undefined);
    storeUser(ADMIN);
    const adding = renderDialog({}, history);
    expect(screen.queryByRole('tab', { name: 'History' })).not.toBeInTheDocument();
    adding.unmount();
    const { u, calls } = renderDialog({ restaurant: PIZZA }, history);
    await u.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
    const asked = new URL(calls.find((c) => c.path.startsWith('/api/history?'))!.path, 'http://localhost').searchParams;
    expect(JSON.parse(asked.get('filter')!)).toEqual({ table: 'restaurants', record_id: String(PIZZA.id) });
  });

  it('clears the e-mail field after a failed edit and shows the first message (spec 2, section 8)', async () => {
    const onSubmit = vi.fn(async () => {
      throw Object.assign(new Error(RESTAURANT_MSG.newLoginNeedsPassword), { status: 400, body: { password: [RESTAURANT_MSG.newLoginNeedsPassword] } });
    });
    const { u } = renderDialog({ restaurant: PIZZA, onSubmit });
    await u.click(screen.getByRole('button', { name: ACCEPT_CHANGES }));
    expect(await screen.findAllByText(RESTAURANT_MSG.newLoginNeedsPassword)).not.toHaveLength(0);
    expect(screen.getByRole('combobox', { name: new RegExp(LOGIN_EMAIL_LABEL) })).toHaveValue('');
    expect(screen.getByRole('button', { name: ACCEPT_CHANGES })).toBeDisabled();
  });
});

describe('Restaurant profile dialog (restaurant accounts)', () => {
  const stored = { id: 7, name: 'Pizza Palace Camden', address: '12 High Street', postcode: 'NW1 7JR', telephone: '0207', contact_name: 'Gina', logo_src: null };
  function renderProfile(save: (call: ApiCall) => { status?: number; body?: unknown } | undefined) {
    const calls = mockApi(save);
    storeUser(RESTAURANT);
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderInAdmin(<RestaurantProfileDialog restaurant={stored} email="restaurant@demo.test" onSaved={onSaved} onClose={onClose} />);
    return { calls, onSaved, onClose, u: userEvent.setup({ delay: null }) };
  }

  it('shows the e-mail without letting it change, and needs the current password for a new one', async () => {
    const { u } = renderProfile(() => undefined);
    expect(screen.getByLabelText('E-mail')).toBeDisabled();
    expect(screen.getByLabelText('E-mail')).toHaveValue('restaurant@demo.test');
    await u.click(screen.getByRole('switch', { name: 'Change Password' }));
    await fill(u, screen.getByLabelText(/^New password/), 'secret1');
    await u.click(screen.getByLabelText(/^Current password/));
    await u.tab();
    expect(await screen.findByText(RESTAURANT_MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept Changes' })).toBeDisabled();
  });

  it('posts the profile as multipart with _method PATCH and hands back what the server saved', async () => {
    const { u, calls, onSaved } = renderProfile((call) =>
      call.method === 'POST' ? { body: { ...stored, telephone: '020 7946 0999', contactName: 'Gina' } } : undefined,
    );
    await u.clear(screen.getByLabelText(/^Telephone/));
    await u.paste('020 7946 0999');
    await u.click(screen.getByRole('button', { name: 'Accept Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/restaurant/profile/7');
    const form = post.body as FormData;
    expect(form.get('_method')).toBe('PATCH');
    expect(form.get('telephone')).toBe('020 7946 0999');
    expect(form.get('id')).toBe('7');
    expect(form.has('email')).toBe(false);
    expect(onSaved.mock.calls[0][0]).toMatchObject({ telephone: '020 7946 0999' });
  });

  it("shows the first message of a 400, and 'Unknown error' for anything else", async () => {
    let status = 400;
    const { u } = renderProfile((call) =>
      call.method === 'POST' ? { status, body: status === 400 ? { name: [RESTAURANT_MSG.nameRequired] } : { message: 'boom' } } : undefined,
    );
    await u.click(screen.getByRole('button', { name: 'Accept Changes' }));
    expect(await screen.findAllByText(RESTAURANT_MSG.nameRequired)).not.toHaveLength(0);
    status = 500;
    await u.click(screen.getByRole('button', { name: 'Accept Changes' }));
    expect(await screen.findByText(UNKNOWN_ERROR)).toBeInTheDocument();
  });
});

// ---------------------------------------------------------------------------------------------------------
// The screen
// ---------------------------------------------------------------------------------------------------------

/** The list calls' convention (ra-data-simple-rest): filter, sort and range as JSON query parameters. */
function listParams(path: string) {
  const q = new URL(path, 'http://localhost').searchParams;
  return {
    filter: JSON.parse(q.get('filter') ?? '{}') as { status?: number; q?: string; area_id?: number; restaurateur_id?: number; id?: number[] },
    sort: JSON.parse(q.get('sort') ?? '[]') as string[],
    range: JSON.parse(q.get('range') ?? '[0,0]') as number[],
  };
}

/** A page of `rows` as the server answers it, with its Content-Range total. */
const page = (resource: string, rows: unknown[], range: number[]) => ({
  body: rows,
  headers: { 'Content-Range': `${resource} ${range[0]}-${range[0] + rows.length - 1}/${rows.length}` },
});

/** A fake restaurants API: the filter's restaurants of WOK, PIZZA and OLD by name (or the reverse), a page at a time. */
function api(extra: (call: ApiCall) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return mockApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path.startsWith('/api/restaurant?') && call.path.includes('range=')) {
      const { filter, sort, range } = listParams(call.path);
      const rows = [OLD, PIZZA, WOK]
        .filter((r) => filter.status === undefined || r.status === filter.status)
        .filter((r) => !filter.area_id || r.area_id === filter.area_id)
        .filter((r) => !filter.restaurateur_id || r.restaurateur_id === filter.restaurateur_id)
        .filter((r) => !filter.q || r.name.toLowerCase().includes(filter.q))
        .sort((a, b) => (sort[1] === 'DESC' ? -1 : 1) * a.name.localeCompare(b.name));
      return page('restaurant', rows, range);
    }
    // The screen's filter and dialogs need the areas' names and pay rates, not their restaurants.
    if (call.method === 'GET' && call.path === AREA_NAMES_URL) return { body: AREAS };
    return accountsAnswer(call);
  });
}

/** The restaurant accounts' list calls, a page of those with the asked ids or searched by e-mail or name. */
function accountsAnswer(call: ApiCall) {
  if (call.method !== 'GET' || !call.path.startsWith('/api/restaurateur?')) return undefined;
  const { filter, range } = listParams(call.path);
  const q = filter.q ?? '';
  const found = ACCOUNTS.filter((a) => (filter.id ? filter.id.includes(a.id) : a.email.includes(q) || a.name.toLowerCase().includes(q)));
  return page('restaurateur', found, range);
}

/** The pages of restaurants the screen asked for, in order. */
const restaurantLists = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/restaurant?') && c.path.includes('range=')).map((c) => listParams(c.path));

async function openScreen(extra?: Parameters<typeof api>[0]) {
  const calls = api(extra);
  storeUser(ADMIN);
  renderAppAt('/restaurants');
  await screen.findByRole('heading', { name: 'Restaurants', level: 1 });
  await screen.findByText('Golden Wok Salford');
  return { calls, u: userEvent.setup({ delay: null }) };
}

const names = () =>
  within(screen.getByRole('table', { name: 'Restaurants' })).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent);

describe('Restaurants screen', () => {
  it('lists the first 15 active restaurants by name with location, restaurateur e-mail and area, then the inactive ones on request', async () => {
    const { calls, u } = await openScreen();
    expect(restaurantLists(calls)[0]).toEqual({ filter: { status: 10 }, sort: ['name', 'ASC'], range: [0, 14] });
    const rows = within(screen.getByRole('table', { name: 'Restaurants' })).getAllByRole('row').slice(1);
    expect(names()).toEqual(['Golden Wok Salford', 'Pizza Palace Camden']);
    expect(within(rows[1]).getAllByRole('cell').slice(0, 4).map((c) => c.textContent)).toEqual([
      'Pizza Palace Camden', '12 High Street, London, NW1 7JR', 'restaurant@demo.test', 'Camden',
    ]);
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    await u.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Only active', 'Only inactive']);
    await u.click(await screen.findByRole('option', { name: 'Only inactive' }));
    expect(await screen.findByText('Cedar Lebanese Grill')).toBeInTheDocument();
    expect(restaurantLists(calls).at(-1)!.filter).toEqual({ status: 20 });
  });

  it('sorts by name, restaurateur e-mail and area on the server', async () => {
    const { calls, u } = await openScreen();
    await u.click(screen.getByRole('button', { name: /^Sort by name/ }));
    await waitFor(() => expect(names()).toEqual(['Pizza Palace Camden', 'Golden Wok Salford']));
    expect(restaurantLists(calls).at(-1)!.sort).toEqual(['name', 'DESC']);
    await u.click(screen.getByRole('button', { name: /^Sort by area/ }));
    await waitFor(() => expect(restaurantLists(calls).at(-1)!.sort).toEqual(['area', 'ASC']));
    await u.click(screen.getByRole('button', { name: /^Sort by restaurateur e-mail/ }));
    await waitFor(() => expect(restaurantLists(calls).at(-1)!.sort).toEqual(['email', 'ASC']));
  });

  it("filters by area, restaurateur and name on the server, and says 'No restaurants found'", async () => {
    const { calls, u } = await openScreen();
    await u.click(screen.getByRole('combobox', { name: 'Area' }));
    await u.click(await screen.findByRole('option', { name: 'Salford' }));
    await waitFor(() => expect(screen.queryByText('Pizza Palace Camden')).not.toBeInTheDocument());
    expect(screen.getByText('Golden Wok Salford')).toBeInTheDocument();
    expect(restaurantLists(calls).at(-1)!.filter).toEqual({ status: 10, area_id: 2 });
    await u.click(screen.getByRole('combobox', { name: 'Area' }));
    await u.click(await screen.findByRole('option', { name: 'All areas' }));
    await u.click(screen.getByRole('combobox', { name: 'Restaurateur e-mail' }));
    await u.click(await screen.findByRole('option', { name: ACCOUNTS[0].email }));
    await waitFor(() => expect(restaurantLists(calls).at(-1)!.filter).toEqual({ status: 10, restaurateur_id: ACCOUNTS[0].id }));
    await fill(u, screen.getByRole('textbox', { name: 'Restaurant name' }), 'wok');
    await waitFor(() => expect(restaurantLists(calls).at(-1)!.filter).toMatchObject({ q: 'wok' }));
    expect(await screen.findByText(NO_RESTAURANTS)).toBeInTheDocument();
  });

  it('asks for a restaurant account picked at once, and once (not after the wait for typing to settle, nor again after it)', async () => {
    const { calls, u } = await openScreen();
    await u.click(screen.getByRole('combobox', { name: 'Restaurateur e-mail' }));
    const account = await screen.findByRole('option', { name: ACCOUNTS[0].email });
    await withStoppedClock(async ({ moveClock }) => {
      fireEvent.click(account);
      await moveClock(50);
      expect(restaurantLists(calls).at(-1)!.filter).toEqual({ status: 10, restaurateur_id: ACCOUNTS[0].id });
      const asked = restaurantLists(calls).length;
      await moveClock(1000);
      expect(restaurantLists(calls)).toHaveLength(asked);
    });
  });

  it('offers 10, 15, 50, 100 and 1000 rows per page, and asks the server for that many', async () => {
    const { calls, u } = await openScreen();
    await u.click(screen.getByRole('combobox', { name: 'Per page' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '15', '50', '100', '1000']);
    await u.click(screen.getByRole('option', { name: '100' }));
    await waitFor(() => expect(restaurantLists(calls).at(-1)!.range).toEqual([0, 99]));
  });

  it('adds a restaurant, then e-mails the credentials with the login page address', async () => {
    const { calls } = await openScreen((call) => {
      if (call.method === 'POST' && call.path === '/api/restaurant') {
        return { status: 201, body: { ...WOK, id: 12, name: 'Noodle Bar', restCredentials: { email: 'noodles@restaurants.test', password: 'generated-pass', name: 'Noodle Bar' } } };
      }
      if (call.method === 'POST' && call.path === '/api/sendEmail') return { body: { success: true } };
      return undefined;
    });
    // The check that each click lands on something clickable reads the styles of every ancestor: over the whole
    // screen that is most of this test's time in jsdom, and the dialog's own tests keep it.
    const u = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await u.click(screen.getByRole('button', { name: 'Add Restaurant' }));
    const dialog = within(screen.getByRole('dialog'));
    await fillValid(u, dialog);
    await u.click(dialog.getByRole('button', { name: SEND_VERIFICATION }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/sendEmail')).toBe(true));
    const created = calls.find((c) => c.method === 'POST' && c.path === '/api/restaurant')!;
    expect((created.body as FormData).get('name')).toBe('Noodle Bar');
    expect(calls.find((c) => c.path === '/api/sendEmail')!.body).toEqual({
      email: 'noodles@restaurants.test', password: 'generated-pass', name: 'Noodle Bar', link: `${window.location.origin}/login`,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names every row action, by tooltip and for screen readers, and keeps Remove last, set apart', async () => {
    const { u } = await openScreen();
    const row = screen.getByRole('button', { name: 'Edit Pizza Palace Camden' }).closest('tr')!;
    const actions = within(row).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(actions).toEqual([
      'Edit Pizza Palace Camden',
      'Schedule of Pizza Palace Camden',
      'Drivers working at Pizza Palace Camden',
      'New post for Pizza Palace Camden',
      'Mark as Inactive: Pizza Palace Camden',
      'Remove Pizza Palace Camden',
    ]);
    const remove = within(row).getByRole('button', { name: 'Remove Pizza Palace Camden' });
    // A divider stands between the on/off switch and Remove.
    expect(remove.previousElementSibling).toHaveClass('MuiDivider-root');
    await u.hover(remove);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Remove Pizza Palace Camden');
  });

  it('marks a restaurant inactive with PUT ?inactive=true', async () => {
    const { calls, u } = await openScreen((call) => (call.method === 'PUT' ? { body: { ...PIZZA, status: 20 } } : undefined));
    await u.click(screen.getByRole('button', { name: 'Mark as Inactive: Pizza Palace Camden' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/restaurant/7?inactive=true');
    expect(put.body).toEqual({ status: 20 });
  });

  it("asks 'Remove restaurant {name}?' and shows the server's reason when it refuses", async () => {
    const reason = 'Pizza Palace Camden has 350 shifts: mark it inactive instead, so they are kept';
    const { u } = await openScreen((call) => (call.method === 'DELETE' ? { status: 400, body: { id: [reason] } } : undefined));
    await u.click(screen.getByRole('button', { name: 'Remove Pizza Palace Camden' }));
    const dialog = screen.getByRole('dialog', { name: removeRestaurantQuestion(PIZZA) });
    await u.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(within(dialog).getByRole('button', { name: 'Mark as Inactive' })).toBeInTheDocument();
  });

  it('remembers the restaurant and opens the schedule; lists the drivers working there, linking to their edit', async () => {
    const { u } = await openScreen((call) =>
      call.path === '/api/restaurant/7/drivers'
        ? { body: [{ id: 3, full_name: 'Dan Driver', email: 'driver@demo.test', phone: '07700 900123', address: '5 Albert St, London', status: 10 }] }
        : undefined,
    );
    await u.click(screen.getByRole('button', { name: 'Drivers working at Pizza Palace Camden' }));
    const link = await screen.findByRole('link', { name: 'Dan Driver' });
    expect(link).toHaveAttribute('href', '/drivers/3');
    expect(screen.getByText('07700 900123')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Close' }));
    await u.click(screen.getByRole('button', { name: 'Schedule of Pizza Palace Camden' }));
    await waitFor(() => expect(window.location.pathname).toBe('/schedule'));
    // The board takes the remembered restaurant as its location (once).
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('location')).toBe('r7'));
    expect(window.localStorage.getItem(SCHEDULE_RESTAURANT_KEY)).toBeNull();
  });
});

describe('Home for a restaurant account', () => {
  it('edits a restaurant profile and updates the stored restaurant', async () => {
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/api/restaurant/profile/7'
        ? { body: { id: 7, name: 'Pizza Palace Camden', address: '1 New Street', postcode: 'NW1 7JR', contact_name: 'Gina', telephone: '0207' } }
        : undefined,
    );
    storeUser(RESTAURANT);
    renderAppAt('/home');
    const u = userEvent.setup({ delay: null });
    await u.click(await screen.findByRole('button', { name: 'Edit profile of Pizza Palace Camden' }));
    const address = await screen.findByLabelText(/^Address/); // the dialog's code loads when first opened
    await u.clear(address);
    await u.paste('1 New Street');
    await fill(u, screen.getByLabelText(/^Contact Name/), 'Gina');
    await fill(u, screen.getByLabelText(/^Telephone/), '0207');
    await u.click(screen.getByRole('button', { name: 'Accept Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.path === '/api/restaurant/profile/7')).toBe(true);
    expect(getStoredUser()!.restaurants.find((r) => r.id === 7)!.address).toBe('1 New Street');
    expect(await screen.findByText('1 New Street, NW1 7JR')).toBeInTheDocument();
  });
});
