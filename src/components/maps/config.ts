/**
 * Google Maps is optional: with VITE_GOOGLE_MAPS_API_KEY set at build time the screens show maps and address
 * search; without it they show latitude/longitude and address fields only (the local default), so nothing
 * needs an outside service to work.
 */
export const GOOGLE_MAPS_API_KEY: string = import.meta.env.VITE_GOOGLE_MAPS_API_KEY ?? '';
export const hasGoogleMaps = GOOGLE_MAPS_API_KEY.length > 0;

export interface LatLng {
  lat: number;
  lng: number;
}
