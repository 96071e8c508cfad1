import { shiftSpan, spansOverlap, ukDate } from './dates';
import { SHIFT_STATUS } from './statuses';
import type { TimedShift } from './availability';
import { workingTimeQuestion } from './workingTime';

/**
 * A driver's shifts that share time (any restaurant). A published one the spec's rule catches ('Driver already
 * have shift on this time', availability.ts) is refused; any other clash, with an unpublished shift or one the
 * spec's same-day rule does not see (a shift running past midnight), is a warning the office may accept: the shift
 * calls answer it with the working-time warnings (409) until the call confirms them. Clashes are read on the
 * shifts' real spans, as the planning assistant reads "no other shift then": back-to-back shifts do not clash.
 */

/** A driver's shift as the clash rule reads it (unpublished and published shifts are planned; drafts are not). */
export type ClashShift = TimedShift;

const planned = (status: number) => status === SHIFT_STATUS.new || status === SHIFT_STATUS.published;

/** The driver's other planned shifts sharing time with this one, earliest first. Open shifts clash with nothing. */
export function clashingShifts<T extends ClashShift>(shift: Omit<ClashShift, 'status'>, others: Iterable<T>): T[] {
  if (!shift.driver_id) return [];
  const span = shiftSpan(shift.period_date, shift.start_time, shift.finish_time);
  const out: T[] = [];
  for (const other of others) {
    if (other.driver_id !== shift.driver_id || !planned(other.status) || (shift.id && other.id === shift.id)) continue;
    if (spansOverlap(span, shiftSpan(other.period_date, other.start_time, other.finish_time))) out.push(other);
  }
  return out.sort((a, b) => a.period_date.localeCompare(b.period_date) || a.start_time.localeCompare(b.start_time));
}

const times = (s: ClashShift) => `${s.start_time}–${s.finish_time}`;
const publishedWord = (s: ClashShift) => (s.status === SHIFT_STATUS.published ? 'published' : 'not published');

/** The warning naming the other shift: 'Sam Hill already has a shift at Balti Palace on 28/11/2026, 17:00–22:00 (not published)'. */
export function clashWarning(driverName: string, other: ClashShift, restaurantName: string): string {
  return `${driverName} already has a shift at ${restaurantName} on ${ukDate(other.period_date)}, ${times(other)} (${publishedWord(other)})`;
}

/** The driver list's mark: 'busy 17:00–22:00 Balti Palace', with the day when the other shift is on another one. */
export function busyNote(other: ClashShift, restaurantName: string, date: string): string {
  const day = other.period_date === date ? '' : ` on ${ukDate(other.period_date)}`;
  const published = other.status === SHIFT_STATUS.published ? ' (published)' : '';
  return `busy ${times(other)} ${restaurantName}${day}${published}`;
}

/** The question over a write's warnings: clashes with other shifts, working-time rules, or both. */
export function saveAnywayQuestion(clashes: number, rules: number): string {
  if (!clashes) return workingTimeQuestion(rules);
  const clash = clashes === 1 ? 'The driver already has a shift at this time' : `The driver already has ${clashes} shifts at this time`;
  if (!rules) return `${clash}: save anyway?`;
  return `${clash}, and the change breaks ${rules === 1 ? 'a working-time rule' : `${rules} working-time rules`}: save anyway?`;
}
