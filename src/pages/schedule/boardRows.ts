import type { LocationArea, LocationSelection } from '../../components/LocationPicker';
import type { ShiftRecord } from '../../../domain/shifts';
import type { BoardRestaurant } from '../../../domain/shiftCalls';
import { isLateOrNoShow, type Attendance } from '../../../domain/attendance';

const collator = new Intl.Collator();

/** Rows of the admin board: grouped by area (areas by name), restaurants by name within. */
export function sortRestaurants(restaurants: readonly BoardRestaurant[]): BoardRestaurant[] {
  // Each name lowered once and one collator for every comparison: lowering and comparing inside the comparator
  // took a third of the board's first render at 300 restaurants.
  const keyed = restaurants.map((r) => ({ r, area: r.area.name.toLocaleLowerCase('en-GB'), name: r.name.toLocaleLowerCase('en-GB') }));
  keyed.sort((a, b) => collator.compare(a.area, b.area) || collator.compare(a.name, b.name) || a.r.id - b.r.id);
  return keyed.map((k) => k.r);
}

/** The location picker's areas, built from the restaurants the board may show. */
export function locationsOf(restaurants: readonly BoardRestaurant[]): LocationArea[] {
  const areas = new Map<number, LocationArea>();
  for (const r of sortRestaurants(restaurants)) {
    let area = areas.get(r.area_id);
    if (!area) areas.set(r.area_id, (area = { id: r.area_id, name: r.area.name, restaurants: [] }));
    area.restaurants.push({ id: r.id, name: r.name, area_id: r.area_id, status: r.status });
  }
  return [...areas.values()];
}

export function rowsFor(restaurants: readonly BoardRestaurant[], location: LocationSelection | null): BoardRestaurant[] {
  const sorted = sortRestaurants(restaurants);
  if (!location) return sorted;
  return sorted.filter((r) => (location.type === 'area' ? r.area_id === location.id : r.id === location.id));
}

/** The driver panel's choice: everyone, open shifts only, today's late drivers and no-shows, or one driver. */
export type DriverChoice = { kind: 'all' } | { kind: 'open' } | { kind: 'lateNoShow' } | { kind: 'driver'; id: number };

export function choiceFilter(choice: DriverChoice, attendance: ReadonlyMap<number, Attendance> = new Map()): (shift: ShiftRecord) => boolean {
  if (choice.kind === 'open') return (s) => !s.driver_id;
  if (choice.kind === 'lateNoShow') return (s) => isLateOrNoShow(attendance.get(s.id));
  if (choice.kind === 'driver') return (s) => s.driver_id === choice.id;
  return () => true;
}

/** '?location=a12' (area) or 'r7' (restaurant) in the address. */
export function readLocation(value: string | null): LocationSelection | null {
  const m = /^([ar])(\d+)$/.exec(value ?? '');
  return m ? { type: m[1] === 'a' ? 'area' : 'restaurant', id: Number(m[2]) } : null;
}

export const writeLocation = (location: LocationSelection | null) => (location ? `${location.type === 'area' ? 'a' : 'r'}${location.id}` : null);
