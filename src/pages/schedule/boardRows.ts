import type { LocationArea, LocationSelection } from '../../components/LocationPicker';
import type { ShiftRecord } from '../../../domain/shifts';
import type { BoardRestaurant } from '../../../domain/shiftCalls';
import { isLateOrNoShow, type Attendance } from '../../../domain/attendance';
import { sortRestaurants } from './boardOrder';

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

/** The driver panel's choice: everyone, open shifts only, today's late drivers and no-shows, or one driver. */
export type DriverChoice = { kind: 'all' } | { kind: 'open' } | { kind: 'lateNoShow' } | { kind: 'driver'; id: number };

export function choiceFilter(choice: DriverChoice, attendance: ReadonlyMap<number, Attendance> = new Map()): (shift: ShiftRecord) => boolean {
  if (choice.kind === 'open') return (s) => !s.driver_id;
  if (choice.kind === 'lateNoShow') return (s) => isLateOrNoShow(attendance.get(s.id));
  if (choice.kind === 'driver') return (s) => s.driver_id === choice.id;
  return () => true;
}

export const writeLocation = (location: LocationSelection | null) => (location ? `${location.type === 'area' ? 'a' : 'r'}${location.id}` : null);
