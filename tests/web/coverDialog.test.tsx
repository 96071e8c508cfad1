import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CoverCandidate } from '../../domain/cover';
import { CANCEL_MSG } from '../../domain/validation/cancellation';
import { SHIFT_MSG } from '../../domain/validation/shiftMessages';
import { CoverDialog } from '../../src/pages/schedule/CoverDialog';
import { ADMIN, mockApi, renderInAdmin, storeUser, type ApiHandler } from './harness';
import { shiftRecord } from './shiftFixture';

const SHIFT = shiftRecord({ driver: { id: 12, full_name: 'Dan Driver', phone: null, photo_src: null } });

const candidate = (driver_id: number, driver_name: string, reason: string): CoverCandidate => ({
  driver_id, driver_name, km: null, shifts_worked: 0, recent_no_shows: 0, reason,
});

/** The server's list, best first, as GET /api/shift/:id/cover answers it. */
const PROPOSALS = {
  shift: {
    id: 500, restaurant_id: 7, restaurant_name: 'Pizza Palace Camden', period_date: '2026-11-23', start_time: '17:00', finish_time: '22:00',
    driver_id: 12, driver_name: 'Dan Driver', attendance: 'No-show: not started 35 min after the start',
  },
  candidates: [
    candidate(21, 'Ava Begum', '1.1 km away, 3 shifts worked at Pizza Palace Camden'),
    candidate(22, 'Ben Okafor', '2.4 km away, 12 shifts worked at Pizza Palace Camden'),
    candidate(23, 'Cara Novak', 'Position not known, 1 no-show in the last 90 days'),
  ],
};

function renderCover(answerCover: ApiHandler) {
  storeUser(ADMIN);
  const calls = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/shift/500/cover') return { body: PROPOSALS };
    return answerCover(call);
  });
  const onCovered = vi.fn();
  const onClose = vi.fn();
  renderInAdmin(<CoverDialog shift={SHIFT} onClose={onClose} onCovered={onCovered} />);
  return { calls, onCovered, onClose, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'Find cover' });
const options = async () => within(await screen.findByRole('list', { name: 'Drivers who could cover, best first' })).getAllByRole('radio');
const covers = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method === 'POST');

describe('Find cover', () => {
  it('lists the drivers best first, each with why, the first chosen, and the shift and its attendance above', async () => {
    renderCover(() => undefined);
    const listed = await options();
    expect(listed.map((o) => o.textContent)).toEqual([
      'Ava Begum1.1 km away, 3 shifts worked at Pizza Palace Camden',
      'Ben Okafor2.4 km away, 12 shifts worked at Pizza Palace Camden',
      'Cara NovakPosition not known, 1 no-show in the last 90 days',
    ]);
    expect(listed.map((o) => o.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false']);
    expect(dialog().textContent).toContain('Pizza Palace Camden · 23/11/2026 · 17:00–22:00');
    expect(dialog().textContent).toContain('Dan Driver: No-show: not started 35 min after the start');
  });

  it('takes the fee as Cancel Shift takes it, and sends the chosen driver with the fee typed', async () => {
    const covered = { ...SHIFT, driver_id: 22, driver: { id: 22, full_name: 'Ben Okafor', phone: null, photo_src: null } };
    const { calls, onCovered, user } = renderCover((call) => (call.method === 'POST' ? { body: { shift: covered } } : undefined));
    const listed = await options();
    const fee = within(dialog()).getByLabelText('Cancellation fee');
    expect(within(dialog()).getByText("No charge: Dan Driver's pay stays as it is.")).toBeInTheDocument();
    await user.type(fee, '-15');
    await user.tab();
    expect(fee).toHaveValue('-15');
    expect(within(dialog()).getByText(CANCEL_MSG.feeInvalid)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Cover' }));
    expect(covers(calls)).toEqual([]);

    await user.clear(fee);
    await user.type(fee, '12.5');
    await user.tab();
    expect(within(dialog()).getByText('Dan Driver will be charged £12.50, taken off their pay.')).toBeInTheDocument();
    await user.click(listed[1]);
    expect(listed[1]).toHaveAttribute('aria-checked', 'true');
    expect(listed[0]).toHaveAttribute('aria-checked', 'false');
    await user.click(within(dialog()).getByRole('button', { name: 'Cover' }));
    await waitFor(() => expect(onCovered).toHaveBeenCalledWith(covered));
    expect(covers(calls)).toEqual([expect.objectContaining({ path: '/api/shift/500/cover', body: { driver_id: 22, fee: '12.5', comment: '' } })]);
  });

  it("shows the server's refusal in the dialog, which stays open to choose another driver", async () => {
    const { calls, onCovered, onClose, user } = renderCover((call) =>
      call.method === 'POST' ? { status: 400, body: { driver_id: [SHIFT_MSG.driverInactive] } } : undefined,
    );
    await options();
    await user.click(within(dialog()).getByRole('button', { name: 'Cover' }));
    expect(await within(dialog()).findByText(SHIFT_MSG.driverInactive)).toBeInTheDocument();
    expect(covers(calls)).toHaveLength(1);
    expect(covers(calls)[0].body).toEqual({ driver_id: 21, fee: '', comment: '' });
    expect(onCovered).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('button', { name: 'Cover' })).toBeEnabled();
    expect(await options()).toHaveLength(3);
  });
});
