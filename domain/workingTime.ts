import { addDays, daysBetween, mondayOf, shiftSpan, spansOverlap, ukDate, weekDay } from './dates';

/**
 * UK working-time rules as warnings: the office may still decide to break one, but only after being told which.
 * At least `minRestHours` between a driver's shifts of different days (daily rest: a split shift, lunch and
 * dinner of one day, is one working day with a break, not two days without rest), at most `maxWeekHours` planned in a
 * Monday–Sunday week unless the driver opted out, at most `maxConsecutiveDays` days in a row. The limits are
 * options an administrator sets; the planning assistant never proposes a breach, the board marks them
 * (breachingShifts), and the shift calls answer them (409, writeWarnings) until the user confirms.
 */

export interface WorkingTimeLimits {
  minRestHours: number;
  maxWeekHours: number;
  maxConsecutiveDays: number;
}

export const WORKING_TIME_OPTION = {
  minRestHours: 'working_time_min_rest_hours',
  maxWeekHours: 'working_time_max_week_hours',
  maxConsecutiveDays: 'working_time_max_consecutive_days',
} as const;

export const WORKING_TIME_DEFAULTS: WorkingTimeLimits = { minRestHours: 11, maxWeekHours: 48, maxConsecutiveDays: 6 };

/** The most an administrator may set for each limit (a week has 168 hours, a day 24). */
export const WORKING_TIME_MAX: WorkingTimeLimits = { minRestHours: 24, maxWeekHours: 168, maxConsecutiveDays: 31 };

export const WORKING_TIME_OPTION_KEYS: readonly string[] = Object.values(WORKING_TIME_OPTION);

/** The limit an option key sets, or null for another key. */
export function limitOfOption(okey: string): keyof WorkingTimeLimits | null {
  const entry = Object.entries(WORKING_TIME_OPTION).find(([, key]) => key === okey);
  return entry ? (entry[0] as keyof WorkingTimeLimits) : null;
}

export const workingTimeOptionMessage = (max: number) => `Value must be a whole number from 1 to ${max}`;

/** The limits from the options table's rows; a missing or unreadable one keeps its default. */
export function readLimits(rows: readonly { okey: string; ovalue: string }[]): WorkingTimeLimits {
  const limits = { ...WORKING_TIME_DEFAULTS };
  for (const row of rows) {
    const limit = limitOfOption(row.okey);
    const value = Number(row.ovalue);
    if (limit && Number.isInteger(value) && value >= 1 && value <= WORKING_TIME_MAX[limit]) limits[limit] = value;
  }
  return limits;
}

/** A shift of a driver as the rules read it. */
export interface PlannedShift {
  id?: number | null;
  period_date: string;
  start_time: string;
  finish_time: string;
  restaurant_name?: string;
}

export type Breach =
  | { rule: 'rest'; minutes: number; other: PlannedShift; otherFirst: boolean }
  | { rule: 'week'; minutes: number; monday: string }
  | { rule: 'days'; days: number };

const EPOCH = '2000-01-01';

/**
 * A driver's planned shifts as the rules read them, with each shift's real span, its day and its week's minutes
 * worked out once: the assistant asks it thousands of times per call. `add` counts a shift from then on.
 */
export class DriverPlan {
  private readonly shifts: PlannedShift[] = [];
  private readonly spans: [number, number][] = [];
  /** The day each shift starts on, by index: daily rest is read between shifts of different days. */
  private readonly dayOf: number[] = [];
  private readonly days = new Set<number>();
  private readonly weeks = new Map<string, number>();

  constructor(
    shifts: readonly PlannedShift[],
    /** Opted out of the 48-hour week. */
    readonly optedOut: boolean,
  ) {
    for (const s of shifts) this.add(s);
  }

  add(shift: PlannedShift, at = shiftAt(shift)): void {
    this.shifts.push(shift);
    this.spans.push(at.span);
    this.dayOf.push(at.day);
    this.days.add(at.day);
    this.weeks.set(at.monday, (this.weeks.get(at.monday) ?? 0) + at.span[1] - at.span[0]);
  }

  /** Minutes planned in the Monday–Sunday week starting `monday` (shifts counted by their date). */
  weekMinutes(monday: string): number {
    return this.weeks.get(monday) ?? 0;
  }

  /** Whether a shift of this span shares any minute with a planned one. */
  overlaps(span: [number, number]): boolean {
    for (const planned of this.spans) if (spansOverlap(planned, span)) return true;
    return false;
  }

  /** Whether a shift would break any rule: breaches() without the words, for the assistant's thousands of tries. */
  breaks(limits: WorkingTimeLimits, at: ShiftAt): boolean {
    const [start, end] = at.span;
    const minRest = limits.minRestHours * 60;
    for (let i = 0; i < this.spans.length; i++) {
      const [s, e] = this.spans[i];
      if (this.dayOf[i] === at.day) continue;
      if (e <= start ? start - e < minRest : end <= s && s - end < minRest) return true;
    }
    if (!this.optedOut && this.weekMinutes(at.monday) + end - start > limits.maxWeekHours * 60) return true;
    let run = 1;
    for (let d = at.day - 1; this.days.has(d); d--) run++;
    for (let d = at.day + 1; this.days.has(d); d++) run++;
    return run > limits.maxConsecutiveDays;
  }

  /**
   * Every working-time rule a shift would break. Shifts that overlap it are the overlap rule's business, not the
   * rest rule's.
   */
  breaches(shift: PlannedShift, limits: WorkingTimeLimits, at = shiftAt(shift)): Breach[] {
    const [start, end] = at.span;
    const out: Breach[] = [];
    let closest: Extract<Breach, { rule: 'rest' }> | null = null;
    this.spans.forEach(([s, e], i) => {
      if (this.dayOf[i] === at.day) return;
      const gap = e <= start ? start - e : end <= s ? s - end : null;
      if (gap === null || gap >= limits.minRestHours * 60 || (closest && gap >= closest.minutes)) return;
      closest = { rule: 'rest', minutes: gap, other: this.shifts[i], otherFirst: e <= start };
    });
    if (closest) out.push(closest);
    if (!this.optedOut) {
      const minutes = this.weekMinutes(at.monday) + end - start;
      if (minutes > limits.maxWeekHours * 60) out.push({ rule: 'week', minutes, monday: at.monday });
    }
    let run = 1;
    for (let d = at.day - 1; this.days.has(d); d--) run++;
    for (let d = at.day + 1; this.days.has(d); d++) run++;
    if (run > limits.maxConsecutiveDays) out.push({ rule: 'days', days: run });
    return out;
  }
}

/** Where a shift sits in time, as the rules compare it: its real span, its day number and its week's Monday. */
export interface ShiftAt {
  span: [number, number];
  day: number;
  monday: string;
}

export const shiftAt = (s: PlannedShift): ShiftAt => ({
  span: shiftSpan(s.period_date, s.start_time, s.finish_time),
  day: daysBetween(EPOCH, s.period_date),
  monday: mondayOf(s.period_date),
});

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Hours as the warnings say them: '9 h', '9.5 h'. */
export function hoursText(minutes: number): string {
  return `${Math.round((minutes / 60) * 10) / 10} h`;
}

/**
 * The warning in words, naming the driver and the rule: "Sam Hill would have 9 h rest after Tuesday's shift at
 * Pizza Place (minimum 11 h)".
 */
export function breachMessage(driverName: string, breach: Breach, limits: WorkingTimeLimits): string {
  if (breach.rule === 'rest') {
    const day = DAY_NAMES[weekDay(breach.other.period_date)];
    const where = breach.other.restaurant_name ? ` at ${breach.other.restaurant_name}` : '';
    return `${driverName} would have ${hoursText(breach.minutes)} rest ${breach.otherFirst ? 'after' : 'before'} ${day}'s shift${where} (minimum ${limits.minRestHours} h)`;
  }
  if (breach.rule === 'week') {
    return `${driverName} would have ${hoursText(breach.minutes)} planned in the week of ${ukDate(breach.monday)} (maximum ${limits.maxWeekHours} h)`;
  }
  return `${driverName} would work ${breach.days} days in a row (maximum ${limits.maxConsecutiveDays})`;
}

/**
 * The dates whose shifts the rules read for shifts between `from` and `to`: the whole weeks, a run of days either
 * side, and the night before.
 */
export function rulesWindow(from: string, to: string, limits: WorkingTimeLimits): { from: string; to: string } {
  const margin = limits.maxConsecutiveDays + 1;
  return { from: addDays(mondayOf(from), -margin), to: addDays(mondayOf(to), 6 + margin) };
}

/** A shift with its driver (null = open), as the board and the shift calls hold it. */
export interface DriverShift extends PlannedShift {
  driver_id: number | null;
}

// Dates and times are fixed-width digits: compared as plain strings, without the collator's cost on every pair.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byTime = (a: PlannedShift, b: PlannedShift) =>
  compareText(a.period_date, b.period_date) || compareText(a.start_time, b.start_time) || (a.id ?? 0) - (b.id ?? 0);

/**
 * The warnings of shifts about to be written, in words: each is read against its driver's planned shifts (those
 * being changed left out, as they move) and the earlier ones of the same call, in date and time order.
 */
export function writeWarnings(
  changes: readonly DriverShift[],
  planned: ReadonlyMap<number, readonly PlannedShift[]>,
  drivers: ReadonlyMap<number, { full_name: string; opted_out: boolean }>,
  limits: WorkingTimeLimits,
): string[] {
  const moving = new Set(changes.map((c) => c.id).filter((id) => id));
  const plans = new Map<number, DriverPlan>();
  const out = new Set<string>();
  for (const shift of changes.filter((c) => c.driver_id).sort(byTime)) {
    const driver = drivers.get(shift.driver_id!);
    if (!driver) continue;
    let plan = plans.get(shift.driver_id!);
    if (!plan) plans.set(shift.driver_id!, (plan = new DriverPlan((planned.get(shift.driver_id!) ?? []).filter((p) => !moving.has(p.id)), driver.opted_out)));
    const at = shiftAt(shift);
    for (const breach of plan.breaches(shift, limits, at)) out.add(breachMessage(driver.full_name, breach, limits));
    plan.add(shift, at);
  }
  return [...out];
}

/**
 * The ids of the shifts that break a rule, each driver's shifts read in date and time order: the later shift of a
 * short rest, the shift that takes a week past its hours and those after it, a day past the most in a row. Only
 * what is given is read, so the board passes the shifts it loaded.
 */
export function breachingShifts(shifts: readonly DriverShift[], optedOut: (driverId: number) => boolean, limits: WorkingTimeLimits): Set<number> {
  const byDriver = new Map<number, DriverShift[]>();
  for (const s of shifts) {
    if (!s.driver_id) continue;
    const list = byDriver.get(s.driver_id);
    if (list) list.push(s);
    else byDriver.set(s.driver_id, [s]);
  }
  const out = new Set<number>();
  for (const [driverId, list] of byDriver) {
    const plan = new DriverPlan([], optedOut(driverId));
    for (const shift of list.sort(byTime)) {
      const at = shiftAt(shift);
      if (shift.id && plan.breaches(shift, limits, at).length) out.add(shift.id);
      plan.add(shift, at);
    }
  }
  return out;
}

/**
 * The shift calls that give a driver a shift or move one (create, update, copy) answer 409
 * `{ working_time: [warnings], message }` when it breaks a rule, and write only when the call carries
 * `working_time_confirmed: true`, the user having seen the warnings.
 */
export const WORKING_TIME_CONFIRM_FIELD = 'working_time_confirmed';

export const workingTimeQuestion = (count: number) =>
  count === 1 ? 'This change breaks a working-time rule: save anyway?' : `This change breaks ${count} working-time rules: save anyway?`;

/** Whether a call's body says the user confirmed the warnings. */
export function workingTimeConfirmed(body: unknown): boolean {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[WORKING_TIME_CONFIRM_FIELD] : undefined;
  return value === true || value === 1 || value === '1' || value === 'true';
}
