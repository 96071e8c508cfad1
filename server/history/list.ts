import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { HistoryFilter } from '../../domain/validation/history';
import { nameActions } from './names';
import type { historyActionResponse } from '../../domain/validation/responses';
import type { z } from 'zod';

/** An action as the page's SQL builds it (the History list's declared answer). */
type HistoryActionRow = z.input<typeof historyActionResponse>;

/** Entries shown under each action of a list page; the rest are counted. */
const ENTRIES_SHOWN = 50;

/** Actions counted exactly; past this the list says "more than" (a year holds tens of thousands). */
export const HISTORY_COUNT_CAP = 10_000;

export interface HistoryPage {
  rows: HistoryActionRow[];
  /** How many actions match, or null when more than HISTORY_COUNT_CAP do. */
  total: number | null;
}

/**
 * A page of actions, newest first (`direction` ASC: oldest first), in words (./names.ts), each with its first
 * entries (or, for one record's history, that record's entries) and how many records of each kind it touched. `scope` limits a manager to actions touching their
 * restaurants (null = everything).
 *
 * Every filter reads the action's own columns (its summary, kept by the history trigger, migration 0011) through
 * an index; the page's actions are picked before their entries are read, so a deep page costs an index walk, not
 * the entries of every action before it.
 */
export async function historyPage(
  db: Kysely<Database>, filter: HistoryFilter, scope: number[] | null, first: number, last: number, direction: 'ASC' | 'DESC' = 'DESC',
): Promise<HistoryPage> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (filter.who) where.push(sql`a.account_name ilike ${'%' + filter.who.replace(/[\\%_]/g, '\\$&') + '%'}`);
  if (filter.name) where.push(sql`a.label = ${filter.name}`);
  if (filter.date_from) where.push(sql`a.at >= (${filter.date_from}::date::timestamp at time zone 'Europe/London')`);
  if (filter.date_to) where.push(sql`a.at < ((${filter.date_to}::date + 1)::timestamp at time zone 'Europe/London')`);
  if (filter.table) where.push(sql`a.kinds ? ${filter.table}`);
  if (scope) where.push(sql`a.restaurant_ids && ${scope}::int[]`);
  const recordEntries: RawBuilder<unknown>[] = [];
  if (filter.record_id) {
    recordEntries.push(sql`e.record_id = ${filter.record_id}`);
    if (filter.table) recordEntries.push(sql`e.table_name = ${filter.table}`);
    where.push(sql`a.id in (select e.action_id from history_entries e where ${sql.join(recordEntries, sql` and `)})`);
  }
  const condition = sql.join(where, sql` and `);
  // Both ways read history_actions_at_idx (at desc, seq desc), backwards for the oldest first.
  const order = direction === 'ASC' ? sql`order by a.at asc, a.seq asc` : sql`order by a.at desc, a.seq desc`;
  // The record's own entries when one record is asked about, else the action's first ones.
  const shown = sql.join([sql`e.action_id = a.id`, ...recordEntries], sql` and `);

  const page = await sql<{ row: unknown }>`
    select json_build_object(
      'id', a.id, 'at', a.at, 'account_kind', a.account_kind, 'account_id', a.account_id, 'role', a.role,
      'account_name', a.account_name, 'name', a.name, 'route', a.route, 'undone_by', a.undone_by, 'undoes', a.undoes,
      'kinds', a.kinds, 'ops', a.ops, 'detail', a.detail,
      'entries', coalesce((select json_agg(json_build_object('id', e.id, 'table_name', e.table_name, 'record_id', e.record_id,
         'op', e.op, 'before', e.before, 'after', e.after) order by e.id) from (
         select * from history_entries e where ${shown} order by e.id limit ${ENTRIES_SHOWN}) e), '[]')
    ) as row
    from (select * from history_actions a where ${condition} ${order} offset ${first} limit ${last - first + 1}) a
    ${order}`.execute(db);
  const count = await sql<{ n: number }>`
    select count(*)::int as n from (select 1 from history_actions a where ${condition} limit ${HISTORY_COUNT_CAP + 1}) c`.execute(db);
  const n = count.rows[0].n;
  const rows = page.rows.map((r) => r.row);
  await nameActions(db, rows as Parameters<typeof nameActions>[1]);
  return { rows: rows as HistoryActionRow[], total: n > HISTORY_COUNT_CAP ? null : n };
}
