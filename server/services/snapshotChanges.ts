import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What changed since a kept list was built, on a shared PostgreSQL server (migrations/0016_snapshot_change_log.ts):
 * the version is the snapshot the log was read with, and the days to build again are those of the log rows written
 * by transactions that snapshot did not see. Several instances each keep their own lists this way, none of them
 * waiting on the others' writes.
 */

export interface Changes {
  version: string;
  /** Days changed since the asked version; 'all' when a change touched every day or the log does not reach back. */
  changed: Set<string> | 'all';
}

/** How often this process prunes the log, and how old a row it prunes. */
const PRUNE_EVERY_MS = 60_000;
const KEPT = '10 minutes';

const lastPruned = new WeakMap<Kysely<Database>, number>();

/** Drops rows older than KEPT, raising the horizon past them, so lists kept from before it are built whole. */
async function pruneNowAndThen(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  if (now - (lastPruned.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPruned.set(db, now);
  await sql`
    with gone as (delete from change_log_xact where at < now() - ${KEPT}::interval returning xid)
    update change_log_horizon set pruned_below = greatest(pruned_below, (select max(xid) + 1 from gone))
    where id = 1 and exists (select 1 from gone)`.execute(db);
}

export async function snapshotChangesSince(db: Kysely<Database>, since: string | null): Promise<Changes> {
  await pruneNowAndThen(db);
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
