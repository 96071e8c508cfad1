import { sql, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Database, HistoryEntriesTable, HistoryRow } from '../db/schema';
import { RECORDED_TABLES, tableOrder } from './tables';

/** One recorded change of one record. */
export type Entry = Omit<Selectable<HistoryEntriesTable>, 'restaurant_id'>;

const COLUMN = /^[a-z_][a-z0-9_]*$/;

function checkColumns(names: readonly string[]): readonly string[] {
  if (!names.length || names.some((n) => !COLUMN.test(n))) throw new Error('history: unexpected column name');
  return names;
}

const refs = (names: readonly string[]) => sql.join(names.map((n) => sql.ref(n)));

function tableOf(table: string): RawBuilder<unknown> {
  if (!(table in RECORDED_TABLES)) throw new Error(`history: ${table} is not recorded`);
  return sql.table(table);
}

/** The entries by table, in `order` of their tables, each table's in the order given. */
function byTable(entries: readonly Entry[], order: (a: string, b: string) => number): [string, Entry[]][] {
  const tables = new Map<string, Entry[]>();
  for (const e of entries) {
    const list = tables.get(e.table_name);
    if (list) list.push(e);
    else tables.set(e.table_name, [e]);
  }
  return [...tables].sort(([a], [b]) => order(a, b));
}

const parentsFirst = (a: string, b: string) => tableOrder(a) - tableOrder(b);
const childrenFirst = (a: string, b: string) => tableOrder(b) - tableOrder(a);

/** A record's key values (every key column is an integer), as `k0`, `k1` ... of the statements' JSON. */
function keyFields(table: string, entry: Entry): Record<string, number> {
  const values = entry.record_id.split(':').map(Number);
  return Object.fromEntries(RECORDED_TABLES[table].map((_, i) => [`k${i}`, values[i]]));
}

/** `jsonb_to_recordset(…) as d(k0 int, k1 int …)` of the records' keys (and `b`, a jsonb, when `withBefore`). */
function keyRecords(table: string, rows: Record<string, unknown>[], withBefore: boolean): RawBuilder<unknown> {
  const keys = RECORDED_TABLES[table].map((_, i) => sql.raw(`k${i} int`));
  const fields = withBefore ? [...keys, sql.raw('b jsonb')] : keys;
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d(${sql.join(fields)})`;
}

const keyMatch = (table: string) => sql.join(RECORDED_TABLES[table].map((c, i) => sql`t.${sql.ref(c)} = d.${sql.raw(`k${i}`)}`), sql` and `);

/** The recorded tables' foreign keys that delete a row with the record it refers to (`on delete cascade`). */
async function cascades(trx: Transaction<Database>): Promise<{ child: string; column: string; parent: string }[]> {
  const rows = await sql<{ child: string; column: string; parent: string; parent_column: string }>`
    select cl.relname as child, a.attname as column, p.relname as parent, pa.attname as parent_column
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_class p on p.oid = c.confrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
    where c.contype = 'f' and c.confdeltype = 'c' and cardinality(c.conkey) = 1
      and cl.relnamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(trx);
  return rows.rows.filter((r) => r.child in RECORDED_TABLES && r.parent in RECORDED_TABLES && RECORDED_TABLES[r.parent].join() === r.parent_column);
}

/**
 * Removes what the entries created: one statement per table, children first. Rows that go with a record removed
 * here (a new driver's areas) are left to the database's cascade: deleted first, each would make its table's
 * triggers rework the record they belong to (the driver's area sort), only for it to be deleted next.
 */
async function removeCreated(trx: Transaction<Database>, created: readonly Entry[]): Promise<void> {
  if (!created.length) return;
  const removed = new Map<string, Set<string>>();
  for (const e of created) removed.set(e.table_name, (removed.get(e.table_name) ?? new Set()).add(e.record_id));
  const links = (await cascades(trx)).filter((l) => removed.has(l.child) && removed.has(l.parent));
  const entries = created.filter((e) => !links.some((l) => l.child === e.table_name && removed.get(l.parent)!.has(String(e.after?.[l.column]))));
  for (const [table, list] of byTable(entries, childrenFirst)) {
    const keys = list.map((e) => keyFields(table, e));
    await sql`delete from ${tableOf(table)} as t using ${keyRecords(table, keys, false)} where ${keyMatch(table)}`.execute(trx);
  }
}

/**
 * Gives what the entries changed its fields before: one statement per table. A record changed more than once by
 * the action gets, of each field, the value before its first change.
 */
async function putBackUpdated(trx: Transaction<Database>, entries: readonly Entry[]): Promise<void> {
  for (const [table, list] of byTable(entries, parentsFirst)) {
    const records = new Map<string, { entry: Entry; before: HistoryRow }>();
    for (const e of [...list].sort((a, b) => b.id - a.id)) {
      const seen = records.get(e.record_id);
      records.set(e.record_id, { entry: e, before: { ...seen?.before, ...e.before } });
    }
    const columns = checkColumns([...new Set([...records.values()].flatMap((r) => Object.keys(r.before)))]);
    const rows = [...records.values()].map((r) => ({ ...keyFields(table, r.entry), b: r.before }));
    // A field the record's entries leave out keeps its value: records of one statement changed different fields.
    const sets = sql.join(columns.map((c) => sql`${sql.ref(c)} = case when d.b ? ${c} then r.${sql.ref(c)} else t.${sql.ref(c)} end`));
    await sql`update ${tableOf(table)} as t set ${sets}
      from ${keyRecords(table, rows, true)} cross join lateral jsonb_populate_record(null::${tableOf(table)}, d.b) as r
      where ${keyMatch(table)}`.execute(trx);
  }
}

/**
 * Puts back the rows the entries removed, whole, as recorded: one statement per table (per set of recorded columns,
 * one as a rule), parents first so each finds the rows it refers to. A column the record lacks takes its default.
 */
export async function reinsertDeleted(trx: Transaction<Database>, entries: readonly Entry[]): Promise<void> {
  for (const [table, list] of byTable(entries, parentsFirst)) {
    const shapes = new Map<string, HistoryRow[]>();
    for (const e of [...list].sort((a, b) => a.id - b.id)) {
      const shape = Object.keys(e.before!).sort().join(',');
      const rows = shapes.get(shape);
      if (rows) rows.push(e.before!);
      else shapes.set(shape, [e.before!]);
    }
    for (const [shape, rows] of shapes) {
      const cols = refs(checkColumns(shape.split(',')));
      await sql`insert into ${tableOf(table)} (${cols})
        select ${cols} from jsonb_populate_recordset(null::${tableOf(table)}, ${JSON.stringify(rows)}::jsonb)`.execute(trx);
    }
  }
}

/**
 * Takes one action's entries back: what it created goes, what it changed gets its fields before, what it deleted
 * comes back. Set-based: a few statements per table whatever the number of records, so taking back a bulk action
 * costs about what the action did.
 */
export async function reverse(trx: Transaction<Database>, entries: readonly Entry[]): Promise<void> {
  await removeCreated(trx, entries.filter((x) => x.op === 'created'));
  await putBackUpdated(trx, entries.filter((x) => x.op === 'updated'));
  await reinsertDeleted(trx, entries.filter((x) => x.op === 'deleted'));
}
