/** An area as GET /api/area answers it, with its restaurants. */
export type { AreaRecord as Area, AreaRestaurant } from '../../domain/validation/area';

export interface City {
  id: number;
  city_name: string;
}

/** The API's resource names (GET /api/area, GET /api/city). */
export const AREA_RESOURCE = 'area';
export const CITY_RESOURCE = 'city';
/** The live-feed channel the server announces area changes on. */
import { AREA_CHANNEL } from '../../domain/channels';
export { AREA_CHANNEL };
/** The react-admin resource of the Areas screen (/areas; the data provider calls /api/area). */
export const AREAS = 'areas';
