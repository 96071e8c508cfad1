import { worksForRestaurant } from '../../domain/availability';
import { hourlyRate } from '../../domain/pay';
import { toPence } from '../../domain/money';
import { SHIFT_STATUS, TIMESHEET_PROGRESS as P, TIMESHEET_STATUS as S } from '../../domain/statuses';
import {
  actionRefusal,
  hasDriver,
  isAllowedBonus,
  isCancellation,
  latestTimesheetDate,
  rateFor,
  requestedChange,
  stateLabel,
  targetState,
  timesheetCost,
  timesOverlap,
  type TimesheetAction,
  type TimesheetFacts,
  type TimesheetState,
} from '../../domain/timesheets';
import {
  TIMESHEET_MSG,
  costMismatchMessage,
  dateTooLateMessage,
  overlapMessage,
  transitionMessage,
  type TimesheetInput,
} from '../../domain/validation/timesheet';
import type { RecordConflict } from '../../domain/versions';
import type { PayOptions } from './payOptions';
import type { DriverFacts, Lookups, RestaurantFacts, ShiftFacts, StoredTimesheet } from './timesheetLookups';
import { inScope } from '../plugins/auth';

/**
 * A write the rules refuse: the HTTP status and the `{ field: [messages] }` body; for a save on an old version
 * (409), the conflict too, which a single save answers as its body.
 */
export class Refusal extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409,
    readonly errors: Record<string, string[]>,
    readonly conflict?: RecordConflict,
  ) {
    super(Object.values(errors)[0]?.[0] ?? 'Refused');
  }
}

const refuse = (field: string, message: string, status: 400 | 403 | 404 = 400) => new Refusal(status, { [field]: [message] });

export interface PlanContext {
  /** Today in London. */
  today: string;
  pay: PayOptions;
  /** Restaurants the account may touch; null = all. */
  scope: number[] | null;
  /** The staff user making the change (the moderator of a cancellation record). */
  userId: number | null;
}

type Change = 'create' | 'edit' | TimesheetAction;

/** The columns a timesheet write stores: a saved timesheet's, with its driver and break times. */
export type TimesheetValues = Omit<StoredTimesheet, 'id' | 'driver_id'> & { driver_id: number; meal_time: number; rest_time: number };

export interface Plan {
  /** The saved timesheet changed, or null for a new one. */
  previous: StoredTimesheet | null;
  change: Change;
  values: TimesheetValues;
  shift: ShiftFacts | null;
  driver: DriverFacts;
  restaurant: RestaurantFacts;
  /** The cancellation fee/bonus was changed on approve: the cancellation record is written too. */
  cancellationFeeChanged: boolean;
}

export interface WriteRequest {
  /** The timesheet of PUT /api/timesheet/{id} or of an approve item; undefined for a new one. */
  id?: number;
  /** Approve (POST /api/timesheet/approve) rather than the state the body asks for. */
  approve?: boolean;
}

const sameText = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');

/** The fields the form edits: none may change while the timesheet is approved. */
export function fieldsDiffer(stored: StoredTimesheet, input: TimesheetInput): boolean {
  return (
    stored.restaurant_id !== input.restaurant_id ||
    stored.period_date !== input.period_date ||
    stored.start_time !== input.start_time ||
    stored.finish_time !== input.finish_time ||
    toPence(stored.cost_bonus) !== toPence(input.cost_bonus) ||
    toPence(stored.cost_extra_bonus) !== toPence(input.cost_extra_bonus) ||
    stored.fuel_bonus_0 !== input.fuel_bonus_0 ||
    stored.fuel_bonus_3 !== input.fuel_bonus_3 ||
    stored.fuel_bonus_6 !== input.fuel_bonus_6 ||
    !sameText(stored.comment, input.comment)
  );
}

/** The state a body asks for: the status and progress it sends, completed from the action that status implies. */
function requestedState(base: TimesheetState, input: TimesheetInput): TimesheetState {
  if (input.status === undefined) return { status: base.status, status_progress: input.status_progress ?? base.status_progress };
  if (input.status_progress !== undefined) return { status: input.status, status_progress: input.status_progress };
  if (input.status === S.approved) return targetState('approve', base);
  if (input.status === S.discarded) return targetState('discard', base);
  // Back to pending: Unapprove Time and Unapprove Pay differ only by progress, so it must be said.
  if (base.status !== S.pending) throw refuse('status_progress', TIMESHEET_MSG.progressRequired);
  return { status: input.status, status_progress: base.status_progress };
}

/** A new timesheet starts pending (submitted by the office, or not submitted), or is approved or discarded at once. */
function creationChange(base: TimesheetFacts, requested: TimesheetState): Change | null {
  if (requested.status === S.pending && (requested.status_progress === P.notSubmitted || requested.status_progress === P.submitted)) return 'create';
  const change = requestedChange(base, requested);
  return change === 'approve' || change === 'discard' ? change : null;
}

/**
 * Checks one timesheet write against the rules of spec 3 (sections 4.2, 5 and 9) and the stored data, and
 * works out what to store: the server's own cost from its stored rates, never the client's figure.
 * Throws a Refusal with the message to show.
 */
export function planWrite(input: TimesheetInput, request: WriteRequest, lookups: Lookups, ctx: PlanContext): Plan {
  const previous = request.id !== undefined ? (lookups.currents.get(request.id) ?? null) : null;
  if (request.id !== undefined && (!previous || !inScope(ctx.scope, previous.restaurant_id))) throw refuse('id', TIMESHEET_MSG.notFound, 404);
  if (previous && isCancellation(previous)) throw refuse('id', TIMESHEET_MSG.cancellationFixed);

  const restaurant = lookups.restaurants.get(input.restaurant_id);
  if (!restaurant) throw refuse('restaurant_id', TIMESHEET_MSG.restaurantUnknown);
  if (!inScope(ctx.scope, restaurant.id)) throw refuse('restaurant_id', TIMESHEET_MSG.restaurantOutOfScope, 403);

  // The shift link is set when the timesheet is made and kept afterwards.
  let shift: ShiftFacts | null = null;
  if (previous) {
    if (input.shift_id !== null && input.shift_id !== previous.shift_id) throw refuse('shift_id', TIMESHEET_MSG.shiftFixed);
    shift = previous.shift_id === null ? null : (lookups.shifts.get(previous.shift_id) ?? null);
  } else if (input.shift_id !== null) {
    shift = lookups.shifts.get(input.shift_id) ?? null;
    if (!shift || !inScope(ctx.scope, shift.restaurant_id)) throw refuse('shift_id', TIMESHEET_MSG.shiftUnknown);
    if (shift.status === SHIFT_STATUS.draft) throw refuse('shift_id', TIMESHEET_MSG.shiftDraft);
    if (shift.timesheet_id !== null) throw refuse('shift_id', TIMESHEET_MSG.shiftTaken);
  }
  let modifiedShiftId = previous?.modified_shift_id ?? null;
  if (input.modified_shift_id !== null) {
    const modified = lookups.shifts.get(input.modified_shift_id);
    if (!modified || !inScope(ctx.scope, modified.restaurant_id)) throw refuse('modified_shift_id', TIMESHEET_MSG.shiftUnknown);
    modifiedShiftId = modified.id;
  }

  // The driver is the shift's, and stays the timesheet's.
  let driverId = input.driver_id;
  if (previous) {
    if (driverId !== null && driverId !== previous.driver_id) throw refuse('driver_id', TIMESHEET_MSG.driverFixed);
    driverId = previous.driver_id;
  } else if (shift && hasDriver(shift)) {
    if (driverId !== null && driverId !== shift.driver_id) throw refuse('driver_id', TIMESHEET_MSG.shiftOtherDriver);
    driverId = shift.driver_id;
  }

  const base: TimesheetFacts = previous ?? { id: 0, driver_id: driverId, status: S.pending, status_progress: P.notSubmitted };
  let requested: TimesheetState;
  if (request.approve) {
    const refusal = actionRefusal('approve', { ...base, driver_id: driverId });
    if (refusal) throw refuse(hasDriver({ driver_id: driverId }) ? 'status' : 'driver_id', refusal);
    requested = targetState('approve', base);
  } else {
    requested = requestedState(base, input);
  }
  const change = previous ? requestedChange(previous, requested) : creationChange(base, requested);
  if (change === null || !hasDriver({ driver_id: driverId })) {
    if (requested.status === S.approved && !hasDriver({ driver_id: driverId })) throw refuse('driver_id', TIMESHEET_MSG.cantApproveOpen);
    if (requested.status === S.discarded && !hasDriver({ driver_id: driverId })) throw refuse('driver_id', TIMESHEET_MSG.cantDiscardOpen);
    if (change !== null) throw refuse('driver_id', TIMESHEET_MSG.driverRequired);
    throw refuse('status', transitionMessage(stateLabel(base), stateLabel(requested)));
  }

  const driver = lookups.drivers.get(driverId!);
  if (!driver) throw refuse('driver_id', TIMESHEET_MSG.driverUnknown);
  const addedByHand = !previous && !shift;
  if (addedByHand && !worksForRestaurant(driver, restaurant)) throw refuse('driver_id', TIMESHEET_MSG.driverNotHere);

  const latest = latestTimesheetDate(addedByHand ? 'add' : 'form', ctx.today);
  if (input.period_date > latest) throw refuse('period_date', dateTooLateMessage(latest));

  const frozen = previous?.status === S.approved;
  if (frozen && fieldsDiffer(previous, input)) throw refuse('id', TIMESHEET_MSG.locked);
  if (!isAllowedBonus(input.cost_bonus, [previous?.cost_bonus, shift?.cost_bonus])) throw refuse('cost_bonus', TIMESHEET_MSG.bonusChoice);

  // Pay: an approved timesheet's figures are frozen (leaving approved keeps them); otherwise they are worked out
  // here from the stored rates: the timesheet's own rate while it stays on its restaurant and day, else the
  // shift's or the rates table's for the new restaurant and day.
  let cost_per_hour: number;
  let const_fuel_bonus: number;
  let cost_total: number;
  if (frozen) {
    ({ cost_per_hour, const_fuel_bonus, cost_total } = previous);
  } else {
    const keepsRate = previous && previous.cost_per_hour > 0 && previous.restaurant_id === input.restaurant_id && previous.period_date === input.period_date;
    const table = hourlyRate(input.period_date, { standard: restaurant.standard_pay, weekend: restaurant.weekend_pay }, { standard: restaurant.area_standard, weekend: restaurant.area_weekend });
    cost_per_hour = keepsRate ? previous.cost_per_hour : rateFor(input, shift, table);
    ({ const_fuel_bonus, cost_total } = timesheetCost({ ...input, cost_per_hour }, ctx.pay.fuel));
  }
  if (input.cost_total !== null && toPence(input.cost_total) !== toPence(cost_total)) throw refuse('cost_total', costMismatchMessage(cost_total));

  // The same driver is not paid twice for the same time.
  const timeMoved = !previous || previous.period_date !== input.period_date || previous.start_time !== input.start_time || previous.finish_time !== input.finish_time;
  if (requested.status !== S.discarded && (timeMoved || previous?.status === S.discarded)) {
    const clash = (lookups.booked.get(driver.id) ?? []).find((b) => b.id !== previous?.id && timesOverlap(input, b));
    if (clash) {
      throw refuse('start_time', overlapMessage({ restaurant: clash.restaurant_name, date: clash.period_date, start: clash.start_time, finish: clash.finish_time }));
    }
  }

  const scheduledFee = previous?.cost_extra_bonus ?? shift?.cost_extra_bonus ?? 0;
  return {
    previous,
    change,
    shift,
    driver,
    restaurant,
    cancellationFeeChanged: change === 'approve' && toPence(input.cost_extra_bonus) !== toPence(scheduledFee),
    values: {
      shift_id: previous ? previous.shift_id : (shift?.id ?? null),
      modified_shift_id: modifiedShiftId,
      restaurant_id: restaurant.id,
      driver_id: driver.id,
      status: requested.status,
      status_progress: requested.status_progress,
      period_date: input.period_date,
      start_time: input.start_time,
      finish_time: input.finish_time,
      meal_time: 0,
      rest_time: 0,
      cost_per_hour,
      cost_bonus: input.cost_bonus,
      const_fuel_bonus,
      cost_extra_bonus: input.cost_extra_bonus,
      cost_total,
      fuel_bonus_0: input.fuel_bonus_0,
      fuel_bonus_3: input.fuel_bonus_3,
      fuel_bonus_6: input.fuel_bonus_6,
      comment: input.comment,
      // The driver's own words stay theirs.
      driver_comment: previous?.driver_comment ?? null,
    },
  };
}

/** Records a planned write as booked time, so later items of the same batch cannot overlap it. */
export function book(lookups: Lookups, plan: Plan, id: number): void {
  if (plan.values.status === S.discarded) return;
  const list = lookups.booked.get(plan.driver.id) ?? [];
  const others = list.filter((b) => b.id !== id);
  others.push({ id, period_date: plan.values.period_date, start_time: plan.values.start_time, finish_time: plan.values.finish_time, restaurant_name: plan.restaurant.name });
  lookups.booked.set(plan.driver.id, others);
}
