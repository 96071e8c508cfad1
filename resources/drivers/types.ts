import type { DriverRecord, RightToWorkPhoto } from '../../domain/validation/driver';

export type { DriverRecord, RightToWorkPhoto };

/** The react-admin resources (drivers is GET /api/driver, area GET /api/area) and the live-feed channel. */
export const DRIVERS = 'drivers';
export const AREA_RESOURCE = 'area';
import { DRIVER_CHANNEL } from '../../domain/channels';
export { DRIVER_CHANNEL };

/** An area with its restaurants, as GET /api/area answers it: what the area and restaurant pickers offer. */
export interface AreaWithRestaurants {
  id: number;
  name: string;
  city?: { city_name: string };
  restaurants: { id: number; name: string; area_id: number; status: number }[];
}
