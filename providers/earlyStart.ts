import { keepEarly } from './earlyCalls';
import { httpRequest } from './httpClient';

/**
 * Starts a GET at boot, before react-admin and the data provider have loaded, for the data provider's identical
 * call to take its answer (earlyCalls.ts). Kept apart from earlyCalls.ts, which the client imports.
 */
export function startEarly(url: string): void {
  keepEarly(url, httpRequest(url));
}
