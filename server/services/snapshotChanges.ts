import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What changed since a kept list was built, on a shared PostgreSQL server (migrations/0016_snapshot_change_log.ts):
 * the version is the snapshot the log was read with, and the days to build again are those of the log rows written
 * by transactions that snapshot did not see. Several instances each keep their own lists this way, none of them
 * waiting on the others' writes. The writers prune the log (migrations/0019_change_log_pruned_on_write.ts).
 */

export interface Changes {
  version: string;
  /** Days changed since the asked version; 'all' when a change touched every day or the log does not reach back. */
  changed: Set<string> | 'all';
}

export async function snapshotChangesSince(db: Kysely<Database>, since: string | null): Promise<Changes> {
  // One statement, so the snapshot answered, the horizon and the log rows are all read as of the same moment.
  const { rows } = await sql<{ snapshot: string; complete: boolean | null; days: string | null }>`
    select pg_current_snapshot()::text as snapshot,
      pg_snapshot_xmin(${since}::pg_snapshot)::text::bigint >= h.pruned_below as complete,
      (select json_agg(distinct l.day)::text from change_log_xact l
        where l.xid >= pg_snapshot_xmin(${since}::pg_snapshot)::text::bigint
          and not pg_visible_in_snapshot(l.xid::text::xid8, ${since}::pg_snapshot)) as days
    from change_log_horizon h where h.id = 1`.execute(db);
  const row = rows[0];
  if (since === null || !row.complete) return { version: row.snapshot, changed: 'all' };
  const days = JSON.parse(row.days ?? '[]') as (string | null)[];
  return { version: row.snapshot, changed: days.includes(null) ? 'all' : new Set(days as string[]) };
}
