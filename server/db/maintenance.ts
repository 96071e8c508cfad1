import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Planner statistics. PostgreSQL servers keep them fresh with autovacuum; PGlite runs no background workers,
 * so without this the planner guesses row counts and a 3 ms query can take 20 ms (seen on the large dataset:
 * the alerts list picked a nested loop over every read receipt). Seeds call it after bulk loads; the server
 * calls it at start and every few hours on PGlite.
 */
export async function refreshStatistics(db: Kysely<Database>): Promise<void> {
  await sql`analyze`.execute(db);
}

export const STATISTICS_INTERVAL_MS = 6 * 60 * 60 * 1000;
