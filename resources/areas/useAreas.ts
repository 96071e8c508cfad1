import { useEffect } from 'react';
import { useGetList } from 'react-admin';
import { subscribeToFeed } from '../../providers/realtime';
import { AREA_CHANNEL, AREA_RESOURCE, type Area } from './types';
import { RESTAURANT_CHANNEL } from '../restaurants/types';
import type { AreaName } from '../../domain/validation/area';
import { AREA_NAMES } from '../listDefaults';

// Every row, in the spec's plain call (design section 4), sorted by name.
const ALL = { page: 1, perPage: 0 };

/** Every area, sorted by name then city as the list's pages are. */
export function useAllAreas() {
  return useGetList<Area>(AREA_RESOURCE, { pagination: ALL, sort: { field: 'name', order: 'ASC' } });
}

/**
 * Every area without its restaurants (GET /api/area?restaurants=false), by name: what a list's area filter and area
 * column need. At 3,000 restaurants the areas with theirs are some 660 KB; these are a few KB.
 */
export function useAreaNames() {
  return useGetList<AreaName>(AREA_NAMES.resource, { pagination: ALL, sort: { field: 'name', order: 'ASC' }, meta: { query: AREA_NAMES.query } });
}

/**
 * Calls `reload` on any area_channel message (ours or another admin's), and on a restaurant_channel message, since
 * each area lists its restaurants.
 */
export function useAreaFeed(reload: () => void) {
  useEffect(() => {
    const offAreas = subscribeToFeed(AREA_CHANNEL, reload);
    const offRestaurants = subscribeToFeed(RESTAURANT_CHANNEL, reload);
    return () => {
      offAreas();
      offRestaurants();
    };
  }, [reload]);
}
