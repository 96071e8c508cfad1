import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { HistoryFilter } from '../../domain/validation/history';

/** Entries shown under each action of a list page; the rest are counted. */
const ENTRIES_SHOWN = 50;

export interface HistoryPage {
  rows: unknown[];
  total: number;
}

/**
 * A page of actions, newest first, each with its first entries (or, for one record's history, that record's
 * entries) and how many records of each kind it touched. `scope` limits a manager to actions touching their
 * restaurants (null = everything).
 */
export async function historyPage(
  db: Kysely<Database>, filter: HistoryFilter, scope: number[] | null, first: number, last: number,
): Promise<HistoryPage> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (filter.who) where.push(sql`a.account_name ilike ${'%' + filter.who.replace(/[\\%_]/g, '\\$&') + '%'}`);
  if (filter.name) where.push(sql`coalesce(a.name, (select min(op) from history_entries o where o.action_id = a.id)) = ${filter.name}`);
  if (filter.date_from) where.push(sql`a.at >= (${filter.date_from}::date::timestamp at time zone 'Europe/London')`);
  if (filter.date_to) where.push(sql`a.at < ((${filter.date_to}::date + 1)::timestamp at time zone 'Europe/London')`);
  const entryWhere: RawBuilder<unknown>[] = [sql`e.action_id = a.id`];
  if (filter.table) entryWhere.push(sql`e.table_name = ${filter.table}`);
  if (filter.record_id) entryWhere.push(sql`e.record_id = ${filter.record_id}`);
  if (scope) entryWhere.push(sql`e.restaurant_id = any(${scope.length ? scope : [0]}::int[])`);
  const touches = entryWhere.length > 1 ? sql`exists (select 1 from history_entries e where ${sql.join(entryWhere, sql` and `)})` : sql`true`;
  const condition = sql`${sql.join(where, sql` and `)} and ${touches}`;
  // The record's own entries when one record is asked about, else the action's first ones.
  const shown = filter.record_id ? sql.join(entryWhere, sql` and `) : sql`e.action_id = a.id`;

  const [page, count] = await Promise.all([
    sql<{ row: unknown }>`
      select json_build_object(
        'id', a.id, 'at', a.at, 'account_kind', a.account_kind, 'account_id', a.account_id, 'role', a.role,
        'account_name', a.account_name, 'name', a.name, 'route', a.route, 'undone_by', a.undone_by, 'undoes', a.undoes,
        'kinds', (select json_object_agg(k.table_name, k.n) from (
           select table_name, count(*) n from history_entries x where x.action_id = a.id group by table_name) k),
        'ops', (select json_agg(distinct x.op) from history_entries x where x.action_id = a.id),
        'entries', coalesce((select json_agg(json_build_object('id', e.id, 'table_name', e.table_name, 'record_id', e.record_id,
           'op', e.op, 'before', e.before, 'after', e.after) order by e.id) from (
           select * from history_entries e where ${shown} order by e.id limit ${ENTRIES_SHOWN}) e), '[]')
      ) as row
      from history_actions a
      where ${condition}
      order by a.at desc, a.seq desc
      offset ${first} limit ${last - first + 1}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from history_actions a where ${condition}`.execute(db),
  ]);
  return { rows: page.rows.map((r) => r.row), total: count.rows[0].n };
}
