import { ukDate, weekDay } from '../../../domain/dates';
import { formatMoney } from '../../../domain/money';
import { CANCELLATION_TIMESHEET, TIMESHEET_STATUS } from '../../../domain/statuses';
import { isCancellation, timesheetHours, type TimesheetView } from '../../../domain/timesheets';

/**
 * The timesheet table's rows as words and sizes (spec 3, section 2.3), shared by the table (TimesheetTable.tsx) and
 * its first view on a page load (preview/), which draws them before React and MUI have arrived.
 */

/** The screen's height is the window's less 122 px of bars and margins (spec 3, section 2.3). */
export const LAYOUT_OFFSET = 122;
export const ROW_HEIGHT = 44;
export const HEADER_HEIGHT = 36;
export const COLUMNS = '84px minmax(90px, 1.3fr) 76px minmax(84px, 0.9fr) minmax(80px, 1.2fr) 96px 44px 150px';
/** The columns' least widths, gaps and padding: narrower screens scroll the table sideways inside its box. */
export const MIN_WIDTH = 800;
export const HEADINGS = ['Date', 'Driver', 'Status', 'Progress', 'Location', 'Time', 'Hours', 'Earned'] as const;
/** The columns whose figures are set to the right. */
export const isFigures = (heading: string) => heading === 'Hours' || heading === 'Earned';

/** Dark enough for 4.5:1 contrast as text on white and on a selected (tinted) row, and under white text. */
export const STATUS_COLOURS: Record<number, string> = {
  [TIMESHEET_STATUS.pending]: '#8a5300',
  [TIMESHEET_STATUS.discarded]: '#616161',
  [TIMESHEET_STATUS.approved]: '#1b5e20',
  [CANCELLATION_TIMESHEET.status]: '#b71c1c',
};

export const formatHours = (hours: number) => hours.toFixed(1);

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** 'Mon 23/11' */
export const dayWords = (row: TimesheetView) => `${WEEKDAYS[weekDay(row.period_date)]} ${ukDate(row.period_date).slice(0, 5)}`;

/** '11:00 – 15:00' */
export const timeWords = (row: TimesheetView) => `${row.start_time} – ${row.finish_time}`;

export const hoursWords = (row: TimesheetView) => formatHours(timesheetHours(row));

/** What the earnings are made of beside the hours: 'cancellation fee', 'bonus £10.00 · fuel £21.00'; empty if nothing. */
export function earnedExtras(row: TimesheetView): string {
  return [
    isCancellation(row) ? 'cancellation fee' : null,
    row.cost_bonus ? `bonus ${formatMoney(row.cost_bonus)}` : null,
    row.const_fuel_bonus ? `fuel ${formatMoney(row.const_fuel_bonus)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
