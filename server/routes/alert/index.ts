import { alertUpdateSchema } from '../../../domain/validation/alert';
import { sql, type SelectQueryBuilder } from 'kysely';
import { ALERT_STATUS } from '../../../domain/statuses';
import { restaurantScope, type Account } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import type { Database } from '../../db/schema';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';

/** How many alerts the bell lists; older ones stay stored but drop off the list. */
export const ALERT_LIST_LIMIT = 100;

export default async function alertRoutes(app: RouteApp) {
  const staff = { preHandler: app.access('staff') };

  /** Alerts the account may see, each with its read state for this user. */
  async function visibleAlerts(account: Account) {
    const scope = await restaurantScope(app, account);
    return (qb: SelectQueryBuilder<Database, 'alerts', object>) =>
      qb
        .leftJoin('alert_reads', (join) =>
          join.onRef('alert_reads.alert_id', '=', 'alerts.id').on('alert_reads.user_id', '=', account.id),
        )
        .select([
          'alerts.id', 'alerts.channel', 'alerts.event', 'alerts.created_at', 'alerts.data', 'alerts.restaurant_id',
          sql<number>`case when alert_reads.alert_id is null then ${sql.lit(ALERT_STATUS.unread)} else ${sql.lit(ALERT_STATUS.read)} end`.as('status'),
        ])
        .$if(scope !== null, (q) =>
          q.where((eb) =>
            eb.or([
              eb('alerts.restaurant_id', 'is', null),
              ...(scope!.length ? [eb('alerts.restaurant_id', 'in', scope!)] : []),
            ]),
          ),
        );
  }

  app.get('/api/alert', {
    ...staff,
    schema: { summary: 'Alerts', response: { 200: RESPONSES.alerts } },
  }, async (request) => {
    const scoped = await visibleAlerts(request.account!);
    return scoped(app.db.selectFrom('alerts')).orderBy('alerts.created_at', 'desc').orderBy('alerts.id', 'desc').limit(ALERT_LIST_LIMIT).execute();
  });

  // Typed from its declaration: request.body is what alertUpdateSchema takes (not yet checked: the handler parses it).
  app.put('/api/alert/:id', {
    ...staff,
    schema: { summary: 'Mark an alert read or unread', params: idParams, body: alertUpdateSchema, response: { 200: RESPONSES.alert } },
  }, async (request) => {
    const id = Number(request.params.id);
    const { status } = alertUpdateSchema.parse(request.body ?? {});
    const account = request.account!;
    const scoped = await visibleAlerts(account);
    const exists = Number.isInteger(id) && (await scoped(app.db.selectFrom('alerts')).where('alerts.id', '=', id).executeTakeFirst());
    if (!exists) throw notFound('Alert not found');
    if (status === ALERT_STATUS.read) {
      await app.db
        .insertInto('alert_reads')
        .values({ alert_id: id, user_id: account.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else {
      await app.db.deleteFrom('alert_reads').where('alert_id', '=', id).where('user_id', '=', account.id).execute();
    }
    return scoped(app.db.selectFrom('alerts')).where('alerts.id', '=', id).executeTakeFirstOrThrow();
  });

  app.post('/api/alert/all-readed', {
    ...staff,
    schema: { summary: 'Mark every alert read', response: { 200: RESPONSES.readAll } },
  }, async (request) => {
    const account = request.account!;
    const scoped = await visibleAlerts(account);
    const unread = await scoped(app.db.selectFrom('alerts')).where('alert_reads.alert_id', 'is', null).execute();
    if (unread.length) {
      await app.db
        .insertInto('alert_reads')
        .values(unread.map((a) => ({ alert_id: a.id, user_id: account.id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return { success: true, count: unread.length };
  });
}
