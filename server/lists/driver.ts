import { sql } from 'kysely';
import { z } from 'zod';
import { DRIVER_FILTER, type DriverFilterCode } from '../../domain/driverFilters';
import { containsPattern, filterValue, idsOf, type ListSpec } from './index';
import { driverFilterSql } from '../records/drivers';

const filterCode = z.coerce.number().refine((n) => Object.values<number>(DRIVER_FILTER).includes(n)) as z.ZodType<DriverFilterCode>;

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
