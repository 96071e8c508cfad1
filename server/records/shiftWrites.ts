import { sql, type Insertable, type Transaction, type UpdateObject } from 'kysely';
import type { Database, ShiftsTable } from '../db/schema';
import { insertRows } from '../db/seed/bulk';
import { SHIFT_ASSIGNED } from '../../domain/statuses';

/**
 * A shift's writes: the schedule's single and bulk calls, copies, Cancel Shift, Find cover, the planning assistant
 * and the restaurants' free-shift calls make them inside their own transaction, after their rules. Shifts as answered are shifts.ts; what the rules read is
 * shiftFacts.ts.
 */

/** A shift with all its columns, locked (inside a transaction) for the change about to be made. */
export async function lockShift(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('shifts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Shifts with all their columns, in id order, locked (inside a transaction) for a bulk change. */
export async function lockShiftRows(trx: Transaction<Database>, ids: readonly number[]) {
  return trx.selectFrom('shifts').selectAll().where('id', '=', sql<number>`any(${ids}::int[])`).orderBy('id').forUpdate().execute();
}

/** Inserts one shift and answers its id. */
export async function insertShift(trx: Transaction<Database>, values: Insertable<ShiftsTable>): Promise<number> {
  const row = await trx.insertInto('shifts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts many shifts (copies) in few statements; answers their ids in the rows' order. */
export async function insertShifts(trx: Transaction<Database>, rows: readonly Insertable<ShiftsTable>[]): Promise<number[]> {
  return insertRows(trx, 'shifts', rows, { returning: true });
}

/** Changes one shift's columns, and its version. */
export async function updateShift(trx: Transaction<Database>, id: number, values: UpdateObject<Database, 'shifts'>): Promise<void> {
  await trx.updateTable('shifts').set({ ...values, updated_at: sql<string>`now()` }).where('id', '=', id).execute();
}

/** Changes the same columns of several shifts in one statement, and their versions. */
export async function updateShifts(trx: Transaction<Database>, ids: readonly number[], values: UpdateObject<Database, 'shifts'>): Promise<void> {
  await trx.updateTable('shifts').set({ ...values, updated_at: sql<string>`now()` }).where('id', '=', sql<number>`any(${ids}::int[])`).execute();
}

/** Sets shifts' pay (rate, fuel bonus, total) in one statement, each its own. */
export async function setShiftPrices(
  trx: Transaction<Database>,
  prices: { id: number; cost_per_hour: number; const_fuel_bonus: number; cost_total: number }[],
): Promise<void> {
  await sql`
    update shifts set cost_per_hour = p.cost_per_hour, const_fuel_bonus = p.const_fuel_bonus, cost_total = p.cost_total
    from json_to_recordset(${JSON.stringify(prices)}::json) as p(id int, cost_per_hour numeric, const_fuel_bonus numeric, cost_total numeric)
    where shifts.id = p.id`.execute(trx);
}

/** Gives shifts their drivers (the planning assistant's proposals), in one statement. */
export async function assignShiftDrivers(trx: Transaction<Database>, lines: { shift_id: number; driver_id: number }[]): Promise<void> {
  await sql`
    update shifts set driver_id = l.driver_id, status_assigned = ${SHIFT_ASSIGNED.assigned}, updated_at = now()
    from json_to_recordset(${JSON.stringify(lines)}::json) as l(shift_id int, driver_id int)
    where shifts.id = l.shift_id`.execute(trx);
}

/** Deletes shifts (the rules have said they may go: no timesheet, not published). */
export async function deleteShifts(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  await trx.deleteFrom('shifts').where('id', '=', sql<number>`any(${ids}::int[])`).execute();
}

/** Records that a driver covered a shift (Find cover), at the app's clock, which attendance is read by. */
export async function insertShiftCover(trx: Transaction<Database>, values: Insertable<Database['shift_covers']>): Promise<void> {
  await trx.insertInto('shift_covers').values(values).execute();
}
