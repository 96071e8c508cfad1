import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminContext } from 'react-admin';
import { SHIFT_MSG } from '../../domain/validation/shiftMessages';
import { AVAILABILITY_MSG, BULK_PUBLISH_QUESTION } from '../../domain/availability';
import type { ShiftRecord } from '../../domain/shifts';
import { PublishDialog } from '../../src/pages/schedule/PublishDialog';
import { CopyShiftsDialog } from '../../src/pages/schedule/CopyShiftsDialog';
import { ConfirmDialog } from '../../src/pages/schedule/ConfirmDialog';
import { INTERVAL } from '../../domain/ranges';
import { ADMIN, mockApi, renderInAdmin, storeUser, type ApiHandler } from './harness';
import { dataProvider } from '../../providers/dataProvider';

const shift = (id: number, over: Partial<ShiftRecord> = {}): ShiftRecord =>
  ({
    id,
    restaurant_id: 7,
    driver_id: 12,
    status: 10,
    status_assigned: 10,
    period_date: '2026-11-30',
    start_time: '17:00',
    finish_time: '22:00',
    driver: { id: 12, full_name: 'Dan Driver', phone: null, photo_src: null },
    ...over,
  }) as ShiftRecord;

const RESTAURANTS: Record<number, string> = { 7: 'Pizza Palace Camden', 8: 'Bombay Spice' };
const SHIFTS = [
  shift(1),
  shift(2, { restaurant_id: 8, period_date: '2026-12-01', start_time: '11:00', finish_time: '15:00' }),
  shift(3, { driver_id: 13, driver: { id: 13, full_name: 'Ava Begum', phone: null, photo_src: null }, period_date: '2026-12-02' }),
  shift(4, { driver_id: null, driver: null }),
];

function renderPublish(problems: [number, string][], handler: ApiHandler) {
  storeUser(ADMIN);
  const calls = mockApi(handler);
  const onPublished = vi.fn();
  const onClose = vi.fn();
  const onOpenShift = vi.fn();
  render(
    <AdminContext dataProvider={dataProvider}>
      <PublishDialog
        shifts={SHIFTS}
        problems={new Map(problems)}
        driverName={() => undefined}
        restaurantName={(id) => RESTAURANTS[id]}
        onOpenShift={onOpenShift}
        onPublished={onPublished}
        onClose={onClose}
      />
    </AdminContext>,
  );
  return { calls, onPublished, onClose, onOpenShift, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'Publish Shifts' });
const lines = () => within(within(dialog()).getByRole('list', { name: 'Shifts not published' })).getAllByRole('listitem');
const publishButton = () => within(dialog()).getByRole('button', { name: 'Publish correct shifts' });

describe('Publish Shifts confirmation', () => {
  it("asks the spec's question with each refused shift on its own line, and Open opens that shift", async () => {
    const { onOpenShift, user } = renderPublish(
      [
        [1, SHIFT_MSG.driverNotForRestaurant],
        [2, 'Driver working time: 16:00-23:00'],
      ],
      () => undefined,
    );
    expect(dialog().textContent).toContain(BULK_PUBLISH_QUESTION.lead(2));
    expect(dialog().textContent).toContain(BULK_PUBLISH_QUESTION.ask);
    expect(lines().map((l) => l.textContent)).toEqual([
      `Dan Driver · Pizza Palace CamdenMon 30/11/2026 · 17:00–22:00${SHIFT_MSG.driverNotForRestaurant}Open`,
      'Dan Driver · Bombay SpiceTue 01/12/2026 · 11:00–15:00Driver working time: 16:00-23:00Open',
    ]);
    await user.click(within(lines()[1]).getByRole('button', { name: 'Open shift: Dan Driver at Bombay Spice on Tue 01/12/2026' }));
    expect(onOpenShift).toHaveBeenCalledWith(SHIFTS[1]);
  });

  it('publishes the correct shifts and hands them back', async () => {
    const { calls, onPublished, onClose, user } = renderPublish([[1, SHIFT_MSG.driverNotForRestaurant]], (call) =>
      call.path === '/api/shift/publish' ? { body: (call.body as { shift_ids: number[] }).shift_ids.map((id) => ({ ...SHIFTS[id - 1], status: 20 })) } : undefined,
    );
    await user.click(publishButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/shift/publish')?.body).toEqual({ shift_ids: [2, 3, 4], push_drivers: 10 });
    expect(onPublished.mock.calls[0][0].map((s: ShiftRecord) => s.id)).toEqual([2, 3, 4]);
  });

  it("lists a shift the server refuses, names it from the server's answer, and stays usable and closable", async () => {
    let answer = 0;
    const { calls, onPublished, onClose, user } = renderPublish([[1, SHIFT_MSG.driverNotForRestaurant]], (call) => {
      if (call.path !== '/api/shift/publish') return undefined;
      answer++;
      if (answer === 1) {
        return {
          status: 400,
          body: {
            shift_ids: ['Some driver unvalilable on published shifts(1): ...'],
            fail: [
              {
                id: 3, period_date: '2026-12-02', errors: { driver_id: [AVAILABILITY_MSG.overlap] },
                shift: { restaurant_id: 7, restaurant_name: 'Pizza Palace Camden', driver_id: 13, driver_name: 'Ava Begum', start_time: '17:00', finish_time: '22:00' },
              },
            ],
          },
        };
      }
      return { status: 503, body: { message: 'The database is not answering just now: try again in a moment' } };
    });
    await user.click(publishButton());
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(lines()[1].textContent).toContain('Ava Begum · Pizza Palace Camden');
    expect(lines()[1].textContent).toContain('Wed 02/12/2026 · 17:00–22:00');
    expect(lines()[1].textContent).toContain(AVAILABILITY_MSG.overlap);
    expect(within(dialog()).getByRole('alert').textContent).toContain('1 shift could not be');
    expect(dialog().textContent).toContain(BULK_PUBLISH_QUESTION.lead(2));
    expect(onPublished).not.toHaveBeenCalled();

    // Usable again: the next try sends the rest only; a 503 is shown in place and the buttons come back.
    expect(publishButton()).toBeEnabled();
    await user.click(publishButton());
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toContain('The database is not answering'));
    expect(calls.filter((c) => c.path === '/api/shift/publish').map((c) => (c.body as { shift_ids: number[] }).shift_ids)).toEqual([[2, 3, 4], [2, 4]]);
    expect(publishButton()).toBeEnabled();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeEnabled();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Cancel or Escape while the call is still out, and says so when the server cannot be reached', async () => {
    storeUser(ADMIN);
    let release: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (release = resolve))));
    const onClose = vi.fn();
    render(
      <AdminContext dataProvider={dataProvider}>
        <PublishDialog shifts={SHIFTS} problems={new Map()} driverName={() => undefined} restaurantName={(id) => RESTAURANTS[id]} onOpenShift={vi.fn()} onPublished={vi.fn()} onClose={onClose} />
      </AdminContext>,
    );
    const user = userEvent.setup();
    expect(dialog().textContent).toContain('Publish 4 shifts?');
    await user.click(within(dialog()).getByRole('button', { name: 'Publish' }));
    expect(within(dialog()).getByRole('button', { name: 'Publish' })).toBeDisabled();
    // Escape pressed inside the dialog (the test's keyboard types into nothing while the focused button is disabled).
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    release(new Response(JSON.stringify([]), { status: 200, headers: { 'Content-Type': 'application/json' } }));

    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Publish' })).toBeEnabled());
    await user.click(within(dialog()).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toContain('The server cannot be reached'));
    expect(within(dialog()).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });
});

describe("the board's other bulk dialogs", () => {
  it('Copy Shifts shows a refusal or an unavailable server in place, is usable again, and closes on Escape', async () => {
    storeUser(ADMIN);
    let answer = 0;
    mockApi((call) => {
      if (call.path !== '/api/shift/copyshifts') return undefined;
      answer++;
      return answer === 1
        ? { status: 400, body: { shift_ids: ["Can't copy shift 30/11/2026. Shift not found"] } }
        : { status: 503, body: { message: 'The database is not answering just now: try again in a moment' } };
    });
    const onClose = vi.fn();
    renderInAdmin(<CopyShiftsDialog variant="admin" range={{ from: '2026-11-30', to: '2026-12-06' }} interval={INTERVAL.week} shifts={SHIFTS} onClose={onClose} onCopied={vi.fn()} />);
    const user = userEvent.setup();
    const copy = screen.getByRole('dialog', { name: 'Copy Shifts' });
    await user.click(within(copy).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(within(copy).getByRole('alert').textContent).toBe("Can't copy shift 30/11/2026. Shift not found"));
    expect(within(copy).getByRole('button', { name: 'Copy' })).toBeEnabled();
    await user.click(within(copy).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(within(copy).getByRole('alert').textContent).toContain('The database is not answering'));
    expect(within(copy).getByRole('button', { name: 'Copy' })).toBeEnabled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a question such as Unpublish shows its failure in place and can be cancelled while its call is out', async () => {
    const onClose = vi.fn();
    let fail: (e: Error) => void = () => undefined;
    render(<ConfirmDialog title="Unpublish Shifts [2]" message="Unpublish 2 shifts?" confirmLabel="Unpublish" onConfirm={() => new Promise<void>((_, reject) => (fail = reject))} onClose={onClose} />);
    const user = userEvent.setup();
    const question = screen.getByRole('dialog', { name: 'Unpublish Shifts [2]' });
    await user.click(within(question).getByRole('button', { name: 'Unpublish' }));
    expect(within(question).getByRole('button', { name: 'Unpublish' })).toBeDisabled();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => fail(new Error('The server cannot be reached - check your connection and try again')));
    await waitFor(() => expect(within(question).getByRole('alert').textContent).toContain('The server cannot be reached'));
    expect(within(question).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
  });
});
