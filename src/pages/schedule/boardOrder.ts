import type { LocationSelection } from '../../components/LocationPicker';
import type { BoardRestaurant } from '../../../domain/shiftCalls';

/** The admin board's rows and their order, kept light: the board's first view (preview/) draws them before the app. */

// Made on first use: a page's first Intl object costs some 40–100 ms, which the first view's calls must not wait for.
let collator: Intl.Collator | null = null;

/** Rows of the admin board: grouped by area (areas by name), restaurants by name within. */
export function sortRestaurants(restaurants: readonly BoardRestaurant[]): BoardRestaurant[] {
  // Each name lowered once and one collator for every comparison: lowering and comparing inside the comparator
  // took a third of the board's first render at 300 restaurants.
  const keyed = restaurants.map((r) => ({ r, area: r.area.name.toLocaleLowerCase('en-GB'), name: r.name.toLocaleLowerCase('en-GB') }));
  const { compare } = (collator ??= new Intl.Collator());
  keyed.sort((a, b) => compare(a.area, b.area) || compare(a.name, b.name) || a.r.id - b.r.id);
  return keyed.map((k) => k.r);
}

export function rowsFor(restaurants: readonly BoardRestaurant[], location: LocationSelection | null): BoardRestaurant[] {
  const sorted = sortRestaurants(restaurants);
  if (!location) return sorted;
  return sorted.filter((r) => (location.type === 'area' ? r.area_id === location.id : r.id === location.id));
}

/** '?location=a12' (area) or 'r7' (restaurant) in the address. */
export function readLocation(value: string | null): LocationSelection | null {
  const m = /^([ar])(\d+)$/.exec(value ?? '');
  return m ? { type: m[1] === 'a' ? 'area' : 'restaurant', id: Number(m[2]) } : null;
}

