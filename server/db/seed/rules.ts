import type { Insertable } from 'kysely';
import type { ReportingTable, TimesheetsTable } from '../schema';
import { HOLIDAY, REPORTING_MODEL_TYPE, SHIFT_ASSIGNED, SHIFT_STATUS, TIMESHEET_PROGRESS, TIMESHEET_STATUS } from '../../../domain/statuses';
import { splitAmount } from '../../../domain/reports';
import { cancellationTimesheet } from '../../../domain/timesheets';
import type { Random } from './random';
import { DISCARD_COMMENTS, DRIVER_COMMENTS, TIMESHEET_COMMENTS } from './content';
import type { ShiftPattern, SlotKind } from './data';
import { costTotal, fromMinutes, fuelBonus, shiftHours, toMinutes, weekDay, type FuelRates } from './time';

/**
 * How shifts and timesheets of a seeded day look, shared by the demo and the benchmark datasets so
 * both show the same mix of statuses.
 */

/** The shifts a restaurant runs on a date: 1-3, more at the weekend. */
export function daySlots(pattern: ShiftPattern, date: string, rng: Random): SlotKind[] {
  const day = weekDay(date);
  const friSat = day === 4 || day === 5;
  switch (pattern) {
    case 'dinner':
      return friSat && rng.chance(0.4) ? ['dinner', 'dinner'] : ['dinner'];
    case 'lunchDinner':
      return day === 0 && rng.chance(0.5) ? ['dinner'] : ['lunch', 'dinner'];
    case 'dinnerLate':
      return day >= 3 && day <= 5 ? ['dinner', 'late'] : ['dinner'];
    case 'lunch':
      return day === 6 ? [] : ['lunch'];
    case 'busy':
      return day >= 4 ? ['lunch', 'dinner', 'dinner'] : ['lunch', 'dinner'];
  }
}

export type Staffing = 'assigned' | 'open' | 'stale';

export interface ShiftState {
  status: number;
  staffing: Staffing;
}

/**
 * Past shifts were all published and mostly worked; this week's are mostly published; later weeks are
 * still being planned (new) and have more open slots.
 * `daysAhead` < 0 for the past; `weeksAhead` counts Monday-based weeks from the current one.
 */
export function shiftState(rng: Random, daysAhead: number, weeksAhead: number): ShiftState {
  if (daysAhead <= 0) {
    return { status: SHIFT_STATUS.published, staffing: rng.weighted<Staffing>([['assigned', 87], ['open', 7], ['stale', 6]]) };
  }
  const published = rng.chance(weeksAhead === 0 ? 0.85 : 0.45);
  if (published) {
    return { status: SHIFT_STATUS.published, staffing: rng.weighted<Staffing>([['assigned', 80], ['open', 15], ['stale', 5]]) };
  }
  return { status: SHIFT_STATUS.new, staffing: rng.weighted<Staffing>([['assigned', 45], ['open', 55]]) };
}

function statusAssigned(staffing: Staffing): number {
  return staffing === 'assigned' ? SHIFT_ASSIGNED.assigned : staffing === 'stale' ? SHIFT_ASSIGNED.stale : SHIFT_ASSIGNED.free;
}

/**
 * The columns of a seeded shift that follow from its restaurant, staffing, slot and pay, alike in the demo and the
 * benchmark datasets; the driver is kept only on an assigned shift. `constFuel` is its fuel bonus in pounds (0 when
 * the dataset pays none).
 */
export function shiftColumns(s: {
  restaurant: { id: number };
  driver: { id: number } | null;
  staffing: Staffing;
  status: number;
  date: string;
  start: string;
  finish: string;
  rate: number;
  bonus: number;
  constFuel: number;
}) {
  return {
    restaurant_id: s.restaurant.id,
    driver_id: s.staffing === 'assigned' ? s.driver!.id : null,
    status: s.status,
    status_assigned: statusAssigned(s.staffing),
    period_date: s.date,
    start_time: s.start,
    finish_time: s.finish,
    cost_per_hour: s.rate,
    cost_bonus: s.bonus,
    const_fuel_bonus: s.constFuel,
    cost_total: costTotal(s.rate, s.date, s.start, s.finish, s.bonus, s.constFuel),
  };
}

/** Deliveries per distance band over one shift (counts, paid at the fuel_bonus_* option rates). */
export function fuelCounts(rng: Random, hours: number) {
  const scale = Math.max(1, Math.round(hours / 4));
  return {
    fuel_bonus_0: rng.int(2, 9) * scale,
    fuel_bonus_3: rng.int(0, 4) * scale,
    fuel_bonus_6: rng.chance(0.4) ? rng.int(1, 2) : 0,
  };
}

interface TimesheetState {
  status: number;
  progress: number;
}

/**
 * Old weeks are settled (approved, a few discarded); the last few days are still being submitted.
 * `age` is days since the shift (0 = today).
 */
function timesheetState(rng: Random, age: number): TimesheetState {
  const P = TIMESHEET_PROGRESS;
  const S = TIMESHEET_STATUS;
  if (age === 0) return { status: S.pending, progress: P.inWork };
  const approved = (): TimesheetState => ({ status: S.approved, progress: rng.chance(0.8) ? P.payApproved : P.timeApproved });
  const discarded = (): TimesheetState => ({ status: S.discarded, progress: rng.chance(0.6) ? P.discarded : P.discardedByDriver });
  if (age < 7) {
    const kind = rng.weighted([['pending', 60], ['approved', 30], ['discarded', 10]] as const);
    if (kind === 'approved') return approved();
    if (kind === 'discarded') return discarded();
    const progress = age === 1
      ? rng.weighted([[P.submitted, 55], [P.notSubmitted, 20], [P.inWork, 25]] as const)
      : rng.weighted([[P.submitted, 75], [P.notSubmitted, 25]] as const);
    return { status: S.pending, progress };
  }
  const kind = rng.weighted([['approved', 85], ['discarded', 7], ['pending', 8]] as const);
  if (kind === 'approved') return approved();
  if (kind === 'discarded') return discarded();
  return { status: S.pending, progress: rng.chance(0.5) ? P.submitted : P.notSubmitted };
}

export interface WorkedShift {
  id: number;
  restaurant_id: number;
  driver_id: number;
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_per_hour: number;
}

/** Jitter of a few minutes, so driver-entered times look typed in rather than copied. */
function near(hhmm: string, rng: Random, before: number, after: number): string {
  return fromMinutes(toMinutes(hhmm) + rng.int(-before, after));
}

/** A driver's timesheet for a worked (or being worked) shift, `age` days after it. */
export function buildTimesheet(
  rng: Random,
  shift: WorkedShift,
  age: number,
  position: { lat: number; lng: number },
  fuelRates: FuelRates,
): Insertable<TimesheetsTable> {
  const P = TIMESHEET_PROGRESS;
  const { status, progress } = timesheetState(rng, age);
  const started = progress !== P.notSubmitted && progress !== P.discardedByDriver;
  const finished = started && progress !== P.inWork;

  let finish = shift.finish_time;
  if (status === TIMESHEET_STATUS.approved && rng.chance(0.2)) finish = fromMinutes(toMinutes(finish) + rng.pick([15, 30]));
  const hours = shiftHours(shift.period_date, shift.start_time, finish);
  const fuel = finished && progress !== P.discarded ? fuelCounts(rng, hours) : { fuel_bonus_0: 0, fuel_bonus_3: 0, fuel_bonus_6: 0 };
  const constFuel = fuelBonus(fuel, fuelRates);
  const bonus = status === TIMESHEET_STATUS.approved && rng.chance(0.12) ? rng.pick([10, 20, -10, -20]) : 0;

  let comment: string | null = null;
  if (bonus > 0) comment = TIMESHEET_COMMENTS[1];
  else if (bonus < 0) comment = TIMESHEET_COMMENTS[2];
  else if (status === TIMESHEET_STATUS.discarded) comment = rng.pick(DISCARD_COMMENTS);
  else if (status === TIMESHEET_STATUS.approved && rng.chance(0.06)) comment = rng.pick([TIMESHEET_COMMENTS[0], TIMESHEET_COMMENTS[3]]);

  const jitter = () => rng.float(-0.0015, 0.0015);
  return {
    shift_id: shift.id,
    restaurant_id: shift.restaurant_id,
    driver_id: shift.driver_id,
    status,
    status_progress: progress,
    period_date: shift.period_date,
    start_time: shift.start_time,
    finish_time: finish,
    driver_start_time: started ? near(shift.start_time, rng, 10, 8) : null,
    driver_finish_time: finished ? near(finish, rng, 8, 20) : null,
    cost_per_hour: shift.cost_per_hour,
    cost_bonus: bonus,
    const_fuel_bonus: constFuel,
    cost_total: costTotal(shift.cost_per_hour, shift.period_date, shift.start_time, finish, bonus, constFuel),
    ...fuel,
    comment,
    driver_comment: finished && rng.chance(0.15) ? rng.pick(DRIVER_COMMENTS) : null,
    map_start_lat: started ? position.lat + jitter() : null,
    map_start_lng: started ? position.lng + jitter() : null,
    map_finish_lat: finished ? position.lat + jitter() * 2 : null,
    map_finish_lng: finished ? position.lng + jitter() * 2 : null,
  };
}

export interface WorkingPeriod {
  week_day: number;
  holiday: number;
  start_at: string;
  stop_at: string;
}

/** A day off is stored as one full-day holiday period, as the Holiday switch of the dialog saves it. */
const DAY_OFF = { holiday: HOLIDAY.yes, start_at: '00:00', stop_at: '23:45' } as const;

type DayPlan = 'off' | [string, string][];

/** Weekly availability patterns drivers tend to have (index 0 = Monday). */
const WEEK_TEMPLATES: DayPlan[][] = [
  // weekdays only
  [[['10:00', '23:00']], [['10:00', '23:00']], [['10:00', '23:00']], [['10:00', '23:00']], [['10:00', '23:00']], 'off', 'off'],
  // evenings every day
  Array.from({ length: 7 }, () => [['16:00', '23:45']] as [string, string][]),
  // lunch and evening, Wednesday off
  [0, 1, 2, 3, 4, 5, 6].map((d) => (d === 2 ? 'off' : [['11:00', '15:00'], ['17:00', '23:30']])),
  // long weekends
  ['off', 'off', 'off', [['11:00', '23:45']], [['11:00', '23:45']], [['11:00', '23:45']], [['11:00', '23:45']]],
  // six days
  [0, 1, 2, 3, 4, 5, 6].map((d) => (d === 6 ? 'off' : [['10:00', '23:00']])),
  // any time
  Array.from({ length: 7 }, () => [['09:00', '23:45']] as [string, string][]),
];

export const WEEK_TEMPLATE_COUNT = WEEK_TEMPLATES.length;

export function weeklyPeriods(template: number): WorkingPeriod[] {
  return WEEK_TEMPLATES[template % WEEK_TEMPLATES.length].flatMap((plan, week_day): WorkingPeriod[] =>
    plan === 'off'
      ? [{ week_day, ...DAY_OFF }]
      : plan.map(([start_at, stop_at]) => ({ week_day, holiday: HOLIDAY.no, start_at, stop_at })),
  );
}

/** Week days a template has off, so the seeds do not book drivers on them. */
export function daysOff(template: number): Set<number> {
  return new Set(weeklyPeriods(template).filter((p) => p.holiday === HOLIDAY.yes).map((p) => p.week_day));
}

/** Fees charged to drivers who cancelled, in pounds (negative: charged). */
const CANCELLATION_FEES = [-10, -15, -20] as const;

export interface CancelledShift {
  id: number;
  restaurant_id: number;
  period_date: string;
  start_time: string;
  finish_time: string;
  comment_cancelled: string | null;
}

/** A fee from the seeds' list, picked by a record's id so the same data comes out each time. */
export const seedFee = (id: number): number => CANCELLATION_FEES[id % CANCELLATION_FEES.length];

/** A worked, approved timesheet as a fee set on its approval (event 40) tells of it. */
export interface ApprovedTimesheet {
  id: number;
  shift_id: number;
  restaurant_id: number;
  driver_id: number;
  period_date: string;
  start_time: string;
  finish_time: string;
}

/**
 * The record a fee set when approving a worked timesheet leaves (event 40), naming that timesheet, whose
 * `cost_extra_bonus` carries the same amount: the reports and the payments export tell of one fee.
 */
export function approvalFeeRecord(t: ApprovedTimesheet, fee: number, comment: string | null, moderatorId: number | null, at: string): Insertable<ReportingTable> {
  return {
    shift_id: t.shift_id, timesheet_id: t.id, model_id: t.shift_id, model_type: REPORTING_MODEL_TYPE.shift, event: 40, restaurant_id: t.restaurant_id,
    driver_id: t.driver_id, period_date: t.period_date, start_time: t.start_time, finish_time: t.finish_time, cost: fee, ...splitAmount(fee),
    comment_cancelled: comment, moderator_id: moderatorId, created_at: at, updated_at: at,
  };
}

/**
 * What the schedule's Cancel Shift leaves behind (event 10): the cancelled driver's cancellation timesheet carrying
 * the fee and the record telling of it; a fee set on approval (event 40) is the record alone (the scale data's; the
 * demo's name their worked timesheet, approvalFeeRecord). The record's
 * `timesheet_id` is filled in once the timesheet has its id.
 */
export function cancellationRows(shift: CancelledShift, driverId: number, event: 10 | 40, moderatorId: number | null, at: string) {
  const fee: number = CANCELLATION_FEES[shift.id % CANCELLATION_FEES.length];
  const timesheet: Insertable<TimesheetsTable> | null =
    event === 10 ? { ...cancellationTimesheet(shift, driverId, fee, shift.comment_cancelled), created_at: at, updated_at: at } : null;
  const record: Insertable<ReportingTable> = {
    shift_id: shift.id, model_id: shift.id, model_type: REPORTING_MODEL_TYPE.shift, event, restaurant_id: shift.restaurant_id, driver_id: driverId,
    period_date: shift.period_date, start_time: shift.start_time, finish_time: shift.finish_time, cost: fee, ...splitAmount(fee),
    comment_cancelled: shift.comment_cancelled, moderator_id: moderatorId, created_at: at, updated_at: at,
  };
  return { timesheet, record };
}
