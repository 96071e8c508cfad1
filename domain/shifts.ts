import { addDays, shiftHours, ukDate } from './dates';
import { costTotal, fuelBonus, hourlyRate, type FuelCounts, type FuelRates, type PayRates } from './pay';
import { SHIFT_ASSIGNED, SHIFT_STATUS } from './statuses';

/**
 * Shift rules (spec 3, sections 3, 4.1, 5 and 9): who may move a shift from which status to which, what a
 * shift costs and how long it is. The boards decide what to offer with these; the server refuses the same.
 */

export type ShiftAssigned = (typeof SHIFT_ASSIGNED)[keyof typeof SHIFT_ASSIGNED];

/** What the rules need to know about a shift. */
export interface ShiftState {
  status: number;
  status_assigned: number;
  driver_id: number | null;
  /** Whether a timesheet exists for the shift (the lock on the boards). */
  has_timesheet: boolean;
  /** Made by a restaurant account (restaurateur_creator_id set). */
  restaurant_made?: boolean;
}

// The chips' words live apart so the board's first view (src/pages/schedule/preview/) can load them alone.
export { SHIFT_LABEL, rejectedByLabel } from './shiftLabels';
export const shiftRejectedBy = (name: string) => `Shift rejected by ${name}`;
export const removeShiftQuestion = (date: string) => `Remove shift ${ukDate(date)}?`;
export const publishShiftsQuestion = (count: number) => `Publish ${count} shifts?`;

/** Length in hours to 2 decimals; a finish at or before the start rolls into the next day. */
export const shiftLength = shiftHours;

function isOpenShift(shift: { driver_id: number | null | undefined }): boolean {
  return !shift.driver_id;
}

/**
 * status_assigned after a change of driver: a driver makes it assigned; no driver makes it free, except that a
 * rejected (stale) shift stays stale until someone is assigned or it is offered again.
 */
export function assignedStatusFor(driverId: number | null, previous?: number): ShiftAssigned {
  if (driverId) return SHIFT_ASSIGNED.assigned;
  return previous === SHIFT_ASSIGNED.stale ? SHIFT_ASSIGNED.stale : SHIFT_ASSIGNED.free;
}

export interface ShiftPricing {
  date: string;
  start: string;
  finish: string;
  restaurant: { standard: number | null; weekend: number | null };
  area: PayRates;
  bonus: number;
  fuel: FuelCounts;
  fuelRates: FuelRates;
}

/**
 * cost_per_hour by weekday (restaurant rate, else area rate), const_fuel_bonus from the counts and the option
 * rates, cost_total = rate × length + driver bonus + fuel bonus, to the penny.
 */
export function priceShift(p: ShiftPricing): { cost_per_hour: number; const_fuel_bonus: number; cost_total: number } {
  const rate = hourlyRate(p.date, p.restaurant, p.area);
  const fuel = fuelBonus(p.fuel, p.fuelRates);
  return { cost_per_hour: rate, const_fuel_bonus: fuel, cost_total: costTotal(rate, p.date, p.start, p.finish, p.bonus, fuel) };
}

/** Driver bonus choices of a restaurant's free shift (spec 3, section 5): none, +£10, +£20. */
export const FREE_SHIFT_BONUSES = [0, 10, 20] as const;
export const bonusLabel = (amount: number) => (amount === 0 ? 'No bonus' : `${amount > 0 ? '+' : '-'}£${Math.abs(amount)}`);

// --- Administrators and managers --------------------------------------------------------------------

/** Publish: an unpublished shift, or a published one that is open or stale (offered to drivers again). */
export function canPublish(shift: ShiftState): boolean {
  if (shift.status === SHIFT_STATUS.new) return true;
  return shift.status === SHIFT_STATUS.published && isOpenShift(shift) && !shift.has_timesheet;
}

/** Unpublish: a published shift nobody has worked yet. */
export function canUnpublish(shift: ShiftState): boolean {
  return shift.status === SHIFT_STATUS.published && !shift.has_timesheet;
}

/** The shift menu's Remove: new or draft, open, no timesheet (spec 3, section 4.1). */
export function canRemove(shift: ShiftState): boolean {
  return (shift.status === SHIFT_STATUS.new || shift.status === SHIFT_STATUS.draft) && isOpenShift(shift) && !shift.has_timesheet;
}

/** What the server deletes (one or in bulk, 'Delete Unpublished Shifts'): an unpublished shift without a timesheet. */
export function canDelete(shift: ShiftState): boolean {
  return shift.status !== SHIFT_STATUS.published && !shift.has_timesheet;
}

/** Cancel shift: published with a driver, not yet worked. */
export function canCancel(shift: ShiftState): boolean {
  return shift.status === SHIFT_STATUS.published && !isOpenShift(shift) && !shift.has_timesheet;
}

/** Date, times, restaurant and driver are fixed once a timesheet exists. */
export function canMove(shift: ShiftState): boolean {
  return !shift.has_timesheet;
}

/** Publish notifies drivers on request when the shift is open or stale (the 'Notify drivers?' question). */
export function asksToNotify(shift: ShiftState): boolean {
  return isOpenShift(shift) || shift.status_assigned === SHIFT_ASSIGNED.stale;
}

// --- Restaurant accounts ----------------------------------------------------------------------------

/** A free shift a restaurant account may change: its own making, no driver, not published, not worked. */
export function isEditableFreeShift(shift: ShiftState): boolean {
  return !!shift.restaurant_made && isOpenShift(shift) && shift.status !== SHIFT_STATUS.published && !shift.has_timesheet;
}

/**
 * A restaurant's drafts are dated from tomorrow on (spec 3, section 9 'Draft minimum date'): the office needs the
 * time to staff them. Creating, pasting, copying or moving a draft to an earlier date is refused; a draft keeping
 * the date it already has may still be edited, sent or taken back.
 */
export function earliestDraftDate(today: string): string {
  return addDays(today, 1);
}

export const draftTooEarlyMessage = (earliest: string) => `Date can't be earlier than ${ukDate(earliest)}`;

/** Why a restaurant may not date a draft `date`, or null; `stored` is the date the draft has now, if any. */
export function draftDateRefusal(date: string, today: string, stored?: string): string | null {
  const earliest = earliestDraftDate(today);
  return date < earliest && date !== stored ? draftTooEarlyMessage(earliest) : null;
}

/** A restaurant's Publish sends a draft to moderation (draft → new). */
export function canRestaurantPublish(shift: ShiftState): boolean {
  return shift.status === SHIFT_STATUS.draft && isEditableFreeShift(shift);
}

/** A restaurant's Unpublish takes a shift back from moderation (new → draft), only without a timesheet. */
export function canRestaurantUnpublish(shift: ShiftState): boolean {
  return shift.status === SHIFT_STATUS.new && isEditableFreeShift(shift);
}

// --- Totals bar ---------------------------------------------------------------------------------------

export interface ShiftTotalsInput {
  restaurant_id: number;
  status: number;
  driver_id: number | null;
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_total: number;
}

export interface ShiftTotals {
  published: number;
  unpublished: number;
  draft: number;
  open: number;
  total: number;
  /** Hours of shifts with a driver, 1 decimal. */
  filledHours: number;
  /** Σ cost_total, to the penny. */
  estimatedCost: number;
  /** What the restaurants will be invoiced: Σ cost_total + hours × the restaurant's commission per hour. */
  expectedSales: number;
}

/**
 * The admin board's bottom bar: Published, Unpublished, Draft, Open Shifts, Total Shifts, Filled Hours, Est. Cost
 * and Expected Sales. `commission` gives a restaurant's commission in pounds per hour (its own, else the option).
 */
export function shiftTotals(shifts: Iterable<ShiftTotalsInput>, commission: (restaurantId: number) => number = () => 0): ShiftTotals {
  const t = { published: 0, unpublished: 0, draft: 0, open: 0, total: 0, filledMinutes: 0, pence: 0, salesPence: 0 };
  for (const s of shifts) {
    t.total++;
    if (s.status === SHIFT_STATUS.published) t.published++;
    else if (s.status === SHIFT_STATUS.new) t.unpublished++;
    else if (s.status === SHIFT_STATUS.draft) t.draft++;
    const hours = shiftHours(s.period_date, s.start_time, s.finish_time);
    if (!s.driver_id) t.open++;
    else t.filledMinutes += Math.round(hours * 60);
    const cost = Math.round(Number(s.cost_total) * 100);
    t.pence += cost;
    t.salesPence += cost + Math.round(hours * commission(s.restaurant_id) * 100);
  }
  return {
    published: t.published,
    unpublished: t.unpublished,
    draft: t.draft,
    open: t.open,
    total: t.total,
    filledHours: Math.round((t.filledMinutes / 60) * 10) / 10,
    estimatedCost: t.pence / 100,
    expectedSales: t.salesPence / 100,
  };
}

// --- The shift as GET /api/shift answers it ------------------------------------------------------------

/** Who made or moderated a shift: a staff user or a restaurant account (spec 3, section 3). */
export interface ShiftPerson {
  id: number;
  kind: 'user' | 'restaurateur';
  name: string;
  contact: string;
}

export interface ShiftDriver {
  id: number;
  full_name: string;
  phone: string | null;
  photo_src: string | null;
}

/**
 * A shift's notes and who made, changed or was taken off it: columns the shifts table stores and the API answers
 * as they are (server/db/schema.ts's ShiftsTable has them too).
 */
export interface ShiftNotesAndPeople {
  comment: string | null;
  comment_cancelled: string | null;
  creator_id: number | null;
  moderator_id: number | null;
  restaurateur_creator_id: number | null;
  restaurateur_moderator_id: number | null;
  driver_id_canceled: number | null;
}

export interface ShiftRecord extends ShiftNotesAndPeople {
  id: number;
  restaurant_id: number;
  driver_id: number | null;
  status: number;
  status_assigned: number;
  period_date: string;
  start_time: string;
  finish_time: string;
  meal_time: number;
  rest_time: number;
  cost_per_hour: number;
  cost_total: number;
  cost_bonus: number;
  const_fuel_bonus: number;
  /** The cancellation fee: never sent to restaurant accounts. */
  cost_extra_bonus?: number;
  extra_request: number;
  fuel_bonus_0: number;
  fuel_bonus_3: number;
  fuel_bonus_6: number;
  /** The shift's version (domain/versions.ts), sent back with a save: every answer of the API carries it. */
  updated_at: string;
  creator: ShiftPerson | null;
  moderator: ShiftPerson | null;
  /** The attached timesheet's id (the lock on the boards), whatever the query asked. */
  timesheet_id: number | null;
  /** With with_timesheet=1: the attached timesheet record, or null. */
  timesheet?: Record<string, unknown> | null;
  /** With with_driver=1: the assigned driver, and the driver who rejected it ('Rejected by: {name}'). */
  driver?: ShiftDriver | null;
  driver_canceled?: { id: number; full_name: string } | null;
}

/** The rules' view of a shift record. */
export function stateOf(shift: ShiftRecord): ShiftState {
  return {
    status: shift.status,
    status_assigned: shift.status_assigned,
    driver_id: shift.driver_id,
    has_timesheet: shift.timesheet_id !== null,
    restaurant_made: shift.restaurateur_creator_id !== null,
  };
}

/** What the live feed says about a changed shift: enough to find it, nothing a restaurant may not see. */
export interface ShiftRef {
  id: number;
  restaurant_id: number;
  period_date: string;
}

import { SHIFT_CHANNEL } from './channels';
export { SHIFT_CHANNEL };
