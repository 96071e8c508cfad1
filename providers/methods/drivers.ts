import type { DriverRecord } from '../../domain/validation/driver';
import type { OverridePeriod, WeeklyPeriod } from '../../domain/validation/workingTimes';
import { httpClient } from '../httpClient';

/** The row actions of the drivers screen (spec 2, section 7); the list and the dialogs' saves are the standard methods. */
export const driverMethods = {
  setDriverStatus: (id: number, status: number) =>
    httpClient<DriverRecord>(`/api/driver/${id}`, { method: 'PUT', query: { inactive: true }, body: { id, status } }),

  setDriverProgressing: (id: number, notProgressing: number) =>
    httpClient<DriverRecord>(`/api/driver/${id}`, { method: 'PUT', query: { progressing: true }, body: { id, not_progressing: notProgressing } }),

  saveWorkingTimes: (driverId: number, weekly: WeeklyPeriod[], overrides: OverridePeriod[]) =>
    httpClient<DriverRecord>('/api/driver-update-working-times', {
      method: 'POST',
      body: { driver_id: driverId, default_working_times: weekly, override_working_time: overrides },
    }),
};
