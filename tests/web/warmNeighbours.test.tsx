import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, mondayOf, londonToday } from '../../domain/dates';
import { INTERVAL, rangeFor, stepRange, type DateRange } from '../../domain/ranges';
import { shiftListUrls } from '../../providers/methods/boardUrls';
import { ADMIN, renderAppAs, type ApiCall } from './harness';

const area = { id: 1, name: 'Camden', standardPayRate: 12, weekendPayRate: 13.5 };
const RESTAURANTS = [{ id: 7, name: 'Bombay Spice', area_id: 1, area, status: 10, standard_pay: 12, weekend_pay: 14, invoice_comission: 1.5 }];
/** The server's answers: a HEAD of the shifts as their GET, less the body (the mock's default for a HEAD is a 404). */
const answer = (call: ApiCall) => {
  if (call.path.startsWith('/api/restaurant?')) return { body: RESTAURANTS };
  if (call.path.startsWith('/api/shift?')) return { body: call.method === 'HEAD' ? undefined : [] };
  return undefined;
};
const address = (range: DateRange, interval: number) => `/schedule?interval=${interval}&from=${range.from}&to=${range.to}`;
const rangeButton = () => screen.getByRole('button', { name: /^Date range/, hidden: true });
const heads = (calls: ApiCall[]) => calls.filter((c) => c.method === 'HEAD').map((c) => c.path);

describe('the board warms the ranges either side of the one shown', () => {
  it('asks the server for the next week, then the previous, once the week has loaded, and not before', async () => {
    const week = rangeFor(INTERVAL.week, addDays(mondayOf(londonToday()), 7));
    const calls = renderAppAs(ADMIN, address(week, INTERVAL.week), answer);
    const warmed = [...shiftListUrls(stepRange(week, 1)), ...shiftListUrls(stepRange(week, -1))];
    await waitFor(() => expect(heads(calls)).toEqual(warmed));
    // Warmed after the shown week's own call, which the board asked first.
    const own = calls.findIndex((c) => c.method === 'GET' && shiftListUrls(week).includes(c.path));
    expect(own).toBeGreaterThanOrEqual(0);
    expect(own).toBeLessThan(calls.findIndex((c) => c.method === 'HEAD'));
    // Next then asks for the week warmed, as the board always asks it.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').map((c) => c.path)).toContain(shiftListUrls(stepRange(week, 1))[0]));
  });

  it('asks for the next week as Next is pressed, while the board still shows the week before, and only once', async () => {
    const week = rangeFor(INTERVAL.week, addDays(mondayOf(londonToday()), 7));
    const nextUrl = shiftListUrls(stepRange(week, 1))[0];
    // The range the board showed when the next week's call left.
    let shownAtCall: string | null = null;
    const calls = renderAppAs(ADMIN, address(week, INTERVAL.week), (call) => {
      if (call.method === 'GET' && call.path === nextUrl) shownAtCall = rangeButton().textContent;
      return answer(call);
    });
    await waitFor(() => expect(heads(calls)).toHaveLength(2));
    const before = rangeButton().textContent;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rangeButton().textContent).not.toBe(before));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === nextUrl)).toHaveLength(1));
    expect(shownAtCall).toBe(before);
  });

  it('warms a month a week at a time, the next month first', async () => {
    const month = rangeFor(INTERVAL.month, londonToday());
    const calls = renderAppAs(ADMIN, address(month, INTERVAL.month), answer);
    const warmed = [...shiftListUrls(stepRange(month, 1)), ...shiftListUrls(stepRange(month, -1))];
    expect(warmed.length).toBeGreaterThanOrEqual(8);
    await waitFor(() => expect(heads(calls)).toEqual(warmed));
  });
});
