import type { DriverInput } from '../../domain/validation/driver';
import { sql, type Expression, type ExpressionBuilder, type InsertObject, type Kysely, type SqlBool, type Transaction, type UpdateObject } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../db/schema';
import { DATA_FULL_COMPLETE, dataFull } from '../../domain/dataFull';
import { DRIVER_FILTER, type DriverFilterCode } from '../../domain/driverFilters';
import { DRIVER_PROGRESSING, DRIVER_STATUS } from '../../domain/statuses';
import { fullName } from '../../domain/validation/user';
import { overrideWindowStart } from '../../domain/validation/workingTimes';
import type { DriverRecord } from '../../domain/validation/driver';
import type { BoardDriver } from '../../domain/shiftCalls';
import type { DriverPlaces, DriverWorkingTime } from '../../domain/availability';
import { jsonRows } from '../db/jsonRows';

/** A driver's columns from the form, photos aside (an import has none, and keeps a driver's own). */
export function driverProfileColumns(input: DriverInput) {
  return {
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email.toLowerCase(),
    phone: input.phone,
    date_of_birth: input.date_of_birth,
    address_1: input.address_1,
    address_2: input.address_2,
    city: input.city,
    postcode: input.postcode,
    emergency_contact_name: input.emergency_contact_name,
    emergency_contact_phone: input.emergency_contact_phone,
    have_experience: input.have_experience,
    experience_description: input.experience_description,
    car_make: input.car_make,
    car_model: input.car_model,
    car_registration: input.car_registration,
    car_insurance_renewal_date: input.car_insurance_renewal_date,
    car_insurer: input.car_insurer,
    bank_name_of_account_holder: input.bank_name_of_account_holder,
    bank_sort_code: input.bank_sort_code,
    bank_account_number: input.bank_account_number,
    working_time_opt_out: input.working_time_opt_out,
  };
}

/** Which drivers to load. */
export interface DriverQuery {
  /** The list's filter code (spec 2, section 4); null = every driver. */
  filter?: DriverFilterCode | null;
  /** Only these drivers (one record after a write). */
  ids?: number[];
  /**
   * A manager's areas: only drivers with no area at all (anyone may staff them) or with one of these areas.
   * Undefined = no limit (administrators).
   */
  areaIds?: number[];
  /** Today in London: overrides from 31 days before it are 'actual'. */
  today: string;
}

const PROFILE_COLUMNS = [
  'id', 'first_name', 'last_name', 'email', 'phone', 'status', 'not_progressing', 'activity_status', 'activity_time',
  'activated_at', 'half_board', 'working_time_opt_out', 'address_1', 'address_2', 'city', 'postcode', 'date_of_birth', 'emergency_contact_name',
  'emergency_contact_phone', 'car_make', 'car_model', 'car_registration', 'car_insurance_renewal_date', 'car_insurer',
  'have_experience', 'experience_description', 'bank_name_of_account_holder', 'bank_sort_code', 'bank_account_number',
  'driver_license_front_photo', 'driver_license_back_photo', 'identity_photo', 'photo_src', 'created_at', 'updated_at',
] as const;

/** The list's filter code as SQL (domain/driverFilters.ts, the same rule); null = every driver. */
export function driverFilterSql(eb: ExpressionBuilder<Database, 'drivers'>, code: DriverFilterCode | null): Expression<SqlBool> | null {
  switch (code) {
    case DRIVER_FILTER.active:
      return eb('drivers.status', '=', DRIVER_STATUS.active);
    case DRIVER_FILTER.inactive:
      return eb('drivers.status', '=', DRIVER_STATUS.inactive);
    case DRIVER_FILTER.completed:
    case DRIVER_FILTER.incomplete:
      return eb.and([
        eb('drivers.status', '=', DRIVER_STATUS.registered),
        eb('drivers.data_full', code === DRIVER_FILTER.completed ? '>=' : '<', DATA_FULL_COMPLETE),
      ]);
    case DRIVER_FILTER.notProgressing:
      return eb('drivers.not_progressing', '=', DRIVER_PROGRESSING.notProgressing);
    case DRIVER_FILTER.progressing:
      return eb('drivers.not_progressing', '=', DRIVER_PROGRESSING.progressing);
    default:
      return null;
  }
}

/** A manager's reach: drivers with no area at all (anyone may staff them) or with one of `areaIds`. */
export function driverScopeSql(eb: ExpressionBuilder<Database, 'drivers'>, areaIds: number[]): Expression<SqlBool> {
  const areasOf = () => eb.selectFrom('driver_areas as da').select('da.area_id').whereRef('da.driver_id', '=', 'drivers.id');
  const noArea = eb.not(eb.exists(areasOf()));
  return areaIds.length ? eb.or([noArea, eb.exists(areasOf().where('da.area_id', 'in', areaIds))]) : noArea;
}

function whereDrivers(q: DriverQuery) {
  return (eb: ExpressionBuilder<Database, 'drivers'>): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    if (q.ids) parts.push(eb('drivers.id', 'in', q.ids));
    const filter = driverFilterSql(eb, q.filter ?? null);
    if (filter) parts.push(filter);
    if (q.areaIds) parts.push(driverScopeSql(eb, q.areaIds));
    return eb.and(parts);
  };
}

/**
 * Drivers as GET /api/driver answers them (spec 2, section 3), sorted by name: one statement whatever the number
 * of drivers. Areas, restaurants, right-to-work photos, weekly working times and actual overrides come as JSON
 * arrays from subqueries on each table's driver index, and the whole list travels as one JSON value (jsonRows):
 * at 3,000 drivers that is about half the time of six queries grouped in JavaScript.
 */
export async function loadDrivers(db: Kysely<Database>, q: DriverQuery): Promise<DriverRecord[]> {
  if (q.ids && q.ids.length === 0) return [];
  const windowStart = overrideWindowStart(q.today);
  type Row = Omit<DriverRecord, 'full_name' | 'data_full'> & { full_name?: string; data_full?: number };
  const rows = await jsonRows<Row>(
    db,
    db
      .selectFrom('drivers')
      .select(PROFILE_COLUMNS.map((c) => `drivers.${c}` as const))
      .select((eb) => [
        jsonArrayFrom(
          eb.selectFrom('driver_areas as da').select('da.area_id').whereRef('da.driver_id', '=', 'drivers.id').orderBy('da.area_id'),
        ).as('area_ids'),
        jsonArrayFrom(
          eb
            .selectFrom('driver_restaurants as dr')
            .select('dr.restaurant_id')
            .whereRef('dr.driver_id', '=', 'drivers.id')
            .orderBy('dr.restaurant_id'),
        ).as('restaurant_ids'),
        jsonArrayFrom(
          eb
            .selectFrom('driver_right_to_work_photos as p')
            .select(['p.id', 'p.src_name', 'p.file_name'])
            .whereRef('p.driver_id', '=', 'drivers.id')
            .orderBy('p.id'),
        ).as('right_to_work_photos'),
        jsonArrayFrom(
          eb
            .selectFrom('driver_working_times as w')
            .select(['w.week_day', 'w.holiday', 'w.start_at', 'w.stop_at'])
            .whereRef('w.driver_id', '=', 'drivers.id')
            .orderBy('w.week_day')
            .orderBy('w.start_at'),
        ).as('default_working_time'),
        jsonArrayFrom(
          eb
            .selectFrom('driver_working_time_overrides as o')
            .select(['o.period_date', 'o.holiday', 'o.start_at', 'o.stop_at'])
            .whereRef('o.driver_id', '=', 'drivers.id')
            .where('o.period_date', '>=', windowStart)
            .orderBy('o.period_date')
            .orderBy('o.start_at'),
        ).as('actual_override_working_time'),
      ])
      .where(whereDrivers(q))
      .orderBy(sql`lower(drivers.first_name)`)
      .orderBy(sql`lower(drivers.last_name)`)
      .orderBy('drivers.id'),
    ['activity_time', 'activated_at', 'created_at', 'updated_at'],
  );

  const records = rows as DriverRecord[];
  for (const r of records) {
    r.full_name = fullName(r);
    r.data_full = dataFull(r);
  }
  return records;
}

/** A driver as the boards read one, with the e-mail every driver record of the API carries. */
type BoardDriverRecord = BoardDriver & { email: string | null };

/**
 * Drivers as the boards read them (domain/shiftCalls.ts, BoardDriver): names, e-mail, telephone, photo, status, opt-out,
 * the areas and restaurants they work for and their working times; none of the address, car, bank or document fields.
 * GET /api/driver?view=board answers these: the board asks for every active driver on each open, and the full records
 * are twice the bytes and the work, each one's bank details and address included.
 */
export async function loadBoardDrivers(db: Kysely<Database>, q: DriverQuery): Promise<BoardDriverRecord[]> {
  if (q.ids && q.ids.length === 0) return [];
  const chosen = db.selectFrom('drivers').select('drivers.id').where(whereDrivers(q));
  const people = db
    .selectFrom('drivers')
    .select(['drivers.id', 'drivers.first_name', 'drivers.last_name', 'drivers.email', 'drivers.phone', 'drivers.photo_src', 'drivers.status', 'drivers.working_time_opt_out'])
    .where(whereDrivers(q))
    .orderBy(sql`lower(drivers.first_name)`)
    .orderBy(sql`lower(drivers.last_name)`)
    .orderBy('drivers.id');
  // Each table's rows of the chosen drivers as one text, 'driver,value,…;driver,…' in the list's order: the embedded
  // database builds that in a fifth of the time it takes to build the same rows as JSON (some 120 ms at 3,000 drivers).
  // A date is written as ISO text whatever the server's DateStyle; a missing time as ''.
  const asText = (column: string) => (column === 'period_date' ? sql`to_char(t.period_date, 'YYYY-MM-DD')` : sql`coalesce(${sql.ref(`t.${column}`)}::text, '')`);
  const listed = (table: string, columns: string[], order: string[], where = sql``) =>
    sql<string | null>`(select string_agg(concat_ws(',', t.driver_id, ${sql.join(columns.map(asText))}), ';' order by ${sql.join(order.map((c) => sql.ref(`t.${c}`)))})
      from ${sql.table(table)} t where t.driver_id in (${chosen}) ${where})`;
  const { rows } = await sql<{ people: string; areas: string | null; restaurants: string | null; weekly: string | null; overrides: string | null }>`select
      (select coalesce(json_agg(x), '[]')::text from (${people}) x) as people,
      ${listed('driver_areas', ['area_id'], ['area_id'])} as areas,
      ${listed('driver_restaurants', ['restaurant_id'], ['restaurant_id'])} as restaurants,
      ${listed('driver_working_times', ['week_day', 'holiday', 'start_at', 'stop_at'], ['week_day', 'start_at'])} as weekly,
      ${listed('driver_working_time_overrides', ['period_date', 'holiday', 'start_at', 'stop_at'], ['period_date', 'start_at'], sql`and t.period_date >= ${overrideWindowStart(q.today)}`)} as overrides`.execute(db);
  const { people: list, areas, restaurants, weekly, overrides } = rows[0];
  const areaIds = byDriver(areas, ([id]) => ({ area_id: Number(id) }));
  const restaurantIds = byDriver(restaurants, ([id]) => ({ restaurant_id: Number(id) }));
  const weeklyTimes = byDriver(weekly, ([day, holiday, start, stop]) => ({ week_day: Number(day), holiday: Number(holiday), start_at: start || null, stop_at: stop || null }));
  const overrideTimes = byDriver(overrides, ([date, holiday, start, stop]) => ({ period_date: date, holiday: Number(holiday), start_at: start || null, stop_at: stop || null }));
  return (JSON.parse(list) as Omit<BoardDriverRecord, 'full_name' | keyof DriverPlaces | keyof DriverWorkingTime>[]).map((d) => ({
    ...d,
    full_name: fullName(d),
    area_ids: areaIds.get(d.id) ?? [],
    restaurant_ids: restaurantIds.get(d.id) ?? [],
    default_working_time: weeklyTimes.get(d.id) ?? [],
    actual_override_working_time: overrideTimes.get(d.id) ?? [],
  }));
}

/** 'driver,value,…;driver,…' (listed by loadBoardDrivers) as each driver's items, in the text's order. */
function byDriver<T>(text: string | null, read: (values: string[]) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  if (!text) return out;
  for (const row of text.split(';')) {
    const [driver, ...values] = row.split(',');
    const item = read(values);
    const items = out.get(Number(driver));
    if (items) items.push(item);
    else out.set(Number(driver), [item]);
  }
  return out;
}

export async function loadDriver(db: Kysely<Database>, id: number, today: string): Promise<DriverRecord | null> {
  const [driver] = await loadDrivers(db, { ids: [id], today });
  return driver ?? null;
}

/** A new driver's id. */
export async function insertDriver(trx: Transaction<Database>, values: InsertObject<Database, 'drivers'>): Promise<number> {
  return (await trx.insertInto('drivers').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** The driver's status (undefined when the driver does not exist). */
export async function driverStatus(db: Kysely<Database>, id: number) {
  return db.selectFrom('drivers').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Whether the driver exists, locked for this transaction. */
export async function lockDriver(trx: Transaction<Database>, id: number): Promise<boolean> {
  return !!(await trx.selectFrom('drivers').select('id').where('id', '=', id).forUpdate().executeTakeFirst());
}

/** The driver's columns written over, the version moved on. */
export async function updateDriver(db: Kysely<Database>, id: number, columns: UpdateObject<Database, 'drivers'>): Promise<void> {
  await db.updateTable('drivers').set({ ...columns, updated_at: sql<string>`now()` }).where('id', '=', id).execute();
}

/** A new status; the activation date is the last time the driver became active. */
export async function setDriverStatus(db: Kysely<Database>, id: number, status: number, previous: number): Promise<void> {
  await updateDriver(db, id, {
    status,
    ...(status === DRIVER_STATUS.active && previous !== DRIVER_STATUS.active ? { activated_at: sql<string>`now()` } : {}),
  });
}

/** Which of these drivers exist. */
export async function existingDriverIds(db: Kysely<Database>, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('drivers').select('id').where('id', 'in', [...ids]).execute()).map((d) => d.id);
}

/** Whether the driver exists and, when areas are given (a manager's), is within them (see driverScopeSql). */
export async function driverInScope(db: Kysely<Database>, id: number, areaIds: number[] | null): Promise<boolean> {
  const found = await db
    .selectFrom('drivers')
    .select('id')
    .where('id', '=', id)
    .$if(areaIds !== null, (q) => q.where((eb) => driverScopeSql(eb, areaIds!)))
    .executeTakeFirst();
  return !!found;
}
