import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { londonToday } from '../../../domain/dates';
import { INTERVAL, INTERVALS } from '../../../domain/ranges';
import { canAccess } from '../../../domain/access';
import { compareTimesheetRows, matchesStatusFilter, timesheetTotals, TIMESHEET_FILTER, type TimesheetView } from '../../../domain/timesheets';
import type { LatLng } from '../../components/maps';
import { restaurantIdsOf, useLocations, type LocationSelection } from '../../components/LocationPicker';
import { useDateRange } from '../../components/range';
import { useStoredUser } from '../../components/useStoredUser';
import { matchesDriverFilter, type DriverFilter } from './DriverPanel';
import { askTimesheetsEarly } from './firstCalls';
import { useTimesheetList } from './useTimesheetList';
import { useTimesheetOptions } from './useTimesheetOptions';

export interface RestaurantChoice {
  id: number;
  name: string;
  area_id: number;
  status?: number;
}

/** Names are listed in British order, as everywhere else on the screen. */
const byName = new Intl.Collator('en-GB').compare;

function position(r: unknown): LatLng | null {
  const { map_latitude: lat, map_longitude: lng } = (r ?? {}) as { map_latitude?: unknown; map_longitude?: unknown };
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
}

/**
 * Everything the timesheet screens (desktop and phone) show: the range in the address, the location, status and
 * driver filters, the live list, the rows shown and their totals, and the restaurants with their positions.
 */
export function useTimesheetScreen() {
  const user = useStoredUser();
  // What this account may do here, from the rule table the server enforces (domain/access.ts).
  const readOnly = !canAccess(user?.role, 'timesheet', 'edit');
  const canRemove = canAccess(user?.role, 'timesheet', 'delete');
  const everyRestaurant = canAccess(user?.role, 'timesheet', 'everyRestaurant');
  const dates = useDateRange({ defaultInterval: INTERVAL.week, intervals: INTERVALS, onMove: askTimesheetsEarly });
  const { areas } = useLocations();
  const [location, setLocation] = useState<LocationSelection | null>(null);
  const [status, setStatus] = useState<number>(TIMESHEET_FILTER.active);
  const [driver, setDriver] = useState<DriverFilter>('all');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const today = londonToday();

  const restaurants = useMemo<RestaurantChoice[]>(
    () => areas.flatMap((a) => a.restaurants.map((r) => ({ id: r.id, name: r.name, area_id: r.area_id, status: r.status }))).sort((a, b) => byName(a.name, b.name)),
    [areas],
  );
  const positions = useMemo(() => {
    const out = new Map<number, LatLng>();
    for (const a of areas) for (const r of a.restaurants) {
      const p = position(r);
      if (p) out.set(r.id, p);
    }
    for (const r of user?.restaurants ?? []) {
      const p = position(r);
      if (p) out.set(r.id, p);
    }
    return out;
  }, [areas, user]);
  const positionOf = useCallback((id: number) => positions.get(id) ?? null, [positions]);

  // The feed carries every restaurant's changes: keep those of the restaurants this account may see.
  const ownIds = useMemo(() => (readOnly ? new Set((user?.restaurants ?? []).map((r) => r.id)) : null), [readOnly, user]);
  const scopeIds = useMemo(() => (!everyRestaurant && restaurants.length ? new Set(restaurants.map((r) => r.id)) : null), [everyRestaurant, restaurants]);
  const visible = useCallback((id: number) => (ownIds ? ownIds.has(id) : scopeIds ? scopeIds.has(id) : true), [ownIds, scopeIds]);

  const list = useTimesheetList(dates.range, visible);
  const options = useTimesheetOptions(!readOnly);

  const inLocation = useMemo(() => {
    const ids = restaurantIdsOf(location, areas);
    return ids ? new Set(ids) : null;
  }, [location, areas]);
  /** The rows of the location and status filter: the driver panel lists their drivers. */
  const filtered = useMemo(
    () => list.rows.filter((r) => (!inLocation || inLocation.has(r.restaurant_id)) && matchesStatusFilter(r, status)),
    [list.rows, inLocation, status],
  );
  const shown = useMemo(() => filtered.filter((r) => matchesDriverFilter(r, driver)).sort(compareTimesheetRows), [filtered, driver]);
  /**
   * The driver panel (every driver's count, hours and pay, sorted by name) follows the table in a render of its own,
   * which React may pause: a week's 3,500 rows show first, and no one task draws them and sums them by driver too.
   * The totals stay with the rows, so the bar never tells of other rows than the table's.
   */
  const settledFiltered = useDeferredValue(filtered);
  const totals = useMemo(() => {
    const comission = new Map(list.rows.map((r) => [r.restaurant_id, r.invoice_comission]));
    return timesheetTotals(shown, (id) => comission.get(id) ?? 0);
  }, [shown, list.rows]);
  const selected = useMemo(() => list.rows.find((r) => r.id === selectedId) ?? null, [list.rows, selectedId]);

  const { upsert, reload } = list;
  /** A saved timesheet takes its row's place (a placeholder's too) and stays selected. */
  const onSaved = useCallback(
    (view: TimesheetView) => {
      upsert([view]);
      setSelectedId(view.id);
    },
    [upsert],
  );
  /** A removed timesheet's shift comes back as a placeholder, priced by the server: the list is asked for again. */
  const onRemoved = useCallback(() => {
    setSelectedId(null);
    reload();
  }, [reload]);

  /** What the summary form takes from the screen, under the desktop table and in the phone's dialog alike. */
  const formProps = { restaurants, fuel: options.fuel, mapCenter: options.mapCenter, positionOf, today, readOnly, canRemove };

  return {
    user, readOnly, canRemove, today, dates, areas, restaurants, positionOf, location, setLocation, status, setStatus, driver, setDriver,
    list, formProps, filtered, shown, settledFiltered, totals, selected, selectedId, setSelectedId, onSaved, onRemoved,
  };
}

export type TimesheetScreen = ReturnType<typeof useTimesheetScreen>;
