import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addDays, mondayOf, londonToday } from '../../domain/dates';
import { PHONE_TOTALS_NOTE } from '../../src/pages/schedule/PhoneRestaurantPicker';
import type { StoredUser } from '../../providers/session';
import { ADMIN, RESTAURANT, renderAppAs, type ApiCall } from './harness';

// A phone's screen (390 px): MUI's media queries answer as the phone's browser would.
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || 390 <= Number(max[1])) && (!min || 390 >= Number(min[1])) && (!!max || !!min);
    return { matches, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false };
  });
}

const MON = addDays(mondayOf(londonToday()), 7);
const area = { id: 1, name: 'Camden', standardPayRate: 12, weekendPayRate: 13.5 };
const restaurant = (id: number, name: string) => ({ id, name, area_id: 1, area, status: 10, standard_pay: 12, weekend_pay: 14, invoice_comission: 1.5 });
const RESTAURANTS = [restaurant(8, 'Zed Pizza'), restaurant(7, 'Bombay Spice')];
const shift = (id: number, restaurantId: number, status: number, over: Record<string, unknown> = {}) => ({
  id, restaurant_id: restaurantId, driver_id: null, status, status_assigned: 10, period_date: MON, start_time: '17:00', finish_time: '21:00',
  meal_time: 0, rest_time: 0, cost_per_hour: 12, cost_total: 48, cost_bonus: 0, const_fuel_bonus: 0, cost_extra_bonus: 0, extra_request: 0,
  fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0, comment: null, comment_cancelled: null, creator_id: 1, moderator_id: null,
  restaurateur_creator_id: null, restaurateur_moderator_id: null, driver_id_canceled: null, creator: null, moderator: null, timesheet_id: null,
  driver: null, driver_canceled: null, ...over,
});
// Two unpublished shifts at Bombay Spice, one unpublished and one published at Zed Pizza.
const SHIFTS = [shift(1, 7, 10), shift(2, 7, 10, { start_time: '11:00', finish_time: '15:00' }), shift(3, 8, 10), shift(4, 8, 20)];

const answer = (call: ApiCall) => {
  if (call.path.startsWith('/api/restaurant?')) return { body: RESTAURANTS };
  if (call.path.startsWith('/api/shift?')) return { body: SHIFTS };
  return undefined;
};
const week = `interval=20&from=${MON}&to=${addDays(MON, 6)}`;

/** Opens the board on a phone as `user` and checks it shows the first restaurant by name at once, not an empty board. */
async function opensOnFirstRestaurant(user: StoredUser, path: string) {
  onAPhone();
  renderAppAs(user, path, answer);
  const picker = await screen.findByRole('combobox', { name: 'Restaurant' });
  await waitFor(() => expect(picker).toHaveTextContent('Bombay Spice'));
  expect(screen.queryByText('No restaurant selected')).not.toBeInTheDocument();
}

describe('the schedule board on a phone', () => {
  it("shows the first restaurant at once, with the range's totals and Publish count for every restaurant", async () => {
    await opensOnFirstRestaurant(ADMIN, `/schedule?${week}`);
    expect(screen.getByText(PHONE_TOTALS_NOTE)).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-total="Total Shifts"]')).toHaveTextContent('4'));
    expect(document.querySelector('[data-total="Unpublished"]')).toHaveTextContent('3');
    expect(document.querySelector('[data-total="Published"]')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: 'Publish Shifts [3]' })).toBeInTheDocument();
  });

  it("shows a restaurant account's first restaurant at once", async () => {
    await opensOnFirstRestaurant(RESTAURANT, `/schedulerestaurant?${week}`);
  });
});

describe('the schedule board on a laptop', () => {
  it("says why the driver panel's open shifts differ from the totals' Open Shifts: drafts are counted but not drawn", async () => {
    const withDraft = [...SHIFTS, shift(5, 8, 30)];
    renderAppAs(ADMIN, `/schedule?${week}`, (call) => (call.path.startsWith('/api/shift?') ? { body: withDraft } : answer(call)));
    await waitFor(() => expect(document.querySelector('[data-total="Open Shifts"]')).toHaveTextContent('5'));
    expect(await screen.findByText('4 shown, 1 draft not on the board')).toBeInTheDocument();
  });
});
