import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../plugins/errors';
import { HISTORY_MSG, RESTORABLE } from '../../domain/history';
import { reinsertDeleted, reverse, type Entry } from './apply';
import { actionEntries, refuseDoubleBooking } from './undo';
import { RECORDED_TABLES } from './tables';

const refuse = (message: string) => badRequest({ entry: [message] });

/** The columns of other recorded tables that refer to `table`'s records. */
async function referencing(trx: Transaction<Database>, table: string): Promise<{ table: string; column: string }[]> {
  const rows = await sql<{ table: string; column: string }>`
    select cl.relname as table, a.attname as column
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = ${table}::regclass`.execute(trx);
  return rows.rows.filter((r) => r.table in RECORDED_TABLES);
}

/** Whether the record an entry names exists now. */
async function exists(trx: Transaction<Database>, entry: Entry): Promise<boolean> {
  const rows = await sql`select 1 from ${sql.table(entry.table_name)} where id = ${Number(entry.record_id)}`.execute(trx);
  return rows.rows.length > 0;
}

/**
 * Brings back a deleted record with its links: the rows its deletion took with it (its areas, restaurants and
 * working times, a post's addressees) and the references its deletion cleared (a timesheet's shift).
 */
export async function restoreRecord(app: FastifyInstance, entryId: number): Promise<Entry[]> {
  return app.db.transaction().execute(async (trx) => {
    const entry = await trx.selectFrom('history_entries')
      .select(['id', 'action_id', 'table_name', 'record_id', 'op', 'before', 'after'])
      .where('id', '=', entryId).executeTakeFirst();
    if (!entry) throw notFound(HISTORY_MSG.entryNotFound);
    if (entry.op !== 'deleted') throw refuse(HISTORY_MSG.notDeleted);
    if (!(RESTORABLE as readonly string[]).includes(entry.table_name)) throw refuse(HISTORY_MSG.notRestorable);
    if (await exists(trx, entry)) throw refuse(HISTORY_MSG.alreadyBack);
    const links = await referencing(trx, entry.table_name);
    const linked = (await actionEntries(trx, entry.action_id)).filter(
      (e) => e.op !== 'created' && links.some((l) => l.table === e.table_name && String(e.before?.[l.column]) === entry.record_id),
    );
    await reinsertDeleted(trx, [entry]);
    await reverse(trx, linked);
    const touched = [entry, ...linked];
    await refuseDoubleBooking(trx, touched);
    return touched;
  });
}
