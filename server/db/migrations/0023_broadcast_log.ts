import { sql, type Kysely } from 'kysely';

/**
 * The live feed's log (server/realtime/feedLog.ts): every published message becomes a row of broadcast_messages, not
 * only those too large for a NOTIFY, so an instance whose LISTEN connection was down reads what it missed, in id order.
 *
 * `publish_id` is the publisher's own name for a message: a write retried because its answer was lost (the connection
 * dropped after the commit) finds the row already there and logs nothing twice. Rows of earlier versions have none.
 * The index on `created_at` lets the writers prune rows older than the log keeps without reading the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`alter table broadcast_messages add column publish_id uuid`);
  await run(`create unique index broadcast_messages_publish_id_key on broadcast_messages (publish_id)`);
  await run(`create index broadcast_messages_created_at_idx on broadcast_messages (created_at)`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`drop index if exists broadcast_messages_created_at_idx`);
  await run(`drop index if exists broadcast_messages_publish_id_key`);
  await run(`alter table broadcast_messages drop column if exists publish_id`);
}
