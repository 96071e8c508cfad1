import { MAPS_KEY } from '../../../providers/geocoding';

/**
 * Google Maps is optional: with VITE_GOOGLE_MAPS_API_KEY set at build time the screens show maps and address
 * search; without it they show latitude/longitude and address fields only (the local default), so nothing
 * needs an outside service to work.
 */
export const hasGoogleMaps = MAPS_KEY.length > 0;

export interface LatLng {
  lat: number;
  lng: number;
}
