import type { FastifyInstance } from 'fastify';
import { alertUpdateSchema } from '../../../domain/validation/alert';
import { sql, type SelectQueryBuilder } from 'kysely';
import { ALERT_STATUS } from '../../../domain/statuses';
import { RULES } from '../../../domain/access';
import { RESTAURANT_ALERT } from '../../../domain/alerts';
import { restaurantScope, type Account } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import type { Database } from '../../db/schema';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

/** How many alerts the bell lists; older ones stay stored but drop off the list. */
const ALERT_LIST_LIMIT = 100;

type Reader = Extract<Account, { kind: 'user' | 'restaurateur' }>;

/**
 * Where a reader's read state is kept: staff users' in alert_reads, restaurant accounts' in their own table
 * (migrations/0031_restaurant_alert_reads.ts).
 */
function readsOf(account: Reader) {
  return account.kind === 'restaurateur'
    ? {
        mark: (db: FastifyInstance['db'], ids: number[]) =>
          db.insertInto('restaurateur_alert_reads').values(ids.map((alert_id) => ({ alert_id, restaurateur_id: account.id }))).onConflict((oc) => oc.doNothing()).execute(),
        unmark: (db: FastifyInstance['db'], id: number) =>
          db.deleteFrom('restaurateur_alert_reads').where('alert_id', '=', id).where('restaurateur_id', '=', account.id).execute(),
      }
    : {
        mark: (db: FastifyInstance['db'], ids: number[]) =>
          db.insertInto('alert_reads').values(ids.map((alert_id) => ({ alert_id, user_id: account.id }))).onConflict((oc) => oc.doNothing()).execute(),
        unmark: (db: FastifyInstance['db'], id: number) =>
          db.deleteFrom('alert_reads').where('alert_id', '=', id).where('user_id', '=', account.id).execute(),
      };
}

export default async function alertRoutes(app: RouteApp) {
  const readers = { preHandler: app.access(...RULES.alerts.list) };

  /**
   * Alerts the account may see, each with its read state for this reader. Staff see those of their restaurants and
   * those of none (the office's); a restaurant account only its own restaurants' late drivers and no-shows.
   */
  async function visibleAlerts(account: Reader) {
    const scope = await restaurantScope(app, account);
    return (qb: SelectQueryBuilder<Database, 'alerts', object>) => {
      const withReads =
        account.kind === 'restaurateur'
          ? qb.leftJoin('restaurateur_alert_reads as reads', (join) =>
              join.onRef('reads.alert_id', '=', 'alerts.id').on('reads.restaurateur_id', '=', account.id),
            )
          : qb.leftJoin('alert_reads as reads', (join) => join.onRef('reads.alert_id', '=', 'alerts.id').on('reads.user_id', '=', account.id));
      return withReads
        .select([
          'alerts.id', 'alerts.channel', 'alerts.event', 'alerts.created_at', 'alerts.data', 'alerts.restaurant_id',
          sql<number>`case when reads.alert_id is null then ${sql.lit(ALERT_STATUS.unread)} else ${sql.lit(ALERT_STATUS.read)} end`.as('status'),
        ])
        .$if(account.kind === 'restaurateur', (q) =>
          q
            .where('alerts.channel', '=', RESTAURANT_ALERT.channel)
            .where('alerts.event', 'in', [...RESTAURANT_ALERT.events])
            .where('alerts.restaurant_id', 'in', scope!.length ? scope! : [-1]),
        )
        .$if(account.kind === 'user' && scope !== null, (q) =>
          q.where((eb) =>
            eb.or([
              eb('alerts.restaurant_id', 'is', null),
              ...(scope!.length ? [eb('alerts.restaurant_id', 'in', scope!)] : []),
            ]),
          ),
        );
    };
  }

  app.get('/api/alert', {
    ...readers,
    schema: { summary: 'Alerts', response: { 200: RESPONSES.alerts } },
  }, async (request) => {
    const scoped = await visibleAlerts(request.account as Reader);
    return scoped(app.db.selectFrom('alerts')).orderBy('alerts.created_at', 'desc').orderBy('alerts.id', 'desc').limit(ALERT_LIST_LIMIT).execute();
  });

  app.put('/api/alert/:id', {
    ...readers,
    schema: { summary: 'Mark an alert read or unread', params: idParams, body: alertUpdateSchema, response: { 200: RESPONSES.alert } },
  }, async (request) => {
    const id = Number(request.params.id);
    const { status } = alertUpdateSchema.parse(request.body ?? {});
    const account = request.account as Reader;
    const scoped = await visibleAlerts(account);
    const exists = Number.isInteger(id) && (await scoped(app.db.selectFrom('alerts')).where('alerts.id', '=', id).executeTakeFirst());
    if (!exists) throw notFound('Alert not found');
    const reads = readsOf(account);
    if (status === ALERT_STATUS.read) await reads.mark(app.db, [id]);
    else await reads.unmark(app.db, id);
    return scoped(app.db.selectFrom('alerts')).where('alerts.id', '=', id).executeTakeFirstOrThrow();
  });

  app.post('/api/alert/all-readed', {
    ...readers,
    schema: { summary: 'Mark every alert read', response: { 200: RESPONSES.readAll } },
  }, async (request) => {
    const account = request.account as Reader;
    const scoped = await visibleAlerts(account);
    const unread = await scoped(app.db.selectFrom('alerts')).where(sql<boolean>`reads.alert_id is null`).execute();
    if (unread.length) await readsOf(account).mark(app.db, unread.map((a) => a.id));
    return { success: true, count: unread.length };
  });
}
