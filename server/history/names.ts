import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ID_COLUMNS, type NamedKind, type RecordNames } from '../../domain/fieldLabels';
import { actionSummary, mainKind, recordName } from '../../domain/historyWords';
import { RECORDED_TABLES } from './tables';

type Row = Record<string, unknown>;

interface PageEntry {
  id: number;
  table_name: string;
  record_id: string;
  op: string;
  before: Row | null;
  after: Row | null;
  label?: string;
}

interface PageAction {
  id: string;
  name: string | null;
  route: string;
  kinds: Record<string, number> | null;
  ops: string[] | null;
  detail: { file?: string } | null;
  entries: PageEntry[];
  summary?: string;
  records?: string[];
  more?: number;
  names?: RecordNames;
}

/** Records a row names by name, and the column holding it. */
const NAME_SQL: Record<NamedKind, { table: string; name: string }> = {
  restaurants: { table: 'restaurants', name: 'name' },
  drivers: { table: 'drivers', name: `trim(first_name || ' ' || last_name)` },
  areas: { table: 'areas', name: 'name' },
  cities: { table: 'cities', name: 'city_name' },
  users: { table: 'users', name: `trim(first_name || ' ' || last_name)` },
  restaurateurs: { table: 'restaurateurs', name: 'name' },
  news_posts: { table: 'news_posts', name: 'post_title' },
};

/** How many of an action's main records the row names; the rest are counted. */
const NAMED_IN_ROW = 3;

const key = (table: string, id: string) => `${table}#${id}`;
const hasOwnId = (table: string) => RECORDED_TABLES[table]?.length === 1 && RECORDED_TABLES[table][0] === 'id';

/**
 * The rows the page's records are named from: each record as it is now (an edit's entry holds only what changed),
 * else, for a record deleted since an edit, as its history last held it whole. One query per recorded table on the page,
 * and one for the deleted ones.
 */
async function wholeRows(db: Kysely<Database>, entries: PageEntry[]): Promise<Map<string, Row>> {
  const rows = new Map<string, Row>();
  const byTable = new Map<string, Set<number>>();
  for (const e of entries) {
    if (!hasOwnId(e.table_name)) continue;
    (byTable.get(e.table_name) ?? byTable.set(e.table_name, new Set()).get(e.table_name)!).add(Number(e.record_id));
  }
  for (const [table, ids] of byTable) {
    const found = await sql<{ row: Row }>`select to_jsonb(t) - array['password_hash', 'push_token'] as row from ${sql.table(table)} t where t.id = any(${[...ids]}::int[])`.execute(db);
    for (const { row } of found.rows) rows.set(key(table, String(row.id)), row);
  }
  const missing = entries.filter((e) => e.op === 'updated' && !rows.has(key(e.table_name, e.record_id)));
  if (missing.length) {
    const gone = await sql<{ table_name: string; record_id: string; row: Row }>`
      select distinct on (h.table_name, h.record_id) h.table_name, h.record_id, coalesce(h.before, h.after) as row
      from history_entries h
      join unnest(${missing.map((e) => e.table_name)}::text[], ${missing.map((e) => e.record_id)}::text[]) m(t, r) on h.table_name = m.t and h.record_id = m.r
      where h.op <> 'updated'
      order by h.table_name, h.record_id, h.id desc`.execute(db);
    for (const g of gone.rows) rows.set(key(g.table_name, g.record_id), g.row);
  }
  return rows;
}

/** The names of every record the rows point at (restaurant_id, driver_id, area_id ...): one query per kind. */
async function namesOf(db: Kysely<Database>, rows: Row[]): Promise<RecordNames> {
  const wanted = new Map<NamedKind, Set<number>>();
  for (const row of rows) {
    for (const [column, kind] of Object.entries(ID_COLUMNS)) {
      const id = Number(row[column]);
      if (row[column] !== null && row[column] !== undefined && Number.isInteger(id)) (wanted.get(kind) ?? wanted.set(kind, new Set()).get(kind)!).add(id);
    }
  }
  const names: RecordNames = {};
  for (const [kind, ids] of wanted) {
    const { table, name } = NAME_SQL[kind];
    const found = await sql<{ id: number; name: string }>`select id, ${sql.raw(name)} as name from ${sql.table(table)} where id = any(${[...ids]}::int[])`.execute(db);
    names[kind] = Object.fromEntries(found.rows.map((r) => [String(r.id), r.name]));
  }
  return names;
}

/** The first and last day of the shifts or timesheets each action touched, all of them (not only those shown). */
async function daysOf(db: Kysely<Database>, actionIds: string[]): Promise<Map<string, { first: string; last: string }>> {
  if (!actionIds.length) return new Map();
  const found = await sql<{ action_id: string; first: string; last: string }>`
    select e.action_id, min(d.day) as first, max(d.day) as last
    from history_entries e
    left join shifts s on e.table_name = 'shifts' and s.id::text = e.record_id
    left join timesheets t on e.table_name = 'timesheets' and t.id::text = e.record_id
    cross join lateral (select coalesce(e.after->>'period_date', e.before->>'period_date', s.period_date::text, t.period_date::text) as day) d
    where e.action_id = any(${actionIds}::uuid[]) and e.table_name in ('shifts', 'timesheets') and d.day is not null
    group by e.action_id`.execute(db);
  return new Map(found.rows.map((r) => [r.action_id, { first: r.first.slice(0, 10), last: r.last.slice(0, 10) }]));
}

/** Only the names an action's own rows use. */
function namesFor(rows: Row[], all: RecordNames): RecordNames {
  const mine: RecordNames = {};
  for (const row of rows) {
    for (const [column, kind] of Object.entries(ID_COLUMNS)) {
      const name = all[kind]?.[String(row[column])];
      if (name !== undefined) (mine[kind] ??= {})[String(row[column])] = name;
    }
  }
  return mine;
}

/**
 * Words for a page of actions, resolved here in a few set-based queries so the screen asks nothing per row: each
 * entry's record named as people know it (`label`), each action summed up (`summary`, 'Published 193 shifts, week
 * of 30/11/2026') with its first few main records named (`records`, `more` counted), and the names of the records
 * its fields point at (`names`, for the entries' restaurant, driver, area, creator ...).
 */
export async function nameActions(db: Kysely<Database>, actions: PageAction[]): Promise<void> {
  const entries = actions.flatMap((a) => a.entries);
  const whole = await wholeRows(db, entries);
  // A record is named as it is now, so all its rows name it alike; a deleted one as it was.
  const namingRow = (e: PageEntry): Row => ({ ...(e.before ?? {}), ...(e.after ?? {}), ...whole.get(key(e.table_name, e.record_id)) });
  const rowsOf = (a: PageAction) => a.entries.flatMap((e) => [namingRow(e), e.before ?? {}, e.after ?? {}]);
  const names = await namesOf(db, actions.flatMap(rowsOf));
  const days = await daysOf(db, actions.filter((a) => ['shifts', 'timesheets'].includes(mainKind(a.kinds) ?? '')).map((a) => a.id));
  for (const action of actions) {
    for (const e of action.entries) e.label = recordName(e.table_name, namingRow(e), names);
    const main = mainKind(action.kinds);
    const mainEntries = action.entries.filter((e) => e.table_name === main);
    action.summary = actionSummary({ ...action, mainOp: mainEntries[0]?.op, days: days.get(action.id) });
    action.records = [...new Set(mainEntries.map((e) => e.label!))].slice(0, NAMED_IN_ROW);
    action.more = Math.max((main ? action.kinds![main] : 0) - action.records.length, 0);
    action.names = namesFor(rowsOf(action), names);
  }
}
