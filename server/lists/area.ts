import { sql } from 'kysely';
import { containsPattern, idsOf, type ListSpec } from './index';

const cityName = sql`(select lower(c.city_name) from cities c where c.id = areas.city_id)`;

/** The areas list in SQL: by name (then city, as the spec's call), or by city; filtered by city, searched by name. */
export const AREA_LIST: ListSpec<'areas'> = {
  resource: 'area',
  table: 'areas',
  sorts: {
    name: () => [sql`lower(areas.name)`, cityName],
    city: () => [cityName, sql`lower(areas.name)`],
    id: () => [],
  },
  defaultSort: ['name', 'ASC'],
  filters: {
    city_id: (value, eb) => eb('areas.city_id', 'in', idsOf(value)),
    q: (value, eb) => eb(sql`lower(areas.name)`, 'like', containsPattern(value)),
  },
};
