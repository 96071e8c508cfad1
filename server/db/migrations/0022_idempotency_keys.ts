import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys of creating calls (server/plugins/idempotency.ts): one row per account and key, held by the
 * request running it (`request_id`, which is also the id of the history action its writes make) until its answer is
 * kept (`status`, `answer_headers`, `answer_body`). The key itself is not stored, only a hash of it, and the answer's
 * body is sealed with a key derived from it: answers carry new accounts' passwords and calendar addresses, which the
 * app otherwise never keeps, so only the client that holds the key can read them back.
 *
 * The guard makes "did the request that held a key commit anything" a question with one answer. A request holding a
 * key says so in its history context (server/history/context.ts); when its transaction commits, a deferred trigger
 * on its history action locks its key row (key share) and fails the commit when the row no longer names it: the key
 * was released after an error or taken over by a retry, which then may run and must be the only one to write. A
 * retry takes over or releases a key only under the row's update lock, and reads the history after it got it, so it
 * either waits for a commit in progress and sees it, or makes that commit fail.
 *
 * Rows older than a day are forgotten: a statement trigger on insert probes the creation index and, when a row is
 * older than PRUNE_AFTER, deletes every row older than KEPT, so pruning runs about once an hour, not on every write.
 *
 * The keys' own writes commit without waiting for the disk (synchronous_commit off for their transactions only):
 * two more flushes per call were most of what a key cost a creating call on PostgreSQL. Nothing is lost that
 * matters. The log is written in order, so the request's own commit, which does wait, makes its reservation durable
 * with it; a reservation lost to a database crash belonged to a request that wrote nothing, so a retry may run; a
 * kept answer lost to one makes a retry answer that it was saved (its history shows it), never a second write.
 */
const KEPT = '24 hours';
const PRUNE_AFTER = '25 hours';

const statements = [
  `create table idempotency_keys (
    id bigint generated always as identity primary key,
    account_kind text not null,
    account_id integer not null,
    key_hash bytea not null,
    request_id uuid not null,
    holder text not null,
    method text not null,
    path text not null,
    body_hash bytea not null,
    created_at timestamptz not null default now(),
    lease_until timestamptz not null,
    status smallint,
    answer_headers jsonb,
    answer_body bytea
  )`,
  `create unique index idempotency_keys_key on idempotency_keys (account_kind, account_id, key_hash)`,
  // Unique, so a takeover (which changes it) takes the row's full update lock, which the guard's key share waits on.
  `create unique index idempotency_keys_request on idempotency_keys (request_id)`,
  `create index idempotency_keys_created on idempotency_keys (created_at)`,
  `create function idempotency_keys_prune() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from idempotency_keys where created_at < now() - interval '${PRUNE_AFTER}') then
        delete from idempotency_keys where created_at < now() - interval '${KEPT}';
      end if;
      return null;
    end $$`,
  `create trigger idempotency_keys_prune after insert on idempotency_keys for each statement execute function idempotency_keys_prune()`,
  `create function idempotency_keys_async_commit() returns trigger language plpgsql as $$
    begin
      perform set_config('synchronous_commit', 'off', true);
      return null;
    end $$`,
  `create trigger idempotency_keys_async_commit before insert or update or delete on idempotency_keys
    for each statement execute function idempotency_keys_async_commit()`,
  `create function idempotency_guard() returns trigger language plpgsql as $$
    declare ctx text := current_setting('app.history', true);
    begin
      if ctx is null or ctx = '' or (ctx::jsonb ->> 'idempotent') is distinct from 'true' then return null; end if;
      perform 1 from idempotency_keys where request_id = new.id for key share;
      if not found then
        raise exception 'the idempotency key of request % was released or taken over: its writes are not kept', new.id;
      end if;
      return null;
    end $$`,
  `create constraint trigger history_actions_idempotency after insert on history_actions
    deferrable initially deferred for each row execute function idempotency_guard()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`drop trigger if exists history_actions_idempotency on history_actions`);
  await run(`drop function if exists idempotency_guard()`);
  await run(`drop table if exists idempotency_keys`);
  await run(`drop function if exists idempotency_keys_prune()`);
  await run(`drop function if exists idempotency_keys_async_commit()`);
}
