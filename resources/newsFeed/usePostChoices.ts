import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { PushRecipient } from '../../domain/validation/pushMessage';
import { AREA_RESOURCE, RECIPIENT_RESOURCE } from './types';

/** An area as GET /api/area answers it (what the post dialog needs). */
export interface AreaChoice {
  id: number;
  name: string;
  city?: { id: number; city_name: string } | null;
  restaurants?: { id: number; name: string; area_id: number }[];
}

export interface RestaurantChoice {
  id: number;
  name: string;
  areaName: string;
}

const ALL = { page: 1, perPage: 0 };

/**
 * What the post dialog offers: the caller's areas and their restaurants (GET /api/area answers a manager only their
 * own), and the drivers they reach (loaded only once the driver list is wanted: there are thousands).
 */
export function usePostChoices(wantDrivers: boolean) {
  const areas = useGetList<AreaChoice>(AREA_RESOURCE, { pagination: ALL, sort: { field: 'name', order: 'ASC' } });
  const drivers = useGetList<PushRecipient>(RECIPIENT_RESOURCE, { pagination: ALL }, { enabled: wantDrivers });
  const areaList = areas.data;
  const restaurants = useMemo<RestaurantChoice[]>(
    () =>
      (areaList ?? []).flatMap((a) =>
        (a.restaurants ?? []).map((r) => ({ id: r.id, name: r.name, areaName: a.name })),
      ),
    [areaList],
  );
  return {
    areas: areaList ?? [],
    areasLoading: areas.isPending,
    restaurants,
    drivers: drivers.data ?? [],
    driversLoading: wantDrivers && drivers.isPending,
  };
}
