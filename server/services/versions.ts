import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../plugins/errors';
import { recordConflict, type RecordConflict, type VersionedTable } from '../../domain/versions';

/**
 * A save on an old version (domain/versions.ts, migrations/0024_record_versions.ts). Called inside the save's
 * transaction once the row is locked (`for update`), so no other change can land between the check and the write.
 */

/**
 * The conflict a save sent with `sent` meets, or null when it meets none: no version sent (the call saves whatever
 * changed meanwhile), the record gone (the route answers its 404), or the version still the row's.
 */
export async function versionConflict(db: Kysely<Database>, table: VersionedTable, id: number, sent: string | undefined): Promise<RecordConflict | null> {
  if (sent === undefined) return null;
  const row = await sql<{ updated_at: string }>`select updated_at from ${sql.table(table)} where id = ${id}`.execute(db);
  const current = row.rows[0]?.updated_at;
  if (current === undefined || current === sent) return null;
  return recordConflict(table, await lastEditor(db, table, id, current), current);
}

/** Refuses (409, nothing written: the transaction rolls back) a save on an old version. */
export async function checkVersion(db: Kysely<Database>, table: VersionedTable, id: number, sent: string | undefined): Promise<void> {
  const conflict = await versionConflict(db, table, id, sent);
  if (conflict) throw new HttpError(409, { ...conflict });
}

/**
 * Who made the record's current version, as people know them: the account of the latest history entry that set
 * it. Null when that change is not on record (made outside the app's calls, or before history was kept).
 */
async function lastEditor(db: Kysely<Database>, table: VersionedTable, id: number, version: string): Promise<string | null> {
  const result = await sql<{ account_name: string; current: boolean }>`
    select a.account_name,
      date_trunc('milliseconds', (e.after->>'updated_at')::timestamptz) = ${version}::timestamptz as current
    from history_entries e
    join history_actions a on a.id = e.action_id
    where e.table_name = ${table} and e.record_id = ${String(id)} and e.after ? 'updated_at'
    order by e.id desc
    limit 1`.execute(db);
  const latest = result.rows[0];
  return latest?.current ? latest.account_name : null;
}
