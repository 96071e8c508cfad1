import { useCallback, useEffect, useMemo, useState } from 'react';
import { useGetList } from 'react-admin';
import { matchesDriverFilter, type DriverFilterCode } from '../../domain/driverFilters';
import { subscribeToFeed } from '../../providers/realtime';
import { FEED_RESUMED } from '../../domain/channels';
import { DRIVER_CHANNEL, DRIVER_RESOURCE, type DriverRecord } from './types';

// The API answers the full list for a status (design section 4): ask the data provider for all of it.
const ALL = { page: 1, perPage: 0 };
const SERVER_ORDER = { field: 'id', order: 'ASC' as const };

const newer = (a: DriverRecord, b: DriverRecord) => (a.updated_at >= b.updated_at ? a : b);

/**
 * The drivers of one status filter (fetched per filter, spec 2 section 4), kept current by the live feed: a
 * driver stored or updated elsewhere (spec 2, section 4: events store and update) is merged in by its record,
 * without fetching the whole list again, and leaves or joins the list as the domain's filter rule says.
 */
export function useDrivers(filter: DriverFilterCode) {
  const query = useGetList<DriverRecord>(DRIVER_RESOURCE, { pagination: ALL, sort: SERVER_ORDER, filter: { status: filter } });
  const [changed, setChanged] = useState<Map<number, DriverRecord>>(() => new Map());
  const { refetch } = query;

  /** A driver as saved here or announced on the feed. */
  const apply = useCallback((drivers: DriverRecord[]) => {
    setChanged((current) => {
      const next = new Map(current);
      for (const d of drivers) next.set(d.id, current.has(d.id) ? newer(d, current.get(d.id)!) : d);
      return next;
    });
  }, []);

  useEffect(
    () =>
      subscribeToFeed(DRIVER_CHANNEL, (event, items) => {
        if (event === FEED_RESUMED) return void refetch();
        if (event === 'store' || event === 'update') {
          apply(items.filter((i): i is DriverRecord => !!i && typeof i === 'object' && typeof (i as DriverRecord).id === 'number'));
        }
      }),
    [apply, refetch],
  );

  const drivers = useMemo(() => {
    const base = query.data ?? [];
    const seen = new Set<number>();
    const out: DriverRecord[] = [];
    for (const d of base) {
      seen.add(d.id);
      const latest = changed.has(d.id) ? newer(changed.get(d.id)!, d) : d;
      if (matchesDriverFilter(latest, filter)) out.push(latest);
    }
    for (const d of changed.values()) if (!seen.has(d.id) && matchesDriverFilter(d, filter)) out.push(d);
    return out;
  }, [query.data, changed, filter]);

  return { ...query, drivers, apply };
}
