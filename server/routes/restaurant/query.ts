import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RestaurantRecord } from '../../../domain/validation/restaurant';

export interface RestaurantQuery {
  /** 10 active or 20 inactive; undefined = both. */
  status?: number;
  /** Only these restaurants (an account's scope, or one record after a write); undefined = all. */
  ids?: number[] | null;
}

/**
 * Restaurants with their area and restaurant account, sorted by name: one query whatever their number
 * (the area and the account are joined, not fetched per row).
 */
export async function loadRestaurants(db: Kysely<Database>, q: RestaurantQuery = {}): Promise<RestaurantRecord[]> {
  if (q.ids && q.ids.length === 0) return [];
  const rows = await db
    .selectFrom('restaurants as r')
    .innerJoin('areas as a', 'a.id', 'r.area_id')
    .leftJoin('restaurateurs as o', 'o.id', 'r.restaurateur_id')
    .selectAll('r')
    .select([
      'a.name as area_name',
      'a.standard_pay_rate as area_standard',
      'a.weekend_pay_rate as area_weekend',
      'o.name as owner_name',
      'o.email as owner_email',
    ])
    .$if(q.status !== undefined, (qb) => qb.where('r.status', '=', q.status!))
    .$if(!!q.ids, (qb) => qb.where('r.id', 'in', q.ids!))
    .orderBy(sql`lower(r.name)`)
    .orderBy('r.id')
    .execute();

  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    contactName: r.contact_name,
    contact_name: r.contact_name,
    address: r.address,
    postcode: r.postcode,
    telephone: r.telephone,
    email: r.owner_email,
    business_email: r.business_email,
    area_id: r.area_id,
    areaId: r.area_id,
    area: { id: r.area_id, name: r.area_name, standardPayRate: r.area_standard, weekendPayRate: r.area_weekend },
    status: r.status,
    standard_pay: r.standard_pay,
    weekend_pay: r.weekend_pay,
    invoice_comission: r.invoice_comission,
    booking_fee: r.booking_fee,
    send_invoice: r.send_invoice,
    map_latitude: r.map_latitude,
    map_longitude: r.map_longitude,
    meal: r.meal,
    uniform: r.uniform,
    cash_orders: r.cash_orders,
    waiting_location: r.waiting_location,
    other: r.other,
    bonus_target: r.bonus_target,
    logo_src: r.logo_src,
    restaurateur:
      r.restaurateur_id !== null && r.owner_email !== null
        ? { id: r.restaurateur_id, name: r.owner_name ?? '', email: r.owner_email }
        : null,
    restaurateur_id: r.restaurateur_id,
  }));
}

export async function loadRestaurant(db: Kysely<Database>, id: number): Promise<RestaurantRecord | null> {
  const [restaurant] = await loadRestaurants(db, { ids: [id] });
  return restaurant ?? null;
}
