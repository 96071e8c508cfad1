import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The account shapes login answers with (spec 1, section 7), also served by GET /api/auth/me. */

export async function staffProfile(db: Kysely<Database>, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'role'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const [areas, restaurants] = await Promise.all([
    db.selectFrom('user_areas').select('area_id').where('user_id', '=', userId).execute(),
    db.selectFrom('user_restaurants').select('restaurant_id').where('user_id', '=', userId).execute(),
  ]);
  return { ...user, area_ids: areas, restaurant_ids: restaurants };
}

export async function restaurateurProfile(db: Kysely<Database>, restaurateurId: number) {
  const owner = await db
    .selectFrom('restaurateurs')
    .select(['id', 'name', 'email'])
    .where('id', '=', restaurateurId)
    .executeTakeFirstOrThrow();
  const restaurants = await db
    .selectFrom('restaurants')
    .select([
      'id', 'name', 'address', 'postcode', 'telephone', 'contact_name', 'area_id', 'status',
      'map_latitude', 'map_longitude', 'logo_src', 'meal', 'uniform', 'cash_orders', 'waiting_location',
      'other', 'bonus_target',
    ])
    .where('restaurateur_id', '=', restaurateurId)
    .orderBy('name')
    .execute();
  return { ...owner, restaurants };
}

export async function driverProfile(db: Kysely<Database>, driverId: number) {
  const driver = await db
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'status', 'photo_src'])
    .where('id', '=', driverId)
    .executeTakeFirstOrThrow();
  return { ...driver, full_name: `${driver.first_name} ${driver.last_name}`.trim() };
}
