import type { BoardRestaurant } from '../../domain/shiftCalls';
import type { RestaurantCredentials, RestaurantRecord, WorkingHereDriver } from '../../domain/validation/restaurant';
import { toFormData } from '../formData';
import { asArray, httpClient } from '../httpClient';
import { ACTIVE_RESTAURANTS_URL } from './boardUrls';


/** The calls of the restaurants screen (spec 2, section 7) beside the standard reads, saves and delete. */
export const restaurantMethods = {
  /** The active restaurants the account may plan, with pay rates and commission, for the boards. */
  getActiveRestaurants: async (signal?: AbortSignal) => asArray<BoardRestaurant>(await httpClient(ACTIVE_RESTAURANTS_URL, { signal })),

  setRestaurantStatus: (id: number, status: number) =>
    httpClient<RestaurantRecord>(`/api/restaurant/${id}`, { method: 'PUT', query: { inactive: true }, body: { status } }),

  driversWorkingAt: (id: number) => httpClient<WorkingHereDriver[]>(`/api/restaurant/${id}/drivers`),

  /** 'Send Verification': the new login's credentials, with the address of this app's login page. */
  sendRestaurantCredentials: (credentials: RestaurantCredentials) =>
    httpClient<{ success: boolean }>('/api/sendEmail', { method: 'POST', body: { ...credentials, link: `${window.location.origin}/login` } }),

  /** The restaurant's own profile, from Home (restaurant accounts): multipart with _method=PATCH. */
  saveRestaurantProfile: (id: number, values: Record<string, unknown>) =>
    httpClient<Record<string, unknown> & { id: number }>(`/api/restaurant/profile/${id}`, {
      method: 'POST',
      body: toFormData({ ...values, id, _method: 'PATCH' }),
    }),
};
