import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { DriversPage } from './DriversPage';

/**
 * Drivers (API /api/driver, screens /drivers and /drivers/{id}). Not a plain react-admin list: the status codes,
 * Data Full, the row menu and the unavailability dialog of spec 2 live in DriversPage, which src/App.tsx mounts on
 * the custom routes.
 */
export const drivers = {
  name: 'driver',
  path: '/drivers',
  list: DriversPage,
  icon: LocalShippingOutlinedIcon,
  recordRepresentation: 'full_name',
};

export { DriversPage };
export type { DriverRecord } from './types';
