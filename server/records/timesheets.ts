import { sql, type Insertable, type Transaction, type Updateable } from 'kysely';
import type { Database, TimesheetsTable } from '../db/schema';
import { cancellationTimesheet, isCancellation } from '../../domain/timesheets';
import type { TimesheetValues } from './timesheetPlan';

/**
 * A timesheet's writes: the office's timesheet calls (batched), the driver app's steps, and those other records'
 * calls make in their own transaction. The timesheet list's reading is timesheetViews.ts; what the office's writes
 * read is timesheetLookups.ts, and their rules timesheetPlan.ts.
 */

/** Rows per UPDATE ... FROM (VALUES ...) statement: 17 parameters each, well under PostgreSQL's 65,535. */
const CHUNK = 1000;

/** Inserts one timesheet and answers its id. */
export async function insertTimesheet(trx: Transaction<Database>, values: Insertable<TimesheetsTable>): Promise<number> {
  const row = await trx.insertInto('timesheets').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes one timesheet's columns, and its version. */
export async function updateTimesheet(trx: Transaction<Database>, id: number, values: Updateable<TimesheetsTable>): Promise<void> {
  await trx.updateTable('timesheets').set({ ...values, updated_at: sql<string>`now()` }).where('id', '=', id).execute();
}

/**
 * Inserts new timesheets; answers each one's new id, or null when its shift got a timesheet meanwhile (another
 * request won the race: the unique index on shift_id decides).
 */
export async function insertTimesheets(trx: Transaction<Database>, rows: TimesheetValues[]): Promise<(number | null)[]> {
  const ids: (number | null)[] = new Array(rows.length).fill(null);
  const linked = rows.map((v, i) => ({ v, i })).filter(({ v }) => v.shift_id !== null);
  for (let start = 0; start < linked.length; start += CHUNK) {
    const chunk = linked.slice(start, start + CHUNK);
    const inserted = await trx
      .insertInto('timesheets')
      .values(chunk.map(({ v }) => ({ ...v })))
      .onConflict((oc) => oc.column('shift_id').where('shift_id', 'is not', null).doNothing())
      .returning(['id', 'shift_id'])
      .execute();
    const byShift = new Map(inserted.map((r) => [r.shift_id, r.id]));
    for (const { v, i } of chunk) ids[i] = byShift.get(v.shift_id) ?? null;
  }
  // Timesheets added by hand carry no shift: few at a time, one statement each so ids match for sure.
  for (const [i, v] of rows.entries()) {
    if (v.shift_id !== null) continue;
    ids[i] = await insertTimesheet(trx, { ...v });
  }
  return ids;
}

/** Updates saved timesheets in as few statements as possible. The driver, the shift link and the driver's own fields stay. */
export async function updateTimesheets(trx: Transaction<Database>, rows: { id: number; values: TimesheetValues }[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const values = rows.slice(start, start + CHUNK).map(({ id, values: v }) =>
      sql`(${id}::int, ${v.modified_shift_id}::int, ${v.restaurant_id}::int, ${v.status}::int, ${v.status_progress}::int,
        ${v.period_date}::date, ${v.start_time}::text, ${v.finish_time}::text, ${v.cost_per_hour}::numeric, ${v.cost_bonus}::numeric,
        ${v.const_fuel_bonus}::numeric, ${v.cost_extra_bonus}::numeric, ${v.cost_total}::numeric, ${v.fuel_bonus_0}::int,
        ${v.fuel_bonus_3}::int, ${v.fuel_bonus_6}::int, ${v.comment}::text)`,
    );
    await sql`
      update timesheets as t set
        modified_shift_id = v.modified_shift_id, restaurant_id = v.restaurant_id, status = v.status,
        status_progress = v.status_progress, period_date = v.period_date, start_time = v.start_time,
        finish_time = v.finish_time, meal_time = 0, rest_time = 0, cost_per_hour = v.cost_per_hour,
        cost_bonus = v.cost_bonus, const_fuel_bonus = v.const_fuel_bonus, cost_extra_bonus = v.cost_extra_bonus,
        cost_total = v.cost_total, fuel_bonus_0 = v.fuel_bonus_0, fuel_bonus_3 = v.fuel_bonus_3,
        fuel_bonus_6 = v.fuel_bonus_6, comment = v.comment, updated_at = now()
      from (values ${sql.join(values)}) as v(id, modified_shift_id, restaurant_id, status, status_progress, period_date,
        start_time, finish_time, cost_per_hour, cost_bonus, const_fuel_bonus, cost_extra_bonus, cost_total,
        fuel_bonus_0, fuel_bonus_3, fuel_bonus_6, comment)
      where t.id = v.id`.execute(trx);
  }
}

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
  return insertTimesheet(trx, cancellationTimesheet(shift, driverId, fee, comment));
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
  await updateTimesheet(trx, timesheetId, { cost_extra_bonus: fee });
}

/** A timesheet as its removal's rule reads it, locked (inside a transaction) until it is removed. */
export async function timesheetForRemoval(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('timesheets').select(['id', 'driver_id', 'status', 'status_progress']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Deletes a timesheet. Removing a cancellation timesheet takes its fee back: from the reports too, not only from the pay. */
export async function deleteTimesheet(trx: Transaction<Database>, row: { id: number; status: number }): Promise<void> {
  if (isCancellation(row)) await trx.deleteFrom('reporting').where('timesheet_id', '=', row.id).execute();
  await trx.deleteFrom('timesheets').where('id', '=', row.id).execute();
}
