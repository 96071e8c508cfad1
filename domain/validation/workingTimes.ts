import { z } from 'zod';
import { addDays, toMinutes, ukDate } from '../dates';
import { HOLIDAY } from '../statuses';
import { isTime } from '../timeList';
import { readDate } from '../dates';

/**
 * A driver's working times (spec 2, sections 2 'Unavailability dialog', 3 'Working period' and 5): weekly
 * periods per weekday (0 = Monday) and per-date overrides that replace the weekly pattern on their date.
 * A day with no period is available all day; a holiday period makes the whole day unavailable.
 */
export const WEEK_DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** A holiday is stored as one period over the whole day of the time list, as the Holiday switch saves it. */
export const HOLIDAY_PERIOD = { start_at: '00:00', stop_at: '23:45' } as const;

/**
 * How far back GET /api/driver lists overrides ('actual_override_working_time'): a month, so the Leave
 * calendar's current month and the schedule's widest range still show recent leave. Older ones stay stored.
 */
const OVERRIDE_DAYS_BACK = 31;
export function overrideWindowStart(today: string): string {
  return addDays(today, -OVERRIDE_DAYS_BACK);
}

/** Upper bounds that no real week or leave plan reaches; they keep a request from flooding the tables. */
export const MAX_PERIODS_PER_DAY = 12;
const MAX_OVERRIDES = 1000;

export interface WeeklyPeriod {
  week_day: number;
  holiday: number;
  start_at: string | null;
  stop_at: string | null;
}

export interface OverridePeriod {
  period_date: string;
  holiday: number;
  start_at: string | null;
  stop_at: string | null;
}

/** The spec's messages for a period (section 5), '{Day}' being the weekday name or the override's date. */
export const PERIOD_MSG = {
  startRequired: (day: string) => `${day} 'Start at' required`,
  stopRequired: (day: string) => `${day} 'Stop at' required`,
  startIntersects: (day: string) => `${day} 'Start at' has intersection with other period`,
  stopIntersects: (day: string) => `${day} 'Stop at' has intersection with other period`,
  startAfterStop: (day: string) => `${day} 'Start at' can't be greater then 'Stop at'`,
} as const;

/** Our own messages, for what the spec leaves open. */
export const WORKING_TIMES_MSG = {
  driverRequired: 'Choose a driver',
  driverNotFound: 'Driver not found',
  weekDayInvalid: 'Week day must be a number from 0 (Monday) to 6 (Sunday)',
  timeInvalid: 'Times must be HH:mm from the time list',
  dateInvalid: 'Date invalid format.',
  holidayInvalid: 'Holiday must be 10 (yes) or 20 (no)',
  tooManyPeriods: `At most ${MAX_PERIODS_PER_DAY} periods a day`,
  tooManyOverrides: `At most ${MAX_OVERRIDES} dated periods at once`,
  pastDate: (date: string) => `${ukDate(date)} is in the past: leave can only be planned from today on`,
} as const;

export interface PeriodProblem {
  start_at?: string;
  stop_at?: string;
}

const isHoliday = (p: { holiday: number }) => p.holiday === HOLIDAY.yes;

/**
 * The problems of one day's periods, one entry per period (spec 2, section 5): missing times, a start not
 * before its stop, and periods that overlap (touching ends, 12:00 to 12:00, do not). A holiday period needs
 * no times. The dialog shows these under the fields; the server refuses the save with the first of them.
 */
export function dayProblems(day: string, periods: { holiday: number; start_at: string | null; stop_at: string | null }[]): PeriodProblem[] {
  const problems: PeriodProblem[] = periods.map(() => ({}));
  periods.forEach((p, i) => {
    if (isHoliday(p)) return;
    if (!p.start_at) problems[i].start_at = PERIOD_MSG.startRequired(day);
    if (!p.stop_at) problems[i].stop_at = PERIOD_MSG.stopRequired(day);
    if (p.start_at && p.stop_at && toMinutes(p.start_at) >= toMinutes(p.stop_at)) {
      problems[i].start_at = PERIOD_MSG.startAfterStop(day);
    }
  });
  periods.forEach((p, i) => {
    if (isHoliday(p) || problems[i].start_at || problems[i].stop_at) return;
    const start = toMinutes(p.start_at!);
    const stop = toMinutes(p.stop_at!);
    periods.forEach((other, j) => {
      if (i === j || isHoliday(other) || !other.start_at || !other.stop_at) return;
      const oStart = toMinutes(other.start_at);
      const oStop = toMinutes(other.stop_at);
      if (oStart >= oStop) return;
      if (start >= oStart && start < oStop) problems[i].start_at ??= PERIOD_MSG.startIntersects(day);
      if (stop > oStart && stop <= oStop) problems[i].stop_at ??= PERIOD_MSG.stopIntersects(day);
      // A period that swallows another whole has neither end inside it: the inner one reports both ends.
      if (start < oStart && stop > oStop) problems[i].start_at ??= PERIOD_MSG.startIntersects(day);
    });
  });
  return problems;
}

/** Every message of a whole plan, weekdays first (Monday on), then dates in order. */
export function workingTimesMessages(weekly: WeeklyPeriod[], overrides: OverridePeriod[]): string[] {
  const out: string[] = [];
  const collect = (day: string, periods: { holiday: number; start_at: string | null; stop_at: string | null }[]) => {
    for (const p of dayProblems(day, periods)) {
      if (p.start_at) out.push(p.start_at);
      if (p.stop_at) out.push(p.stop_at);
    }
  };
  WEEK_DAY_NAMES.forEach((name, day) => collect(name, weekly.filter((p) => p.week_day === day)));
  const dates = [...new Set(overrides.map((o) => o.period_date))].sort();
  for (const date of dates) collect(ukDate(date), overrides.filter((o) => o.period_date === date));
  return out;
}

/** A holiday replaces the day's periods with one full-day period (spec 2, section 4). */
export function normaliseDay<T extends { holiday: number; start_at: string | null; stop_at: string | null }>(periods: T[]): T[] {
  const holiday = periods.find(isHoliday);
  if (holiday) return [{ ...holiday, ...HOLIDAY_PERIOD }];
  return [...periods].sort((a, b) => (a.start_at ?? '').localeCompare(b.start_at ?? ''));
}

/** Dates are sent 'YYYY-MM-DD' (spec 2, section 5). */
const isRealDate = (value: string) => readDate(value) === value;

const time = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.string({ error: WORKING_TIMES_MSG.timeInvalid }).refine(isTime, WORKING_TIMES_MSG.timeInvalid).nullable(),
);
const holiday = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? HOLIDAY.no : typeof v === 'boolean' ? (v ? HOLIDAY.yes : HOLIDAY.no) : Number(v)),
  z.union([z.literal(HOLIDAY.yes), z.literal(HOLIDAY.no)], { error: WORKING_TIMES_MSG.holidayInvalid }),
);

const weeklyPeriod = z.object({
  week_day: z.coerce.number({ error: WORKING_TIMES_MSG.weekDayInvalid }).int(WORKING_TIMES_MSG.weekDayInvalid).min(0, WORKING_TIMES_MSG.weekDayInvalid).max(6, WORKING_TIMES_MSG.weekDayInvalid),
  holiday,
  start_at: time,
  stop_at: time,
});
const overridePeriod = z.object({
  period_date: z.string({ error: WORKING_TIMES_MSG.dateInvalid }).refine(isRealDate, WORKING_TIMES_MSG.dateInvalid),
  holiday,
  start_at: time,
  stop_at: time,
});

/** A list sent as an array or as a JSON string (form posts); absent means none. */
function listOf<T extends z.ZodType>(item: T, max: number, tooMany: string) {
  return z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'string') {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    return v;
  }, z.array(item).max(max, tooMany));
}

/**
 * POST /api/driver-update-working-times (spec 2, section 7): the whole weekly pattern, and the overrides from
 * today on (older ones are history and stay as they were). The rules of section 5 run after this shape check.
 */
export const workingTimesSchema = z.object({
  driver_id: z.coerce.number({ error: WORKING_TIMES_MSG.driverRequired }).int(WORKING_TIMES_MSG.driverRequired).positive(WORKING_TIMES_MSG.driverRequired),
  default_working_times: listOf(weeklyPeriod, MAX_PERIODS_PER_DAY * 7, WORKING_TIMES_MSG.tooManyPeriods),
  override_working_time: listOf(overridePeriod, MAX_OVERRIDES, WORKING_TIMES_MSG.tooManyOverrides),
});

/** Whether a driver is away all day on a date, by its override (the Leave tab's green 'Holiday'). */
export function isHolidayDate(overrides: OverridePeriod[], date: string): boolean {
  return overrides.some((o) => o.period_date === date && isHoliday(o));
}

/** How the Leave calendar labels a dated override (spec 2, section 2; the spec's spelling): Holiday green, Custom blue. */
export const OVERRIDE_LABEL = { holiday: 'Holiday', custom: 'Custom schedulle' } as const;
