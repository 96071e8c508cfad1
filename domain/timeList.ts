import { fromMinutes, toMinutes } from './dates';

/**
 * The time list of the schedule and timesheet forms (spec 3, sections 3 and 5): every 15 minutes over the
 * day, each entry `{ name, value }` in HH:mm, and the snapping of a typed or driver-reported time to it.
 */
const TIME_STEP_MINUTES = 15;
/** 7.5 minutes (0.125 h): a time this close to an entry snaps to it. */
const SNAP_TOLERANCE_MINUTES = 7.5;

export const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface TimeListEntry {
  name: string;
  value: string;
}

export const TIME_LIST: readonly TimeListEntry[] = Array.from({ length: 1440 / TIME_STEP_MINUTES }, (_, i) => {
  const value = fromMinutes(i * TIME_STEP_MINUTES);
  return { name: value, value };
});

export function isTime(value: unknown): value is string {
  return typeof value === 'string' && HHMM_PATTERN.test(value);
}

/**
 * The first entry of the list within 7.5 minutes of the time (so 10:07 → 10:00, 10:08 → 10:15), counting
 * round midnight (23:53 → 00:00). A time that is not HH:mm is returned unchanged for the form to reject.
 */
export function snapToTimeList(value: string): string {
  if (!isTime(value)) return value;
  const minutes = toMinutes(value);
  for (const entry of TIME_LIST) {
    const diff = Math.abs(toMinutes(entry.value) - minutes);
    if (Math.min(diff, 1440 - diff) <= SNAP_TOLERANCE_MINUTES) return entry.value;
  }
  return value;
}
