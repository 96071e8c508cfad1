import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { lazyPage } from '../../src/components/lazyPage';
import type { DriverRecord } from './types';

/**
 * Drivers (API /api/driver, screens /drivers and /drivers/{id}): the react-admin resource src/App.tsx mounts. The
 * list is its own chunk, loaded when first opened; /drivers/{id} (the `edit` route) shows the list with that
 * driver's edit dialog open, as the spec's dialogs are dialogs over the list, not pages.
 */
export const drivers = {
  name: 'drivers',
  list: lazyPage(() => import('./DriverList'), 'DriverList'),
  edit: lazyPage(() => import('./DriverLink'), 'DriverLink'),
  icon: LocalShippingOutlinedIcon,
  recordRepresentation: (d: DriverRecord) => d.full_name || d.email,
};

export type { DriverRecord } from './types';
