import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AccountKind } from '../../domain/roles';
import { RESTAURANT_PROFILE_COLUMNS } from './restaurants';

/** The three account kinds: what login checks, and the shapes login answers with (spec 1, section 7), also served by GET /api/auth/me. */

const ACCOUNT_TABLE = { user: 'users', restaurateur: 'restaurateurs', driver: 'drivers' } as const;

/** The account of this kind with this (lower-case) e-mail, with its password hash (undefined when none). */
export async function accountForLogin(db: Kysely<Database>, kind: AccountKind, email: string) {
  return db.selectFrom(ACCOUNT_TABLE[kind]).select(['id', 'password_hash']).where('email', '=', email).executeTakeFirst();
}

/** A staff user with the areas and restaurants it is assigned. */
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

/** A restaurant account with its restaurants, sorted by name. */
export async function restaurateurProfile(db: Kysely<Database>, restaurateurId: number) {
  const owner = await db
    .selectFrom('restaurateurs')
    .select(['id', 'name', 'email'])
    .where('id', '=', restaurateurId)
    .executeTakeFirstOrThrow();
  const restaurants = await db
    .selectFrom('restaurants')
    .select(RESTAURANT_PROFILE_COLUMNS)
    .where('restaurateur_id', '=', restaurateurId)
    .orderBy('name')
    .execute();
  return { ...owner, restaurants };
}

/** A driver as the drivers' app shows its own account. */
export async function driverProfile(db: Kysely<Database>, driverId: number) {
  const driver = await db
    .selectFrom('drivers')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'status', 'photo_src'])
    .where('id', '=', driverId)
    .executeTakeFirstOrThrow();
  return { ...driver, full_name: `${driver.first_name} ${driver.last_name}`.trim() };
}
