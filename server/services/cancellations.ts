import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ReportingTable } from '../db/schema';
import { REPORTING_MODEL_TYPE } from '../../domain/statuses';
import { REPORT_EVENT, splitAmount } from '../../domain/reports';

export interface Cancellation {
  shiftId: number | null;
  timesheetId?: number | null;
  restaurantId: number;
  driverId: number | null;
  periodDate: string;
  startTime: string | null;
  finishTime: string | null;
  /** The driver's amount: negative for a fee charged to them, positive for a bonus (domain/reports.ts). */
  cost: number;
  commentCancelled: string | null;
  event: number;
  modelId?: number | null;
  moderatorId: number | null;
}

export type ReportingRow = Selectable<ReportingTable>;

/**
 * Writes one cancellation/charge record (the reporting table behind the 'Shift Cancelled/Bonus Added' report), its
 * amount split into charged, paid and difference by the reports' one sign convention. Call inside the transaction
 * that makes the change it records: cancelling a shift on the schedule (with its cancellation timesheet), or
 * changing the cancellation fee when a timesheet is approved.
 *
 * A worked timesheet has one fee or bonus, so it has one 'Bonus Added' record: setting its fee again (a second
 * approval, or the cancel-shift call's event 40) changes that record rather than adding one, and the report sums
 * what the timesheet, the payments export and the driver's totals carry.
 */
export async function recordCancellation(trx: Transaction<Database> | Kysely<Database>, c: Cancellation): Promise<ReportingRow> {
  const values = {
    shift_id: c.shiftId,
    timesheet_id: c.timesheetId ?? null,
    restaurant_id: c.restaurantId,
    driver_id: c.driverId,
    period_date: c.periodDate,
    start_time: c.startTime,
    finish_time: c.finishTime,
    cost: c.cost,
    ...splitAmount(c.cost),
    comment_cancelled: c.commentCancelled,
    model_type: REPORTING_MODEL_TYPE.shift,
    event: c.event,
    model_id: c.modelId ?? c.shiftId,
    moderator_id: c.moderatorId,
  };
  if (c.event === REPORT_EVENT.bonusAdded && c.timesheetId) {
    const earlier = await trx
      .selectFrom('reporting')
      .select('id')
      .where('timesheet_id', '=', c.timesheetId)
      .where('event', '=', REPORT_EVENT.bonusAdded)
      .orderBy('id')
      .executeTakeFirst();
    if (earlier) return trx.updateTable('reporting').set(values).where('id', '=', earlier.id).returningAll().executeTakeFirstOrThrow();
  }
  return trx.insertInto('reporting').values(values).returningAll().executeTakeFirstOrThrow();
}
