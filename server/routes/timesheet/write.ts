import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { TIMESHEET_MSG, type TimesheetInput } from '../../../domain/validation/timesheet';
import { loadLookups, type Lookups } from '../../records/timesheetLookups';
import { book, fieldsDiffer, planWrite, Refusal, type Plan, type PlanContext, type WriteRequest } from '../../records/timesheetPlan';
import { insertTimesheets, updateTimesheets } from '../../records/timesheets';
import { recordCancellation } from '../../services/cancellations';
import { REPORT_EVENT } from '../../../domain/reports';
import type { RecordConflict } from '../../../domain/versions';
import { versionConflict } from '../../services/versions';
import { inScope } from '../../plugins/auth';

export interface WriteItem {
  input: TimesheetInput;
  request: WriteRequest;
}

export interface Saved {
  index: number;
  id: number;
  plan: Plan;
}

export interface Failed {
  index: number;
  refusal: Refusal;
}

/**
 * The items sent with the version they were loaded with (a save from the form) whose timesheet changed since. The
 * rows are locked by the lookups; a timesheet gone or out of the account's reach is left to the rules' 404. An
 * approve item is refused only when it would also write over what changed (its fields differ from the stored
 * ones): approving a timesheet as it stands keeps the approve call's rules, a driver's discard meanwhile included.
 */
async function staleItems(trx: Transaction<Database>, items: WriteItem[], lookups: Lookups, ctx: PlanContext): Promise<Map<number, RecordConflict>> {
  const stale = new Map<number, RecordConflict>();
  for (const [index, { input, request }] of items.entries()) {
    if (request.id === undefined || input.updated_at === undefined) continue;
    const current = lookups.currents.get(request.id);
    if (!current || !inScope(ctx.scope, current.restaurant_id)) continue;
    if (request.approve && !fieldsDiffer(current, input)) continue;
    const conflict = await versionConflict(trx, 'timesheets', request.id, input.updated_at);
    if (conflict) stale.set(index, conflict);
  }
  return stale;
}

/**
 * Checks and stores a batch of timesheet writes inside the caller's transaction: one lookup pass, the rules for
 * each item (items of the same batch count against each other for overlaps), then one insert and one update
 * statement per thousand rows. Refused items are answered, not stored; the others are. An item sent with an old
 * version is refused with the conflict (409).
 */
export async function writeTimesheets(trx: Transaction<Database>, items: WriteItem[], ctx: PlanContext): Promise<{ saved: Saved[]; failed: Failed[] }> {
  const ids = items.flatMap((i) => (i.request.id === undefined ? [] : [i.request.id]));
  const lookups = await loadLookups(trx, items.map((i) => i.input), ids);

  const failed: Failed[] = [];
  const stale = await staleItems(trx, items, lookups, ctx);
  const accepted: { index: number; plan: Plan }[] = [];
  items.forEach((item, index) => {
    const conflict = stale.get(index);
    if (conflict) return failed.push({ index, refusal: new Refusal(409, { updated_at: [conflict.message] }, conflict) });
    try {
      const plan = planWrite(item.input, item.request, lookups, ctx);
      // New timesheets have no id yet: a negative one stands in for the overlap check.
      book(lookups, plan, item.request.id ?? -(index + 1));
      accepted.push({ index, plan });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      failed.push({ index, refusal: error });
    }
  });

  const saved: Saved[] = [];
  const creates = accepted.filter((a) => !a.plan.previous);
  const newIds = await insertTimesheets(trx, creates.map((c) => c.plan.values));
  creates.forEach((c, k) => {
    const id = newIds[k];
    if (id === null) failed.push({ index: c.index, refusal: new Refusal(400, { shift_id: [TIMESHEET_MSG.shiftTaken] }) });
    else saved.push({ index: c.index, id, plan: c.plan });
  });
  const updates = accepted.filter((a) => a.plan.previous).map((a) => ({ index: a.index, id: a.plan.previous!.id, plan: a.plan }));
  await updateTimesheets(trx, updates.map((u) => ({ id: u.id, values: u.plan.values })));
  saved.push(...updates);

  // A cancellation fee/bonus changed on approval is recorded for the reports, as the schedule's cancel-shift
  // call records one, in the same transaction. Only for timesheets of a shift: that call is about a shift, and
  // the reports list a hand-added timesheet's fee from the timesheet itself.
  for (const { id, plan } of saved) {
    const shiftId = plan.values.shift_id ?? plan.values.modified_shift_id;
    if (!plan.cancellationFeeChanged || shiftId === null) continue;
    await recordCancellation(trx, {
      shiftId,
      timesheetId: id,
      restaurantId: plan.values.restaurant_id,
      driverId: plan.values.driver_id,
      periodDate: plan.values.period_date,
      startTime: plan.values.start_time,
      finishTime: plan.values.finish_time,
      cost: plan.values.cost_extra_bonus,
      commentCancelled: plan.values.comment,
      event: REPORT_EVENT.bonusAdded,
      modelId: shiftId,
      moderatorId: ctx.userId,
    });
  }

  saved.sort((a, b) => a.index - b.index);
  failed.sort((a, b) => a.index - b.index);
  return { saved, failed };
}
