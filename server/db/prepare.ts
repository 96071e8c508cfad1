import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { migrateToLatest } from './migrate';
import { isEmpty, seedDemo } from './seed/demo';

/** The session-level advisory lock key held while one instance migrates and seeds (any constant of ours). */
const PREPARE_LOCK = 7_461_210;

/**
 * Migrations, then the demo dataset on an empty database, by one instance at a time: several instances started
 * together on one empty PostgreSQL database would otherwise all find it empty and all seed it, and all but one
 * fail on the unique e-mails. The others wait on the lock and then find the work done. Answers whether this
 * call seeded.
 */
export async function prepareDatabase(db: Kysely<Database>, options: { seedDemo: boolean }): Promise<boolean> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${PREPARE_LOCK})`.execute(conn);
    try {
      await migrateToLatest(conn);
      const seed = options.seedDemo && (await isEmpty(conn));
      if (seed) await seedDemo(conn);
      return seed;
    } finally {
      await sql`select pg_advisory_unlock(${PREPARE_LOCK})`.execute(conn);
    }
  });
}
