import { useEffect, useMemo } from 'react';
import { useGetList } from 'react-admin';
import { RESTAURANT_ROLE } from '../../../domain/roles';
import { subscribeToFeed } from '../../../providers/realtime';
import { useStoredUser } from '../useStoredUser';
import type { LocationArea } from './locations';

const ALL = { page: 1, perPage: 0 };

/**
 * The locations an account may pick: administrators and managers get GET /api/area (a manager's own areas and
 * restaurants), kept current by the area feed; a restaurant account its own restaurants from the stored user.
 */
export function useLocations(): { areas: LocationArea[]; isPending: boolean; error: unknown } {
  const user = useStoredUser();
  const isRestaurant = user?.role === RESTAURANT_ROLE;
  const query = useGetList<LocationArea & { id: number }>('area', { pagination: ALL }, { enabled: !!user && !isRestaurant });
  const { refetch } = query;
  useEffect(() => (isRestaurant ? undefined : subscribeToFeed('area_channel', () => void refetch())), [isRestaurant, refetch]);

  const own = useMemo<LocationArea[]>(() => {
    if (!isRestaurant || !user) return [];
    const restaurants = user.restaurants.map((r) => ({
      id: r.id,
      name: r.name,
      area_id: Number(r.area_id ?? 0),
      status: typeof r.status === 'number' ? r.status : undefined,
    }));
    return [{ id: 0, name: 'My restaurants', restaurants }];
  }, [isRestaurant, user]);

  if (isRestaurant) return { areas: own, isPending: false, error: null };
  return { areas: query.data ?? [], isPending: query.isPending, error: query.error };
}
