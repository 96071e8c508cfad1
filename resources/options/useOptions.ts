import { useEffect } from 'react';
import { useGetList } from 'react-admin';
import { subscribeToFeed } from '../../providers/realtime';
import { OPTION_CHANNEL, OPTION_RESOURCE, type OptionRecord } from './types';

// The API answers the full list (design section 4): ask the data provider for all of it, sorted by key.
const ALL = { page: 1, perPage: 0 };

/** Every option, kept current by the live feed: another user's change shows here too. */
export function useOptions() {
  const query = useGetList<OptionRecord>(OPTION_RESOURCE, { pagination: ALL, sort: { field: 'okey', order: 'ASC' } });
  const { refetch } = query;
  useEffect(() => subscribeToFeed(OPTION_CHANNEL, () => void refetch()), [refetch]);
  return query;
}
