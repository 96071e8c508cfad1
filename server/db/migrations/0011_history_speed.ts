import { sql, type Kysely } from 'kysely';

/**
 * History at the scale of a year (tens of thousands of actions, hundreds of thousands of entries):
 *
 * - Each action carries a summary of its entries, kept by the trigger as it records them: how many records of
 *   each kind it touched (`kinds`), what it did to them (`ops`), the restaurants they belong to
 *   (`restaurant_ids`, a manager's scope) and the label the list filters by (`label`: the named action, else what
 *   it did). The History list filters and pages on these columns and their indexes alone, never on a scan of the
 *   entries per action.
 * - The trigger builds its statements per table from the catalogue: an update pairs old and new rows by their
 *   typed key columns, finds which columns changed, and turns into JSON only those values, where it expanded every
 *   row into key/value pairs and compared them one by one. A column added later is picked up without touching it.
 */

const statements = [
  `alter table history_actions
     add column kinds jsonb not null default '{}',
     add column ops text[] not null default '{}',
     add column restaurant_ids integer[] not null default '{}',
     add column label text generated always as (coalesce(name, ops[1])) stored`,
  // The summary of the actions recorded before this migration.
  `update history_actions a set
     kinds = coalesce((select jsonb_object_agg(k.table_name, k.n) from (
       select table_name, count(*) n from history_entries e where e.action_id = a.id group by table_name) k), '{}'),
     ops = array(select distinct op from history_entries e where e.action_id = a.id order by 1),
     restaurant_ids = array(select distinct restaurant_id from history_entries e where e.action_id = a.id and restaurant_id is not null order by 1)`,
  `create index history_actions_label_idx on history_actions (label, at desc, seq desc)`,
  `create index history_actions_restaurants_idx on history_actions using gin (restaurant_ids)`,
  `create index history_actions_kinds_idx on history_actions using gin (kinds)`,
  `create index history_actions_name_trgm_idx on history_actions using gin (account_name gin_trgm_ops)`,
  // A manager's scope is read from the action now; one index fewer to write per recorded row.
  'drop index history_entries_restaurant_idx',

  /**
   * The statements of one trigger call (`key_columns`: the table's key, from `tg_argv`). A column whose name
   * holds 'password' or 'token' is never recorded, and a change to it alone records nothing.
   * - For an update, first (`changed_only` null) which columns changed in any row, by comparing old and new rows paired
   *   by key; then (`changed_only` those columns) the entries, each with the values of its own changed columns. Turning
   *   whole rows into JSON is what made recording cost several times the update itself; a bulk publish turns two.
   * - For an insert or a delete, the whole row.
   */
  `create function history_statement(relid oid, tbl text, event text, key_columns text[], changed_only text[] default null) returns text language plpgsql stable as $$
    declare
      secrets text; names text; same text; before_expr text; columns int; key_expr text; key_join text; restaurant text;
    begin
      restaurant := case when exists (select 1 from pg_attribute where attrelid = relid and attname = 'restaurant_id' and not attisdropped) then 'r.restaurant_id'
        when tbl = 'restaurants' then 'r.id' else 'null::integer' end;
      key_expr := (select string_agg(format('r.%I::text', c), ' || '':'' || ' order by o) from unnest(key_columns) with ordinality u(c, o));
      key_join := (select string_agg(format('r.%1$I = o.%1$I', c), ' and ') from unnest(key_columns) c);
      if event <> 'UPDATE' then
        select coalesce(array_agg(attname::text), '{}')::text into secrets
        from pg_attribute where attrelid = relid and attnum > 0 and not attisdropped and attname ~ '(password|token)';
        return format($q$
          with ins as (
            insert into history_entries (action_id, table_name, record_id, op, %1$s, restaurant_id)
            select $1, %2$L, %3$s, %4$L, to_jsonb(r) - %5$L::text[], %6$s from %7$s r
            returning restaurant_id)
          select count(*)::int, coalesce(array_agg(distinct restaurant_id) filter (where restaurant_id is not null), '{}') from ins$q$,
          case when event = 'INSERT' then 'after' else 'before' end, tbl, key_expr,
          case when event = 'INSERT' then 'created' else 'deleted' end, secrets, restaurant,
          case when event = 'INSERT' then 'new_rows' else 'old_rows' end);
      end if;
      -- The columns compared ('json' has no equality: compared as jsonb), and whether each is left as it was.
      with c as (
        select attname::text as name, attnum,
          format('o.%1$I%2$s is not distinct from r.%1$I%2$s', attname, case when atttypid = 'json'::regtype then '::jsonb' else '' end) as unchanged
        from pg_attribute
        where attrelid = relid and attnum > 0 and not attisdropped and attname !~ '(password|token)' and (changed_only is null or attname = any(changed_only))
      )
      select string_agg(format('case when %s then null else %L end', unchanged, name), ', ' order by attnum),
        string_agg(format('case when %s then %L end', unchanged, name), ', ' order by attnum),
        count(*)
      into names, same, columns
      from c;
      if changed_only is null then
        return format($q$select coalesce(array_agg(distinct u.changed_column), '{}') from old_rows o join new_rows r on %1$s
          cross join lateral unnest(array[%2$s]) u(changed_column) where u.changed_column is not null$q$, key_join, names);
      end if;
      -- jsonb_build_object takes at most 100 arguments: fifty columns a call.
      select string_agg(p, ' || ') into before_expr from (
        select 'jsonb_build_object(' || string_agg(format('%1$L, o.%1$I', attname), ', ' order by attnum) || ')' as p
        from (select attname, attnum, (row_number() over (order by attnum) - 1) / 50 as part
              from pg_attribute where attrelid = relid and attnum > 0 and not attisdropped and attname = any(changed_only) and attname !~ '(password|token)') a
        group by part) x;
      -- Each entry keeps, of the changed columns, those its own row changed.
      return format($q$
        with d as (
          select %1$s as k, %2$s - same as before, %3$s - same as after, %4$s as rid, cardinality(same) as unchanged
          from old_rows o join new_rows r on %5$s
          cross join lateral (select array_remove(array[%6$s], null) as same) s
        ), ins as (
          insert into history_entries (action_id, table_name, record_id, op, before, after, restaurant_id)
          select $1, %7$L, k, 'updated', before, after, rid from d where unchanged < %8$s
          returning restaurant_id)
        select count(*)::int, coalesce(array_agg(distinct restaurant_id) filter (where restaurant_id is not null), '{}') from ins$q$,
        key_expr, before_expr, replace(before_expr, ', o.', ', r.'), restaurant, key_join, same, tbl, columns);
    end $$`,

  `create or replace function history_record() returns trigger language plpgsql as $$
    declare ctx text := current_setting('app.history', true); aid uuid; recorded int; rids int[]; op text; changed text[];
    begin
      if ctx is null or ctx = '' then return null; end if;
      if tg_op = 'DELETE' then
        if not exists (select 1 from old_rows) then return null; end if;
      elsif not exists (select 1 from new_rows) then return null;
      end if;
      aid := history_action(ctx::jsonb);
      if tg_op = 'UPDATE' then
        execute history_statement(tg_relid, tg_table_name, tg_op, tg_argv) into changed;
        if cardinality(changed) = 0 then return null; end if;
        execute history_statement(tg_relid, tg_table_name, tg_op, tg_argv, changed) into recorded, rids using aid;
      else
        execute history_statement(tg_relid, tg_table_name, tg_op, tg_argv) into recorded, rids using aid;
      end if;
      if recorded = 0 then return null; end if;
      op := case tg_op when 'INSERT' then 'created' when 'DELETE' then 'deleted' else 'updated' end;
      update history_actions set
        kinds = jsonb_set(kinds, array[tg_table_name], to_jsonb(coalesce((kinds->>tg_table_name)::int, 0) + recorded)),
        ops = case when op = any(ops) then ops else array(select unnest(ops || op) order by 1) end,
        restaurant_ids = case when rids <@ restaurant_ids then restaurant_ids
          else array(select distinct unnest(restaurant_ids || rids) order by 1) end
      where id = aid;
      return null;
    end $$`,
  'drop function history_clean(jsonb)',
  'drop function history_key(jsonb, text[])',
  'drop function history_restaurant(text, jsonb)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0011_history_speed cannot be reverted: restore a backup taken before it');
}
