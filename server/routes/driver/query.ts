import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { dataFull } from '../../../domain/dataFull';
import { DRIVER_FILTER, matchesDriverFilter, type DriverFilterCode } from '../../../domain/driverFilters';
import { DRIVER_PROGRESSING, DRIVER_STATUS } from '../../../domain/statuses';
import { fullName } from '../../../domain/validation/user';
import { overrideWindowStart, type OverridePeriod, type WeeklyPeriod } from '../../../domain/validation/workingTimes';
import type { DriverRecord, RightToWorkPhoto } from '../../../domain/validation/driver';
import { jsonRows } from '../../db/jsonRows';

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
  'activated_at', 'half_board', 'address_1', 'address_2', 'city', 'postcode', 'date_of_birth', 'emergency_contact_name',
  'emergency_contact_phone', 'car_make', 'car_model', 'car_registration', 'car_insurance_renewal_date', 'car_insurer',
  'have_experience', 'experience_description', 'bank_name_of_account_holder', 'bank_sort_code', 'bank_account_number',
  'driver_license_front_photo', 'driver_license_back_photo', 'identity_photo', 'photo_src', 'created_at', 'updated_at',
] as const;

/**
 * The filter as SQL, so the database reads only the drivers the list may hold; Completed / Incomplete are
 * finished in memory by the domain rule, since Data Full is computed.
 */
function whereDrivers(q: DriverQuery) {
  return (eb: ExpressionBuilder<Database, 'drivers'>): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    if (q.ids) parts.push(eb('drivers.id', 'in', q.ids));
    switch (q.filter) {
      case DRIVER_FILTER.active:
        parts.push(eb('drivers.status', '=', DRIVER_STATUS.active));
        break;
      case DRIVER_FILTER.inactive:
        parts.push(eb('drivers.status', '=', DRIVER_STATUS.inactive));
        break;
      case DRIVER_FILTER.completed:
      case DRIVER_FILTER.incomplete:
        parts.push(eb('drivers.status', '=', DRIVER_STATUS.registered));
        break;
      case DRIVER_FILTER.notProgressing:
        parts.push(eb('drivers.not_progressing', '=', DRIVER_PROGRESSING.notProgressing));
        break;
      case DRIVER_FILTER.progressing:
        parts.push(eb('drivers.not_progressing', '=', DRIVER_PROGRESSING.progressing));
        break;
    }
    if (q.areaIds) {
      const areaIds = q.areaIds;
      const hasArea = eb.exists(eb.selectFrom('driver_areas as da').select('da.area_id').whereRef('da.driver_id', '=', 'drivers.id'));
      parts.push(
        areaIds.length
          ? eb.or([
              eb.not(hasArea),
              eb.exists(
                eb
                  .selectFrom('driver_areas as da')
                  .select('da.area_id')
                  .whereRef('da.driver_id', '=', 'drivers.id')
                  .where('da.area_id', 'in', areaIds),
              ),
            ])
          : eb.not(hasArea),
      );
    }
    return eb.and(parts);
  };
}

function groupBy<T extends { driver_id: number }, V>(rows: T[], map: (row: T) => V): Map<number, V[]> {
  const out = new Map<number, V[]>();
  for (const row of rows) {
    const list = out.get(row.driver_id);
    if (list) list.push(map(row));
    else out.set(row.driver_id, [map(row)]);
  }
  return out;
}

/**
 * Drivers as GET /api/driver answers them (spec 2, section 3), sorted by name. Six set-based queries whatever
 * the number of drivers: the drivers, then their areas, restaurants, right-to-work photos, weekly working
 * times and actual overrides, each limited by the same filter as a subquery (no list of ids is sent back),
 * each carried as one JSON value (see jsonRows: thousands of rows cost a quarter of the time that way).
 */
export async function loadDrivers(db: Kysely<Database>, q: DriverQuery): Promise<DriverRecord[]> {
  if (q.ids && q.ids.length === 0) return [];
  const where = whereDrivers(q);
  const narrowed = q.ids !== undefined || q.areaIds !== undefined || (q.filter !== null && q.filter !== undefined && q.filter !== DRIVER_FILTER.all);
  // Every driver: the related tables are read whole, without the filter's subquery.
  const ofDrivers = narrowed ? db.selectFrom('drivers').select('drivers.id').where(where) : undefined;
  const windowStart = overrideWindowStart(q.today);

  type Row = Omit<DriverRecord, 'full_name' | 'area_ids' | 'restaurant_ids' | 'right_to_work_photos' | 'default_working_time' | 'actual_override_working_time' | 'data_full'>;
  const drivers = await jsonRows<Row>(
    db,
    db
      .selectFrom('drivers')
      .select(PROFILE_COLUMNS.map((c) => `drivers.${c}` as const))
      .where(where)
      .orderBy(sql`lower(drivers.first_name)`)
      .orderBy(sql`lower(drivers.last_name)`)
      .orderBy('drivers.id'),
    ['activity_time', 'activated_at', 'created_at', 'updated_at'],
  );
  if (!drivers.length) return [];

  // One after another: on PGlite (one connection) they would queue anyway.
  const areas = await jsonRows<{ driver_id: number; area_id: number }>(
    db,
    db.selectFrom('driver_areas').select(['driver_id', 'area_id']).$if(!!ofDrivers, (qb) => qb.where('driver_id', 'in', ofDrivers!)).orderBy('area_id'),
  );
  const restaurants = await jsonRows<{ driver_id: number; restaurant_id: number }>(
    db,
    db.selectFrom('driver_restaurants').select(['driver_id', 'restaurant_id']).$if(!!ofDrivers, (qb) => qb.where('driver_id', 'in', ofDrivers!)).orderBy('restaurant_id'),
  );
  const photos = await jsonRows<RightToWorkPhoto & { driver_id: number }>(
    db,
    db.selectFrom('driver_right_to_work_photos').select(['id', 'driver_id', 'src_name', 'file_name']).$if(!!ofDrivers, (qb) => qb.where('driver_id', 'in', ofDrivers!)).orderBy('id'),
  );
  const weekly = await jsonRows<WeeklyPeriod & { driver_id: number }>(
    db,
    db
      .selectFrom('driver_working_times')
      .select(['driver_id', 'week_day', 'holiday', 'start_at', 'stop_at'])
      .$if(!!ofDrivers, (qb) => qb.where('driver_id', 'in', ofDrivers!))
      .orderBy('week_day')
      .orderBy('start_at'),
  );
  const overrides = await jsonRows<OverridePeriod & { driver_id: number }>(
    db,
    db
      .selectFrom('driver_working_time_overrides')
      .select(['driver_id', 'period_date', 'holiday', 'start_at', 'stop_at'])
      .$if(!!ofDrivers, (qb) => qb.where('driver_id', 'in', ofDrivers!))
      .where('period_date', '>=', windowStart)
      .orderBy('period_date')
      .orderBy('start_at'),
  );

  const areasOf = groupBy(areas, (r) => ({ area_id: r.area_id }));
  const restaurantsOf = groupBy(restaurants, (r) => ({ restaurant_id: r.restaurant_id }));
  const photosOf = groupBy(photos, (r) => ({ id: r.id, src_name: r.src_name, file_name: r.file_name }));
  const weeklyOf = groupBy(weekly, (r) => ({ week_day: r.week_day, holiday: r.holiday, start_at: r.start_at, stop_at: r.stop_at }));
  const overridesOf = groupBy(overrides, (r) => ({
    period_date: r.period_date,
    holiday: r.holiday,
    start_at: r.start_at,
    stop_at: r.stop_at,
  }));

  const records: DriverRecord[] = drivers.map((d) => {
    const right_to_work_photos = photosOf.get(d.id) ?? [];
    return {
      ...d,
      full_name: fullName(d),
      area_ids: areasOf.get(d.id) ?? [],
      restaurant_ids: restaurantsOf.get(d.id) ?? [],
      right_to_work_photos,
      default_working_time: weeklyOf.get(d.id) ?? [],
      actual_override_working_time: overridesOf.get(d.id) ?? [],
      data_full: dataFull({ ...d, right_to_work_photos }),
    };
  });
  // The SQL above only narrows; the rule itself is the domain's, Data Full included.
  return q.filter ? records.filter((r) => matchesDriverFilter(r, q.filter!)) : records;
}

export async function loadDriver(db: Kysely<Database>, id: number, today: string): Promise<DriverRecord | null> {
  const [driver] = await loadDrivers(db, { ids: [id], today });
  return driver ?? null;
}
