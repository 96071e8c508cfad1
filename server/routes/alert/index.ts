import { alertUpdateSchema } from '../../../domain/validation/alert';
import { sql } from 'kysely';
import { ALERT_STATUS } from '../../../domain/statuses';
import { RULES } from '../../../domain/access';
import { restaurantScope } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { alertReadsOf, alertsSeenBy, type AlertReader } from '../../records/alerts';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';
import { idParams } from '../../../domain/validation/pathParams';
import { pathId } from '../../params';

/** How many alerts the bell lists; older ones stay stored but drop off the list. */
const ALERT_LIST_LIMIT = 100;

export default async function alertRoutes(app: RouteApp) {
  const readers = { preHandler: app.access(...RULES.alerts.list) };

  /** The alerts the caller may see (server/records/alerts.ts), within their restaurants. */
  async function seenBy(account: AlertReader) {
    const scope = await restaurantScope(app, account);
    return () => alertsSeenBy(app.db, account, scope);
  }

  app.get('/api/alert', {
    ...readers,
    schema: { summary: 'Alerts', response: { 200: RESPONSES.alerts } },
  }, async (request) => {
    const seen = await seenBy(request.account as AlertReader);
    return seen().orderBy('alerts.created_at', 'desc').orderBy('alerts.id', 'desc').limit(ALERT_LIST_LIMIT).execute();
  });

  app.put('/api/alert/:id', {
    ...readers,
    schema: { summary: 'Mark an alert read or unread', params: idParams, body: alertUpdateSchema, response: { 200: RESPONSES.alert } },
  }, async (request) => {
    const id = pathId(request.params.id, 'Alert not found');
    const { status } = alertUpdateSchema.parse(request.body ?? {});
    const account = request.account as AlertReader;
    const seen = await seenBy(account);
    const exists = await seen().where('alerts.id', '=', id).executeTakeFirst();
    if (!exists) throw notFound('Alert not found');
    const reads = alertReadsOf(account);
    if (status === ALERT_STATUS.read) await reads.mark(app.db, [id]);
    else await reads.unmark(app.db, id);
    return seen().where('alerts.id', '=', id).executeTakeFirstOrThrow();
  });

  app.post('/api/alert/all-readed', {
    ...readers,
    schema: { summary: 'Mark every alert read', response: { 200: RESPONSES.readAll } },
  }, async (request) => {
    const account = request.account as AlertReader;
    const unread = await (await seenBy(account))().where(sql<boolean>`reads.alert_id is null`).execute();
    if (unread.length) await alertReadsOf(account).mark(app.db, unread.map((a) => a.id));
    return { success: true, count: unread.length };
  });
}
