/**
 * Address search (spec 2, sections 2 and 7): the maps service's geocoding call with the typed address (spaces as
 * '+'), the key and language en; each result supplies the formatted address, the postal code and the position.
 * Only used when a Google Maps key was configured at build time (VITE_GOOGLE_MAPS_API_KEY); without one the screens
 * show plain latitude/longitude fields, so nothing needs an outside service to work.
 */
export const MAPS_KEY: string = import.meta.env.VITE_GOOGLE_MAPS_API_KEY || '';

const GEOCODE_ENDPOINT = 'https://maps.googleapis.com/maps/api/geocode/json';

export interface GeocodeResult {
  formatted_address: string;
  postcode: string | null;
  lat: number;
  lng: number;
}

interface RawResult {
  formatted_address?: string;
  address_components?: { long_name?: string; types?: string[] }[];
  geometry?: { location?: { lat?: number; lng?: number } };
}

export function geocodeUrl(address: string, key: string = MAPS_KEY): string {
  const query = address.trim().replace(/\s+/g, '+');
  return `${GEOCODE_ENDPOINT}?address=${encodeURIComponent(query).replace(/%2B/g, '+')}&key=${encodeURIComponent(key)}&language=en`;
}

/** The usable results of a Geocoding answer: an error status (REQUEST_DENIED, ZERO_RESULTS…) or a malformed answer gives none. */
export function parseGeocode(body: unknown): GeocodeResult[] {
  const { status, results } = (body ?? {}) as { status?: string; results?: RawResult[] };
  if (status !== 'OK' || !Array.isArray(results)) return [];
  return results.flatMap((r) => {
    const location = r.geometry?.location;
    if (!r.formatted_address || typeof location?.lat !== 'number' || typeof location?.lng !== 'number') return [];
    const postcode = r.address_components?.find((c) => c.types?.includes('postal_code'))?.long_name ?? null;
    return [{ formatted_address: r.formatted_address, postcode, lat: location.lat, lng: location.lng }];
  });
}

export async function geocodeAddress(address: string, signal?: AbortSignal): Promise<GeocodeResult[]> {
  if (!MAPS_KEY || address.trim().length < 3) return [];
  const response = await fetch(geocodeUrl(address), { signal });
  if (!response.ok) return [];
  return parseGeocode(await response.json());
}
