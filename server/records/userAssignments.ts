import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { ROLE } from '../../domain/roles';
import { USER_MSG, type UserInput } from '../../domain/validation/user';
import { fieldError } from '../plugins/errors';
import { replaceLinks } from './links';

export interface Assignments {
  areaIds: number[];
  restaurantIds: number[];
}

/**
 * The areas and restaurants a user will hold (spec 1, section 4 'Manager user'): only managers get any;
 * every area must exist and every restaurant must lie in one of the chosen areas. Blank restaurants mean
 * all restaurants of the chosen areas (server/auth/scope.ts reads it that way), so none are stored for it.
 */
export async function checkAssignments(db: Kysely<Database>, input: UserInput): Promise<Assignments> {
  if (input.role !== ROLE.manager) return { areaIds: [], restaurantIds: [] };
  const { area_ids: areaIds, restaurant_ids: restaurantIds } = input;
  if (areaIds.length) {
    const found = await db.selectFrom('areas').select('id').where('id', 'in', areaIds).execute();
    if (found.length !== areaIds.length) throw fieldError('area_ids', USER_MSG.unknownArea);
  }
  if (restaurantIds.length) {
    const inAreas = areaIds.length
      ? await db
          .selectFrom('restaurants')
          .select('id')
          .where('id', 'in', restaurantIds)
          .where('area_id', 'in', areaIds)
          .execute()
      : [];
    if (inAreas.length !== restaurantIds.length) throw fieldError('restaurant_ids', USER_MSG.restaurantOutsideAreas);
  }
  return { areaIds, restaurantIds };
}

/** Replaces a user's assignments; call inside the transaction that writes the user. */
export async function replaceAssignments(trx: Transaction<Database>, userId: number, a: Assignments): Promise<void> {
  await replaceLinks(trx, userId, { user_areas: a.areaIds, user_restaurants: a.restaurantIds });
}
