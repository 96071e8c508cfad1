import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { restaurantScope } from '../plugins/auth';
import { badRequest, forbidden, notFound } from '../plugins/errors';
import { HISTORY_MSG, recordLabel } from '../../domain/history';
import { AVAILABILITY_MSG, overlappingShift, type TimedShift } from '../../domain/availability';
import { SHIFT_STATUS } from '../../domain/statuses';
import { reverse, type Entry } from './apply';
import { SIDE_EFFECT_TABLES } from './tables';

/** The records an undo or a restore touched, for the live feed. */
export type Touched = Entry[];

const refuse = (message: string) => badRequest({ action: [message] });

export async function actionEntries(db: Transaction<Database> | FastifyInstance['db'], actionId: string): Promise<Entry[]> {
  return db
    .selectFrom('history_entries')
    .select(['id', 'action_id', 'table_name', 'record_id', 'op', 'before', 'after'])
    .where('action_id', '=', actionId)
    .orderBy('id')
    .execute();
}

/** A manager may take back only what lies in their restaurants (and the notices that followed from it). */
async function checkScope(app: FastifyInstance, request: FastifyRequest, actionId: string): Promise<void> {
  const scope = await restaurantScope(app, request.account!);
  if (scope === null) return;
  const outside = await app.db
    .selectFrom('history_entries')
    .select('id')
    .where('action_id', '=', actionId)
    .where('table_name', 'not in', [...SIDE_EFFECT_TABLES])
    .where((eb) => eb.or([eb('restaurant_id', 'is', null), eb('restaurant_id', 'not in', scope.length ? scope : [0])]))
    .limit(1)
    .executeTakeFirst();
  if (outside) throw forbidden();
}

/** Refuses when a record of the action was changed by a later action, naming the record and who changed it. */
async function refuseLaterChanges(trx: Transaction<Database>, actionId: string): Promise<void> {
  const later = await sql<{ table_name: string; record_id: string; row: Record<string, unknown> | null; op: string; account_name: string; restaurant: string | null }>`
    select e.table_name, e.record_id, coalesce(e.after, e.before) || coalesce(l.after, '{}'::jsonb) as row, l.op, a.account_name,
      (select r.name from restaurants r where r.id = coalesce(l.restaurant_id, e.restaurant_id)) as restaurant
    from history_entries e
    cross join lateral (
      select x.op, x.action_id, x.after, x.restaurant_id from history_entries x
      where x.table_name = e.table_name and x.record_id = e.record_id and x.id > e.id and x.action_id <> e.action_id
      order by x.id limit 1
    ) l
    join history_actions a on a.id = l.action_id
    where e.action_id = ${actionId}
    order by e.id limit 1`.execute(trx);
  const hit = later.rows[0];
  if (!hit) return;
  const full = hit.table_name === 'shifts' ? await trx.selectFrom('shifts').selectAll().where('id', '=', Number(hit.record_id)).executeTakeFirst() : undefined;
  throw refuse(HISTORY_MSG.changedSince(recordLabel(hit.table_name, hit.record_id, full ?? hit.row, hit.restaurant), hit.op, hit.account_name));
}

/** An undo must leave no driver on two published shifts at once (the same rule the board's dialogs apply). */
export async function refuseDoubleBooking(trx: Transaction<Database>, touched: readonly Entry[]): Promise<void> {
  const ids = [...new Set(touched.filter((e) => e.table_name === 'shifts').map((e) => Number(e.record_id)))];
  if (!ids.length) return;
  const mine = await trx.selectFrom('shifts').select(['id', 'driver_id', 'status', 'period_date', 'start_time', 'finish_time'])
    .where('id', 'in', ids).where('status', '=', SHIFT_STATUS.published).where('driver_id', 'is not', null).execute();
  if (!mine.length) return;
  const others: TimedShift[] = await trx.selectFrom('shifts').select(['id', 'driver_id', 'status', 'period_date', 'start_time', 'finish_time'])
    .where('status', '=', SHIFT_STATUS.published)
    .where('driver_id', 'in', [...new Set(mine.map((s) => s.driver_id!))])
    .where('period_date', 'in', [...new Set(mine.map((s) => s.period_date))])
    .execute();
  if (mine.some((s) => overlappingShift(s, others))) throw refuse(AVAILABILITY_MSG.overlap);
}

/** Marks the request's own action (made now if its writes recorded nothing) as the one that took back `actionId`. */
async function asUndoOf(request: FastifyRequest, trx: Transaction<Database>, actionId: string): Promise<void> {
  await sql`select history_action(current_setting('app.history')::jsonb)`.execute(trx);
  await trx.updateTable('history_actions').set({ undone_by: request.id }).where('id', '=', actionId).execute();
  await trx.updateTable('history_actions').set({ undoes: actionId }).where('id', '=', request.id).execute();
}

/**
 * Takes an action back in one transaction: every record to its state before, or nothing at all when a record was
 * changed since, or when the result would break a rule. Answers what it touched.
 */
export async function undoAction(app: FastifyInstance, request: FastifyRequest, actionId: string): Promise<Touched> {
  const action = await app.db.selectFrom('history_actions').select(['id', 'undone_by']).where('id', '=', actionId).executeTakeFirst();
  if (!action) throw notFound(HISTORY_MSG.actionNotFound);
  await checkScope(app, request, actionId);
  return app.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('history_actions').select('undone_by').where('id', '=', actionId).forUpdate().executeTakeFirstOrThrow();
    if (locked.undone_by) throw refuse(HISTORY_MSG.alreadyUndone);
    const entries = await actionEntries(trx, actionId);
    if (!entries.length) throw refuse(HISTORY_MSG.nothingToUndo);
    await refuseLaterChanges(trx, actionId);
    await reverse(trx, entries);
    await refuseDoubleBooking(trx, entries);
    await asUndoOf(request, trx, actionId);
    return entries;
  });
}
