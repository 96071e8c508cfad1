import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { fullName, type PanelUser } from '../../domain/validation/user';
import type { StaffRole } from '../../domain/roles';

export type { PanelUser };

/**
 * Staff users with their assignments, sorted by name; `ids` narrows to those users. Users without a role
 * (self-registered) are listed too, so an administrator can give them one.
 */
export async function panelUsers(db: Kysely<Database>, ids?: number[]): Promise<PanelUser[]> {
  if (ids && ids.length === 0) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'role'])
    .$if(!!ids, (q) => q.where('id', 'in', ids!))
    .orderBy((eb) => eb.fn('lower', ['first_name']))
    .orderBy((eb) => eb.fn('lower', ['last_name']))
    .orderBy('id')
    .execute();
  if (!users.length) return [];
  const userIds = users.map((u) => u.id);
  const [areas, restaurants] = await Promise.all([
    db.selectFrom('user_areas').select(['user_id', 'area_id']).where('user_id', 'in', userIds).orderBy('area_id').execute(),
    db
      .selectFrom('user_restaurants')
      .select(['user_id', 'restaurant_id'])
      .where('user_id', 'in', userIds)
      .orderBy('restaurant_id')
      .execute(),
  ]);
  return users.map((u) => ({
    ...u,
    // Writes take only staff roles (domain/validation/user.ts), so the column holds nothing else.
    role: u.role as StaffRole | null,
    full_name: fullName(u),
    area_ids: areas.filter((a) => a.user_id === u.id).map((a) => ({ area_id: a.area_id })),
    restaurant_ids: restaurants.filter((r) => r.user_id === u.id).map((r) => ({ restaurant_id: r.restaurant_id })),
  }));
}

export async function panelUser(db: Kysely<Database>, id: number): Promise<PanelUser | null> {
  const [user] = await panelUsers(db, [id]);
  return user ?? null;
}
