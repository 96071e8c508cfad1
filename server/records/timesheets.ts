import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { cancellationTimesheet } from '../../domain/timesheets';

/**
 * A timesheet's writes that other records' calls make in their own transaction. The timesheet list's reading is
 * timesheetViews.ts; the timesheet calls' own batched writes are routes/timesheet/store.ts.
 */

/**
 * The cancelled driver's cancellation timesheet (Cancel Shift, Find cover): the fee, negative when charged, is its
 * pay. Answers its id; call in the transaction that takes the driver off the shift and records the cancellation.
 */
export async function insertCancellationTimesheet(
  trx: Transaction<Database>,
  shift: Parameters<typeof cancellationTimesheet>[0],
  driverId: number,
  fee: number,
  comment: string | null,
): Promise<number> {
  const row = await trx.insertInto('timesheets').values(cancellationTimesheet(shift, driverId, fee, comment)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The timesheet worked on a shift (a cancellation timesheet names it as cancelled_shift_id, not shift_id), locked. */
export async function workedTimesheetOfShift(trx: Transaction<Database>, shiftId: number): Promise<{ id: number; driver_id: number | null } | null> {
  const row = await trx.selectFrom('timesheets').select(['id', 'driver_id']).where('shift_id', '=', shiftId).forUpdate().executeTakeFirst();
  return row ?? null;
}

/**
 * Sets a worked timesheet's fee or bonus (cost_extra_bonus, the driver's sign: negative a fee, positive a bonus):
 * the one amount the payments export, the drivers' totals and the reports read, so a fee recorded for the reports is
 * always the timesheet's too. Call inside the transaction that writes the record telling of it.
 */
export async function setTimesheetFee(trx: Transaction<Database>, timesheetId: number, fee: number): Promise<void> {
  await trx.updateTable('timesheets').set({ cost_extra_bonus: fee, updated_at: sql<string>`now()` }).where('id', '=', timesheetId).execute();
}
