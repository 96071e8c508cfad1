import { sql, type Kysely } from 'kysely';

/**
 * The transaction log of a shared PostgreSQL server (0016_snapshot_change_log.ts) pruned by its writers, so it stays
 * within about twenty minutes of writes however long nobody reads a list (readers used to be the only pruners).
 *
 * A statement trigger on the log itself runs after each insert into it, i.e. once per logged write statement,
 * whatever function logged it. It costs one probe of the index on `at`: only when a row is older than PRUNE_AFTER
 * does it drop every row older than KEPT and raise the horizon past them. Pruning twice as late as it keeps means a
 * writer prunes about once per KEPT, not on every statement, so writers seldom meet on the horizon's row.
 * Readers call the same function (server/services/snapshotChanges.ts).
 */
const KEPT = '10 minutes';
const PRUNE_AFTER = '20 minutes';

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`create index change_log_xact_at_idx on change_log_xact (at)`);
  await run(`create or replace function prune_change_log_xact() returns void language sql as $$
    with gone as (delete from change_log_xact where at < now() - interval '${KEPT}' returning xid)
    update change_log_horizon set pruned_below = greatest(pruned_below, (select max(xid) + 1 from gone))
    where id = 1 and exists (select 1 from gone)
  $$`);
  await run(`create or replace function prune_change_log_xact_when_old() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from change_log_xact where at < now() - interval '${PRUNE_AFTER}') then
        perform prune_change_log_xact();
      end if;
      return null;
    end $$`);
  await run(`create trigger change_log_xact_prune after insert on change_log_xact for each statement execute function prune_change_log_xact_when_old()`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`drop trigger if exists change_log_xact_prune on change_log_xact`);
  await run(`drop function if exists prune_change_log_xact_when_old()`);
  await run(`drop function if exists prune_change_log_xact()`);
  await run(`drop index if exists change_log_xact_at_idx`);
}
