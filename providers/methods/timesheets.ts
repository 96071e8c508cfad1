import type { DateRange } from '../../domain/ranges';
import type { ReportTimesheet } from '../../domain/reports';
import type { ApproveResult, TimesheetBody } from '../../domain/timesheetCalls';
import type { TimesheetView } from '../../domain/timesheets';
import { fetchFile, type FetchedFile } from '../files';
import { asArray, httpClient } from '../httpClient';

const period = (range: DateRange) => ({ period_date_from: range.from, period_date_to: range.to });

/** The timesheets screen's calls (spec 3, section 7): its list is a range of days, with placeholders among them. */
export const timesheetMethods = {
  /** GET /api/timesheet?period_date_from&period_date_to: the range's timesheets, placeholders included. */
  listTimesheets: async (range: DateRange, signal?: AbortSignal) =>
    asArray<TimesheetView>(await httpClient('/api/timesheet', { query: period(range), signal })),

  /** A saved timesheet as it is now. */
  getTimesheet: (id: number) => httpClient<TimesheetView>(`/api/timesheet/${id}`),

  createTimesheet: (body: TimesheetBody) => httpClient<TimesheetView>('/api/timesheet', { method: 'POST', body }),

  updateTimesheet: (id: number, body: TimesheetBody) => httpClient<TimesheetView>(`/api/timesheet/${id}`, { method: 'PUT', body }),

  deleteTimesheet: (id: number) => httpClient(`/api/timesheet/${id}`, { method: 'DELETE' }),

  /** POST /api/timesheet/approve; failures come back per item. */
  approveTimesheets: (items: TimesheetBody[]) => httpClient<ApproveResult>('/api/timesheet/approve', { method: 'POST', body: items }),

  /** GET /api/xls: the range's payments as a spreadsheet, of one restaurant or of all the account may see. */
  paymentsSpreadsheet: (range: DateRange, restaurantId: number | null): Promise<FetchedFile> =>
    fetchFile('/api/xls', { ...period(range), restaurant_id: restaurantId }, `payments_${range.from}-${range.to}.xlsx`),

  /** GET /api/timesheet?for_reports=1: the range's timesheets carrying a cancellation fee or bonus, for the reports. */
  timesheetsForReports: (range: DateRange, signal?: AbortSignal) =>
    httpClient<ReportTimesheet[]>('/api/timesheet', { query: { ...period(range), for_reports: 1 }, signal }),
};
