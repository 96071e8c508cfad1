import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { lazyPage } from '../../src/components/lazyPage';
import type { RestaurantRecord } from './types';

/**
 * Restaurants (API /api/restaurant, screen /restaurants): the react-admin resource src/App.tsx mounts, its list
 * its own chunk, loaded when first opened. Adding and editing are the spec's dialogs over the list.
 */
export const restaurants = {
  name: 'restaurants',
  list: lazyPage(() => import('./RestaurantList'), 'RestaurantList'),
  icon: StorefrontOutlinedIcon,
  recordRepresentation: (r: RestaurantRecord) => r.name,
};

export type { RestaurantRecord } from './types';
