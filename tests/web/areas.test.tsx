import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AREA_MSG } from '../../domain/validation/area';
import { OWN_MSG } from '../../domain/messages';
import { subscribeToFeed, type FeedCallback } from '../../providers/realtime';
import { pageWindow } from '../../src/components/PageButtons';
import { NO_RESTAURANTS } from '../../resources/areas/AreaRestaurants';
import { SCHEDULE_RESTAURANT_KEY } from '../../src/components/scheduleRestaurant';
import type { Area } from '../../resources/areas/types';
import { NOT_AVAILABLE } from '../../src/components/RoleGate';
import { ADMIN, MANAGER, expectPath, isListCall, listAnswer, mockApi, pickerLists, renderAppAt, storeUser, type ApiCall } from './harness';

vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const CITIES = [
  { id: 1, city_name: 'London' },
  { id: 2, city_name: 'Manchester' },
];
const camden: Area = {
  id: 11,
  name: 'Camden',
  city_id: 1,
  city: CITIES[0],
  standardPayRate: 12,
  weekendPayRate: 13.5,
  restaurants: [
    { id: 7, name: 'Bombay Spice', address: '12 Parkway, London', postcode: 'NW1 7AA', telephone: '020 7000 0001', status: 10, area_id: 11, map_latitude: null, map_longitude: null },
    { id: 8, name: 'Pizza Palace Camden', address: '3 Camden High Street, London', postcode: 'NW1 0JH', telephone: '020 7000 0002', status: 20, area_id: 11, map_latitude: null, map_longitude: null },
  ],
};
const salford: Area = { id: 12, name: 'Salford', city_id: 2, city: CITIES[1], standardPayRate: 10.75, weekendPayRate: 12, restaurants: [] };

type Handler = Parameters<typeof mockApi>[0];

/** The area picked in the list's filter, as the server reads `filter.id`. */
const picked = (area: Area, filter: Record<string, unknown>) => filter.id === undefined || Number(filter.id) === area.id;

/** The fake API: the areas list (changeable by the test; its pages too), the cities, and whatever `extra` answers. */
function api(areas: { current: Area[] }, extra: Handler = () => undefined) {
  return mockApi((call: ApiCall) => {
    const answer = extra!(call);
    if (answer) return answer;
    if (isListCall(call, '/api/area')) return listAnswer(call, 'area', areas.current, picked);
    if (call.method === 'GET' && call.path === '/api/area') return { body: areas.current };
    if (call.method === 'GET' && call.path === '/api/city') return { body: CITIES };
    return pickerLists(call, areas.current);
  });
}

async function openAreas(areas: Area[] = [camden, salford], extra?: Handler) {
  const list = { current: areas };
  const calls = api(list, extra);
  storeUser(ADMIN);
  renderAppAt('/areas');
  await screen.findByRole('heading', { name: 'Areas', level: 1 });
  if (areas.length) await screen.findByRole('region', { name: `Area ${areas[0].name}` });
  return { calls, list, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog');
const saveButton = () => within(dialog()).getByRole('button', { name: 'Save' });
const cityField = () => within(dialog()).getByRole('combobox', { name: /City/ });
const nameField = () => within(dialog()).getByRole('textbox', { name: /Area Name/ });
const standardField = () => within(dialog()).getByRole('textbox', { name: /Standard Pay/ });
const weekendField = () => within(dialog()).getByRole('textbox', { name: /Weekend Pay/ });

/** Opens Add Area, fills it for London and presses Save. */
async function addArea(user: ReturnType<typeof userEvent.setup>, area: { name: string; standard: string; weekend: string }) {
  await user.click(screen.getByRole('button', { name: 'Add Area' }));
  await user.click(cityField());
  await user.click(await screen.findByRole('option', { name: 'London' }));
  await user.type(nameField(), area.name);
  await user.type(standardField(), area.standard);
  await user.type(weekendField(), area.weekend);
  await user.click(saveButton());
}

describe('Areas screen', () => {
  it('shows one area per page with City, Area and both pay rates in pounds, then its restaurants', async () => {
    await openAreas();
    const area = screen.getByRole('region', { name: 'Area Camden' });
    for (const header of ['City', 'Area', 'Standard Pay (per hour)', 'Weekend Pay (per hour)']) {
      expect(within(area).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(area).getByText('London')).toBeInTheDocument();
    expect(within(area).getByText('£12.00')).toBeInTheDocument();
    expect(within(area).getByText('£13.50')).toBeInTheDocument();
    const restaurants = within(area).getByRole('table', { name: 'Restaurants in Camden' });
    expect(within(restaurants).getByText('Bombay Spice')).toBeInTheDocument();
    expect(within(restaurants).getByText('12 Parkway, London, NW1 7AA')).toBeInTheDocument();
    expect(within(restaurants).getByText('Inactive')).toBeInTheDocument();
    // Default page size is one area: Salford is on page 2.
    expect(screen.queryByRole('region', { name: 'Area Salford' })).not.toBeInTheDocument();
    expect(screen.getByText('Area 1 of 2')).toBeInTheDocument();
  });

  it("pages through areas and says 'No restaurants found in this area' for an empty one", async () => {
    const { user } = await openAreas();
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    const area = await screen.findByRole('region', { name: 'Area Salford' });
    expect(within(area).getByText(NO_RESTAURANTS)).toBeInTheDocument();
    expect(within(area).getByText('£10.75')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Area Camden' })).not.toBeInTheDocument();
  });

  it('shows one picked area, or more per page', async () => {
    const { user } = await openAreas();
    await user.click(screen.getByRole('combobox', { name: 'Select an area' }));
    await user.click(await screen.findByRole('option', { name: 'Salford (Manchester)' }));
    expect(await screen.findByRole('region', { name: 'Area Salford' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Area Camden' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Select an area' }));
    await user.click(await screen.findByRole('option', { name: 'All areas' }));
    await user.click(screen.getByRole('combobox', { name: 'Per page' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '5', '10', '100', '1000']);
    await user.click(screen.getByRole('option', { name: '5' }));
    expect(await screen.findByRole('region', { name: 'Area Camden' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Area Salford' })).toBeInTheDocument();
  });

  it('shows 14 page buttons at most, around the current page', async () => {
    expect(pageWindow(1, 40, 14)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(pageWindow(20, 40, 14)).toEqual([14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27]);
    expect(pageWindow(40, 40, 14)).toHaveLength(14);
    expect(pageWindow(40, 40, 14)[13]).toBe(40);
    expect(pageWindow(2, 3, 14)).toEqual([1, 2, 3]);

    const many = Array.from({ length: 30 }, (_, i) => ({ ...salford, id: 100 + i, name: `Area ${String(i + 1).padStart(2, '0')}` }));
    await openAreas(many);
    const nav = screen.getByRole('navigation', { name: 'Areas pages' });
    expect(within(nav).getAllByRole('button', { name: /page \d+$/ })).toHaveLength(14);
  });

  it('remembers the restaurant and opens the schedule', async () => {
    const { user } = await openAreas();
    await user.click(screen.getByRole('button', { name: 'Schedule of Bombay Spice' }));
    await expectPath('/schedule');
    // The schedule takes the remembered restaurant as its location (once).
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('location')).toBe('r7'));
    expect(window.localStorage.getItem(SCHEDULE_RESTAURANT_KEY)).toBeNull();
  });

  it("opens the post dialog addressed to the restaurant or the area from their 'new post' buttons", async () => {
    const { user } = await openAreas();
    await user.click(screen.getByRole('button', { name: 'New post for Bombay Spice' }));
    let post = await screen.findByRole('dialog', { name: 'Publish a New Post / Message All' });
    expect(within(post).getByRole('radio', { name: 'Selected Restaurants' })).toBeChecked();
    expect(await within(post).findByRole('button', { name: 'Bombay Spice' })).toBeInTheDocument();
    await user.click(within(post).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByRole('region', { name: 'Area Camden' })).getByRole('button', { name: 'New Post' }));
    post = await screen.findByRole('dialog', { name: 'Publish a New Post / Message All' });
    expect(within(post).getByRole('radio', { name: 'Selected Areas' })).toBeChecked();
    expect(await within(post).findByRole('button', { name: 'Camden' })).toBeInTheDocument();
  });

  describe("the Restaurants screen's dialogs on a restaurant", () => {
    const bombay = {
      id: 7, name: 'Bombay Spice', contactName: 'Raj', contact_name: 'Raj', address: '12 Parkway, London', postcode: 'NW1 7AA',
      telephone: '020 7000 0000', email: 'bombay@restaurants.test', business_email: 'b@b.test', area_id: 11, areaId: 11,
      area: { id: 11, name: 'Camden', standardPayRate: 12, weekendPayRate: 13.5 }, status: 10, standard_pay: null, weekend_pay: null,
      invoice_comission: null, booking_fee: null, send_invoice: 1, map_latitude: null, map_longitude: null, meal: null, uniform: null,
      cash_orders: null, waiting_location: null, other: null, bonus_target: null, logo_src: null,
      restaurateur: { id: 3, name: 'Bombay', email: 'bombay@restaurants.test' }, restaurateur_id: 3,
    };
    // The dialogs ask for the one restaurant by id (the list's id filter), an inactive one too.
    const closed = { ...bombay, id: 8, name: 'Pizza Palace Camden', status: 20 };
    const openWithRestaurants = () =>
      openAreas([camden, salford], (call) => {
        if (call.method === 'GET' && call.path.startsWith('/api/restaurant?filter=')) {
          const { id } = JSON.parse(new URL(call.path, 'http://localhost').searchParams.get('filter')!) as { id: number[] };
          return { body: [bombay, closed].filter((r) => id.includes(r.id)) };
        }
        if (call.method === 'GET' && call.path === '/api/restaurateur') return { body: [] };
        if (call.method === 'GET' && call.path === '/api/restaurant/7/drivers') return { body: [] };
        return undefined;
      });

    // Two openings of the long restaurant dialog through MUI in jsdom take some 20 s on a quiet 2-core machine.
    it('edits one, an inactive one too', async () => {
      const { user } = await openWithRestaurants();
      await user.click(screen.getByRole('button', { name: 'Edit Bombay Spice' }));
      const edit = await screen.findByRole('dialog', { name: 'Edit Restaurant' });
      expect(within(edit).getByLabelText(/^Restaurant Name/)).toHaveValue('Bombay Spice');
      await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
      await user.click(screen.getByRole('button', { name: 'Edit Pizza Palace Camden' }));
      const inactive = await screen.findByRole('dialog', { name: 'Edit Restaurant' });
      expect(within(inactive).getByLabelText(/^Restaurant Name/)).toHaveValue('Pizza Palace Camden');
    });

    it('asks before removing one', async () => {
      const { user } = await openWithRestaurants();
      await user.click(screen.getByRole('button', { name: 'Delete Bombay Spice' }));
      expect(await screen.findByRole('dialog', { name: 'Remove restaurant Bombay Spice?' })).toBeInTheDocument();
    });

    it('lists the drivers working there', async () => {
      const { user } = await openWithRestaurants();
      await user.click(screen.getByRole('button', { name: 'Drivers working at Bombay Spice' }));
      expect(await screen.findByText('No drivers found')).toBeInTheDocument();
    });
  });

  it('reloads when the live feed announces an area change', async () => {
    const { list } = await openAreas();
    const feed = vi.mocked(subscribeToFeed).mock.calls.filter(([channel]) => channel === 'area_channel').at(-1);
    expect(feed).toBeDefined();
    list.current = [{ ...camden, standardPayRate: 12.4 }, salford];
    await act(async () => (feed![1] as FeedCallback)('update', [camden]));
    expect(await screen.findByText('£12.40')).toBeInTheDocument();
  });

  it('is not available to managers', async () => {
    api({ current: [camden] });
    storeUser(MANAGER);
    renderAppAt('/areas');
    expect(await screen.findByText(NOT_AVAILABLE)).toBeInTheDocument();
  });
});

describe('Add Area dialog', () => {
  it('shows each message once its field is touched and keeps Save disabled while invalid', async () => {
    const { user } = await openAreas();
    await user.click(screen.getByRole('button', { name: 'Add Area' }));
    expect(within(dialog()).getByRole('heading', { name: 'Add Area' })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    // Nothing is said before a field is touched.
    for (const message of [AREA_MSG.cityRequired, AREA_MSG.nameRequired, AREA_MSG.payRateRequired]) {
      expect(within(dialog()).queryByText(message)).not.toBeInTheDocument();
    }
    await user.click(nameField());
    await user.click(standardField());
    await user.click(weekendField());
    await user.tab();
    expect(await within(dialog()).findByText(AREA_MSG.nameRequired)).toBeInTheDocument();
    expect(within(dialog()).getAllByText(AREA_MSG.payRateRequired)).toHaveLength(2);
    // Opening and closing the city menu without a choice touches it.
    await user.click(cityField());
    await user.keyboard('{Escape}');
    expect(await within(dialog()).findByText(AREA_MSG.cityRequired)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('refuses negative and non-numeric pay with a message on that field', async () => {
    const { user } = await openAreas();
    await user.click(screen.getByRole('button', { name: 'Add Area' }));
    await user.type(standardField(), '-3');
    await user.type(weekendField(), 'ten');
    await user.tab();
    expect(await within(dialog()).findByText(AREA_MSG.payRatePositive)).toBeInTheDocument();
    expect(within(dialog()).getByText(AREA_MSG.payRateNotNumber)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('enables Save once valid, sends numbers and closes on success', async () => {
    const created: Area = { id: 13, name: 'Wembley', city_id: 1, city: CITIES[0], standardPayRate: 11.5, weekendPayRate: 13, restaurants: [] };
    const { user, calls, list } = await openAreas([camden, salford], (call) => {
      if (call.method === 'POST' && call.path === '/api/area') {
        list.current = [camden, salford, created];
        return { status: 201, body: created };
      }
      return undefined;
    });
    await user.click(screen.getByRole('button', { name: 'Add Area' }));
    await user.click(cityField());
    await user.click(await screen.findByRole('option', { name: 'London' }));
    await user.type(nameField(), 'Wembley');
    await user.type(standardField(), '11.5');
    expect(saveButton()).toBeDisabled();
    await user.type(weekendField(), '13');
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ city_id: 1, name: 'Wembley', standardPayRate: 11.5, weekendPayRate: 13 });
    // The screen goes to the page of the new area.
    expect(await screen.findByRole('region', { name: 'Area Wembley' })).toBeInTheDocument();
  });

  it("shows the server's 400 message on its field and keeps the dialog open", async () => {
    const taken = 'Camden already exists in London: choose another name';
    const { user } = await openAreas([camden, salford], (call) =>
      call.method === 'POST' && call.path === '/api/area' ? { status: 400, body: { name: [taken] } } : undefined,
    );
    await addArea(user, { name: 'Camden', standard: '12', weekend: '13.50' });
    expect(await within(dialog()).findByText(taken)).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    // Changing the name drops the server's message about the old one.
    await user.type(nameField(), ' Town');
    expect(within(dialog()).queryByText(taken)).not.toBeInTheDocument();
  });

  it('says when the database is not answering, keeps what was typed, and saves once it answers again', async () => {
    const created: Area = { id: 13, name: 'Wembley', city_id: 1, city: CITIES[0], standardPayRate: 11.5, weekendPayRate: 13, restaurants: [] };
    const database = { up: false };
    const { user, list } = await openAreas([camden, salford], (call) => {
      if (call.method !== 'POST' || call.path !== '/api/area') return undefined;
      if (!database.up) return { status: 503, body: { message: OWN_MSG.databaseUnavailable, request_id: 'r-1' } };
      list.current = [camden, salford, created];
      return { status: 201, body: created };
    });
    await addArea(user, { name: 'Wembley', standard: '11.5', weekend: '13' });
    expect(await within(dialog()).findByText(OWN_MSG.databaseUnavailable)).toBeInTheDocument();
    expect(nameField()).toHaveValue('Wembley');
    expect(standardField()).toHaveValue('11.5');
    expect(weekendField()).toHaveValue('13');
    expect(screen.getAllByText(OWN_MSG.databaseUnavailable)).toHaveLength(1);

    database.up = true;
    await user.click(saveButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('region', { name: 'Area Wembley' })).toBeInTheDocument();
  });
});

describe('Edit Area dialog', () => {
  it('starts from the area, shows messages after clearing a field and sends the edit', async () => {
    const { user, calls } = await openAreas([camden, salford], (call) =>
      call.method === 'PUT' && call.path === '/api/area/11' ? { body: { ...camden, weekendPayRate: 14.25 } } : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'Edit area Camden' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit Area' })).toBeInTheDocument();
    expect(cityField()).toHaveTextContent('London');
    expect(nameField()).toHaveValue('Camden');
    expect(standardField()).toHaveValue('12.00');
    expect(weekendField()).toHaveValue('13.50');
    expect(saveButton()).toBeEnabled();

    await user.clear(nameField());
    await user.tab();
    expect(await within(dialog()).findByText(AREA_MSG.nameRequired)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.type(nameField(), 'Camden');
    await user.clear(weekendField());
    await user.type(weekendField(), '14.25');
    await user.click(saveButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ id: 11, city_id: 1, name: 'Camden', standardPayRate: 12, weekendPayRate: 14.25 });
  });
});

describe('A save on an area someone changed meanwhile', () => {
  it('says who changed it and when in the dialog, keeps what was typed, and Reload brings the area as it is now; the save then goes through', async () => {
    const loaded = { ...camden, updated_at: '2026-11-18T10:00:00.000Z' };
    const changed = { ...loaded, name: 'Camden Town', standardPayRate: 12.5, updated_at: '2026-11-18T14:05:00.123Z' };
    const message = 'This area was changed by Maria Manager at 14:05. Reload to see it.';
    const { user, calls, list } = await openAreas([loaded, salford], (call) => {
      if (call.method !== 'PUT' || call.path !== '/api/area/11') return undefined;
      const sent = call.body as { updated_at?: string };
      if (sent.updated_at === changed.updated_at) return { body: { ...changed, weekendPayRate: 15, updated_at: '2026-11-18T14:06:00.000Z' } };
      return { status: 409, body: { message, conflict: { changed_by: 'Maria Manager', changed_at: changed.updated_at } } };
    });
    await user.click(screen.getByRole('button', { name: 'Edit area Camden' }));
    expect(nameField()).toHaveValue('Camden');
    // Another administrator renames the area while this dialog is open.
    list.current = [changed, salford];

    await user.clear(weekendField());
    await user.type(weekendField(), '15');
    await user.click(saveButton());
    const notice = await within(dialog()).findByTestId('record-conflict');
    expect(notice).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1); // in the dialog only: no snackbar besides
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ weekendPayRate: 15, updated_at: loaded.updated_at });
    expect(weekendField()).toHaveValue('15');
    expect(nameField()).toHaveValue('Camden');

    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(nameField()).toHaveValue('Camden Town'));
    expect(standardField()).toHaveValue('12.50');
    expect(weekendField()).toHaveValue('13.50');
    expect(within(dialog()).queryByTestId('record-conflict')).not.toBeInTheDocument();

    await user.clear(weekendField());
    await user.type(weekendField(), '15');
    await user.click(saveButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({
      id: 11, city_id: 1, name: 'Camden Town', standardPayRate: 12.5, weekendPayRate: 15, updated_at: changed.updated_at,
    });
  });
});

describe('Removing an area', () => {
  it("asks 'Remove area {name}?' and shows the refusal's message", async () => {
    const refusal = 'Area Camden still has 2 restaurants and 5 drivers: move them to another area first';
    const { user, calls } = await openAreas([camden, salford], (call) =>
      call.method === 'DELETE' ? { status: 400, body: { id: [refusal] } } : undefined,
    );
    await user.click(screen.getByRole('button', { name: 'Remove area Camden' }));
    expect(within(dialog()).getByRole('heading', { name: 'Remove area Camden?' })).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(refusal);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/area/11']);
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('region', { name: 'Area Camden' })).toBeInTheDocument();
  });

  it('removes the area when the server agrees', async () => {
    const { user, list } = await openAreas([camden, salford], (call) => {
      if (call.method === 'DELETE' && call.path === '/api/area/11') {
        list.current = [salford];
        return { status: 204 };
      }
      return undefined;
    });
    await user.click(screen.getByRole('button', { name: 'Remove area Camden' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('region', { name: 'Area Salford' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Area Camden' })).not.toBeInTheDocument();
  });
});
