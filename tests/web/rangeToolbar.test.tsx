import { useRef, useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { INTERVAL, type DateRange, type Interval } from '../../domain/ranges';
import { IntervalSelect, RangeNavigator, useDateRange } from '../../src/components/range';
import {
  LocationPicker, activeLocations, restaurantIdsOf, type LocationArea, type LocationSelection,
} from '../../src/components/LocationPicker';

interface ToolbarProps {
  intervals?: Interval[];
  disabled?: Interval[];
  /** Each range the toolbar moves to, with the address as it stood at that moment. */
  moves?: { range: DateRange; address: string }[];
  /** Each render's range, with the address it was drawn with. */
  renders?: { from: string; address: string }[];
}

function Toolbar({ intervals, disabled, moves, renders }: ToolbarProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const address = useRef(location.search);
  address.current = location.search;
  const state = useDateRange({ defaultInterval: INTERVAL.week, intervals, onMove: (range) => moves?.push({ range, address: address.current }) });
  renders?.push({ from: state.range.from, address: location.search });
  return (
    <>
      <button type="button" onClick={() => navigate('/schedule?interval=20&from=2026-11-02&to=2026-11-08')}>
        Open the week of 2 November
      </button>
      <IntervalSelect value={state.interval} onChange={state.setInterval} intervals={intervals} disabled={disabled} />
      <RangeNavigator state={state} />
      <output aria-label="address">{location.search}</output>
    </>
  );
}

function renderToolbar(path = '/schedule?interval=20&from=2026-11-16&to=2026-11-22', props: Parameters<typeof Toolbar>[0] = {}) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Toolbar {...props} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

// hidden: the open range picker hides the page behind it from assistive technology.
const rangeButton = () => screen.getByRole('button', { name: /^Date range/, hidden: true });

describe('range toolbar', () => {
  it('steps a week back and forth and keeps the range in the address', async () => {
    const user = renderToolbar();
    expect(rangeButton()).toHaveTextContent('16/11/2026 – 22/11/2026');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(rangeButton()).toHaveTextContent('23/11/2026 – 29/11/2026');
    expect(screen.getByRole('status', { name: 'address' })).toHaveTextContent('interval=20&from=2026-11-23&to=2026-11-29');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(rangeButton()).toHaveTextContent('09/11/2026 – 15/11/2026');
  });

  it('tells the screen of a new range at the press, before the address has it, and not of the range it shows', async () => {
    const moves: { range: DateRange; address: string }[] = [];
    const user = renderToolbar(undefined, { moves });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(moves).toEqual([{ range: { from: '2026-11-23', to: '2026-11-29' }, address: '?interval=20&from=2026-11-16&to=2026-11-22' }]);
    // The same week picked again: nothing new to ask for.
    await user.click(rangeButton());
    await user.click(within(screen.getByRole('grid', { name: 'Calendar' })).getByRole('gridcell', { name: 'Thursday 26 November 2026' }));
    expect(moves).toHaveLength(1);
  });

  it('shows the new range at the press, in a render before the address has it, then follows the address', async () => {
    const renders: { from: string; address: string }[] = [];
    const user = renderToolbar(undefined, { renders });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(renders).toContainEqual({ from: '2026-11-23', address: '?interval=20&from=2026-11-16&to=2026-11-22' });
    expect(renders.at(-1)).toEqual({ from: '2026-11-23', address: '?interval=20&from=2026-11-23&to=2026-11-29' });
    // The address changed by other means (a link, the back button): the range is the address's again.
    await user.click(screen.getByRole('button', { name: 'Open the week of 2 November' }));
    expect(rangeButton()).toHaveTextContent('02/11/2026 – 08/11/2026');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(rangeButton()).toHaveTextContent('09/11/2026 – 15/11/2026');
  });

  it('switches to Month and steps by calendar months', async () => {
    const user = renderToolbar();
    await user.click(screen.getByRole('combobox', { name: 'Interval' }));
    await user.click(screen.getByRole('option', { name: 'Month' }));
    expect(rangeButton()).toHaveTextContent('01/11/2026 – 30/11/2026');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(rangeButton()).toHaveTextContent('01/12/2026 – 31/12/2026');
  });

  it('offers only the given intervals and shows disabled ones greyed', async () => {
    const user = renderToolbar(undefined, { intervals: [INTERVAL.day, INTERVAL.week, INTERVAL.twoWeeks, INTERVAL.month], disabled: [INTERVAL.day] });
    await user.click(screen.getByRole('combobox', { name: 'Interval' }));
    expect(screen.getByRole('option', { name: 'Day' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: '2-Week' })).not.toHaveAttribute('aria-disabled');
  });

  it('picks the Monday week of a clicked day in the range picker', async () => {
    const user = renderToolbar();
    await user.click(rangeButton());
    const calendar = screen.getByRole('grid', { name: 'Calendar' });
    expect(within(calendar).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    await user.click(within(calendar).getByRole('gridcell', { name: 'Thursday 26 November 2026' }));
    expect(rangeButton()).toHaveTextContent('23/11/2026 – 29/11/2026');
  });

  it("refuses a picked span over 31 days with 'Invalid date range'", async () => {
    const user = renderToolbar();
    await user.click(rangeButton());
    const dialog = screen.getByRole('presentation');
    const from = within(dialog).getByLabelText('From');
    const to = within(dialog).getByLabelText('To');
    await user.clear(from);
    await user.type(from, '01/11/2026');
    await user.clear(to);
    await user.type(to, '15/12/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid date range: 01/11/2026 ~ 15/12/2026');
    expect(rangeButton()).toHaveTextContent('16/11/2026 – 22/11/2026');

    await user.clear(to);
    await user.type(to, '30/11/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(rangeButton()).toHaveTextContent('01/11/2026 – 30/11/2026');
  });

  it('ignores an address range over 31 days and opens on the current week instead', () => {
    renderToolbar('/schedule?interval=20&from=2026-01-01&to=2026-03-01');
    expect(rangeButton().textContent).not.toContain('01/01/2026');
  });
});

const AREAS: LocationArea[] = [
  {
    id: 1,
    name: 'Camden',
    city: { city_name: 'London' },
    restaurants: [
      { id: 11, name: 'Pizza Palace Camden', area_id: 1, status: 10 },
      { id: 12, name: 'Closed Diner', area_id: 1, status: 20 },
    ],
  },
  { id: 2, name: 'Salford', city: { city_name: 'Manchester' }, restaurants: [{ id: 21, name: 'Golden Wok Salford', area_id: 2, status: 10 }] },
];

function Picker() {
  const [value, setValue] = useState<LocationSelection | null>(null);
  const areas = activeLocations(AREAS);
  return (
    <>
      <LocationPicker areas={areas} value={value} onChange={setValue} />
      <output aria-label="restaurants">{JSON.stringify(restaurantIdsOf(value, areas))}</output>
    </>
  );
}

describe('location picker', () => {
  it('lists areas with their active restaurants, picks either, and clears back to all locations', async () => {
    render(<Picker />);
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Location' });
    expect(input).toHaveAttribute('placeholder', 'All locations');
    await user.click(input);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Camden (London)', 'Pizza Palace Camden', 'Salford (Manchester)', 'Golden Wok Salford',
    ]);
    await user.click(screen.getByRole('option', { name: 'Camden (London)' }));
    expect(screen.getByRole('status', { name: 'restaurants' })).toHaveTextContent('[11]');

    await user.clear(input);
    await user.type(input, 'manch');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Salford (Manchester)', 'Golden Wok Salford']);
    await user.click(screen.getByRole('option', { name: 'Golden Wok Salford' }));
    expect(screen.getByRole('status', { name: 'restaurants' })).toHaveTextContent('[21]');

    // The clear button (shown on hover and focus).
    await user.click(screen.getByTitle('Clear'));
    expect(screen.getByRole('status', { name: 'restaurants' })).toHaveTextContent('null');
  });
});
