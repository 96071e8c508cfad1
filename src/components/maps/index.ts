import { lazy } from 'react';

export { GOOGLE_MAPS_API_KEY, hasGoogleMaps, type LatLng } from './config';
export { geocodeAddress, parseGeocode, geocodeUrl, type GeocodeResult } from './geocode';
export { AddressSearch } from './AddressSearch';
export type { MapPickerProps } from './MapPicker';

/** The map is a separate chunk: a build without a Google Maps key never downloads it. */
export const LazyMapPicker = lazy(() => import('./MapPicker'));
