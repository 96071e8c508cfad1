import { addDays, mondayOf, weekDay } from '../../domain/dates';
import { firstOfMonth } from '../../domain/ranges';

/** The calendars' words, in English whatever the browser's language: weeks start on Monday (spec 3). */
export const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Six Monday-first weeks covering the month of `month` (any 'YYYY-MM-DD' in it). */
export function monthGrid(month: string): string[] {
  const start = mondayOf(firstOfMonth(month));
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** 'December 2026' */
export function monthTitle(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return `${MONTH_NAMES[monthNumber - 1]} ${year}`;
}

/** 'Tuesday 1 December 2026': a day as a screen reader says it. */
export function dayInWords(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${WEEKDAY_NAMES[weekDay(date)]} ${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

/**
 * A day button's look in the app's month calendars (the date field's and the range picker's): the chosen day filled,
 * days of other months and days out of reach muted, today outlined.
 */
export function dayCellSx({ chosen, muted, today, disabled = false }: { chosen: boolean; muted: boolean; today: boolean; disabled?: boolean }) {
  return {
    border: 0,
    borderRadius: 1,
    py: 0.5,
    cursor: disabled ? 'default' : 'pointer',
    font: 'inherit',
    fontSize: 13,
    bgcolor: chosen ? 'primary.main' : 'transparent',
    color: chosen ? 'primary.contrastText' : muted ? 'text.disabled' : 'text.primary',
    outline: today ? '1px solid' : 'none',
    outlineColor: 'primary.main',
    '&:hover:not(:disabled)': { bgcolor: chosen ? 'primary.dark' : 'action.hover' },
  } as const;
}
