import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { writeWarnings, type DriverShift } from '../../../domain/workingTime';
import { clashingShifts, clashWarning, saveAnywayQuestion } from '../../../domain/clashes';
import { addDays } from '../../../domain/dates';
import { plannedShiftsOf, spanOf } from '../../records/shiftFacts';
import { loadLimits, loadPlannedShifts } from '../../records/plannerFacts';

export interface WrittenShift extends DriverShift {
  restaurant_id: number;
}

/** What a shift write must confirm: clashes with the drivers' other shifts, and the working-time rules it breaks. */
interface WriteWarnings {
  clashes: string[];
  working_time: string[];
}

/**
 * The warnings of shifts a call is about to write (given a driver, moved, copied), read against every planned
 * shift of their drivers, unpublished or published; clashes only when asked (the single-shift calls). Runs inside
 * the call's transaction, after the driver rows were locked by the driver checks.
 */
async function warningsFor(db: Kysely<Database>, shifts: readonly WrittenShift[], { clashes = false } = {}): Promise<WriteWarnings> {
  const assigned = shifts.filter((s) => s.driver_id);
  if (!assigned.length) return { clashes: [], working_time: [] };
  const driverIds = [...new Set(assigned.map((s) => s.driver_id!))];
  const span = spanOf(assigned.map((s) => s.period_date));
  const limits = await loadLimits(db);
  const planned = await loadPlannedShifts(db, driverIds, span, limits);
  const drivers = await sql<{ id: number; full_name: string; opted_out: boolean }>`
    select id, trim(first_name || ' ' || last_name) as full_name, working_time_opt_out as opted_out
    from drivers where id = any(${driverIds}::int[])`.execute(db);
  const names = await sql<{ id: number; name: string }>`
    select id, name from restaurants where id = any(${[...new Set(assigned.map((s) => s.restaurant_id))]}::int[])`.execute(db);
  const restaurantName = new Map(names.rows.map((r) => [r.id, r.name]));
  const driverById = new Map(drivers.rows.map((d) => [d.id, d]));
  return {
    clashes: clashes ? await clashWarnings(db, assigned, driverIds, span, driverById) : [],
    working_time: writeWarnings(
      assigned.map((s) => ({ ...s, restaurant_name: restaurantName.get(s.restaurant_id) })),
      planned,
      driverById,
      limits,
    ),
  };
}

/** Each written shift's clashes with its driver's other planned shifts, from the day before (a night shift) to the day after. */
async function clashWarnings(
  db: Kysely<Database>,
  shifts: readonly WrittenShift[],
  driverIds: readonly number[],
  span: { from: string; to: string },
  drivers: ReadonlyMap<number, { full_name: string }>,
): Promise<string[]> {
  const others = await plannedShiftsOf(db, driverIds, { from: addDays(span.from, -1), to: addDays(span.to, 1) });
  const out = new Set<string>();
  for (const shift of shifts) {
    const name = drivers.get(shift.driver_id!)?.full_name ?? '';
    for (const other of clashingShifts(shift, others)) out.add(clashWarning(name, other, other.restaurant_name));
  }
  return [...out];
}

/**
 * 409 with the warnings, unless the user confirmed them (nothing is written then: the transaction rolls back):
 * `{ working_time: [...], clashes: [...] (when any), message }`. One confirmation (`working_time_confirmed`)
 * answers both, as the user saw both in one question.
 */
export async function guardWorkingTime(db: Kysely<Database>, shifts: readonly WrittenShift[], confirmed: boolean, options: { clashes?: boolean } = {}): Promise<void> {
  if (confirmed) return;
  const { clashes, working_time } = await warningsFor(db, shifts, options);
  if (!clashes.length && !working_time.length) return;
  throw new HttpError(409, { working_time, ...(clashes.length ? { clashes } : {}), message: saveAnywayQuestion(clashes.length, working_time.length) });
}
