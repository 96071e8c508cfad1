import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * What autovacuum does on a PostgreSQL server, which PGlite (no background workers) must be told to do: planner
 * statistics, and the visibility map. Without statistics the planner guesses row counts and a 3 ms query can take
 * 20 ms (seen on the large dataset: the alerts list picked a nested loop over every read receipt). Without the
 * visibility map no count can be answered from an index alone: a list's total (`Content-Range`) read every row of
 * the 30,000 drivers, a third of a second per page on a busy machine, where the status index answers it in a few
 * milliseconds; and with stale statistics the drivers' search counted its matches by a scan of the whole table
 * instead of its trigram indexes. Seeds call it after bulk loads; the server calls it at start and every few hours
 * on PGlite. A vacuum skips the pages it already knows are unchanged, so only the first one after a bulk load is long.
 */
export async function refreshStatistics(db: Kysely<Database>): Promise<void> {
  await sql`vacuum analyze`.execute(db);
}

export const STATISTICS_INTERVAL_MS = 6 * 60 * 60 * 1000;
