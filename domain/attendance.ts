import { londonToday, shiftSpan } from './dates';
import { SHIFT_STATUS, TIMESHEET_PROGRESS as P, TIMESHEET_STATUS } from './statuses';

/**
 * Attendance on the day of service: whether the driver of one of today's shifts has started it. The board's chips,
 * its 'Late and no-shows' filter and totals, and the server's alerts all read this one function, so the office, the
 * restaurant and the driver's push message never disagree about who is late.
 */

export const ATTENDANCE_OPTION = {
  lateMinutes: 'attendance_late_minutes',
  noShowMinutes: 'attendance_no_show_minutes',
} as const;

export interface AttendanceLimits {
  /** Not started this many minutes after the shift's start: late. */
  lateMinutes: number;
  /** Not started this many minutes after the shift's start: no-show. */
  noShowMinutes: number;
}

export const ATTENDANCE_DEFAULTS: AttendanceLimits = { lateMinutes: 10, noShowMinutes: 30 };
/** A limit longer than a shift usually is means nothing to the office: at most four hours. */
export const ATTENDANCE_MAX_MINUTES = 240;
export const attendanceOptionMessage = `Value must be a whole number of minutes from 1 to ${ATTENDANCE_MAX_MINUTES}`;

export const ATTENDANCE_OPTION_KEYS: readonly string[] = Object.values(ATTENDANCE_OPTION);

/** The limits from the options table's rows; a missing or unreadable one keeps its default. */
export function attendanceLimits(rows: readonly { okey: string; ovalue: string }[]): AttendanceLimits {
  const limits = { ...ATTENDANCE_DEFAULTS };
  for (const row of rows) {
    const value = Number(row.ovalue);
    if (!Number.isInteger(value) || value < 1 || value > ATTENDANCE_MAX_MINUTES) continue;
    if (row.okey === ATTENDANCE_OPTION.lateMinutes) limits.lateMinutes = value;
    if (row.okey === ATTENDANCE_OPTION.noShowMinutes) limits.noShowMinutes = value;
  }
  return limits;
}

export interface AttendanceShift {
  status: number;
  driver_id: number | null;
  period_date: string;
  start_time: string;
  finish_time: string;
  /** When a cover gave the shift to its driver (an instant, ISO): that driver's lateness counts from then. */
  covered_at?: string | null;
}

/** What the shift's timesheet says of it: the driver app's start writes driver_start_time and 'In work'. */
export interface AttendanceSheet {
  status: number;
  status_progress: number;
  driver_start_time: string | null;
  driver_finish_time: string | null;
}

export type Attendance =
  | { kind: 'notDue' }
  | { kind: 'started'; at: string | null }
  | { kind: 'late'; minutes: number }
  | { kind: 'noShow'; minutes: number }
  | { kind: 'finished' };

/** The states the office is told of, once per shift and state. */
export type AlertedKind = 'late' | 'noShow';

const DONE = new Set<number>([P.submitted, P.payApproved, P.timeApproved]);
const MINUTE_MS = 60_000;
const EPOCH_MS = Date.UTC(2000, 0, 1);

/**
 * The attendance of a shift at `now`, or null when there is none to tell: a draft or unpublished shift, an open one
 * (no driver; a cancelled shift has none either), another day's, or one whose timesheet was discarded. The start is
 * read as lived in London (shiftSpan), so a 00:30 shift on the night the clocks go back is due at 23:30 UTC.
 * Exactly N minutes after the start is late; exactly M minutes is a no-show. A covered shift's new driver is
 * counted from the cover instead, when it came after the start.
 */
export function attendanceOf(shift: AttendanceShift, sheet: AttendanceSheet | null, now: Date, limits: AttendanceLimits = ATTENDANCE_DEFAULTS): Attendance | null {
  if (shift.status !== SHIFT_STATUS.published || shift.driver_id === null) return null;
  if (shift.period_date !== londonToday(now)) return null;
  if (sheet) {
    if (sheet.status === TIMESHEET_STATUS.discarded || sheet.status_progress === P.discarded || sheet.status_progress === P.discardedByDriver) return null;
    if (sheet.driver_finish_time || sheet.status === TIMESHEET_STATUS.approved || DONE.has(sheet.status_progress)) return { kind: 'finished' };
    if (sheet.driver_start_time || sheet.status_progress === P.inWork) return { kind: 'started', at: sheet.driver_start_time };
  }
  const [shiftStart] = shiftSpan(shift.period_date, shift.start_time, shift.finish_time);
  const covered = shift.covered_at ? Math.floor((Date.parse(shift.covered_at) - EPOCH_MS) / MINUTE_MS) : NaN;
  const start = covered > shiftStart ? covered : shiftStart;
  const minutes = Math.floor((now.getTime() - EPOCH_MS) / MINUTE_MS) - start;
  if (minutes >= limits.noShowMinutes) return { kind: 'noShow', minutes };
  if (minutes >= limits.lateMinutes) return { kind: 'late', minutes };
  return { kind: 'notDue' };
}

/** The instant a London wall-clock time of a day happens (read as its first time in the hour the clocks go back). */
export function londonMoment(date: string, time: string): Date {
  return new Date(EPOCH_MS + shiftSpan(date, time, time)[0] * MINUTE_MS);
}

/** Whether the board's 'Late and no-shows' filter keeps it. */
export const isLateOrNoShow = (a: Attendance | null | undefined): boolean => a?.kind === 'late' || a?.kind === 'noShow';

/** The icon beside each state's words, so colour is never the only sign (glyphs every system font draws). */
export const ATTENDANCE_ICON: Record<Attendance['kind'], string> = { notDue: '', started: '▶', late: '◔', noShow: '✖', finished: '✔' };

/** A state in words, for the chip's accessible name and the alerts; nothing for a shift not yet due. */
export function attendanceWords(a: Attendance | null | undefined): string {
  switch (a?.kind) {
    case 'started':
      return a.at ? `Started ${a.at}` : 'Started';
    case 'late':
      return `Late ${a.minutes} min`;
    case 'noShow':
      return 'No-show';
    case 'finished':
      return 'Finished';
    default:
      return '';
  }
}

/** The words the chip shows, after their icon. */
export function attendanceText(a: Attendance | null | undefined): string {
  const words = attendanceWords(a);
  return a && words ? `${ATTENDANCE_ICON[a.kind]} ${words}` : '';
}

/** GET /api/driver/{id}/attendance: a driver's late starts and no-shows over the last 90 days (from..to). */
export interface DriverAttendanceRecord {
  from: string;
  to: string;
  late: number;
  no_show: number;
  average_minutes_late: number | null;
}
