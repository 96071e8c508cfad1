import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Plan } from './plan';

/** Rows per UPDATE ... FROM (VALUES ...) statement: 17 parameters each, well under PostgreSQL's 65,535. */
const CHUNK = 1000;

function insertValues(plan: Plan) {
  return { ...plan.values };
}

/**
 * Inserts new timesheets; answers each plan's new id, or null when its shift got a timesheet meanwhile (another
 * request won the race: the unique index on shift_id decides).
 */
export async function insertTimesheets(trx: Transaction<Database>, plans: Plan[]): Promise<(number | null)[]> {
  const ids: (number | null)[] = new Array(plans.length).fill(null);
  const linked = plans.map((p, i) => ({ p, i })).filter(({ p }) => p.values.shift_id !== null);
  for (let start = 0; start < linked.length; start += CHUNK) {
    const chunk = linked.slice(start, start + CHUNK);
    const rows = await trx
      .insertInto('timesheets')
      .values(chunk.map(({ p }) => insertValues(p)))
      .onConflict((oc) => oc.column('shift_id').where('shift_id', 'is not', null).doNothing())
      .returning(['id', 'shift_id'])
      .execute();
    const byShift = new Map(rows.map((r) => [r.shift_id, r.id]));
    for (const { p, i } of chunk) ids[i] = byShift.get(p.values.shift_id) ?? null;
  }
  // Timesheets added by hand carry no shift: few at a time, one statement each so ids match for sure.
  for (const [i, p] of plans.entries()) {
    if (p.values.shift_id !== null) continue;
    const row = await trx.insertInto('timesheets').values(insertValues(p)).returning('id').executeTakeFirstOrThrow();
    ids[i] = row.id;
  }
  return ids;
}

/** Updates saved timesheets in as few statements as possible. The driver, the shift link and the driver's own fields stay. */
export async function updateTimesheets(trx: Transaction<Database>, plans: { id: number; plan: Plan }[]): Promise<void> {
  for (let start = 0; start < plans.length; start += CHUNK) {
    const rows = plans.slice(start, start + CHUNK).map(({ id, plan: { values: v } }) =>
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
      from (values ${sql.join(rows)}) as v(id, modified_shift_id, restaurant_id, status, status_progress, period_date,
        start_time, finish_time, cost_per_hour, cost_bonus, const_fuel_bonus, cost_extra_bonus, cost_total,
        fuel_bonus_0, fuel_bonus_3, fuel_bonus_6, comment)
      where t.id = v.id`.execute(trx);
  }
}
