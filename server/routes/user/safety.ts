import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ROLE } from '../../../domain/roles';
import { USER_MSG } from '../../../domain/validation/user';
import { fieldError } from '../../plugins/errors';

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
