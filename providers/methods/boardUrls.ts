import { addDays } from '../../domain/dates';
import { rangeLength, type DateRange } from '../../domain/ranges';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { buildUrl } from '../fetchAnswer';

/**
 * The addresses of the board's reads (its shifts, its restaurants, today's attendance), kept light: a page load on the
 * board starts them before the app's code has arrived (src/pages/schedule/preview/), and the board's identical calls
 * (shifts.ts, restaurants.ts) take their answers.
 */

const PART_DAYS = 7;

/** The week-long parts a range's shifts are asked for in: one part for a range of a week or less. */
export function shiftParts(range: DateRange): DateRange[] {
  if (rangeLength(range) <= PART_DAYS) return [range];
  const parts: DateRange[] = [];
  for (let from = range.from; from <= range.to; from = addDays(from, PART_DAYS)) {
    const to = addDays(from, PART_DAYS - 1);
    parts.push({ from, to: to < range.to ? to : range.to });
  }
  return parts;
}

/** A part's query: its shifts with their drivers, written as blocks (read by rowsOfBlocks). */
export const shiftPartQuery = (range: DateRange, ids?: number[]) => ({
  period_date_from: range.from,
  period_date_to: range.to,
  with_driver: 1,
  compact: 1,
  shift_ids: ids?.join(','),
});

/** The addresses of a range's shift calls as getShifts asks them. */
export const shiftListUrls = (range: DateRange): string[] => shiftParts(range).map((part) => buildUrl('/api/shift', shiftPartQuery(part)));

/** The address of today's attendance call, as getAttendance asks it. */
export const attendanceUrl = (date: string) => buildUrl('/api/shift/attendance', { date });

/** GET /api/restaurant?status=10&view=board, the boards' restaurants: each with only what the boards read. */
export const ACTIVE_RESTAURANTS_URL = buildUrl('/api/restaurant', { status: RESTAURANT_STATUS.active, view: 'board' });
