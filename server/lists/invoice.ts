import { sql } from 'kysely';
import { z } from 'zod';
import { isDate } from '../../domain/ranges';
import { containsPattern, filterValue, idsOf, type ListSpec } from './index';

const day = z.string().refine(isDate);
const restaurantName = sql`(select lower(r.name) from restaurants r where r.id = invoices.restaurant_id)`;

/**
 * The invoices screen's list in SQL: newest period first (as the plain call), or by number, restaurant or total;
 * filtered by the period it overlaps (a two-week invoice shows in both weeks), restaurant, area, and searched by
 * number or restaurant name. The period filters and order are served by invoices_period_idx (migration 0011).
 */
export const INVOICE_LIST: ListSpec<'invoices'> = {
  resource: 'invoice',
  table: 'invoices',
  sorts: {
    // Within a period, by restaurant and number as the plain call (whichever way the period goes).
    period_date_from: () => [sql`invoices.period_date_from`, { against: restaurantName }, { against: sql`invoices.invoice_number` }],
    invoice_number: () => [sql`lower(invoices.invoice_number)`],
    restaurant: () => [restaurantName],
    total: () => [sql`invoices.total`],
    id: () => [],
  },
  defaultSort: ['period_date_from', 'DESC'],
  filters: {
    period_date_from: (value, eb) => eb('invoices.period_date_to', '>=', filterValue(day, value)),
    period_date_to: (value, eb) => eb('invoices.period_date_from', '<=', filterValue(day, value)),
    restaurant_id: (value, eb) => eb('invoices.restaurant_id', 'in', idsOf(value)),
    area_id: (value, eb) =>
      eb('invoices.restaurant_id', 'in', eb.selectFrom('restaurants').select('restaurants.id').where('restaurants.area_id', 'in', idsOf(value))),
    q: (value, eb) => {
      const pattern = containsPattern(value);
      return eb.or([
        eb(sql`lower(invoices.invoice_number)`, 'like', pattern),
        eb('invoices.restaurant_id', 'in', eb.selectFrom('restaurants').select('restaurants.id').where(sql`lower(restaurants.name)`, 'like', pattern)),
      ]);
    },
  },
};
