import { addDays, shiftMinutes, toMinutes, daysBetween, ukDate, BUSINESS_TIME_ZONE } from './dates';
import { fromPence, toPence } from './money';
import { costTotal, fuelBonus, type FuelCounts, type FuelRates } from './pay';
import {
  CANCELLATION_TIMESHEET,
  TIMESHEET_PROGRESS as P,
  TIMESHEET_PROGRESS_LABELS,
  TIMESHEET_STATUS as S,
  TIMESHEET_STATUS_LABELS,
} from './statuses';
import { TIMESHEET_MSG } from './validation/timesheet';

/**
 * Timesheet rules (spec 3, sections 3, 4.2, 5, 8 and 9): the transitions of Approve, Discard, Unapprove Time,
 * Unapprove Pay and Approve All, placeholders built from shifts, the cost of a timesheet, bonus choices, date
 * limits and the totals of the screen. The server enforces them; the screens show the same answers.
 */

export interface TimesheetState {
  status: number;
  status_progress: number;
}

/** What the rules need to know of a timesheet (a saved one, or a placeholder with id ≤ 0). */
export interface TimesheetFacts extends TimesheetState {
  id: number;
  driver_id: number | null;
}

export type TimesheetAction = 'approve' | 'discard' | 'unapproveTime' | 'unapprovePay';

/** The status filter of the toolbar (spec 3, section 9). */
export const TIMESHEET_FILTER = { active: 10, pending: 20, all: 50 } as const;
export const TIMESHEET_FILTER_LABELS: Record<number, string> = { 10: 'Active', 20: 'Pending', 50: 'All' };

/** Driver bonus choices of the form (spec 3, section 5). */
export const BONUS_CHOICES: readonly { value: number; name: string }[] = [
  { value: 0, name: 'No bonus' },
  { value: 10, name: '+£10' },
  { value: 20, name: '+£20' },
  { value: -10, name: '-£10' },
  { value: -20, name: '-£20' },
];

export function isPlaceholder(t: { id: number }): boolean {
  return t.id <= 0;
}

export function hasDriver(t: { driver_id: number | null | undefined }): boolean {
  return !!t.driver_id && t.driver_id > 0;
}

/** A cancellation timesheet: the fee of a cancelled shift, charged to the driver who cancelled (see below). */
export function isCancellation(t: { status?: number }): boolean {
  return t.status === CANCELLATION_TIMESHEET.status;
}

export function statusLabel(t: TimesheetState): string {
  return TIMESHEET_STATUS_LABELS[t.status] ?? String(t.status);
}

/** 'Not submited' reads 'Open shift' when no driver holds the shift. */
export function progressLabel(t: TimesheetState & { driver_id: number | null }): string {
  if (t.status_progress === P.notSubmitted && !hasDriver(t)) return 'Open shift';
  return TIMESHEET_PROGRESS_LABELS[t.status_progress] ?? String(t.status_progress);
}

/** 'Approved (Pay approved)', for messages about transitions. */
export function stateLabel(t: TimesheetState): string {
  return `${TIMESHEET_STATUS_LABELS[t.status] ?? t.status} (${TIMESHEET_PROGRESS_LABELS[t.status_progress] ?? t.status_progress})`;
}

// --- transitions ---------------------------------------------------------------------------------------

/** Approve and Discard leave a driver's own discard visible (spec 3, section 4.2). */
function keepDriverDiscard(current: TimesheetState, progress: number): number {
  return current.status_progress === P.discardedByDriver ? P.discardedByDriver : progress;
}

/** Where an action takes a timesheet. */
export function targetState(action: TimesheetAction, current: TimesheetState): TimesheetState {
  switch (action) {
    case 'approve':
      return { status: S.approved, status_progress: keepDriverDiscard(current, P.payApproved) };
    case 'discard':
      return { status: S.discarded, status_progress: keepDriverDiscard(current, P.discarded) };
    case 'unapproveTime':
      return { status: S.pending, status_progress: P.submitted };
    case 'unapprovePay':
      return { status: S.pending, status_progress: P.timeApproved };
  }
}

/** Why an action may not be applied to a timesheet now, or null when it may (the buttons' enabled states). */
export function actionRefusal(action: TimesheetAction, t: TimesheetFacts): string | null {
  if (isCancellation(t)) return TIMESHEET_MSG.cancellationFixed;
  switch (action) {
    case 'approve':
      if (!hasDriver(t)) return TIMESHEET_MSG.cantApproveOpen;
      return t.status === S.approved ? TIMESHEET_MSG.alreadyApproved : null;
    case 'discard':
      if (!hasDriver(t)) return TIMESHEET_MSG.cantDiscardOpen;
      return t.status === S.discarded ? TIMESHEET_MSG.alreadyDiscarded : null;
    case 'unapproveTime':
      return t.status === S.approved || t.status_progress === P.timeApproved ? null : TIMESHEET_MSG.notApproved;
    case 'unapprovePay':
      if (t.status !== S.approved) return TIMESHEET_MSG.notApproved;
      return t.status_progress === P.timeApproved ? TIMESHEET_MSG.payUnapproved : null;
  }
}

/** Why a timesheet may not be removed, or null. */
export function removeRefusal(t: TimesheetFacts): string | null {
  if (!hasDriver(t)) return TIMESHEET_MSG.cantRemoveOpen;
  if (isPlaceholder(t)) return TIMESHEET_MSG.cantRemovePlaceholder;
  if (t.status === S.approved) return TIMESHEET_MSG.approvedRemoval;
  return null;
}

const ACTIONS: TimesheetAction[] = ['approve', 'discard', 'unapproveTime', 'unapprovePay'];

/**
 * Which change a requested state is: 'edit' when the state stays, the action that leads there when one is
 * allowed now, else null (the server refuses it). A placeholder or a new timesheet starts from pending,
 * not submitted.
 */
export function requestedChange(current: TimesheetFacts, requested: TimesheetState): TimesheetAction | 'edit' | null {
  if (current.status === requested.status && current.status_progress === requested.status_progress) return 'edit';
  for (const action of ACTIONS) {
    const target = targetState(action, current);
    if (target.status === requested.status && target.status_progress === requested.status_progress && !actionRefusal(action, current)) {
      return action;
    }
  }
  return null;
}

export interface ButtonStates {
  approve: boolean;
  discard: boolean;
  remove: boolean;
  /** Unapprove Time and Unapprove Pay show only for approved or time-approved timesheets. */
  unapproveShown: boolean;
  unapproveTime: boolean;
  unapprovePay: boolean;
  /** The form is locked while the timesheet is approved. */
  locked: boolean;
  /** Why each button is disabled (the refusal the server would answer, or the form's own state); null when enabled. */
  why: Record<'approve' | 'discard' | 'remove' | 'unapproveTime' | 'unapprovePay', string | null>;
}

/** The enabled states of the summary form's buttons (spec 3, sections 2.3, 4.2 and 5). */
export function buttonStates(t: TimesheetFacts, formValid: boolean): ButtonStates {
  const unapproveShown = t.status === S.approved || t.status_progress === P.timeApproved;
  const withForm = (action: TimesheetAction) => actionRefusal(action, t) ?? (formValid ? null : TIMESHEET_MSG.fieldsFirst);
  const why = {
    approve: withForm('approve'),
    discard: withForm('discard'),
    remove: removeRefusal(t),
    unapproveTime: actionRefusal('unapproveTime', t),
    unapprovePay: actionRefusal('unapprovePay', t),
  };
  return {
    approve: !why.approve,
    discard: !why.discard,
    remove: !why.remove,
    unapproveShown,
    unapproveTime: unapproveShown && !why.unapproveTime,
    unapprovePay: unapproveShown && !why.unapprovePay,
    locked: t.status === S.approved || isCancellation(t),
    why,
  };
}

// --- Approve All ---------------------------------------------------------------------------------------

export interface ApproveAllPlan<T> {
  /** Every pending timesheet with a driver (but not discarded by them): what 'Approve All [count]' counts and approves when confirmed. */
  pending: T[];
  /** Those the driver never submitted (placeholders included): the first question is about these. */
  notSubmitted: T[];
  /** Only the submitted ones: what is approved when the user declines to fill the others. */
  submitted: T[];
}

export function approveAllPlan<T extends TimesheetFacts>(list: readonly T[]): ApproveAllPlan<T> {
  // A driver who said they did not work the shift is not paid by a bulk approval: those are approved one by one.
  const pending = list.filter((t) => t.status === S.pending && hasDriver(t) && t.status_progress !== P.discardedByDriver);
  return {
    pending,
    notSubmitted: pending.filter((t) => t.status_progress === P.notSubmitted),
    submitted: pending.filter((t) => t.status_progress === P.submitted),
  };
}

/** The timesheets Approve All sends, after the answer to 'Also fill and approve (n) not submited timesheets?'. */
export function approveAllChoice<T extends TimesheetFacts>(plan: ApproveAllPlan<T>, alsoNotSubmitted: boolean): T[] {
  if (!plan.notSubmitted.length || alsoNotSubmitted) return plan.pending;
  return plan.submitted;
}

export const approveAllQuestion = (n: number) => `Also fill and approve (${n}) not submited timesheets?`;
export const approveConfirm = (n: number) => `Approve (${n}) timesheets?`;
export const removeConfirm = (date: string) => `Remove timesheet ${ukDate(date)}?`;
/** "Can't approve timesheet 12/11/2026. Start Time is required." */
export function approveFailure(date: string, errors: Record<string, string[]>): string {
  const first = Object.values(errors).find((m) => m?.length)?.[0] ?? '';
  return `Can't approve timesheet ${ukDate(date)}. ${first}`.trim();
}

// --- placeholders from shifts --------------------------------------------------------------------------

export interface ShiftForTimesheet {
  id: number;
  restaurant_id: number;
  driver_id: number | null;
  status: number;
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_per_hour: number;
  cost_bonus: number;
  cost_extra_bonus: number;
  fuel_bonus_0: number;
  fuel_bonus_3: number;
  fuel_bonus_6: number;
  comment: string | null;
}

/** Every field of a timesheet as the API sends it (spec 3, section 3). */
export interface TimesheetFields extends TimesheetState, FuelCounts {
  id: number;
  shift_id: number | null;
  modified_shift_id: number | null;
  restaurant_id: number;
  driver_id: number | null;
  period_date: string;
  start_time: string;
  finish_time: string;
  driver_start_time: string | null;
  driver_finish_time: string | null;
  meal_time: number;
  rest_time: number;
  cost_per_hour: number;
  cost_bonus: number;
  const_fuel_bonus: number;
  cost_extra_bonus: number;
  cost_total: number;
  comment: string | null;
  driver_comment: string | null;
  map_start_lat: number | null;
  map_start_lng: number | null;
  map_finish_lat: number | null;
  map_finish_lng: number | null;
}

/**
 * A timesheet as the API answers it: the fields above plus what the screen shows beside them: the names, the
 * restaurant's commission per hour (for Expected Sales) and the scheduled shift's date, times and bonus (the
 * yellow Scheduled Details bar compares and imports them; null without a shift).
 */
export interface TimesheetView extends TimesheetFields {
  driver_name: string | null;
  restaurant_name: string;
  invoice_comission: number;
  shift_period_date: string | null;
  shift_start_time: string | null;
  shift_finish_time: string | null;
  shift_cost_bonus: number | null;
  /** A saved timesheet's version (domain/versions.ts), sent back with a save; placeholders have none. */
  updated_at?: string;
}

/** The placeholder id of a shift: ≤ 0, so it can never be taken for a saved timesheet. */
export const placeholderId = (shiftId: number) => -shiftId;

/**
 * A shift without a timesheet, shown as a pending, not-submitted timesheet (spec 3, section 4.2) carrying the
 * scheduled times and bonuses. `rate` is the hourly rate to pay (the shift's, or the rates table's when the
 * shift has none, as free shifts do).
 */
export function placeholderFromShift(shift: ShiftForTimesheet, rate: number, fuelRates: FuelRates): TimesheetFields {
  const counts = { fuel_bonus_0: shift.fuel_bonus_0, fuel_bonus_3: shift.fuel_bonus_3, fuel_bonus_6: shift.fuel_bonus_6 };
  const cost = timesheetCost({ cost_per_hour: rate, period_date: shift.period_date, start_time: shift.start_time, finish_time: shift.finish_time, cost_bonus: shift.cost_bonus, ...counts }, fuelRates);
  return {
    id: placeholderId(shift.id),
    shift_id: shift.id,
    modified_shift_id: null,
    restaurant_id: shift.restaurant_id,
    driver_id: hasDriver(shift) ? shift.driver_id : null,
    status: S.pending,
    status_progress: P.notSubmitted,
    period_date: shift.period_date,
    start_time: shift.start_time,
    finish_time: shift.finish_time,
    driver_start_time: null,
    driver_finish_time: null,
    meal_time: 0,
    rest_time: 0,
    cost_per_hour: rate,
    cost_bonus: shift.cost_bonus,
    const_fuel_bonus: cost.const_fuel_bonus,
    cost_extra_bonus: shift.cost_extra_bonus,
    cost_total: cost.cost_total,
    ...counts,
    comment: shift.comment,
    driver_comment: null,
    map_start_lat: null,
    map_start_lng: null,
    map_finish_lat: null,
    map_finish_lng: null,
  };
}

// --- the cancellation timesheet ------------------------------------------------------------------------

/**
 * The cancellation timesheet Cancel Shift makes (spec 3, section 4.1) for the driver taken off a shift. It carries
 * the fee as its cost_extra_bonus and, paying no hours, as its whole cost_total (a fee charged to the driver is
 * negative), so the fee reaches the driver's pay totals, the payments export and the reports. It keeps the shift's
 * date and times only to name the shift; it is tied to it by cancelled_shift_id, never by shift_id, so the now open
 * shift still shows as a placeholder and can get a worked timesheet of its own. Restaurant accounts never see it.
 */
export function cancellationTimesheet(
  shift: { id: number; restaurant_id: number; period_date: string; start_time: string; finish_time: string },
  driverId: number,
  fee: number,
  comment: string | null,
) {
  return {
    cancelled_shift_id: shift.id,
    restaurant_id: shift.restaurant_id,
    driver_id: driverId,
    status: CANCELLATION_TIMESHEET.status,
    status_progress: CANCELLATION_TIMESHEET.progress,
    period_date: shift.period_date,
    start_time: shift.start_time,
    finish_time: shift.finish_time,
    cost_per_hour: 0,
    cost_bonus: 0,
    const_fuel_bonus: 0,
    cost_extra_bonus: fee,
    cost_total: fee,
    comment,
  };
}

/** The shift's own rate, unless it has none (a restaurant's free shift) or the timesheet moved to another restaurant or day. */
export function rateFor(
  timesheet: { restaurant_id: number; period_date: string },
  shift: { restaurant_id: number; period_date: string; cost_per_hour: number } | null,
  tableRate: number,
): number {
  if (shift && shift.cost_per_hour > 0 && shift.restaurant_id === timesheet.restaurant_id && shift.period_date === timesheet.period_date) {
    return shift.cost_per_hour;
  }
  return tableRate;
}

// --- cost ----------------------------------------------------------------------------------------------

export interface CostInputs extends FuelCounts {
  cost_per_hour: number;
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_bonus: number;
}

/**
 * cost_total = cost_per_hour × hours + bonus + fuel bonus, to the penny, overnight aware; the fuel bonus is
 * Σ count × the option rate of its band (spec 3, section 9). On a worked timesheet the cancellation fee/bonus
 * (cost_extra_bonus) is recorded beside it for the reports, not added to the pay; a cancellation timesheet's fee is
 * its pay (cancellationTimesheet).
 */
export function timesheetCost(t: CostInputs, fuelRates: FuelRates): { const_fuel_bonus: number; cost_total: number } {
  const fuel = fuelBonus(t, fuelRates);
  return { const_fuel_bonus: fuel, cost_total: costTotal(t.cost_per_hour, t.period_date, t.start_time, t.finish_time, t.cost_bonus, fuel) };
}

/** Paid minutes of a timesheet: its length, or none for a cancellation timesheet (it keeps the shift's times only to name it). */
function paidMinutes(t: { status?: number; period_date: string; start_time: string; finish_time: string }): number {
  return isCancellation(t) ? 0 : shiftMinutes(t.period_date, t.start_time, t.finish_time);
}

/** Hours of a timesheet, 2 decimals (shown with 1). */
export function timesheetHours(t: { status?: number; period_date: string; start_time: string; finish_time: string }): number {
  return Math.round((paidMinutes(t) / 60) * 100) / 100;
}

/** A bonus is one of the choices, or the one already on the timesheet or its shift (shift bonuses are free amounts). */
export function isAllowedBonus(value: number, kept: readonly (number | null | undefined)[] = []): boolean {
  return BONUS_CHOICES.some((c) => c.value === value) || kept.some((k) => k !== null && k !== undefined && toPence(k) === toPence(value));
}

// --- dates and times -----------------------------------------------------------------------------------

/** The summary form's date can be at most tomorrow; the Add Time Sheet dialog's at most today (spec 3, section 5). */
export function latestTimesheetDate(kind: 'form' | 'add', today: string): string {
  return kind === 'form' ? addDays(today, 1) : today;
}

/** The time of day in London as HH:mm, for a driver's start or finish pressed now. */
export function londonTime(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}:${get('minute')}`;
}

/** Minutes from the start of `origin` to the start and end of a timesheet, overnight aware. */
function span(origin: string, t: { period_date: string; start_time: string; finish_time: string }): [number, number] {
  const start = daysBetween(origin, t.period_date) * 1440 + toMinutes(t.start_time);
  return [start, start + shiftMinutes(t.period_date, t.start_time, t.finish_time)];
}

/** Whether two timesheets' working times overlap (touching ends do not). */
export function timesOverlap(
  a: { period_date: string; start_time: string; finish_time: string },
  b: { period_date: string; start_time: string; finish_time: string },
): boolean {
  const [a0, a1] = span(a.period_date, a);
  const [b0, b1] = span(a.period_date, b);
  return a0 < b1 && b0 < a1;
}

// --- totals --------------------------------------------------------------------------------------------

export interface TimesheetTotals {
  total_timesheets: number;
  filled_hours: number;
  estimated_cost: number;
  expected_sales: number;
  approved: number;
  unapproved: number;
  free: number;
}

interface Countable extends TimesheetFacts {
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_total: number;
  /** The fee or bonus set on it (absent where the viewer may not see it, as for restaurant accounts). */
  cost_extra_bonus?: number | null;
  restaurant_id: number;
}

/**
 * What the driver is paid for a timesheet, in pence, as the payments export pays it (domain/payments.ts): a worked
 * timesheet's cost_total (rate × hours + bonus + fuel) plus the fee or bonus set on it; a cancellation timesheet's
 * cost_total is its fee already.
 */
function driverPence(t: Countable): number {
  return toPence(t.cost_total) + (isCancellation(t) ? 0 : toPence(t.cost_extra_bonus ?? 0));
}

/** Worked time counts unless it was discarded: an open shift has no one to pay, a discarded one is not paid. */
function counts(t: Countable): boolean {
  return hasDriver(t) && t.status !== S.discarded;
}

/**
 * The totals bar (spec 3, sections 2.3 and 3): Approved, Unapproved (pending with a driver) and Free (no
 * driver) timesheets, the total, filled hours, the estimated cost (the pay, cancellation fees and the fees or bonuses set on timesheets included) and the
 * expected sales (the pay of worked time plus the restaurant's commission per hour, as invoices charge it). Sums
 * are in pence, so no float drift.
 */
export function timesheetTotals(list: readonly Countable[], comissionPerHour: (restaurantId: number) => number): TimesheetTotals {
  let minutes = 0;
  let cost = 0;
  let sales = 0;
  let approved = 0;
  let unapproved = 0;
  let free = 0;
  for (const t of list) {
    if (!hasDriver(t)) free++;
    else if (t.status === S.approved) approved++;
    else if (t.status === S.pending) unapproved++;
    if (!counts(t)) continue;
    const m = paidMinutes(t);
    const pay = toPence(t.cost_total);
    minutes += m;
    cost += driverPence(t);
    // A fee charged to a driver changes what the agency pays, not what the restaurant is invoiced.
    if (!isCancellation(t)) sales += pay + Math.round((toPence(comissionPerHour(t.restaurant_id)) * m) / 60);
  }
  return {
    total_timesheets: list.length,
    filled_hours: Math.round((minutes / 60) * 100) / 100,
    estimated_cost: fromPence(cost),
    expected_sales: fromPence(sales),
    approved,
    unapproved,
    free,
  };
}

export interface DriverSummary {
  driver_id: number;
  count: number;
  hours: number;
  cost: number;
}

/**
 * The left panel: per driver, the number of timesheets shown, and the hours and pay of those not discarded (the fee
 * or bonus set on a timesheet counted, as the payments export counts it).
 */
export function driverSummaries(list: readonly Countable[]): Map<number, DriverSummary> {
  const out = new Map<number, { driver_id: number; count: number; minutes: number; pence: number }>();
  for (const t of list) {
    if (!hasDriver(t)) continue;
    const id = t.driver_id!;
    let s = out.get(id);
    if (!s) out.set(id, (s = { driver_id: id, count: 0, minutes: 0, pence: 0 }));
    s.count++;
    if (!counts(t)) continue;
    s.minutes += paidMinutes(t);
    s.pence += driverPence(t);
  }
  return new Map(
    [...out].map(([id, s]) => [id, { driver_id: id, count: s.count, hours: Math.round((s.minutes / 60) * 100) / 100, cost: fromPence(s.pence) }]),
  );
}

/**
 * Which rows a status filter shows (spec 3, section 4.2): Active the saved timesheets, Pending the placeholders of
 * shifts without one (pending, not submitted), All both. Approve All counts and approves the rows shown.
 */
export function matchesStatusFilter(t: TimesheetFacts, filter: number): boolean {
  if (filter === TIMESHEET_FILTER.active) return !isPlaceholder(t);
  if (filter === TIMESHEET_FILTER.pending) return isPlaceholder(t);
  return true;
}

// --- alerts --------------------------------------------------------------------------------------------

/** The alert staff get when a driver submits (timesheet_channel, event publish). */
export function submittedAlert(driver: string, restaurant: string, date: string): string {
  return `${driver} submitted a timesheet for ${restaurant} on ${ukDate(date)}`;
}

/** The alert staff get when a driver discards their timesheet (timesheet_channel, event reject). */
export function driverDiscardAlert(driver: string, restaurant: string, date: string): string {
  return `${driver} discarded the timesheet for ${restaurant} on ${ukDate(date)}`;
}
