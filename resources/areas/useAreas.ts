import { useEffect } from 'react';
import { useGetList } from 'react-admin';
import { subscribeToFeed } from '../../providers/realtime';
import { AREA_CHANNEL, AREA_RESOURCE, CITY_RESOURCE, type Area, type City } from './types';
import { RESTAURANT_CHANNEL } from '../restaurants/types';

// The API answers full lists (design section 4); ask the data provider for all of them, sorted by name.
const ALL = { page: 1, perPage: 0 };

/**
 * Every area, kept current by the live feed: any area_channel message (ours or another admin's) reloads the list,
 * and so does a restaurant_channel message, since each area lists its restaurants.
 */
export function useAreas() {
  const query = useGetList<Area>(AREA_RESOURCE, { pagination: ALL, sort: { field: 'name', order: 'ASC' } });
  const { refetch } = query;
  useEffect(() => subscribeToFeed(AREA_CHANNEL, () => void refetch()), [refetch]);
  useEffect(() => subscribeToFeed(RESTAURANT_CHANNEL, () => void refetch()), [refetch]);
  return query;
}

export function useCities() {
  return useGetList<City>(CITY_RESOURCE, { pagination: ALL, sort: { field: 'city_name', order: 'ASC' } });
}
