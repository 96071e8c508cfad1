import { ukDate } from '../dates';
import { TIMESHEET_PROGRESS as P, TIMESHEET_STATUS as S } from '../statuses';
import { TIMESHEET_MSG } from '../validation/timesheetMessages';
import { type TimesheetAction, type TimesheetFacts, actionRefusal, hasDriver, isCancellation, removeRefusal } from './states';

/**
 * What the timesheet screen offers and says (spec 3, sections 2.3, 4.2 and 5): the summary form's buttons, Approve
 * All's plan and questions, and the alerts staff get when a driver submits or discards.
 */

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

/** The alert staff get when a driver submits (timesheet_channel, event publish). */
export function submittedAlert(driver: string, restaurant: string, date: string): string {
  return `${driver} submitted a timesheet for ${restaurant} on ${ukDate(date)}`;
}

/** The alert staff get when a driver discards their timesheet (timesheet_channel, event reject). */
export function driverDiscardAlert(driver: string, restaurant: string, date: string): string {
  return `${driver} discarded the timesheet for ${restaurant} on ${ukDate(date)}`;
}
