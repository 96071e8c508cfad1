import { CANCELLATION_TIMESHEET, TIMESHEET_PROGRESS as P, TIMESHEET_PROGRESS_LABELS, TIMESHEET_STATUS as S, TIMESHEET_STATUS_LABELS } from '../statuses';
import { TIMESHEET_MSG } from '../validation/timesheetMessages';

/**
 * A timesheet's state and its transitions (spec 3, sections 4.2 and 9): Approve, Discard, Unapprove Time and
 * Unapprove Pay, why one is refused now, which a requested state means, and which rows a status filter shows.
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


/**
 * Which rows a status filter shows (spec 3, section 4.2): Active the saved timesheets, Pending the placeholders of
 * shifts without one (pending, not submitted), All both. Approve All counts and approves the rows shown.
 */
export function matchesStatusFilter(t: TimesheetFacts, filter: number): boolean {
  if (filter === TIMESHEET_FILTER.active) return !isPlaceholder(t);
  if (filter === TIMESHEET_FILTER.pending) return isPlaceholder(t);
  return true;
}
