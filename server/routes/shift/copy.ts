import { addDays, daysBetween, mondayOf, weekDay } from '../../../domain/dates';
import { firstOfMonth, isDate, lastOfMonth } from '../../../domain/ranges';

/**
 * Where each copied date lands (spec 3, sections 2.1 and 5 'Copy Shifts'). The client names the first day of
 * the target range (to_date) and may name the first day of the range it copies from; without it, a Monday
 * target means weeks (the source week's Monday), the first of a month means months, anything else a day.
 * Weeks keep their weekday; months keep their day of month, and days a shorter month lacks are skipped (null).
 */
export function copyTargets(dates: readonly string[], toDate: string, fromDate: string | null): Map<string, string | null> {
  const out = new Map<string, string | null>();
  if (!dates.length) return out;
  const first = [...dates].sort()[0];
  const start = fromDate ?? (weekDay(toDate) === 0 ? mondayOf(first) : toDate === firstOfMonth(toDate) ? firstOfMonth(first) : first);
  const byMonth = start === firstOfMonth(start) && toDate === firstOfMonth(toDate) && dates.every((d) => d.slice(0, 7) === start.slice(0, 7));
  const offset = daysBetween(start, toDate);
  for (const date of dates) {
    if (byMonth) {
      const target = `${toDate.slice(0, 8)}${date.slice(8)}`;
      out.set(date, isDate(target) && target <= lastOfMonth(toDate) ? target : null);
    } else {
      out.set(date, addDays(date, offset));
    }
  }
  return out;
}
