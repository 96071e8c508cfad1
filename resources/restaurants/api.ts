import { httpClient, toFormData } from '../../providers/httpClient';
import type { RestaurantCredentials, RestaurantRecord, WorkingHereDriver } from './types';

/** The calls of the restaurants screen (spec 2, section 7); lists, reads and saves go through the data provider. */

/** Edit's body: multipart with _method=PATCH, sent as a POST (the data provider's update, meta.method), as the spec's call is made. */
export const restaurantEditBody = (id: number, values: Record<string, unknown>) => toFormData({ ...values, id, _method: 'PATCH' });

export const setRestaurantStatus = (id: number, status: number) =>
  httpClient<RestaurantRecord>(`/api/restaurant/${id}`, { method: 'PUT', query: { inactive: true }, body: { status } });

export const deleteRestaurant = (id: number) => httpClient(`/api/restaurant/${id}`, { method: 'DELETE' });

export const driversWorkingAt = (id: number) => httpClient<WorkingHereDriver[]>(`/api/restaurant/${id}/drivers`);

/** 'Send Verification': the new login's credentials, with the address of this app's login page. */
export const sendRestaurantCredentials = (credentials: RestaurantCredentials) =>
  httpClient<{ success: boolean }>('/api/sendEmail', { method: 'POST', body: { ...credentials, link: `${window.location.origin}/login` } });

/** The restaurant's own profile, from Home (restaurant accounts). */
export const saveRestaurantProfile = (id: number, values: Record<string, unknown>) =>
  httpClient<Record<string, unknown> & { id: number }>(`/api/restaurant/profile/${id}`, {
    method: 'POST',
    body: toFormData({ ...values, id, _method: 'PATCH' }),
  });
