import { sql } from 'kysely';
import { z } from 'zod';
import { RESTAURANT_STATUS } from '../../domain/statuses';
import { containsPattern, filterValue, idsOf, type ListSpec } from './index';

const status = z.coerce.number().refine((n) => n === RESTAURANT_STATUS.active || n === RESTAURANT_STATUS.inactive);

/**
 * The restaurants list in SQL (spec 2, section 2): sorted by name, area or login e-mail, filtered by status, area and
 * restaurant account, searched by name or location (address and postcode). The sort and search expressions are
 * those the indexes of migrations/0006_list_indexes.ts and 0012_restaurant_area_sort.ts are made on.
 */
export const RESTAURANT_LIST: ListSpec<'restaurants'> = {
  resource: 'restaurant',
  table: 'restaurants',
  sorts: {
    name: () => [sql`lower(restaurants.name)`],
    // area_sort: the area's name, kept by triggers (migrations/0012_restaurant_area_sort.ts) and indexed.
    area: () => [sql`restaurants.area_sort`, sql`lower(restaurants.name)`],
    email: () => [sql`(select o.email from restaurateurs o where o.id = restaurants.restaurateur_id)`, sql`lower(restaurants.name)`],
    id: () => [],
  },
  defaultSort: ['name', 'ASC'],
  filters: {
    status: (value, eb) => eb('restaurants.status', '=', filterValue(status, value)),
    area_id: (value, eb) => eb('restaurants.area_id', 'in', idsOf(value)),
    restaurateur_id: (value, eb) => eb('restaurants.restaurateur_id', 'in', idsOf(value)),
    q: (value, eb) => {
      const pattern = containsPattern(value);
      return eb.or([
        eb(sql`lower(restaurants.name)`, 'like', pattern),
        eb(sql`lower(coalesce(restaurants.address, '') || ', ' || coalesce(restaurants.postcode, ''))`, 'like', pattern),
      ]);
    },
  },
};
