import { SHIFT_ASSIGNED, SHIFT_STATUS } from '../../../domain/statuses';
import { SHIFT_LABEL, type ShiftRecord } from '../../../domain/shifts';
import { driverLabel, escapeHtml, type BoardVariant } from './chipWords';
import { ukDate } from '../../../domain/dates';
import { ATTENDANCE_ICON, attendanceWords, type Attendance } from '../../../domain/attendance';

/**
 * Shift chips as HTML strings. FullCalendar 6 renders JSX content through one React portal per event, which
 * takes seconds for a week of hundreds of restaurants; a string is set as innerHTML in one go.
 */

export interface ChipOptions {
  variant: BoardVariant;
  today: string;
  /** Phone layout: the driver's phone is shown for today's shifts only. */
  phone: boolean;
  /** The shift breaks a working-time rule: a small mark, and said in the chip's label. */
  breach?: boolean;
  /** Today's attendance: a line with an icon and words, so colour is never the only sign. */
  attendance?: Attendance | null;
}

/** The chip's attendance line: the icon hidden from screen readers, the words read as part of the chip's name. */
function attendanceLine(a: Attendance | null | undefined): string {
  const words = attendanceWords(a);
  if (!a || !words) return '';
  return `<div class="chip-attendance chip-att-${a.kind}"><span aria-hidden="true">${ATTENDANCE_ICON[a.kind]}</span> ${escapeHtml(words)}</div>`;
}

export const BREACH_LABEL = 'breaks a working-time rule';
const BREACH_MARK = `<span class="chip-breach" aria-hidden="true" title="${BREACH_LABEL}">⚠</span>`;

const LOCK = '<svg class="chip-lock" viewBox="0 0 24 24" aria-hidden="true"><path d="M18 8h-1V6A5 5 0 0 0 7 6v2H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V10a2 2 0 0 0-2-2zM9 6a3 3 0 0 1 6 0v2H9V6z"/></svg>';

function statusLabel(shift: ShiftRecord, variant: BoardVariant): string {
  if (shift.status === SHIFT_STATUS.published) return 'Published';
  if (shift.status === SHIFT_STATUS.draft) return 'Draft';
  return variant === 'restaurant' && shift.restaurateur_creator_id ? 'Sent for moderation' : 'Unpublished';
}

export function chipClasses(shift: ShiftRecord): string[] {
  const classes = ['shift', `shift-s${shift.status}`];
  if (!shift.driver_id) classes.push(shift.status_assigned === SHIFT_ASSIGNED.stale ? 'shift-stale' : 'shift-open');
  if (shift.timesheet_id) classes.push('shift-locked');
  if (shift.restaurateur_creator_id) classes.push('shift-requested');
  return classes;
}

export function chipHtml(shift: ShiftRecord, o: ChipOptions): string {
  const who = driverLabel(shift, o.variant);
  const phone = shift.driver?.phone;
  const showPhone = !!phone && (o.variant === 'restaurant' || !o.phone || shift.period_date === o.today);
  const status = statusLabel(shift, o.variant);
  const lock = shift.timesheet_id ? `<span class="chip-lock-wrap" title="${SHIFT_LABEL.timesheetExists}">${LOCK}</span>` : '';
  const title = [`${shift.start_time}–${shift.finish_time}`, who, attendanceWords(o.attendance), status, showPhone ? phone! : '', shift.timesheet_id ? SHIFT_LABEL.timesheetExists : '']
    .filter(Boolean)
    .join(' · ');
  // The chip is named by its text (the focusable event around it is a button): what it shows, then for screen
  // readers what only the colours, the mark and the tooltip say.
  const unseen = [status, ukDate(shift.period_date), shift.timesheet_id ? SHIFT_LABEL.timesheetExists : '', o.breach ? BREACH_LABEL : '']
    .filter(Boolean)
    .join(', ');
  return (
    `<div class="chip${o.breach ? ' chip-breaching' : ''}" data-shift-id="${shift.id}" title="${escapeHtml(title)}">` +
    `<div class="chip-time">${shift.start_time}–${shift.finish_time}${lock}${o.breach ? BREACH_MARK : ''}</div>` +
    `<div class="chip-who">${escapeHtml(who)}</div>` +
    attendanceLine(o.attendance) +
    // The phone layout shows today's driver's phone on the chip; otherwise it is in the tooltip.
    (showPhone && o.phone && o.variant === 'admin' ? `<div class="chip-phone">${escapeHtml(phone!)}</div>` : '') +
    `<span class="sr-only">, ${escapeHtml(unseen)}</span>` +
    `</div>`
  );
}
