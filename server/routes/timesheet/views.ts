import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { hourlyRate } from '../../../domain/pay';
import { SHIFT_STATUS } from '../../../domain/statuses';
import { placeholderFromShift, rateFor, type TimesheetView } from '../../../domain/timesheets';

export type { TimesheetView };
import type { PayOptions } from './payOptions';

export interface ListFilter {
  from: string;
  to: string;
  /** Restaurants the account may see; null = all. */
  scope: number[] | null;
  /** Only this driver's (the driver app). */
  driverId?: number;
  /** Placeholders only for shifts of these statuses (the driver app sees published shifts only). */
  placeholderStatuses?: number[];
}

/*
 * A month of every restaurant is over ten thousand rows. The embedded PostgreSQL hands rows to JavaScript one
 * cell at a time, which costs far more than the query, so the database writes each list as one JSON text
 * (json_agg) that goes to the client as it is. Placeholders are priced by the domain rules in JavaScript, from
 * shifts read the same way.
 */

const driverName = sql`nullif(trim(d.first_name || ' ' || d.last_name), '')`;

const utcIso = (column: RawBuilder<unknown>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The report screens also show when a timesheet was made and last changed; the timesheet screen does not need it. */
const reportColumns = sql`, ${utcIso(sql`t.created_at`)} as created_at, ${utcIso(sql`t.updated_at`)} as updated_at`;

/** The cancellation fee is 'hidden for restaurants' (spec 3, section 5), here as on the live feed. */
export const OFFICE_FIELDS = ['cost_extra_bonus'] as const;

function savedQuery(where: RawBuilder<unknown>, comission: number, forReports = false, forRestaurant = false) {
  const row = forRestaurant ? sql`to_jsonb(x) - ${sql.lit(OFFICE_FIELDS[0])}` : sql`x`;
  return sql<{ j: string }>`
    select coalesce(json_agg(${row}), '[]')::text as j from (
      select t.id, t.shift_id, t.modified_shift_id, t.restaurant_id, t.driver_id, t.status, t.status_progress, t.period_date,
        t.start_time, t.finish_time, t.driver_start_time, t.driver_finish_time, t.meal_time, t.rest_time, t.cost_per_hour,
        t.cost_bonus, t.const_fuel_bonus, t.cost_extra_bonus, t.cost_total, t.comment, t.driver_comment, t.fuel_bonus_0,
        t.fuel_bonus_3, t.fuel_bonus_6, t.map_start_lat, t.map_start_lng, t.map_finish_lat, t.map_finish_lng,
        ${driverName} as driver_name, r.name as restaurant_name,
        coalesce(r.invoice_comission, ${comission}::numeric) as invoice_comission,
        s.period_date as shift_period_date, s.start_time as shift_start_time, s.finish_time as shift_finish_time,
        s.cost_bonus as shift_cost_bonus${forReports ? reportColumns : sql``}
      from timesheets t
      join restaurants r on r.id = t.restaurant_id
      left join drivers d on d.id = t.driver_id
      left join lateral (select * from shifts where shifts.id = t.shift_id limit 1) s on true
      where ${where}
      order by t.period_date, t.start_time, t.id
    ) x`;
}

const inList = (column: RawBuilder<unknown>, ids: number[]) => sql`${column} in (${sql.join(ids)})`;

/** Saved timesheets by id (after a write), in the order asked. */
export async function timesheetViews(db: Kysely<Database>, ids: number[], options: PayOptions): Promise<TimesheetView[]> {
  if (!ids.length) return [];
  const { rows } = await savedQuery(inList(sql`t.id`, ids), options.comission).execute(db);
  const byId = new Map((JSON.parse(rows[0].j) as TimesheetView[]).map((v) => [v.id, v]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function rangeWhere(alias: 't' | 's', filter: ListFilter): RawBuilder<unknown> {
  const parts = [sql`${sql.ref(`${alias}.period_date`)} between ${filter.from}::date and ${filter.to}::date`];
  if (filter.scope !== null) parts.push(inList(sql.ref(`${alias}.restaurant_id`), filter.scope));
  if (filter.driverId !== undefined) parts.push(sql`${sql.ref(`${alias}.driver_id`)} = ${filter.driverId}`);
  return sql.join(parts, sql` and `);
}

interface PlaceholderShift {
  id: number;
  restaurant_id: number;
  driver_id: number | null;
  status: number;
  period_date: string;
  start_time: string;
  finish_time: string;
  cost_per_hour: number;
  cost_bonus: number;
  cost_extra_bonus: number;
  fuel_bonus_0: number;
  fuel_bonus_3: number;
  fuel_bonus_6: number;
  comment: string | null;
  driver_name: string | null;
  restaurant_name: string;
  invoice_comission: number;
  standard_pay: number | null;
  weekend_pay: number | null;
  area_standard: number;
  area_weekend: number;
}

/**
 * Shifts of the range without a timesheet, as pending, not-submitted placeholders (id ≤ 0). Draft shifts are
 * a restaurant's plans and are left out. The lateral probe uses the unique shift_id index instead of hashing
 * every timesheet ever saved.
 */
async function placeholders(db: Kysely<Database>, filter: ListFilter, options: PayOptions): Promise<TimesheetView[]> {
  const statuses = filter.placeholderStatuses ?? [SHIFT_STATUS.new, SHIFT_STATUS.published];
  const { rows } = await sql<{ j: string | null }>`
    select json_agg(x)::text as j from (
      select s.id, s.restaurant_id, s.driver_id, s.status, s.period_date, s.start_time, s.finish_time, s.cost_per_hour,
        s.cost_bonus, s.cost_extra_bonus, s.fuel_bonus_0, s.fuel_bonus_3, s.fuel_bonus_6, s.comment,
        ${driverName} as driver_name, r.name as restaurant_name,
        coalesce(r.invoice_comission, ${options.comission}::numeric) as invoice_comission,
        r.standard_pay, r.weekend_pay, a.standard_pay_rate as area_standard, a.weekend_pay_rate as area_weekend
      from shifts s
      join restaurants r on r.id = s.restaurant_id
      join areas a on a.id = r.area_id
      left join drivers d on d.id = s.driver_id
      left join lateral (select 1 as found from timesheets t where t.shift_id = s.id limit 1) saved on true
      where ${rangeWhere('s', filter)} and s.status in (${sql.join(statuses)}) and saved.found is null
      order by s.period_date, s.start_time, s.id
    ) x`.execute(db);
  const shifts = JSON.parse(rows[0].j ?? '[]') as PlaceholderShift[];
  return shifts.map((s) => {
    const table = hourlyRate(s.period_date, { standard: s.standard_pay, weekend: s.weekend_pay }, { standard: s.area_standard, weekend: s.area_weekend });
    const fields = placeholderFromShift(s, rateFor(s, s, table), options.fuel);
    return {
      ...fields,
      driver_name: fields.driver_id === null ? null : s.driver_name,
      restaurant_name: s.restaurant_name,
      invoice_comission: s.invoice_comission,
      shift_period_date: s.period_date,
      shift_start_time: s.start_time,
      shift_finish_time: s.finish_time,
      shift_cost_bonus: s.cost_bonus,
    };
  });
}

/**
 * GET /api/timesheet as JSON text: the range's saved timesheets (by date and time), then a placeholder for every
 * shift that has none (by date and time; the Pending and All filters show them). `forReports` answers the saved
 * timesheets only, with when each was made and last changed (created_at, updated_at).
 */
export async function listTimesheetsJson(
  db: Kysely<Database>,
  filter: ListFilter,
  options: PayOptions & { forReports?: boolean; forRestaurant?: boolean },
): Promise<string> {
  if (filter.scope !== null && filter.scope.length === 0) return '[]';
  const { rows } = await savedQuery(rangeWhere('t', filter), options.comission, options.forReports, options.forRestaurant).execute(db);
  const saved = rows[0].j;
  if (options.forReports) return saved;
  const extra: Partial<TimesheetView>[] = await placeholders(db, filter, options);
  if (options.forRestaurant) for (const p of extra) for (const field of OFFICE_FIELDS) delete p[field];
  if (!extra.length) return saved;
  const tail = JSON.stringify(extra).slice(1);
  return saved === '[]' ? `[${tail}` : `${saved.slice(0, -1)},${tail}`;
}
