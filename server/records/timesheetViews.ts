import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { hourlyRate } from '../../domain/pay';
import { CANCELLATION_TIMESHEET, SHIFT_STATUS } from '../../domain/statuses';
import { placeholderFromShift, rateFor, type ShiftForTimesheet, type TimesheetView } from '../../domain/timesheets';

import { utcIso } from '../db/utcIso';
import { dayText, groupByDay, joinDayTexts, type DayTexts } from '../services/dayLists';
import type { PayOptions } from './payOptions';

export type { TimesheetView };

export interface ListFilter {
  from: string;
  to: string;
  /** Restaurants the account may see; null = all. */
  scope: number[] | null;
  /** Only this driver's (the driver app). */
  driverId?: number;
  /** Placeholders only for shifts of these statuses (the driver app sees published shifts only). */
  placeholderStatuses?: number[];
  /**
   * Worked timesheets only, no cancellation timesheets: restaurant accounts never see a driver's cancellation fee
   * (nor are they invoiced for it), and the driver app lists the work to start, finish and submit.
   */
  workedOnly?: boolean;
}

/*
 * A month of every restaurant is over ten thousand rows. The embedded PostgreSQL hands rows to JavaScript one
 * cell at a time, which costs far more than the query, so the database writes each list as one JSON text
 * (json_agg) that goes to the client as it is. Placeholders are priced by the domain rules in JavaScript, from
 * shifts read the same way. A column of another table read here (names, rates) is also listed in
 * migrations/0003_changed_days.ts (SHOWN), so that changing it rebuilds the kept lists.
 */

const driverName = sql`nullif(trim(d.first_name || ' ' || d.last_name), '')`;

/** The report screens also show when a timesheet was made. */
const reportColumns = sql`, ${utcIso(sql`t.created_at`)} as created_at`;

/** The saved timesheets matching `where`, each row as the list answers it (`x`), unordered. */
function savedRows(where: RawBuilder<unknown>, comission: number, forReports: boolean) {
  return sql`
      select t.id, t.shift_id, t.modified_shift_id, t.restaurant_id, t.driver_id, t.status, t.status_progress, t.period_date,
        t.start_time, t.finish_time, t.driver_start_time, t.driver_finish_time, t.meal_time, t.rest_time, t.cost_per_hour,
        t.cost_bonus, t.const_fuel_bonus, t.cost_extra_bonus, t.cost_total, t.comment, t.driver_comment, t.fuel_bonus_0,
        t.fuel_bonus_3, t.fuel_bonus_6, t.map_start_lat, t.map_start_lng, t.map_finish_lat, t.map_finish_lng,
        ${driverName} as driver_name, r.name as restaurant_name,
        coalesce(r.invoice_comission, ${comission}::numeric) as invoice_comission,
        s.period_date as shift_period_date, s.start_time as shift_start_time, s.finish_time as shift_finish_time,
        s.cost_bonus as shift_cost_bonus, ${utcIso(sql`t.updated_at`)} as updated_at${forReports ? reportColumns : sql``}
      from timesheets t
      join restaurants r on r.id = t.restaurant_id
      left join drivers d on d.id = t.driver_id
      left join lateral (select * from shifts where shifts.id = t.shift_id limit 1) s on true
      where ${where}`;
}

/** A row as JSON without the fields its reader may not see (server/visibility). */
const rowJson = (hidden: readonly string[]) => (hidden.length ? sql`to_jsonb(x) - ${[...hidden]}::text[]` : sql`x`);

/** Saved timesheets matching `where` as one JSON text per day, rows by time and joined by commas without brackets. */
function savedByDay(where: RawBuilder<unknown>, comission: number, forReports: boolean, hidden: readonly string[]) {
  return sql<{ day: string; j: string }>`
    select to_char(x.period_date, 'YYYY-MM-DD') as day, json_agg(${rowJson(hidden)} order by x.start_time, x.id)::text as j
    from (${savedRows(where, comission, forReports)}) x
    group by x.period_date`;
}

const inList = (column: RawBuilder<unknown>, ids: number[]) => sql`${column} in (${sql.join(ids)})`;

/** Saved timesheets by id (after a write), in the order asked. */
export async function timesheetViews(db: Kysely<Database>, ids: number[], options: PayOptions): Promise<TimesheetView[]> {
  if (!ids.length) return [];
  const { rows } = await savedByDay(inList(sql`t.id`, ids), options.comission, false, []).execute(db);
  const byId = new Map(rows.flatMap((row) => JSON.parse(row.j) as TimesheetView[]).map((v) => [v.id, v]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The filter's rows: of its range, or of the given days only. */
function rangeWhere(alias: 't' | 's', filter: ListFilter, days: string[] | null): RawBuilder<unknown> {
  const date = sql.ref(`${alias}.period_date`);
  const parts = [days ? sql`${date} in (${sql.join(days.map((d) => sql`${d}::date`))})` : sql`${date} between ${filter.from}::date and ${filter.to}::date`];
  if (filter.scope !== null) parts.push(inList(sql.ref(`${alias}.restaurant_id`), filter.scope));
  if (filter.driverId !== undefined) parts.push(sql`${sql.ref(`${alias}.driver_id`)} = ${filter.driverId}`);
  return sql.join(parts, sql` and `);
}

/** A shift without a timesheet, with what its placeholder shows and is priced from. */
interface PlaceholderShift extends ShiftForTimesheet {
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
async function placeholders(db: Kysely<Database>, filter: ListFilter, days: string[] | null, options: PayOptions): Promise<TimesheetView[]> {
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
      where ${rangeWhere('s', filter, days)} and s.status in (${sql.join(statuses)}) and saved.found is null
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

export type ListOptions = PayOptions & {
  forReports?: boolean;
  /** Fields the reader may not see (hiddenFields of server/visibility), left out of every row. */
  hidden?: readonly string[];
};

/** The list's sections: saved timesheets, then placeholders (none for reports). */
export const LIST_SECTIONS = 2;

/**
 * GET /api/timesheet by day (of the range, or the given days only): each day's saved timesheets (by time), and a
 * placeholder for every shift of the day that has none (by time; the Pending and All filters show them). The list
 * is every day's saved timesheets, then every day's placeholders. Saved timesheets carry their version (updated_at,
 * domain/versions.ts); `forReports` answers the saved timesheets only, with when each was made (created_at).
 */
export async function timesheetDayTexts(db: Kysely<Database>, filter: ListFilter, options: ListOptions, days: string[] | null): Promise<DayTexts> {
  const texts: DayTexts = new Map();
  if (filter.scope !== null && filter.scope.length === 0) return texts;
  const forReports = options.forReports ?? false;
  const hidden = options.hidden ?? [];
  const range = rangeWhere('t', filter, days);
  const where = filter.workedOnly ? sql`${range} and t.status <> ${CANCELLATION_TIMESHEET.status}` : range;
  const { rows } = await savedByDay(where, options.comission, forReports, hidden).execute(db);
  // json_agg writes '[' and ']' around its rows; the day's text is what is between.
  for (const row of rows) texts.set(row.day, [row.j.slice(1, -1), '']);
  if (forReports) return texts;
  const extra = await placeholders(db, filter, days, options);
  for (const p of extra) for (const field of hidden) delete (p as unknown as Record<string, unknown>)[field];
  for (const [day, list] of groupByDay(extra)) {
    const saved = texts.get(day);
    if (saved) saved[1] = dayText(list);
    else texts.set(day, ['', dayText(list)]);
  }
  return texts;
}

/** GET /api/timesheet as one JSON text (a list that is not kept: the driver app's own). */
export async function listTimesheetsJson(db: Kysely<Database>, filter: ListFilter, options: ListOptions): Promise<string> {
  return joinDayTexts(await timesheetDayTexts(db, filter, options, null), LIST_SECTIONS);
}
