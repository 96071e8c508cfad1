import { areaLabel } from '../areaLabel';

/** What the location picker offers: areas with their restaurants (GET /api/area), or a restaurant account's own. */
interface LocationRestaurant {
  id: number;
  name: string;
  area_id: number;
  status?: number;
}

export interface LocationArea {
  id: number;
  name: string;
  city?: { city_name: string };
  restaurants: LocationRestaurant[];
}

type LocationKind = 'area' | 'restaurant';

/** A picked item carries its type and id (spec 3, section 2.1); null = all locations. */
export interface LocationSelection {
  type: LocationKind;
  id: number;
}

export interface LocationOption extends LocationSelection {
  label: string;
  /** The area an option belongs to (an area option: itself), for filtering by area name. */
  areaLabel: string;
}

const RESTAURANT_ACTIVE = 10;

/** Areas with only the restaurants a screen shows (the schedule: status 10 only). */
export function activeLocations(areas: LocationArea[]): LocationArea[] {
  return areas.map((a) => ({ ...a, restaurants: a.restaurants.filter((r) => r.status === undefined || r.status === RESTAURANT_ACTIVE) }));
}

/** Area items followed by their restaurants, in the order given. */
export function locationOptions(areas: LocationArea[], withAreas = true): LocationOption[] {
  return areas.flatMap((area) => {
    const label = areaLabel(area);
    const restaurants = area.restaurants.map((r): LocationOption => ({ type: 'restaurant', id: r.id, label: r.name, areaLabel: label }));
    return withAreas ? [{ type: 'area', id: area.id, label, areaLabel: label }, ...restaurants] : restaurants;
  });
}

/** The restaurants a selection stands for; null = every restaurant (nothing picked). */
export function restaurantIdsOf(selection: LocationSelection | null, areas: LocationArea[]): number[] | null {
  if (!selection) return null;
  if (selection.type === 'restaurant') return [selection.id];
  return areas.find((a) => a.id === selection.id)?.restaurants.map((r) => r.id) ?? [];
}

/** A text query matches an option by its own name or its area's. */
export function matchesLocation(option: LocationOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || option.label.toLowerCase().includes(q) || option.areaLabel.toLowerCase().includes(q);
}
