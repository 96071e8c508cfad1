import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { ALERT_STATUS, type AlertChannel, type AlertEvent } from '../../domain/statuses';

export interface NewAlert {
  channel: AlertChannel;
  event: AlertEvent;
  message: string;
  /** The restaurant it concerns, so managers see only alerts of their restaurants. */
  restaurantId?: number | null;
}

/** The alert as the API and the live feed send it: `data` is JSON text with a `message` (spec 1, section 3). */
export interface AlertView {
  id: number;
  status: number;
  channel: string;
  event: string;
  created_at: string;
  data: string;
  restaurant_id: number | null;
}

/** Records an alert and tells every open panel. Call after the change it reports has committed. */
export async function raiseAlert(app: FastifyInstance, alert: NewAlert): Promise<AlertView> {
  const [view] = await recordAlerts(app.db, [alert]);
  await publishAlerts(app, [view]);
  return view;
}

/**
 * Stores alerts in one statement, inside the transaction of the change they report when there is one; hand the
 * answer to publishAlerts after the commit.
 */
export async function recordAlerts(db: Kysely<Database> | Transaction<Database>, alerts: readonly NewAlert[]): Promise<AlertView[]> {
  if (!alerts.length) return [];
  const rows = await db
    .insertInto('alerts')
    .values(
      alerts.map((alert) => ({
        channel: alert.channel,
        event: alert.event,
        data: JSON.stringify({ message: alert.message }),
        restaurant_id: alert.restaurantId ?? null,
      })),
    )
    .returning(['id', 'channel', 'event', 'created_at', 'data', 'restaurant_id'])
    .execute();
  return rows.map((row) => ({ ...row, status: ALERT_STATUS.unread }));
}

/** Tells every open panel of stored alerts: one message however many, each audience hearing those that are theirs. */
export async function publishAlerts(app: FastifyInstance, views: AlertView[]): Promise<void> {
  if (views.length) await app.broadcaster.publish({ channel: 'alert_channel', event: 'store', items: views });
}
