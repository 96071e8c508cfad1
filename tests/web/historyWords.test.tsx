import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, renderAppAs } from './harness';

vi.mock('../../providers/realtime', () => import('./realtimeStub'));

const base = {
  account_kind: 'user', account_id: 1, role: 10, account_name: 'Alice Admin', route: 'POST /api/shift', undone_by: null, undoes: null,
  names: { restaurants: { '12': 'Balti Palace' }, users: { '1': 'Alice Admin' }, drivers: { '5': 'Grace Rossi' } },
};

const created = {
  ...base,
  id: '3f1c2d4e-5a6b-4c7d-8e9f-000000000001',
  at: '2026-07-01T15:10:14.766Z',
  name: 'created',
  kinds: { shifts: 1 },
  ops: ['created'],
  summary: 'Created',
  records: ['Shift · Balti Palace · Sun 03/01/2027 08:15–11:45'],
  more: 0,
  entries: [{
    id: 1, table_name: 'shifts', record_id: '88', op: 'created', label: 'Shift · Balti Palace · Sun 03/01/2027 08:15–11:45', before: null,
    after: {
      id: 88, restaurant_id: 12, creator_id: 1, driver_id: null, status: 10, status_assigned: 20, period_date: '2027-01-03', start_time: '08:15',
      finish_time: '11:45', cost_per_hour: 12.5, cost_total: 43.75, created_at: '2026-11-28T16:10:14.766+00:00', updated_at: '2026-11-28T16:10:14.766+00:00',
    },
  }],
};

const edited = {
  ...base,
  id: '3f1c2d4e-5a6b-4c7d-8e9f-000000000002',
  at: '2026-07-01T15:20:00.000Z',
  name: 'edited',
  route: 'PUT /api/shift/:id',
  kinds: { shifts: 1 },
  ops: ['updated'],
  summary: 'Edited',
  records: ['Shift · Balti Palace · Sun 03/01/2027 08:15–11:45'],
  more: 0,
  entries: [{
    id: 2, table_name: 'shifts', record_id: '88', op: 'updated', label: 'Shift · Balti Palace · Sun 03/01/2027 08:15–11:45',
    before: { driver_id: null, cost_bonus: 0, updated_at: '2026-11-28T16:10:14.766+00:00' },
    after: { driver_id: 5, cost_bonus: 2.5, updated_at: '2026-11-28T16:20:00.000+00:00' },
  }],
};

function showHistory() {
  return renderAppAs(ADMIN, '/history', (call) => {
    if (call.method === 'GET' && call.path.startsWith('/api/history')) return { body: [edited, created], headers: { 'Content-Range': 'history 0-1/2' } };
    return undefined;
  });
}

const open = async (summary: string) => {
  await userEvent.click(await screen.findByText(summary));
  const entries = await screen.findAllByTestId('history-entry');
  return entries.at(-1)!;
};

describe('History entries in words', () => {
  it('shows a created record by the forms’ labels, with names, statuses, £, DD/MM/YYYY and HH:mm, and no bookkeeping', async () => {
    showHistory();
    const entry = await open('Created');
    const field = (label: string) => within(entry).getByText(label).closest('tr')!;
    expect(field('Restaurant')).toHaveTextContent('Balti Palace');
    expect(field('Created by')).toHaveTextContent('Alice Admin');
    expect(field('Status')).toHaveTextContent('unpublished');
    expect(field('Assigned')).toHaveTextContent('Free');
    expect(field('Date')).toHaveTextContent('03/01/2027');
    expect(field('Start Time')).toHaveTextContent('08:15');
    expect(field('Pay per hour')).toHaveTextContent('£12.50');
    expect(field('Total cost')).toHaveTextContent('£43.75');
    expect(entry).not.toHaveTextContent(/restaurant_id|creator_id|status_assigned|created_at|updated_at|2026-11-28T|\b88\b/);
  });

  it('shows only what an edit changed, before and after', async () => {
    showHistory();
    const entry = await open('Edited');
    const rows = within(entry).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['Driver—Grace Rossi', 'Add Driver Bonus£0.00£2.50']);
  });
});

describe('History under an American browser', () => {
  const tz = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/New_York';
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  });
  afterEach(() => {
    process.env.TZ = tz;
    vi.restoreAllMocks();
  });

  it('reads When as DD/MM/YYYY HH:mm in London, and takes From typed as DD/MM/YYYY', async () => {
    const calls = showHistory();
    const row = (await screen.findByText('Created')).closest('tr')!;
    expect(within(row).getByText('01/07/2026 16:10')).toBeInTheDocument();
    const from = screen.getByRole('textbox', { name: 'From' });
    await userEvent.type(from, '02072026');
    expect(from).toHaveValue('02/07/2026');
    await waitFor(() => {
      const asked = calls.filter((c) => c.path.startsWith('/api/history?')).map((c) => JSON.parse(new URL(c.path, 'http://x').searchParams.get('filter')!));
      expect(asked.at(-1)).toEqual({ date_from: '2026-07-02' });
      // Half-typed, the date asked the server nothing.
      expect(asked.filter((f) => 'date_from' in f)).toEqual([{ date_from: '2026-07-02' }]);
    });
  });
});
