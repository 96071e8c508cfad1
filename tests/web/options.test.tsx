import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OPTION_MSG, optionFormSchema } from '../../domain/validation/option';
import { PUSH_MSG } from '../../domain/validation/pushMessage';
import { ADMIN, MANAGER, RESTAURANT, isListCall, listAnswer, mockApi, pickerLists, expectScreenRefused, renderAppAt, storeUser, type ApiCall } from './harness';

vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const OPTIONS = [
  { id: 1, okey: 'map_center_default', ovalue: '{"lat":51.4,"lng":0,"map_zoom":12}', description: 'Where maps open.' },
  { id: 2, okey: 'fuel_bonus_0', ovalue: '1.5', description: 'Fuel bonus in pounds per delivery of 0 to 3 miles.' },
  { id: 3, okey: 'fuel_bonus_3', ovalue: '3', description: '' },
  { id: 4, okey: 'fuel_bonus_6', ovalue: '5', description: '' },
  { id: 5, okey: 'restaurants_standard_booking_fee', ovalue: '0', description: '' },
  { id: 6, okey: 'restaurants_standard_invoice_comission', ovalue: '1.5', description: '' },
  { id: 7, okey: 'working_time_max_consecutive_days', ovalue: '6', description: '' },
  { id: 8, okey: 'working_time_max_week_hours', ovalue: '48', description: '' },
  { id: 9, okey: 'working_time_min_rest_hours', ovalue: '11', description: '' },
];
const AREAS = [
  {
    id: 10,
    name: 'Camden',
    city: { id: 1, city_name: 'London' },
    restaurants: [
      { id: 100, name: 'Pizza Palace Camden', area_id: 10 },
      { id: 101, name: 'Curry House Camden', area_id: 10 },
    ],
  },
  { id: 11, name: 'Islington', city: { id: 1, city_name: 'London' }, restaurants: [{ id: 110, name: 'Pizza Palace Islington', area_id: 11 }] },
];
const DRIVERS = [
  { id: 500, full_name: 'Dan Driver', email: 'driver@demo.test', status: 10 },
  { id: 501, full_name: 'Ella Evans', email: 'ella@mail.test', status: 20 },
];

type Answer = { status?: number; body?: unknown } | undefined;

function api(overrides: { put?: (call: ApiCall) => Answer; post?: (call: ApiCall) => Answer } = {}) {
  return mockApi((call) => {
    if (isListCall(call, '/api/option')) return listAnswer(call, 'option', OPTIONS);
    if (call.method === 'GET' && call.path === '/api/driver-message/recipients') return { body: DRIVERS };
    if (call.method === 'PUT' && call.path.startsWith('/api/option/')) {
      const body = call.body as { okey: string; ovalue: string };
      return overrides.put?.(call) ?? { body: { ...OPTIONS.find((o) => o.okey === body.okey), ovalue: body.ovalue } };
    }
    if (call.method === 'POST' && call.path === '/api/driver-message') {
      return overrides.post?.(call) ?? { body: { success: true, message_id: 9, targeted: 3, delivered: 2, no_token: 1, failed: 0 } };
    }
    return pickerLists(call, AREAS);
  });
}

async function openOptions(user = ADMIN) {
  storeUser(user);
  renderAppAt('/options');
  // The screen's code, the access check and the page arrive one after the other: allow a busy machine time.
  return screen.findByRole('region', { name: 'Pay and billing' });
}

async function openEdit(label: string) {
  const u = userEvent.setup({ delay: null });
  await openOptions();
  await u.click(screen.getByRole('button', { name: `Edit ${label}` }));
  const dialog = await screen.findByRole('dialog', { name: label });
  return { u, dialog };
}

async function openPush() {
  const u = userEvent.setup({ delay: null });
  await openOptions();
  await u.click(screen.getByRole('button', { name: 'Send Push Message' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send Push Message' });
  return { u, dialog };
}

/** Pastes into a field: typing long texts key by key through MUI in jsdom costs seconds. */
async function fill(u: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await u.click(field);
  await u.paste(text);
}

const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Save' });
const sendButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Send Message(s)' });

const FUEL_0_3 = 'Fuel bonus, 0–3 miles';
const MAP = 'Map starting point';

describe('Options screen', () => {
  it('shows every option by label, explanation and value in its unit, in groups, never by key', async () => {
    api();
    await openOptions();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Pay and billing', 'Working time', 'Map']);
    const pay = screen.getByRole('region', { name: 'Pay and billing' });
    expect(within(pay).getByText(FUEL_0_3)).toBeInTheDocument();
    expect(within(pay).getByText('Paid to the driver for each delivery of up to 3 miles.')).toBeInTheDocument();
    expect(within(pay).getByText('£1.50 per delivery')).toBeInTheDocument();
    expect(within(pay).getByText('£1.50 per hour')).toBeInTheDocument();
    expect(within(pay).getByText('£0.00 per invoice')).toBeInTheDocument();
    const work = screen.getByRole('region', { name: 'Working time' });
    expect(within(work).getByText('Minimum rest between shifts')).toBeInTheDocument();
    expect(within(work).getByText('11 hours')).toBeInTheDocument();
    expect(within(work).getByText('48 hours per week')).toBeInTheDocument();
    expect(within(work).getByText('6 days')).toBeInTheDocument();
    const map = screen.getByRole('region', { name: 'Map' });
    expect(within(map).getByText(MAP)).toBeInTheDocument();
    expect(within(map).getByText('Latitude 51.4, longitude 0, zoom 12')).toBeInTheDocument();
    // No key and no raw JSON anywhere on the screen.
    for (const o of OPTIONS) expect(screen.queryByText(new RegExp(o.okey))).not.toBeInTheDocument();
    expect(screen.queryByText(/map_zoom|\{"lat"/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Edit / })).toHaveLength(OPTIONS.length);
    expect(screen.getByRole('button', { name: 'Send Push Message' })).toBeInTheDocument();
  });

  it('offers managers Edit only where the server lets them save (the map), and says Options in the title and gear', async () => {
    api();
    await openOptions(MANAGER);
    expect(screen.getAllByRole('button', { name: /^Edit / }).map((b) => b.getAttribute('aria-label'))).toEqual([`Edit ${MAP}`]);
    expect(screen.getByText('£1.50 per delivery')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Options' })).toHaveAttribute('href', '/options');
    expect(document.title + screen.getByRole('banner').textContent).toContain('Options');
  });

  it('tells a restaurant account the screen is not theirs', async () => {
    await expectScreenRefused(RESTAURANT, '/options', api(), '/api/option');
  });
});

describe('Option edit dialog', () => {
  it('is titled by the label, explains the option, hides the key and edits pounds with two decimals', async () => {
    api();
    const { dialog } = await openEdit(FUEL_0_3);
    expect(within(dialog).getByText('Paid to the driver for each delivery of up to 3 miles.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Key')).not.toBeInTheDocument();
    expect(within(dialog).queryByDisplayValue('fuel_bonus_0')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveValue('1.50');
    expect(within(dialog).getByText('£')).toBeInTheDocument();
    expect(within(dialog).getByText('per delivery')).toBeInTheDocument();
    expect(save(dialog)).toBeEnabled();
  });

  it('edits a working-time limit in hours', async () => {
    api();
    const { dialog } = await openEdit('Minimum rest between shifts');
    expect(within(dialog).getByLabelText(/^Hours/)).toHaveValue('11');
    expect(within(dialog).getByText('hours')).toBeInTheDocument();
  });

  it("answers an empty value with the spec's odd wording and disables Save", async () => {
    api();
    const { u, dialog } = await openEdit(FUEL_0_3);
    await u.clear(within(dialog).getByLabelText(/^Amount/));
    await u.tab();
    expect(await within(dialog).findByText('Last Name is required.')).toBeInTheDocument();
    expect(save(dialog)).toBeDisabled();
  });

  it("keeps the key's message as the spec words it too ('First name is required.')", () => {
    const result = optionFormSchema.safeParse({ okey: '', ovalue: '1' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].message).toBe('First name is required.');
  });

  it('checks an amount and saves it with PUT /api/option/{okey}', async () => {
    const calls = api();
    const { u, dialog } = await openEdit(FUEL_0_3);
    const value = within(dialog).getByLabelText(/^Amount/);
    await u.clear(value);
    await u.type(value, '1.555');
    await u.tab();
    expect(await within(dialog).findByText(OPTION_MSG.money)).toBeInTheDocument();
    expect(save(dialog)).toBeDisabled();
    await u.clear(value);
    await u.type(value, '2.50');
    expect(within(dialog).queryByText(OPTION_MSG.money)).not.toBeInTheDocument();
    await u.click(save(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({ path: '/api/option/fuel_bonus_0', body: { okey: 'fuel_bonus_0', ovalue: '2.50' } });
    expect(await screen.findByText(`${FUEL_0_3} saved`)).toBeInTheDocument();
  });

  it('shows the first message of the first field when saving fails, and stays open', async () => {
    api({ put: () => ({ status: 400, body: { ovalue: ['Value is not allowed here', 'second'], okey: ['other'] } }) });
    const { u, dialog } = await openEdit(FUEL_0_3);
    await u.click(save(dialog));
    expect(await within(dialog).findByText('Value is not allowed here')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: FUEL_0_3 })).toBeInTheDocument();
    expect(save(dialog)).toBeEnabled();
  });
});

describe('map_center_default fields (no Google Maps key)', () => {
  it('edits latitude, longitude and zoom with their checks, and saves them as JSON', async () => {
    const calls = api();
    const { u, dialog } = await openEdit(MAP);
    const lat = within(dialog).getByLabelText(/^Latitude/);
    const lng = within(dialog).getByLabelText(/^Longitude/);
    const zoom = within(dialog).getByLabelText(/^Zoom/);
    expect(lat).toHaveValue('51.4');
    expect(lng).toHaveValue('0');
    expect(zoom).toHaveValue('12');
    expect(within(dialog).queryByLabelText(/^Value/)).not.toBeInTheDocument();

    await u.clear(lat);
    await u.type(lat, '91');
    await u.clear(lng);
    await u.clear(zoom);
    await u.type(zoom, '21');
    await u.tab();
    expect(await within(dialog).findByText(OPTION_MSG.latRange)).toBeInTheDocument();
    expect(within(dialog).getByText(OPTION_MSG.lngRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(OPTION_MSG.zoomRange)).toBeInTheDocument();
    expect(save(dialog)).toBeDisabled();

    await u.clear(lat);
    await u.tab();
    expect(await within(dialog).findByText(OPTION_MSG.latRequired)).toBeInTheDocument();
    await u.type(lat, 'north');
    expect(await within(dialog).findByText(OPTION_MSG.latRange)).toBeInTheDocument();
    await u.type(lng, '-181');
    expect(await within(dialog).findByText(OPTION_MSG.lngRange)).toBeInTheDocument();
    await u.clear(zoom);
    await u.type(zoom, '11.5');
    expect(await within(dialog).findByText(OPTION_MSG.zoomRange)).toBeInTheDocument();
    expect(save(dialog)).toBeDisabled();

    await u.clear(lat);
    await u.type(lat, '53.48');
    await u.clear(lng);
    await u.type(lng, '-2.24');
    await u.clear(zoom);
    await u.type(zoom, '11');
    expect(save(dialog)).toBeEnabled();
    await u.click(save(dialog));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/option/map_center_default',
      body: { okey: 'map_center_default', ovalue: '{"lat":53.48,"lng":-2.24,"map_zoom":11}' },
    });
  });
});

describe('Send Push Message dialog', () => {
  it("shows the fields, the counters and 'Blank means all drivers'; Send is disabled until title and body are valid", async () => {
    api();
    const { u, dialog } = await openPush();
    for (const label of [/^Title/, /^Body/, 'Areas to Message', 'Restaurants to Message', 'Notify Active/Inactive Drivers', 'Drivers to Message']) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(dialog).getByText('0/55')).toBeInTheDocument();
    expect(within(dialog).getByText('0/255')).toBeInTheDocument();
    expect(within(dialog).getByText('Blank means all drivers')).toBeInTheDocument();
    expect(sendButton(dialog)).toBeDisabled();

    await u.click(within(dialog).getByLabelText(/^Title/));
    await u.click(within(dialog).getByLabelText(/^Body/));
    await u.tab();
    expect(await within(dialog).findByText(PUSH_MSG.titleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Body is required.')).toBeInTheDocument();

    await fill(u, within(dialog).getByLabelText(/^Title/), 'Busy tonight');
    expect(sendButton(dialog)).toBeDisabled();
    await fill(u, within(dialog).getByLabelText(/^Body/), 'Extra shifts from 6 pm');
    expect(within(dialog).getByText('12/55')).toBeInTheDocument();
    expect(sendButton(dialog)).toBeEnabled();
  });

  it('says when the title or body is too long, and disables Send', async () => {
    api();
    const { u, dialog } = await openPush();
    await u.click(within(dialog).getByLabelText(/^Title/));
    await u.paste('x'.repeat(56));
    await u.click(within(dialog).getByLabelText(/^Body/));
    await u.paste('y'.repeat(256));
    await u.tab();
    expect(await within(dialog).findByText('Title must be at most 55 characters long')).toBeInTheDocument();
    expect(within(dialog).getByText('Body must be at most 255 characters long')).toBeInTheDocument();
    expect(within(dialog).getByText('56/55')).toBeInTheDocument();
    expect(within(dialog).getByText('256/255')).toBeInTheDocument();
    expect(sendButton(dialog)).toBeDisabled();
  });

  it('limits restaurants to the chosen areas, sends the choices and says how many drivers were targeted', async () => {
    const calls = api();
    const { u, dialog } = await openPush();
    const restaurants = within(dialog).getByLabelText('Restaurants to Message');
    expect(restaurants).toBeDisabled();

    await u.click(within(dialog).getByLabelText('Areas to Message'));
    await u.click(await screen.findByRole('option', { name: 'Camden' }));
    await waitFor(() => expect(restaurants).toBeEnabled());
    await u.click(restaurants);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pizza Palace Camden', 'Curry House Camden']);
    await u.click(within(listbox).getByRole('option', { name: 'Curry House Camden' }));

    await u.click(within(dialog).getByRole('combobox', { name: 'Notify Active/Inactive Drivers' }));
    await u.click(await screen.findByRole('option', { name: 'Active only' }));

    await u.click(within(dialog).getByLabelText('Drivers to Message'));
    await u.keyboard('ella');
    await u.click(await screen.findByRole('option', { name: /Ella Evans/ }));

    await fill(u, within(dialog).getByLabelText(/^Title/), 'Busy tonight');
    await fill(u, within(dialog).getByLabelText(/^Body/), 'Extra shifts from 6 pm');
    await u.click(sendButton(dialog));

    expect(await screen.findByText('Push message sent: 3 drivers targeted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Push Message' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/driver-message',
      body: { title: 'Busy tonight', body: 'Extra shifts from 6 pm', area_ids: [10], restaurant_ids: [101], notify_status: 10, driver_ids: [501] },
    });
  });

  it('drops restaurants of an area taken off the list', async () => {
    const calls = api();
    const { u, dialog } = await openPush();
    await u.click(within(dialog).getByLabelText('Areas to Message'));
    await u.click(await screen.findByRole('option', { name: 'Camden' }));
    await u.click(within(dialog).getByLabelText('Restaurants to Message'));
    await u.click(await screen.findByRole('option', { name: 'Pizza Palace Camden' }));
    expect(within(dialog).getByRole('button', { name: 'Pizza Palace Camden' })).toBeInTheDocument();

    await u.click(within(dialog).getByRole('button', { name: 'Camden' }).querySelector('svg')!);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Pizza Palace Camden' })).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Restaurants to Message')).toBeDisabled();

    await fill(u, within(dialog).getByLabelText(/^Title/), 'Hello');
    await fill(u, within(dialog).getByLabelText(/^Body/), 'Everyone');
    await u.click(sendButton(dialog));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Hello',
      body: 'Everyone',
      area_ids: [],
      restaurant_ids: [],
      notify_status: null,
      driver_ids: [],
    });
  });

  it('shows the first message of the first field when sending fails', async () => {
    api({ post: () => ({ status: 400, body: { recipients: [PUSH_MSG.noRecipients], other: ['x'] } }) });
    const { u, dialog } = await openPush();
    await fill(u, within(dialog).getByLabelText(/^Title/), 'Hello');
    await fill(u, within(dialog).getByLabelText(/^Body/), 'Anyone there?');
    await u.click(sendButton(dialog));
    expect(await within(dialog).findByText(PUSH_MSG.noRecipients)).toBeInTheDocument();
    expect(sendButton(dialog)).toBeEnabled();
  });
});
