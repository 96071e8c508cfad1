import { sql, type Kysely } from 'kysely';

/**
 * What recording costs a bulk write (publishing a thousand shifts), the entries being written as before
 * (migrations/0011_history_speed.ts):
 *
 * - The trigger first asks one aggregate over the statement's rows: for an update, which columns changed in any row
 *   (`bool_and` of each column unchanged, where it made a row per column and pair and gathered them with
 *   `distinct`), and for every event how many records it records and their restaurants.
 * - With that summary the request's action is written once, summary included (`history_action_recorded`: an
 *   insert, or for a request's later statements an update of the same row), before the entries. It was inserted
 *   bare and then updated, which wrote its row and every index of `history_actions` twice per statement.
 * - The entries' insert no longer hands back each entry's restaurant to be gathered again.
 */
const statements = [
  // The request's action with what one statement recorded: `n` records of `tbl`, `op`, their restaurants.
  `create function history_action_recorded(ctx jsonb, tbl text, op text, n integer, rids integer[]) returns uuid language plpgsql as $$
    declare aid uuid := (ctx->>'request_id')::uuid;
    begin
      insert into history_actions as h (id, account_kind, account_id, role, account_name, name, route, kinds, ops, restaurant_ids)
      values (aid, ctx->>'kind', (ctx->>'account_id')::integer, (ctx->>'role')::integer,
        coalesce(case ctx->>'kind'
          when 'user' then (select trim(first_name || ' ' || last_name) from users where id = (ctx->>'account_id')::integer)
          when 'restaurateur' then (select name from restaurateurs where id = (ctx->>'account_id')::integer)
          else (select trim(first_name || ' ' || last_name) from drivers where id = (ctx->>'account_id')::integer) end, ''),
        ctx->>'name', coalesce(ctx->>'route', ''), jsonb_build_object(tbl, n), array[op], rids)
      on conflict (id) do update set
        kinds = jsonb_set(h.kinds, array[tbl], to_jsonb(coalesce((h.kinds->>tbl)::int, 0) + n)),
        ops = case when op = any(h.ops) then h.ops else array(select unnest(h.ops || op) order by 1) end,
        restaurant_ids = case when rids <@ h.restaurant_ids then h.restaurant_ids
          else array(select distinct unnest(h.restaurant_ids || rids) order by 1) end;
      return aid;
    end $$`,

  /**
   * The statements of one trigger call (`key_columns`: the table's key, from `tg_argv`). A column whose name holds
   * 'password' or 'token' is never recorded, and a change to it alone records nothing.
   * - `summary`: one row of (the columns changed in any row: updates only, how many records are recorded, their
   *   restaurants, sorted).
   * - otherwise the insert of the entries, `$1` the action: for an update (`changed_only` the changed columns)
   *   each entry with the values of its own changed columns; for an insert or a delete the whole row.
   */
  `create function history_statements(relid oid, tbl text, event text, key_columns text[], summary boolean, changed_only text[] default null)
    returns text language plpgsql stable as $$
    declare
      secrets text; names text; same text; all_same text; before_expr text; columns int; key_expr text; key_join text; restaurant text; source text;
    begin
      restaurant := case when exists (select 1 from pg_attribute where attrelid = relid and attname = 'restaurant_id' and not attisdropped) then 'r.restaurant_id'
        when tbl = 'restaurants' then 'r.id' else 'null::integer' end;
      key_expr := (select string_agg(format('r.%I::text', c), ' || '':'' || ' order by o) from unnest(key_columns) with ordinality u(c, o));
      key_join := (select string_agg(format('r.%1$I = o.%1$I', c), ' and ') from unnest(key_columns) c);
      if event <> 'UPDATE' then
        source := case when event = 'INSERT' then 'new_rows' else 'old_rows' end;
        if summary then
          return format($q$select '{}'::text[], count(*)::int, coalesce(array_agg(distinct %1$s order by %1$s) filter (where %1$s is not null), '{}') from %2$s r$q$,
            restaurant, source);
        end if;
        select coalesce(array_agg(attname::text), '{}')::text into secrets
        from pg_attribute where attrelid = relid and attnum > 0 and not attisdropped and attname ~ '(password|token)';
        return format($q$insert into history_entries (action_id, table_name, record_id, op, %1$s, restaurant_id)
            select $1, %2$L, %3$s, %4$L, to_jsonb(r) - %5$L::text[], %6$s from %7$s r$q$,
          case when event = 'INSERT' then 'after' else 'before' end, tbl, key_expr,
          case when event = 'INSERT' then 'created' else 'deleted' end, secrets, restaurant, source);
      end if;
      -- The columns compared ('json' has no equality: compared as jsonb), and whether each is left as it was.
      with c as (
        select attname::text as name, attnum,
          format('o.%1$I%2$s is not distinct from r.%1$I%2$s', attname, case when atttypid = 'json'::regtype then '::jsonb' else '' end) as unchanged
        from pg_attribute
        where attrelid = relid and attnum > 0 and not attisdropped and attname !~ '(password|token)' and (summary or attname = any(changed_only))
      )
      select string_agg(format('case when bool_and(%s) then null else %L end', unchanged, name), ', ' order by attnum),
        string_agg(format('case when %s then %L end', unchanged, name), ', ' order by attnum),
        string_agg(unchanged, ' and ' order by attnum),
        count(*)
      into names, same, all_same, columns
      from c;
      -- One aggregate row: each column changed in some row or not, without a row per column and pair.
      if summary then
        return format($q$select coalesce(array_remove(array[%2$s], null), '{}'), (count(*) filter (where not (%3$s)))::int,
            coalesce(array_agg(distinct %4$s order by %4$s) filter (where not (%3$s) and %4$s is not null), '{}')
          from old_rows o join new_rows r on %1$s$q$, key_join, names, all_same, restaurant);
      end if;
      -- jsonb_build_object takes at most 100 arguments: fifty columns a call.
      select string_agg(p, ' || ') into before_expr from (
        select 'jsonb_build_object(' || string_agg(format('%1$L, o.%1$I', attname), ', ' order by attnum) || ')' as p
        from (select attname, attnum, (row_number() over (order by attnum) - 1) / 50 as part
              from pg_attribute where attrelid = relid and attnum > 0 and not attisdropped and attname = any(changed_only) and attname !~ '(password|token)') a
        group by part) x;
      -- Each entry keeps, of the changed columns, those its own row changed.
      return format($q$
        insert into history_entries (action_id, table_name, record_id, op, before, after, restaurant_id)
        select $1, %7$L, k, 'updated', before, after, rid from (
          select %1$s as k, %2$s - same as before, %3$s - same as after, %4$s as rid, cardinality(same) as unchanged
          from old_rows o join new_rows r on %5$s
          cross join lateral (select array_remove(array[%6$s], null) as same) s) d
        where unchanged < %8$s$q$,
        key_expr, before_expr, replace(before_expr, ', o.', ', r.'), restaurant, key_join, same, tbl, columns);
    end $$`,

  `create or replace function history_record() returns trigger language plpgsql as $$
    declare ctx text := current_setting('app.history', true); aid uuid; recorded int; rids int[]; changed text[];
    begin
      if ctx is null or ctx = '' then return null; end if;
      if tg_op = 'DELETE' then
        if not exists (select 1 from old_rows) then return null; end if;
      elsif not exists (select 1 from new_rows) then return null;
      end if;
      execute history_statements(tg_relid, tg_table_name, tg_op, tg_argv, true) into changed, recorded, rids;
      if recorded = 0 then
        -- Nothing worth recording (no change, or secrets alone): the request's action exists all the same.
        perform history_action(ctx::jsonb);
        return null;
      end if;
      aid := history_action_recorded(ctx::jsonb, tg_table_name,
        case tg_op when 'INSERT' then 'created' when 'DELETE' then 'deleted' else 'updated' end, recorded, rids);
      execute history_statements(tg_relid, tg_table_name, tg_op, tg_argv, false, changed) using aid;
      return null;
    end $$`,
  'drop function history_statement(oid, text, text, text[], text[])',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0018_history_bulk_cost cannot be reverted: restore a backup taken before it');
}
