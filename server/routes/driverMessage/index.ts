import type { Kysely } from 'kysely';
import { ROLE } from '../../../domain/roles';
import { PUSH_MSG, pushMessageSchema, type PushMessage, type PushMessageResult, type PushRecipient } from '../../../domain/validation/pushMessage';
import type { Account } from '../../plugins/auth';
import { badRequest, fieldError, forbidden } from '../../plugins/errors';
import type { Database } from '../../db/schema';
import { deliverPushMessage, recordPushMessage } from '../../services/push';
import { managerReach, pushRecipientIds, reachableDriverIds, reachableDrivers, type Reach } from '../../records/driverReach';
import { existingDriverIds } from '../../records/drivers';
import { restaurantAreas } from '../../records/restaurants';
import { existingAreaIds } from '../../records/areas';
import { RESPONSES } from '../../../domain/validation/responses';
import type { RouteApp } from '../../routeSchema';

/** The drivers an account may message: everyone for administrators, their areas' drivers for managers. */
async function reachOf(db: Kysely<Database>, account: Account): Promise<Reach | null> {
  if (account.kind === 'user' && account.role === ROLE.administrator) return null;
  if (account.kind === 'user' && account.role === ROLE.manager) return managerReach(db, account.id);
  return { areaIds: [], restaurantIds: [] };
}

const missing = (wanted: number[], found: number[]) => wanted.some((id) => !found.includes(id));

/** 400 for ids that do not exist or restaurants outside the chosen areas; 403 for anything beyond a manager's reach. */
async function checkTargets(db: Kysely<Database>, message: PushMessage, reach: Reach | null): Promise<void> {
  const [areas, restaurants, drivers] = await Promise.all([
    existingAreaIds(db, message.area_ids),
    restaurantAreas(db, message.restaurant_ids),
    existingDriverIds(db, message.driver_ids),
  ]);
  if (missing(message.area_ids, areas)) throw fieldError('area_ids', PUSH_MSG.unknownAreas);
  if (missing(message.restaurant_ids, restaurants.map((r) => r.id))) throw fieldError('restaurant_ids', PUSH_MSG.unknownRestaurants);
  if (restaurants.some((r) => !message.area_ids.includes(r.area_id))) throw fieldError('restaurant_ids', PUSH_MSG.restaurantsOutsideAreas);
  if (missing(message.driver_ids, drivers)) throw fieldError('driver_ids', PUSH_MSG.unknownDrivers);

  if (!reach) return;
  // A manager's restaurants: those they are narrowed to, else every restaurant of their areas.
  const reachableRestaurants = reach.restaurantIds.length
    ? reach.restaurantIds
    : (restaurants.filter((r) => reach.areaIds.includes(r.area_id)).map((r) => r.id));
  if (missing(message.area_ids, reach.areaIds) || missing(message.restaurant_ids, reachableRestaurants)) throw forbidden(PUSH_MSG.outOfScope);
  if (message.driver_ids.length) {
    if (missing(message.driver_ids, await reachableDriverIds(db, message.driver_ids, reach))) throw forbidden(PUSH_MSG.outOfScope);
  }
}

/** Push messages to drivers (spec 1, sections 2 'Options', 3 and 7). */
export default async function driverMessageRoutes(app: RouteApp) {
  const staff = { preHandler: app.access('staff') };

  app.post('/api/driver-message', {
    ...staff,
    schema: { summary: 'Send a push message to drivers', body: pushMessageSchema, response: { 200: RESPONSES.pushMessage } },
  }, async (request): Promise<PushMessageResult> => {
    const message = pushMessageSchema.parse(request.body ?? {});
    const account = request.account!;
    const reach = await reachOf(app.db, account);
    await checkTargets(app.db, message, reach);

    const recorded = await app.db.transaction().execute(async (trx) => {
      const recipients = await pushRecipientIds(trx, message, reach);
      if (!recipients.length) throw badRequest({ recipients: [PUSH_MSG.noRecipients] });
      return recordPushMessage(trx, {
        title: message.title,
        body: message.body,
        filters: {
          area_ids: message.area_ids,
          restaurant_ids: message.restaurant_ids,
          notify_status: message.notify_status,
          driver_ids: message.driver_ids,
        },
        senderId: account.kind === 'user' ? account.id : null,
        driverIds: recipients,
      });
    });
    const counts = await deliverPushMessage(app, recorded.deliveries);
    return { success: true, message_id: recorded.messageId, ...counts };
  });

  /** Drivers the Send Push Message dialog offers (no driver list API serves the dialog yet). */
  app.get('/api/driver-message/recipients', {
    ...staff,
    schema: { summary: 'Drivers a push message can reach', response: { 200: RESPONSES.recipients } },
  }, async (request): Promise<PushRecipient[]> => {
    const reach = await reachOf(app.db, request.account!);
    const rows = await reachableDrivers(app.db, reach);
    return rows.map((d) => ({ id: d.id, full_name: `${d.first_name} ${d.last_name}`.trim(), email: d.email, status: d.status }));
  });
}
