import type { RestaurantCredentials, RestaurantRecord, WorkingHereDriver } from '../../domain/validation/restaurant';

export type { RestaurantRecord, WorkingHereDriver };

/**
 * The react-admin resources (restaurants is GET /api/restaurant; restaurateur and area are the API's own names)
 * and the live-feed channel.
 */
export const RESTAURANTS = 'restaurants';
export const RESTAURATEUR_RESOURCE = 'restaurateur';
export const AREA_RESOURCE = 'area';
import { RESTAURANT_CHANNEL } from '../../domain/channels';
export { RESTAURANT_CHANNEL };

/** A restaurant account as GET /api/restaurateur lists it, with the restaurants it logs in for. */
export interface Restaurateur {
  id: number;
  name: string;
  email: string;
  restaurants: { id: number; name: string }[];
}

/** An area as the restaurant dialogs need it: its name and its pay rates (the pay fields' placeholders). */
export interface AreaChoice {
  id: number;
  name: string;
  city?: { city_name: string };
  standardPayRate: number;
  weekendPayRate: number;
}

/** POST /api/restaurant answers the restaurant and the credentials for 'Send Verification'. */
export type CreatedRestaurant = RestaurantRecord & { restCredentials: RestaurantCredentials };
