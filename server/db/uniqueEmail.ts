import type { Kysely } from 'kysely';
import { fieldError } from '../plugins/errors';
import type { Database } from './schema';
import { isUniqueViolation } from './errors';

/** The accounts whose e-mail is unique within their own table (whatever its case: the column holds it lower-cased). */
type AccountTable = 'users' | 'drivers' | 'restaurateurs';

/** The e-mail is free in `table` (but for the record `exceptId`), else 400 on `email` with the kind's own message. */
export async function assertEmailFree(db: Kysely<Database>, table: AccountTable, email: string, message: string, exceptId?: number): Promise<void> {
  const taken = await db
    .selectFrom(table)
    .select('id')
    .where('email', '=', email)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst();
  if (taken) throw fieldError('email', message);
}

/** Two requests racing for one e-mail: the unique index decides, and the loser hears the same message. */
export const emailRace =
  (message: string) =>
  (error: unknown): never => {
    throw isUniqueViolation(error) ? fieldError('email', message) : error;
  };
