/** An option as GET /api/option answers it (spec 1, section 3). */
export interface OptionRecord {
  id: number;
  okey: string;
  ovalue: string;
  description: string;
}

/** A restaurant as GET /api/area lists it under its area (only what the push dialog needs). */
export interface AreaRestaurantChoice {
  id: number;
  name: string;
  area_id: number;
}

/** An area as GET /api/area answers it (only what the push dialog needs). */
export interface AreaChoice {
  id: number;
  name: string;
  city?: { id: number; city_name: string } | null;
  restaurants: AreaRestaurantChoice[];
}

import { OPTION_CHANNEL } from '../../domain/channels';
export { OPTION_CHANNEL };
export const AREA_RESOURCE = 'area';
/** Read through the generic data provider as GET /api/driver-message/recipients. */
export const RECIPIENT_RESOURCE = 'driver-message/recipients';
