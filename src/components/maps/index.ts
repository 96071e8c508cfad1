import { lazy } from 'react';

export { hasGoogleMaps, type LatLng } from './config';
export { AddressSearch } from './AddressSearch';

/** The map is a separate chunk: a build without a Google Maps key never downloads it. */
export const LazyMapPicker = lazy(() => import('./MapPicker'));
