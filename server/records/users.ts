import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { USER_MSG, fullName, type PanelUser } from '../../domain/validation/user';
import { ROLE, type StaffRole } from '../../domain/roles';
import { fieldError } from '../plugins/errors';
import { revokeAccountTokens } from '../auth/tokens';

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

/**
 * The panel must never lose its last administrator: nobody could manage users again. Writes that remove or
 * demote a user first lock the administrators' rows (always first, so two such writes cannot deadlock), so
 * two administrators demoting or removing each other at the same moment cannot both succeed on PostgreSQL
 * (PGlite runs one transaction at a time anyway). Answers the administrators' ids.
 */
export async function lockAdministrators(trx: Transaction<Database>): Promise<number[]> {
  const rows = await trx.selectFrom('users').select('id').where('role', '=', ROLE.administrator).forUpdate().execute();
  return rows.map((r) => r.id);
}

const isLastAdministrator = (admins: number[], id: number) => admins.length === 1 && admins[0] === id;

/** Removing `targetId`, asked by `actorId`. The last-administrator rule comes first, so it stays visible. */
export function assertMayRemove(admins: number[], actorId: number, targetId: number): void {
  if (isLastAdministrator(admins, targetId)) throw fieldError('id', USER_MSG.removeLastAdministrator);
  if (actorId === targetId) throw fieldError('id', USER_MSG.removeSelf);
}

/** Changing `targetId`'s role from `currentRole` to `nextRole`, asked by `actorId`. */
export function assertMayChangeRole(
  admins: number[],
  actorId: number,
  targetId: number,
  currentRole: number | null,
  nextRole: number,
): void {
  if (currentRole === nextRole) return;
  if (isLastAdministrator(admins, targetId)) throw fieldError('role', USER_MSG.demoteLastAdministrator);
  if (actorId === targetId) throw fieldError('role', USER_MSG.demoteSelf);
}

/** A staff user's own columns as the forms write them. */
interface UserColumns {
  first_name: string;
  last_name: string;
  email: string;
  role: number | null;
}

/** A new staff user (from the panel, or self-registered without a role), as login answers it. */
export async function insertUser(db: Kysely<Database>, columns: UserColumns & { password_hash: string }) {
  return db.insertInto('users').values(columns).returning(['id', 'first_name', 'last_name', 'email', 'role']).executeTakeFirstOrThrow();
}

/** The user locked for this transaction, with its role (undefined when it does not exist). */
export async function lockUser(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('users').select(['id', 'role']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * The user's columns written over, and its password when a hash is given: its sessions then end but
 * `keepTokenId` (a leaked token must not outlive the change).
 */
export async function updateUser(
  trx: Transaction<Database>,
  id: number,
  columns: UserColumns,
  passwordHash: string | null,
  keepTokenId?: number,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...columns, updated_at: new Date().toISOString(), ...(passwordHash ? { password_hash: passwordHash } : {}) })
    .where('id', '=', id)
    .execute();
  if (passwordHash) await revokeAccountTokens(trx, 'user', id, keepTokenId);
}

/** Removes the user, its sessions first: tokens are not tied to the users table by a foreign key (three account kinds share it). */
export async function deleteUser(trx: Transaction<Database>, id: number): Promise<void> {
  await revokeAccountTokens(trx, 'user', id);
  await trx.deleteFrom('users').where('id', '=', id).execute();
}

/** Whether a staff user has this (lower-case) e-mail. */
export async function isStaffEmail(db: Kysely<Database>, email: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());
}
