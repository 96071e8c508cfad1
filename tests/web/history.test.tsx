import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, MANAGER, mockApi, renderAppAs, renderInAdmin, storeUser, withStoppedClock } from './harness';
import { httpClient } from '../../providers/httpClient';
import { ShiftDialog } from '../../src/pages/schedule/ShiftDialog';
import { ShiftStore } from '../../src/pages/schedule/shiftStore';
import type { BoardRestaurant } from '../../domain/shiftCalls';
import type { ShiftRecord } from '../../domain/shifts';

vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const ACTION = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const published = {
  id: ACTION,
  at: '2026-11-24T18:05:00.000Z',
  account_kind: 'user',
  account_id: 2,
  role: 20,
  account_name: 'Mark Manager',
  name: 'published',
  route: 'POST /api/shift/publish',
  undone_by: null,
  undoes: null,
  kinds: { shifts: 2 },
  ops: ['updated'],
  entries: [
    { id: 7, table_name: 'shifts', record_id: '41', op: 'updated', label: 'Shift · Pizza Palace Camden · Tue 24/11/2026 18:00–22:00', before: { status: 10, updated_at: '2026-11-24T18:00:00Z' }, after: { status: 20, updated_at: '2026-11-24T18:05:00Z' } },
  ],
  summary: 'Published 2 shifts, week of 23/11/2026',
  records: ['Shift · Pizza Palace Camden · Tue 24/11/2026 18:00–22:00'],
  more: 1,
  names: {},
};

describe('Undo snackbar', () => {
  it('offers Undo after a board action and takes it back on the server', async () => {
    const calls = renderAppAs(ADMIN, '/home', (call) => {
      if (call.path === '/api/shift/publish') return { body: [], headers: { 'X-Request-Id': ACTION } };
      if (call.path === `/api/history/${ACTION}/undo`) return { body: { id: 'x', undone: ACTION, records: 2 } };
      return undefined;
    });
    await screen.findByRole('menu', { name: 'Main menu' });
    await act(() => httpClient('/api/shift/publish', { method: 'POST', body: { shift_ids: [41] } }));
    expect(await screen.findByText('Shifts published')).toBeInTheDocument();
    expect(document.querySelectorAll('.MuiSnackbar-root')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/api/history/${ACTION}/undo`)).toBe(true));
    expect(await screen.findByText('Shifts published: undone')).toBeInTheDocument();
  });

  it("shows the server's refusal when a record was changed since", async () => {
    const refusal = 'Shift at Pizza Palace Camden, Tue 18:00 was edited by Mark Manager after this action';
    renderAppAs(MANAGER, '/home', (call) => {
      if (call.path === '/api/timesheet/approve') return { body: { data: [], fail: [] }, headers: { 'X-Request-Id': ACTION } };
      if (call.path.endsWith('/undo')) return { status: 400, body: { action: [refusal] } };
      return undefined;
    });
    await screen.findByRole('menu', { name: 'Main menu' });
    await act(() => httpClient('/api/timesheet/approve', { method: 'POST', body: [] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    // The refusal takes the place of the success message at once: one message, with nothing left to undo.
    expect(document.querySelectorAll('.MuiSnackbar-root')).toHaveLength(1);
    expect(screen.queryByText('Timesheets approved')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('offers nothing after a write that is not a board action', async () => {
    renderAppAs(ADMIN, '/home', (call) => (call.path === '/api/area' && call.method === 'POST' ? { body: { id: 1 }, headers: { 'X-Request-Id': ACTION } } : undefined));
    await screen.findByRole('menu', { name: 'Main menu' });
    await act(() => httpClient('/api/area', { method: 'POST', body: {} }));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});

describe('History screen', () => {
  it('lists actions from the server page by page, opens one to its fields, and undoes it', async () => {
    const calls = renderAppAs(ADMIN, '/history', (call) => {
      if (call.method === 'GET' && call.path.startsWith('/api/history')) return { body: [published], headers: { 'Content-Range': 'history 0-0/1' } };
      if (call.path === `/api/history/${ACTION}/undo`) return { body: { id: 'x', undone: ACTION, records: 1 } };
      return undefined;
    });
    const row = (await screen.findByText('Mark Manager (Manager)')).closest('tr')!;
    // The screen's one title in the app bar (not react-admin's list title beside it).
    expect(document.getElementById('react-admin-title')).toHaveTextContent(/^History$/);
    expect(within(row).getByText('Published 2 shifts, week of 23/11/2026')).toBeInTheDocument();
    expect(within(row).getByText('Shift · Pizza Palace Camden · Tue 24/11/2026 18:00–22:00; and 1 more')).toBeInTheDocument();
    expect(within(row).getByText('24/11/2026 18:05')).toBeInTheDocument();
    const listCall = calls.find((c) => c.path.startsWith('/api/history?'))!;
    expect(new URL(listCall.path, 'http://x').searchParams.get('range')).toBe('[0,24]');
    await userEvent.click(within(row).getByText('Published 2 shifts, week of 23/11/2026'));
    const entry = await screen.findByTestId('history-entry');
    expect(within(entry).getByText('Shift · Pizza Palace Camden · Tue 24/11/2026 18:00–22:00')).toBeInTheDocument();
    expect(within(entry).getByText('Status')).toBeInTheDocument();
    expect(within(entry).getByText('unpublished')).toBeInTheDocument();
    expect(within(entry).getByText('published')).toBeInTheDocument();
    expect(within(entry).queryByText(/updated_at|2026-11-24T/)).toBeNull();
    // Two shifts: it first says what it will put back, and nothing is undone until asked.
    await userEvent.click(within(row).getByRole('button', { name: 'Undo' }));
    const ask = await screen.findByRole('dialog', { name: 'Undo ‘Published 2 shifts, week of 23/11/2026’?' });
    expect(ask).toHaveTextContent('This puts back 2 records as they were before: Shift · Pizza Palace Camden · Tue 24/11/2026 18:00–22:00; and 1 more.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(row).getByRole('button', { name: 'Undo' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/api/history/${ACTION}/undo`)).toBe(true));
  });
});

describe('History screen filters', () => {
  it('asks for a record kind or action picked at once, and once (not after the wait for typing to settle, nor again after it)', async () => {
    // Only the unfiltered list has an action.
    const calls = renderAppAs(ADMIN, '/history', (call) => {
      if (call.method !== 'GET' || !call.path.startsWith('/api/history')) return undefined;
      const filtered = new URL(call.path, 'http://x').searchParams.get('filter') !== '{}';
      return filtered ? { body: [], headers: { 'Content-Range': 'history */0' } } : { body: [published], headers: { 'Content-Range': 'history 0-0/1' } };
    });
    await screen.findByText('Mark Manager (Manager)');
    const filters = () =>
      calls.filter((c) => c.path.startsWith('/api/history?')).map((c) => JSON.parse(new URL(c.path, 'http://x').searchParams.get('filter')!) as object);
    await withStoppedClock(async ({ pick, moveClock }) => {
      await pick('Record', 'Shift');
      expect(filters().at(-1)).toEqual({ table: 'shifts' });
      await pick('Action', 'Published');
      expect(filters().at(-1)).toEqual({ table: 'shifts', name: 'published' });
      const asked = filters().length;
      await moveClock(1000);
      expect(filters()).toHaveLength(asked);
    });
    expect(await screen.findByText('No actions found using the current filters.')).toBeInTheDocument();
  });
});

describe('History screen past the counted actions', () => {
  it("pages on with next and previous when the server says '/10000+'", async () => {
    const page = (first: number) => Array.from({ length: 25 }, (_, i) => ({ ...published, id: `3f1c2d4e-5a6b-4c7d-8e9f-${String(first + i).padStart(12, '0')}` }));
    const calls = renderAppAs(ADMIN, '/history', (call) => {
      if (call.method !== 'GET' || !call.path.startsWith('/api/history')) return undefined;
      const [first] = JSON.parse(new URL(call.path, 'http://x').searchParams.get('range')!) as number[];
      return { body: page(first), headers: { 'Content-Range': `history ${first}-${first + 24}/10000+` } };
    });
    expect(await screen.findByText('1-25 of more than 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('26-50 of more than 50')).toBeInTheDocument();
    expect(calls.some((c) => new URL(c.path, 'http://x').searchParams.get('range') === '[25,49]')).toBe(true);
  });
});

describe("A shift's History tab", () => {
  const camden = { id: 7, name: 'Pizza Palace Camden', area_id: 1, area: { id: 1, name: 'Camden', standardPayRate: 12, weekendPayRate: 13.5 }, status: 10, standard_pay: 12.5, weekend_pay: 14, invoice_comission: 1.75 } as BoardRestaurant;
  const shift = {
    id: 41, restaurant_id: 7, driver_id: null, status: 20, status_assigned: 10, period_date: '2026-11-24', start_time: '18:00', finish_time: '22:00',
    meal_time: 0, rest_time: 0, cost_per_hour: 12.5, cost_total: 50, cost_bonus: 0, const_fuel_bonus: 0, cost_extra_bonus: 0, extra_request: 0,
    fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0, comment: null, comment_cancelled: null, creator_id: 1, moderator_id: null,
    restaurateur_creator_id: null, restaurateur_moderator_id: null, driver_id_canceled: null, creator: null, moderator: null, timesheet_id: null,
  } as ShiftRecord;

  it("shows the shift's own changes, asked of the server by record, and keeps the form's edits", async () => {
    storeUser(ADMIN);
    const calls = mockApi((call) => (call.method === 'GET' && call.path.startsWith('/api/history') ? { body: [published], headers: { 'Content-Range': 'history 0-0/1' } } : undefined));
    renderInAdmin(<ShiftDialog restaurant={camden} shift={shift} drivers={[]} store={new ShiftStore()} fuelRates={{ band0: 1.5, band3: 3, band6: 5 }} onClose={vi.fn()} onSaved={vi.fn()} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: /Edit Shift/ });
    const comment = within(dialog).getByRole('textbox', { name: 'Comment' });
    fireEvent.change(comment, { target: { value: 'Busy night' } });
    await user.click(within(dialog).getByRole('tab', { name: 'History' }));
    const history = await within(dialog).findByTestId('record-history');
    expect(within(history).getByText('24/11/2026 18:05 · Mark Manager · Published 2 shifts, week of 23/11/2026')).toBeInTheDocument();
    expect(within(history).getByText('Status')).toBeInTheDocument();
    const asked = new URL(calls.find((c) => c.path.startsWith('/api/history?'))!.path, 'http://x');
    expect(JSON.parse(asked.searchParams.get('filter')!)).toEqual({ table: 'shifts', record_id: '41' });
    await user.click(within(dialog).getByRole('tab', { name: 'Details' }));
    expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toHaveValue('Busy night');
  });

  it('has no History tab on a new shift', async () => {
    storeUser(ADMIN);
    mockApi();
    renderInAdmin(<ShiftDialog restaurant={camden} date="2026-11-24" drivers={[]} store={new ShiftStore()} fuelRates={{ band0: 1.5, band3: 3, band6: 5 }} onClose={vi.fn()} onSaved={vi.fn()} />);
    await screen.findByRole('dialog', { name: /New Shift/ });
    expect(screen.queryByRole('tab', { name: 'History' })).toBeNull();
  });
});
