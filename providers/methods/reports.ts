import { HttpError } from 'react-admin';
import type { LateReport } from '../../domain/lateNoShows';
import type { DateRange } from '../../domain/ranges';
import type { ReportKind, ReportRow, ReportTimesheet } from '../../domain/reports';
import { httpClient } from '../httpClient';
import { timesheetMethods } from './timesheets';

const period = (range: DateRange) => ({ period_date_from: range.from, period_date_to: range.to });

/** The reporting screen's calls. */
export const reportMethods = {
  /**
   * The rows of one report. The cancelled/bonus report adds the timesheets of the range that carry a cancellation
   * fee/bonus (GET /api/timesheet?for_reports=1); a server without that call (404) leaves them out.
   */
  async getReport(kind: ReportKind, range: DateRange, signal?: AbortSignal): Promise<ReportRow[]> {
    // The reports' rules come with the reporting screen's code, not in the app's first download.
    const { reportDefinition, withTimesheetFees } = await import('../../domain/reports');
    const rows = httpClient<ReportRow[]>(reportDefinition(kind).path, { query: period(range), signal });
    if (kind !== 'shiftsCancelled') return rows;
    const timesheets = timesheetMethods.timesheetsForReports(range, signal).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return [] as ReportTimesheet[];
      throw error;
    });
    const [recorded, sheets] = await Promise.all([rows, timesheets]);
    return withTimesheetFees(recorded, Array.isArray(sheets) ? sheets : []);
  },

  /** The 'Late and no-shows' report of the range: each day's counts, and the drivers and restaurants worst first. */
  async getLateReport(range: DateRange, signal?: AbortSignal): Promise<LateReport> {
    const { LATE_REPORT } = await import('../../domain/lateNoShows');
    return httpClient<LateReport>(LATE_REPORT.path, { query: period(range), signal });
  },
};
