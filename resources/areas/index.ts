import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import { AreasPage } from './AreasPage';

/**
 * Areas (API /api/area, screen /areas). Not a plain react-admin list: the spec's screen shows one table per area
 * with its restaurants under it, so src/App.tsx mounts AreasPage on the custom route /areas.
 */
export const areas = {
  name: 'area',
  path: '/areas',
  list: AreasPage,
  icon: MapOutlinedIcon,
  recordRepresentation: 'name',
};

export { AreasPage };
export type { Area, City } from './types';
