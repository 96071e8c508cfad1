import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { personName } from './names';
import { utcIso } from '../db/utcIso';
import type { DateRange } from '../../domain/ranges';
import { SHIFT_STATUS } from '../../domain/statuses';
import type { ShiftDriver, ShiftPerson, ShiftRecord } from '../../domain/shifts';

export interface ShiftFilter {
  range?: DateRange;
  /** Only these days of the range (a kept list building again the days a change touched). */
  days?: readonly string[];
  ids?: readonly number[];
  /** Restaurants the account may see; null = all. */
  restaurantIds: readonly number[] | null;
  withTimesheet?: boolean;
  withDriver?: boolean;
  /** Leave drafts out (the admin board never shows them). */
  filterDraft?: boolean;
}

/**
 * Shift columns in the order the query packs them. Rows travel from the database as one JSON text of arrays:
 * on PGlite that is several times faster than a result set of thousands of rows, and on both engines it keeps
 * the week's list one round trip (see the benchmark).
 */
const COLUMNS = [
  'id', 'restaurant_id', 'driver_id', 'status', 'status_assigned', 'period_date', 'start_time', 'finish_time',
  'meal_time', 'rest_time', 'cost_per_hour', 'cost_total', 'cost_bonus', 'const_fuel_bonus', 'cost_extra_bonus',
  'extra_request', 'fuel_bonus_0', 'fuel_bonus_3', 'fuel_bonus_6', 'comment', 'comment_cancelled', 'creator_id',
  'moderator_id', 'restaurateur_creator_id', 'restaurateur_moderator_id', 'driver_id_canceled',
] as const;

const TIMESHEET_COLUMNS = [
  'id', 'shift_id', 'modified_shift_id', 'restaurant_id', 'driver_id', 'status', 'status_progress', 'period_date',
  'start_time', 'finish_time', 'driver_start_time', 'driver_finish_time', 'meal_time', 'rest_time', 'cost_per_hour',
  'cost_bonus', 'const_fuel_bonus', 'cost_extra_bonus', 'cost_total', 'fuel_bonus_0', 'fuel_bonus_3', 'fuel_bonus_6',
  'comment', 'driver_comment', 'map_start_lat', 'map_start_lng', 'map_finish_lat', 'map_finish_lng',
] as const;

type Packed = unknown[];

function whereClause(filter: ShiftFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (filter.range) parts.push(sql`s.period_date between ${filter.range.from}::date and ${filter.range.to}::date`);
  if (filter.days) parts.push(sql`s.period_date = any(${[...filter.days]}::date[])`);
  if (filter.ids) parts.push(sql`s.id = any(${[...filter.ids]}::int[])`);
  if (filter.restaurantIds) parts.push(sql`s.restaurant_id = any(${[...filter.restaurantIds]}::int[])`);
  if (filter.filterDraft) parts.push(sql`s.status <> ${SHIFT_STATUS.draft}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const cols = (alias: string, names: readonly string[]) => sql.raw(names.map((c) => `${alias}.${c}`).join(', '));


/**
 * Shifts matching the filter, ordered by date, start and id. Empty filters are refused (no unbounded lists). A
 * column of another table shown here is also listed in migrations/0003_changed_days.ts (SHOWN), so that changing it
 * rebuilds the kept lists.
 */
export async function loadShifts(db: Kysely<Database>, filter: ShiftFilter): Promise<ShiftRecord[]> {
  if (!filter.range && !filter.ids) throw new Error('loadShifts needs a range or ids');
  if (filter.ids?.length === 0 || filter.restaurantIds?.length === 0) return [];
  const where = whereClause(filter);
  const driverColumns = filter.withDriver
    ? sql`d.id, ${personName('d')}, d.phone, d.photo_src, dc.id, ${personName('dc')}`
    : sql`null, null, null, null, null, null`;
  const driverJoins = filter.withDriver
    ? sql`left join drivers d on d.id = s.driver_id left join drivers dc on dc.id = s.driver_id_canceled`
    : sql``;
  const result = await sql<{ rows: string }>`
    select coalesce(json_agg(json_build_array(
      ${cols('s', COLUMNS)},
      ${utcIso(sql`s.updated_at`)},
      (select t.id from timesheets t where t.shift_id = s.id),
      cu.first_name || ' ' || cu.last_name, cu.email,
      cr.name, cr.email,
      mu.first_name || ' ' || mu.last_name, mu.email,
      mr.name, mr.email,
      ${driverColumns}
    ) order by s.period_date, s.start_time, s.id), '[]')::text as rows
    from shifts s
    left join users cu on cu.id = s.creator_id
    left join restaurateurs cr on cr.id = s.restaurateur_creator_id
    left join users mu on mu.id = s.moderator_id
    left join restaurateurs mr on mr.id = s.restaurateur_moderator_id
    ${driverJoins}
    where ${where}`.execute(db);
  const packed = JSON.parse(result.rows[0].rows) as Packed[];
  const timesheets = filter.withTimesheet ? await loadTimesheets(db, where) : null;
  return packed.map((row) => unpack(row, filter, timesheets));
}

function person(kind: ShiftPerson['kind'], id: unknown, name: unknown, contact: unknown): ShiftPerson | null {
  if (id === null || name === null) return null;
  return { id: id as number, kind, name: String(name).trim(), contact: String(contact ?? '') };
}

function unpack(row: Packed, filter: ShiftFilter, timesheets: Map<number, Record<string, unknown>> | null): ShiftRecord {
  const shift: Record<string, unknown> = {};
  COLUMNS.forEach((c, i) => (shift[c] = row[i]));
  let i = COLUMNS.length;
  const at = () => row[i++];
  const updatedAt = at() as string;
  const timesheetId = at() as number | null;
  const [creatorUser, creatorUserMail, creatorOwner, creatorOwnerMail] = [at(), at(), at(), at()];
  const [moderatorUser, moderatorUserMail, moderatorOwner, moderatorOwnerMail] = [at(), at(), at(), at()];
  const [driverId, driverName, driverPhone, driverPhoto, canceledId, canceledName] = [at(), at(), at(), at(), at(), at()];

  const record = shift as unknown as ShiftRecord;
  // The shift's version (domain/versions.ts): a save sends it back.
  record.updated_at = updatedAt;
  record.timesheet_id = timesheetId;
  record.creator =
    person('user', record.creator_id, creatorUser, creatorUserMail) ??
    person('restaurateur', record.restaurateur_creator_id, creatorOwner, creatorOwnerMail);
  record.moderator =
    person('user', record.moderator_id, moderatorUser, moderatorUserMail) ??
    person('restaurateur', record.restaurateur_moderator_id, moderatorOwner, moderatorOwnerMail);
  if (filter.withDriver) {
    record.driver = driverId === null ? null : ({ id: driverId, full_name: driverName, phone: driverPhone, photo_src: driverPhoto } as ShiftDriver);
    record.driver_canceled = canceledId === null ? null : { id: canceledId as number, full_name: canceledName as string };
  }
  if (timesheets) record.timesheet = timesheetId === null ? null : (timesheets.get(record.id) ?? null);
  return record;
}

/** The attached timesheets of the same shifts, by shift id. */
async function loadTimesheets(db: Kysely<Database>, where: RawBuilder<unknown>): Promise<Map<number, Record<string, unknown>>> {
  const result = await sql<{ rows: string }>`
    select coalesce(json_agg(json_build_array(${cols('t', TIMESHEET_COLUMNS)})), '[]')::text as rows
    from shifts s join timesheets t on t.shift_id = s.id
    where ${where}`.execute(db);
  const out = new Map<number, Record<string, unknown>>();
  for (const row of JSON.parse(result.rows[0].rows) as Packed[]) {
    const timesheet: Record<string, unknown> = {};
    TIMESHEET_COLUMNS.forEach((c, i) => (timesheet[c] = row[i]));
    timesheet.meal_time = 0;
    timesheet.rest_time = 0;
    out.set(timesheet.shift_id as number, timesheet);
  }
  return out;
}

/**
 * One shift as the API answers it after a write, driver embedded; what of it the caller sees is cut by the route's
 * `shows: 'shift'` (server/visibility).
 */
export async function shiftView(db: Kysely<Database>, id: number): Promise<ShiftRecord | null> {
  const [shift] = await loadShifts(db, { ids: [id], restaurantIds: null, withDriver: true });
  return shift ?? null;
}
