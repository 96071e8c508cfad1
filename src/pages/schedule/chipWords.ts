import { weekDay } from '../../../domain/dates';
import { SHIFT_ASSIGNED } from '../../../domain/statuses';
import { SHIFT_LABEL, rejectedByLabel } from '../../../domain/shiftLabels';
import type { ShiftRecord } from '../../../domain/shifts';

/**
 * What the board's chips say of their driver and its day headings say, kept light: the board's first view (preview/)
 * words them as the board does.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export type BoardVariant = 'admin' | 'restaurant';

/** Who the chip names: the driver, 'Open shift', 'Rejected by: {name}', or on a restaurant's board 'Claimed'. */
export function driverLabel(shift: ShiftRecord, variant: BoardVariant): string {
  if (shift.driver_id) return shift.driver?.full_name || (variant === 'restaurant' ? SHIFT_LABEL.claimed : `Driver ${shift.driver_id}`);
  if (variant === 'admin' && shift.status_assigned === SHIFT_ASSIGNED.stale && shift.driver_canceled) return rejectedByLabel(shift.driver_canceled.full_name);
  return SHIFT_LABEL.openShift;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A day's heading on the board: 'Mon 30/11'. */
export const dayHeading = (date: string) => `${WEEKDAYS[weekDay(date)]} ${date.slice(8)}/${date.slice(5, 7)}`;

/**
 * A day column's least width on the board, in pixels, by the range's length: a month's days keep room for a chip's
 * times, a phone's week for its headings.
 */
export const dayMinWidth = (days: number, phone = false) => (days > 14 ? 104 : days > 7 ? 96 : phone ? 120 : 84);
