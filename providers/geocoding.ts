/**
 * Address search for the restaurant dialogs (spec 2, sections 2 and 7): the maps service's geocoding call with
 * the typed address (spaces as +), the key and language en. Only used when a Google Maps key was configured at
 * build time (VITE_GOOGLE_MAPS_API_KEY); without one the dialogs show plain latitude/longitude fields.
 */
export const MAPS_KEY: string = import.meta.env.VITE_GOOGLE_MAPS_API_KEY || '';

const GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';

/** What a geocoding result supplies (spec 2, section 2): formatted address, postal code, latitude/longitude. */
export interface GeocodedAddress {
  address: string;
  postcode: string | null;
  lat: number;
  lng: number;
}

interface GeocodeResponse {
  status?: string;
  results?: {
    formatted_address?: string;
    address_components?: { long_name?: string; types?: string[] }[];
    geometry?: { location?: { lat?: number; lng?: number } };
  }[];
}

/** Reads the service's answer; results without a position are skipped. */
export function readGeocodeResponse(body: GeocodeResponse): GeocodedAddress[] {
  return (body.results ?? []).flatMap((r) => {
    const lat = r.geometry?.location?.lat;
    const lng = r.geometry?.location?.lng;
    if (typeof lat !== 'number' || typeof lng !== 'number' || !r.formatted_address) return [];
    const postcode = r.address_components?.find((c) => c.types?.includes('postal_code'))?.long_name ?? null;
    return [{ address: r.formatted_address, postcode, lat, lng }];
  });
}

export function geocodeUrl(address: string, key: string): string {
  return `${GEOCODE_URL}?address=${encodeURIComponent(address.trim()).replace(/%20/g, '+')}&key=${encodeURIComponent(key)}&language=en`;
}

export async function geocodeAddress(address: string, signal?: AbortSignal, key = MAPS_KEY): Promise<GeocodedAddress[]> {
  if (!key || address.trim().length < 3) return [];
  const response = await fetch(geocodeUrl(address, key), { signal });
  if (!response.ok) return [];
  return readGeocodeResponse((await response.json()) as GeocodeResponse);
}
