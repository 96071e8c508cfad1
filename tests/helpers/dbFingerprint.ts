import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

/**
 * A fingerprint of every table: how many rows, and the newest transaction that wrote one (PostgreSQL's xmin). A
 * refused call must leave it as it was: no row added, changed or removed. Left out: the migration bookkeeping, login
 * tokens (the tests issue them), failed logins (counted on purpose), the kept lists' change log and idempotency keys
 * (a refusal is kept under its key, so that a retry is refused alike).
 */
const IGNORED = [
  'kysely_migration', 'kysely_migration_lock', 'auth_tokens', 'login_attempts', 'change_counter', 'change_log', 'change_log_xact', 'change_log_horizon',
  'idempotency_keys',
];

export async function dbFingerprint(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
  const tables = rows.map((r) => r.tablename).filter((t) => !IGNORED.includes(t));
  const parts = tables.map((t) => sql`select ${t} as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as f from ${sql.table(t)}`);
  const result = await sql<{ t: string; f: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return result.rows.map((r) => `${r.t}=${r.f}`).join(' ');
}
