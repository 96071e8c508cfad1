import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * A manager's reach: the restaurants of their assigned areas, narrowed to their chosen restaurants
 * when they have any (spec 1, section 4: blank restaurants = all restaurants of the chosen areas).
 */
export async function managerRestaurantIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const chosen = await db
    .selectFrom('user_restaurants')
    .select('restaurant_id')
    .where('user_id', '=', userId)
    .execute();
  if (chosen.length) return chosen.map((r) => r.restaurant_id);
  const rows = await db
    .selectFrom('restaurants')
    .innerJoin('user_areas', 'user_areas.area_id', 'restaurants.area_id')
    .select('restaurants.id')
    .where('user_areas.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.id);
}

/** A manager's assigned areas. */
export async function managerAreaIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_areas').select('area_id').where('user_id', '=', userId).orderBy('area_id').execute();
  return rows.map((r) => r.area_id);
}
