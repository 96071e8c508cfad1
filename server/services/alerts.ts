import type { FastifyInstance } from 'fastify';
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
  const row = await app.db
    .insertInto('alerts')
    .values({
      channel: alert.channel,
      event: alert.event,
      data: JSON.stringify({ message: alert.message }),
      restaurant_id: alert.restaurantId ?? null,
    })
    .returning(['id', 'channel', 'event', 'created_at', 'data', 'restaurant_id'])
    .executeTakeFirstOrThrow();
  const view: AlertView = { ...row, status: ALERT_STATUS.unread };
  await app.broadcaster.publish({ channel: 'alert_channel', event: 'store', items: [view] });
  return view;
}
