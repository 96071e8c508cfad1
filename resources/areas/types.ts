/** An area as GET /api/area answers it (spec 1, section 3). */
export interface AreaRestaurant {
  id: number;
  name: string;
  address: string;
  postcode: string | null;
  status: number;
  area_id: number;
}

export interface Area {
  id: number;
  name: string;
  city_id: number;
  city: { id: number; city_name: string };
  standardPayRate: number;
  weekendPayRate: number;
  restaurants: AreaRestaurant[];
}

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
