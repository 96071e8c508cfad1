import type { DriverAttendanceRecord } from '../../domain/attendance';
import type { BoardDriver } from '../../domain/shiftCalls';
import { DRIVER_STATUS } from '../../domain/statuses';
import type { DriverRecord } from '../../domain/validation/driver';
import type { OverridePeriod, WeeklyPeriod } from '../../domain/validation/workingTimes';
import { asArray, httpClient } from '../httpClient';

/**
 * The row actions of the drivers screen (spec 2, section 7); the list and the dialogs' saves are the standard methods.
 * The admin board reads its drivers in the spec's plain call, with their places and working times.
 */
export const driverMethods = {
  /** GET /api/driver/{id}/attendance: the driver's last 90 days, for the profile. */
  getDriverAttendance: (id: number, signal?: AbortSignal) => httpClient<DriverAttendanceRecord>(`/api/driver/${id}/attendance`, { signal }),

  /** GET /api/driver?status=10&view=board: the active drivers as the admin board reads them. */
  getActiveDrivers: async (signal?: AbortSignal) => asArray<BoardDriver>(await httpClient('/api/driver', { query: { status: DRIVER_STATUS.active, view: 'board' }, signal })),

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
