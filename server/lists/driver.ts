import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { DRIVER_FILTER, type DriverFilterCode } from '../../domain/driverFilters';
import { DATA_FULL_COMPLETE } from '../../domain/dataFull';
import { DRIVER_PROGRESSING, DRIVER_STATUS } from '../../domain/statuses';
import type { Database } from '../db/schema';
import { containsPattern, filterValue, idsOf, type ListSpec } from './index';

const filterCode = z.coerce.number().refine((n) => Object.values<number>(DRIVER_FILTER).includes(n)) as z.ZodType<DriverFilterCode>;

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

/**
 * The drivers list in SQL (spec 2, section 4): sorted by name or by area (the first of the driver's areas, drivers
 * without one last), filtered by the status filter's code, by area, and searched by name or e-mail. The
 * expressions are those the indexes of migrations/0006_list_indexes.ts are made on.
 */
export const DRIVER_LIST: ListSpec<'drivers'> = {
  resource: 'driver',
  table: 'drivers',
  sorts: {
    full_name: () => [sql`lower(drivers.first_name)`, sql`lower(drivers.last_name)`],
    // area_sort: the first of the driver's area names, kept by triggers (migrations/0006_list_indexes.ts).
    area: () => [sql`drivers.area_sort`, sql`lower(drivers.first_name)`, sql`lower(drivers.last_name)`],
    email: () => [sql`drivers.email`],
    activated_at: () => [sql`drivers.activated_at`],
    id: () => [],
  },
  defaultSort: ['full_name', 'ASC'],
  filters: {
    // 30 (All) narrows nothing.
    status: (value, eb) => driverFilterSql(eb, filterValue(filterCode, value)) ?? eb.lit(true),
    area_id: (value, eb) =>
      eb.exists(eb.selectFrom('driver_areas as da').select('da.area_id').whereRef('da.driver_id', '=', 'drivers.id').where('da.area_id', 'in', idsOf(value))),
    q: (value, eb) => {
      const pattern = containsPattern(value);
      return eb.or([eb(sql`lower(drivers.first_name || ' ' || drivers.last_name)`, 'like', pattern), eb('drivers.email', 'like', pattern)]);
    },
  },
};
