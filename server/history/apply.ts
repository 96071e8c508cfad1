import { sql, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Database, HistoryEntriesTable, HistoryRow } from '../db/schema';
import { RECORDED_TABLES, tableOrder } from './tables';

/** One recorded change of one record. */
export type Entry = Omit<Selectable<HistoryEntriesTable>, 'restaurant_id'>;

const COLUMN = /^[a-z_][a-z0-9_]*$/;

function columnsOf(row: HistoryRow): RawBuilder<unknown> {
  const names = Object.keys(row);
  if (!names.length || names.some((n) => !COLUMN.test(n))) throw new Error('history: unexpected column name');
  return sql.join(names.map((n) => sql.ref(n)));
}

function tableOf(entry: Entry): RawBuilder<unknown> {
  if (!(entry.table_name in RECORDED_TABLES)) throw new Error(`history: ${entry.table_name} is not recorded`);
  return sql.table(entry.table_name);
}

/** `key = value and ...` for the record an entry names (every key column is an integer). */
function keyOf(entry: Entry): RawBuilder<unknown> {
  const values = entry.record_id.split(':').map(Number);
  return sql.join(RECORDED_TABLES[entry.table_name].map((c, i) => sql`${sql.ref(c)} = ${values[i]}`), sql` and `);
}

/** Puts back a row removed by an entry (the whole row, as recorded). */
export async function reinsert(trx: Transaction<Database>, entry: Entry): Promise<void> {
  const row = entry.before!;
  const cols = columnsOf(row);
  await sql`insert into ${tableOf(entry)} (${cols}) select ${cols} from jsonb_populate_record(null::${tableOf(entry)}, ${JSON.stringify(row)}::jsonb)`.execute(trx);
}

/**
 * Takes one action's entries back: what it created goes, what it changed gets its fields before, what it
 * deleted comes back. Newest change first; rows brought back parents first.
 */
export async function reverse(trx: Transaction<Database>, entries: readonly Entry[]): Promise<void> {
  const newestFirst = [...entries].sort((a, b) => b.id - a.id);
  for (const e of newestFirst.filter((x) => x.op === 'created')) {
    await sql`delete from ${tableOf(e)} where ${keyOf(e)}`.execute(trx);
  }
  for (const e of newestFirst.filter((x) => x.op === 'updated')) {
    const cols = columnsOf(e.before!);
    await sql`update ${tableOf(e)} set (${cols}) = (select ${cols} from jsonb_populate_record(null::${tableOf(e)}, ${JSON.stringify(e.before)}::jsonb)) where ${keyOf(e)}`.execute(trx);
  }
  const deleted = entries.filter((x) => x.op === 'deleted').sort((a, b) => tableOrder(a.table_name) - tableOrder(b.table_name) || a.id - b.id);
  for (const e of deleted) await reinsert(trx, e);
}
