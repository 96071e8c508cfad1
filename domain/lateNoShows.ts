import { spreadsheetText } from './spreadsheetText';

/**
 * The 'Late and no-shows' report of the reporting screen: over a range, each driver's and each restaurant's late
 * starts, no-shows and minutes late, and the days' counts for the chart. Counted from what the office was told on
 * the day (server/services/attendanceRecord.ts): a shift is a no-show against the driver who did not come, or a
 * late start; minutes late are those of the late starts.
 */

export const LATE_REPORT = { kind: 'lateNoShows', label: 'Late and no-shows', path: '/api/reporting/lateNoShows' } as const;

export interface LateLine {
  id: number;
  name: string;
  late: number;
  no_show: number;
  /** Minutes late summed over the late starts. */
  minutes_late: number;
  average_minutes_late: number | null;
}

export interface LateReport {
  from: string;
  to: string;
  by_driver: LateLine[];
  by_restaurant: LateLine[];
  by_day: { date: string; late: number; no_show: number }[];
}

export const LATE_COLUMNS = ['Late', 'No-shows', 'Minutes late', 'Average minutes late'] as const;

/** The CSV of one table of the report ('Driver' or 'Restaurant' first), as a spreadsheet opens it. */
export function lateReportCsv(first: 'Driver' | 'Restaurant', lines: readonly LateLine[]): string {
  const rows = [[first, ...LATE_COLUMNS], ...lines.map((l) => [l.name, String(l.late), String(l.no_show), String(l.minutes_late), l.average_minutes_late === null ? '' : String(l.average_minutes_late)])];
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function csvCell(value: string): string {
  const text = spreadsheetText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Most no-shows first, then most late starts, then most minutes late, then by name. */
export const byWorst = (a: LateLine, b: LateLine) =>
  b.no_show - a.no_show || b.late - a.late || b.minutes_late - a.minutes_late || a.name.localeCompare(b.name, 'en-GB');
