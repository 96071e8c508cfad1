import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { workingTimeQuestion, writeWarnings, type DriverShift } from '../../../domain/workingTime';
import { spanOf } from './facts';
import { loadLimits, loadPlannedShifts } from './planFacts';

export interface WrittenShift extends DriverShift {
  restaurant_id: number;
}

/**
 * The working-time warnings of shifts a call is about to write (given a driver, moved, copied), read against
 * every planned shift of their drivers, unpublished or published. Runs inside the call's transaction, after the
 * driver rows were locked by the driver checks.
 */
export async function warningsFor(db: Kysely<Database>, shifts: readonly WrittenShift[]): Promise<string[]> {
  const assigned = shifts.filter((s) => s.driver_id);
  if (!assigned.length) return [];
  const driverIds = [...new Set(assigned.map((s) => s.driver_id!))];
  const limits = await loadLimits(db);
  const planned = await loadPlannedShifts(db, driverIds, spanOf(assigned.map((s) => s.period_date)), limits);
  const drivers = await sql<{ id: number; full_name: string; opted_out: boolean }>`
    select id, trim(first_name || ' ' || last_name) as full_name, working_time_opt_out as opted_out
    from drivers where id = any(${driverIds}::int[])`.execute(db);
  const names = await sql<{ id: number; name: string }>`
    select id, name from restaurants where id = any(${[...new Set(assigned.map((s) => s.restaurant_id))]}::int[])`.execute(db);
  const restaurantName = new Map(names.rows.map((r) => [r.id, r.name]));
  return writeWarnings(
    assigned.map((s) => ({ ...s, restaurant_name: restaurantName.get(s.restaurant_id) })),
    planned,
    new Map(drivers.rows.map((d) => [d.id, d])),
    limits,
  );
}

/** 409 with the warnings, unless the user confirmed them (nothing is written then: the transaction rolls back). */
export async function guardWorkingTime(db: Kysely<Database>, shifts: readonly WrittenShift[], confirmed: boolean): Promise<void> {
  if (confirmed) return;
  const warnings = await warningsFor(db, shifts);
  if (warnings.length) throw new HttpError(409, { working_time: warnings, message: workingTimeQuestion(warnings.length) });
}
