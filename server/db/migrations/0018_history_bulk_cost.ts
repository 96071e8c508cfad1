import { sql, type Kysely } from 'kysely';

/**
 * What recording costs a bulk update (publishing a thousand shifts): the trigger's first question, which columns
 * changed in any row, is one aggregate over the paired old and new rows (`bool_and` of each column unchanged)
 * instead of a row per column and pair gathered with `distinct`. The entries themselves are written as before
 * (migrations/0011_history_speed.ts).
 */
const statements = [
  `create or replace function history_statement(relid oid, tbl text, event text, key_columns text[], changed_only text[] default null) returns text language plpgsql stable as $$
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
      select string_agg(format('case when bool_and(%s) then null else %L end', unchanged, name), ', ' order by attnum),
        string_agg(format('case when %s then %L end', unchanged, name), ', ' order by attnum),
        count(*)
      into names, same, columns
      from c;
      -- One aggregate row: each column changed in some row or not, without a row per column and pair.
      if changed_only is null then
        return format($q$select coalesce(array_remove(array[%2$s], null), '{}') from old_rows o join new_rows r on %1$s$q$, key_join, names);
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
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0018_history_bulk_cost cannot be reverted: restore a backup taken before it');
}
