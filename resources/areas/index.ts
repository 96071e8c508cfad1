import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import { lazyPage } from '../../src/components/lazyPage';
import type { Area } from './types';

/**
 * Areas (API /api/area, screen /areas): the react-admin resource src/App.tsx mounts. Its list shows each area as
 * the spec's card (a table of the area with its restaurants under it); adding, editing and removing are dialogs
 * over the list.
 */
export const areas = {
  name: 'areas',
  list: lazyPage(() => import('./AreaList'), 'AreaList'),
  icon: MapOutlinedIcon,
  recordRepresentation: (area: Area) => `${area.name} (${area.city.city_name})`,
};

export type { Area } from './types';
