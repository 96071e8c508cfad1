import { sql, type Kysely } from 'kysely';

/**
 * The history of every change made through the API (server/history/): one `history_actions` row per request
 * that wrote (who, when, the named action), and one `history_entries` row per record it created, updated or
 * deleted, with the fields before and after: only the changed ones on an update, the whole row on a create or a
 * delete, and never a password or a token.
 *
 * Row changes are recorded by statement-level triggers on the recorded tables, so no route can forget them and a
 * bulk call of a thousand rows costs one insert of a thousand entries. A trigger records only when the connection
 * carries a request's context in `app.history` (server/history/driver.ts sets it); seeding, migrations and
 * background bookkeeping are not user actions and write no history.
 */

/**
 * The recorded tables, parents before children (server/history/ brings deleted rows back in this order, so each
 * finds the rows it refers to), with the columns that name one of their records. Alerts' read state, tokens,
 * login attempts and delivery bookkeeping are not recorded.
 */
export const RECORDED: Record<string, readonly string[]> = {
  areas: ['id'],
  users: ['id'],
  user_areas: ['user_id', 'area_id'],
  restaurateurs: ['id'],
  restaurants: ['id'],
  user_restaurants: ['user_id', 'restaurant_id'],
  drivers: ['id'],
  driver_areas: ['driver_id', 'area_id'],
  driver_restaurants: ['driver_id', 'restaurant_id'],
  driver_right_to_work_photos: ['id'],
  driver_working_times: ['id'],
  driver_working_time_overrides: ['id'],
  shifts: ['id'],
  timesheets: ['id'],
  reporting: ['id'],
  invoices: ['id'],
  invoice_timesheets: ['timesheet_id'],
  news_posts: ['id'],
  news_post_areas: ['post_id', 'area_id'],
  news_post_restaurants: ['post_id', 'restaurant_id'],
  news_post_drivers: ['post_id', 'driver_id'],
  news_replies: ['id'],
  alerts: ['id'],
  options: ['id'],
  push_messages: ['id'],
};

const statements = [
  `create table history_actions (
    id uuid primary key,
    seq bigserial not null unique,
    at timestamptz not null default now(),
    account_kind text not null check (account_kind in ('user', 'restaurateur', 'driver')),
    account_id integer not null,
    role integer,
    account_name text not null default '',
    name text,
    route text not null default '',
    undoes uuid references history_actions(id),
    undone_by uuid references history_actions(id)
  )`,
  `create index history_actions_at_idx on history_actions (at desc, seq desc)`,
  `create index history_actions_account_idx on history_actions (account_kind, account_id, at desc)`,
  `create table history_entries (
    id bigserial primary key,
    action_id uuid not null references history_actions(id) on delete cascade,
    table_name text not null,
    record_id text not null,
    op text not null check (op in ('created', 'updated', 'deleted')),
    before jsonb,
    after jsonb,
    restaurant_id integer
  )`,
  `create index history_entries_record_idx on history_entries (table_name, record_id, id)`,
  `create index history_entries_action_idx on history_entries (action_id, id)`,
  `create index history_entries_restaurant_idx on history_entries (restaurant_id, action_id) where restaurant_id is not null`,

  // A row as recorded: no password, no token.
  `create function history_clean(rec jsonb) returns jsonb language sql immutable as $$
    select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(rec)
    where key not like '%password%' and key not like '%token%'
  $$`,
  `create function history_key(rec jsonb, columns text[]) returns text language sql immutable as $$
    select string_agg(rec->>c, ':' order by o) from unnest(columns) with ordinality u(c, o)
  $$`,
  // The restaurant a record belongs to, for a manager's scope.
  `create function history_restaurant(tbl text, rec jsonb) returns integer language sql immutable as $$
    select coalesce((rec->>'restaurant_id')::integer, case when tbl = 'restaurants' then (rec->>'id')::integer end)
  $$`,
  // The request's action row, made by its first recorded statement.
  `create function history_action(ctx jsonb) returns uuid language plpgsql as $$
    declare aid uuid := (ctx->>'request_id')::uuid;
    begin
      insert into history_actions (id, account_kind, account_id, role, account_name, name, route)
      values (aid, ctx->>'kind', (ctx->>'account_id')::integer, (ctx->>'role')::integer,
        coalesce(case ctx->>'kind'
          when 'user' then (select trim(first_name || ' ' || last_name) from users where id = (ctx->>'account_id')::integer)
          when 'restaurateur' then (select name from restaurateurs where id = (ctx->>'account_id')::integer)
          else (select trim(first_name || ' ' || last_name) from drivers where id = (ctx->>'account_id')::integer) end, ''),
        ctx->>'name', coalesce(ctx->>'route', ''))
      on conflict (id) do nothing;
      return aid;
    end $$`,
  // Each branch names only the transition tables its event has (PL/pgSQL prepares a statement when it first runs).
  `create function history_record() returns trigger language plpgsql as $$
    declare ctx text := current_setting('app.history', true); aid uuid;
    begin
      if ctx is null or ctx = '' then return null; end if;
      if tg_op = 'INSERT' then
        if not exists (select 1 from new_rows) then return null; end if;
        aid := history_action(ctx::jsonb);
        insert into history_entries (action_id, table_name, record_id, op, after, restaurant_id)
        select aid, tg_table_name, history_key(j, tg_argv), 'created', history_clean(j), history_restaurant(tg_table_name, j)
        from (select to_jsonb(n) j from new_rows n) r;
      elsif tg_op = 'DELETE' then
        if not exists (select 1 from old_rows) then return null; end if;
        aid := history_action(ctx::jsonb);
        insert into history_entries (action_id, table_name, record_id, op, before, restaurant_id)
        select aid, tg_table_name, history_key(j, tg_argv), 'deleted', history_clean(j), history_restaurant(tg_table_name, j)
        from (select to_jsonb(o) j from old_rows o) r;
      else
        if not exists (select 1 from new_rows) then return null; end if;
        aid := history_action(ctx::jsonb);
        -- Each side's keys once, then one hash join: a key computed inside the join would run once per pair.
        with o as materialized (select x.j, history_key(x.j, tg_argv) k from (select to_jsonb(r) j from old_rows r) x),
             n as materialized (select x.j, history_key(x.j, tg_argv) k from (select to_jsonb(r) j from new_rows r) x)
        insert into history_entries (action_id, table_name, record_id, op, before, after, restaurant_id)
        select aid, tg_table_name, o.k, 'updated', d.before, d.after, history_restaurant(tg_table_name, n.j)
        from o join n on n.k = o.k
        cross join lateral (
          select jsonb_object_agg(e.key, e.value) before, jsonb_object_agg(e.key, n.j->e.key) after
          from jsonb_each(o.j) e
          where e.value is distinct from n.j->e.key and e.key not like '%password%' and e.key not like '%token%'
        ) d
        where d.before is not null;
      end if;
      return null;
    end $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const statement of statements) await run(statement);
  for (const [table, key] of Object.entries(RECORDED)) {
    const args = key.map((c) => `'${c}'`).join(', ');
    await run(`create trigger ${table}_history_insert after insert on ${table} referencing new table as new_rows for each statement execute function history_record(${args})`);
    await run(
      `create trigger ${table}_history_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function history_record(${args})`,
    );
    await run(`create trigger ${table}_history_delete after delete on ${table} referencing old table as old_rows for each statement execute function history_record(${args})`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  for (const table of Object.keys(RECORDED)) {
    for (const event of ['insert', 'update', 'delete']) await run(`drop trigger ${table}_history_${event} on ${table}`);
  }
  for (const fn of ['history_record()', 'history_action(jsonb)', 'history_restaurant(text, jsonb)', 'history_key(jsonb, text[])', 'history_clean(jsonb)']) {
    await run(`drop function ${fn}`);
  }
  await run('drop table history_entries');
  await run('drop table history_actions');
}
