import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { RestaurantsPage } from './RestaurantsPage';

/**
 * Restaurants (API /api/restaurant, screen /restaurants). Not a plain react-admin list: filters, actions and the
 * two-tab dialogs of spec 2 live in RestaurantsPage, which src/App.tsx mounts on the custom route /restaurants.
 */
export const restaurants = {
  name: 'restaurant',
  path: '/restaurants',
  list: RestaurantsPage,
  icon: StorefrontOutlinedIcon,
  recordRepresentation: 'name',
};

export { RestaurantsPage };
export { RestaurantProfileDialog } from './RestaurantProfileDialog';
export type { RestaurantRecord, Restaurateur } from './types';
