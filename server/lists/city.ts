import { sql } from 'kysely';
import { containsPattern, type ListSpec } from './index';

/** The cities list in SQL: by name, searched by name. */
export const CITY_LIST: ListSpec<'cities'> = {
  resource: 'city',
  table: 'cities',
  sorts: { city_name: () => [sql`lower(cities.city_name)`], id: () => [] },
  defaultSort: ['city_name', 'ASC'],
  filters: { q: (value, eb) => eb(sql`lower(cities.city_name)`, 'like', containsPattern(value)) },
};
