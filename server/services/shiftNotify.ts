import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { DRIVER_STATUS } from '../../domain/statuses';
import { SHIFT_CHANNEL, type ShiftRef } from '../../domain/shifts';
import { deliverPushMessage, recordPushMessage, type PushDelivery } from './push';

/**
 * After a shift write: the live feed, and push notifications to the drivers it concerns when the caller asked
 * for them (push_drivers 10). Pushes are recorded inside the write's transaction (so a change and its
 * notification are stored together) and handed to the push adapter after the commit.
 */

/** Feed items carry only what finds a shift: the feed reaches every account, restaurant accounts included. */
function refsOf(shifts: readonly ShiftRef[]): ShiftRef[] {
  return shifts.map((s) => ({ id: s.id, restaurant_id: s.restaurant_id, period_date: s.period_date }));
}

export async function broadcastShifts(app: FastifyInstance, event: string, shifts: readonly ShiftRef[]): Promise<void> {
  if (!shifts.length) return;
  await app.broadcaster.publish({ channel: SHIFT_CHANNEL, event, items: refsOf(shifts) });
}

export type PushKind = 'publish' | 'unpublish' | 'remove' | 'update';

interface PushedShift {
  restaurant_id: number;
  driver_id: number | null;
}

const ASSIGNED_TEXT: Record<PushKind, { title: string; body: (n: number) => string }> = {
  publish: { title: 'New shifts in your schedule', body: (n) => `${n === 1 ? 'A shift was' : `${n} shifts were`} published for you. Open the app to see the details.` },
  unpublish: { title: 'Shift withdrawn', body: (n) => `${n === 1 ? 'A shift of yours was' : `${n} shifts of yours were`} taken back for changes. Open the app to see your schedule.` },
  remove: { title: 'Shift removed', body: (n) => `${n === 1 ? 'A shift of yours was' : `${n} shifts of yours were`} removed. Open the app to see your schedule.` },
  update: { title: 'Shift changed', body: () => 'A shift of yours was changed. Open the app to see the details.' },
};

const OPEN_TEXT = {
  title: 'Open shifts available',
  body: (n: number) => `${n === 1 ? 'An open shift was' : `${n} open shifts were`} published near you. Open the app to take one.`,
};

/**
 * Active drivers the driver list of these restaurants offers (domain worksForRestaurant, in SQL): no areas, or
 * the restaurant's area and either no restaurant ties or a tie to it.
 */
async function driversForRestaurants(db: Kysely<Database>, restaurantIds: number[]): Promise<number[]> {
  // Two set-based halves (drivers without areas; drivers of the restaurants' areas who are free of restaurant
  // ties or tied to one of them), so the cost follows the restaurants asked about, not every driver.
  const rows = await sql<{ id: number }>`
    select d.id from drivers d
    where d.status = ${DRIVER_STATUS.active} and not exists (select 1 from driver_areas da where da.driver_id = d.id)
    union
    select d.id from restaurants r
    join driver_areas da on da.area_id = r.area_id
    join drivers d on d.id = da.driver_id and d.status = ${DRIVER_STATUS.active}
    left join driver_restaurants tie on tie.driver_id = d.id
    where r.id = any(${restaurantIds}::int[]) and (tie.driver_id is null or tie.restaurant_id = r.id)
    order by 1`.execute(db);
  return rows.rows.map((r) => r.id);
}

/**
 * Records the pushes of a change: one message to the drivers of the assigned shifts, and for published open
 * shifts one to the drivers who may take them. Answers the deliveries to hand over after the commit.
 */
export async function recordShiftPushes(
  trx: Transaction<Database>,
  kind: PushKind,
  shifts: readonly PushedShift[],
  senderId: number | null,
): Promise<PushDelivery[]> {
  const deliveries: PushDelivery[] = [];
  const assigned = shifts.filter((s) => s.driver_id);
  const drivers = [...new Set(assigned.map((s) => s.driver_id!))];
  if (drivers.length) {
    const text = ASSIGNED_TEXT[kind];
    const recorded = await recordPushMessage(trx, {
      title: text.title,
      body: text.body(assigned.length),
      filters: { source: 'shift', kind },
      senderId,
      driverIds: drivers,
    });
    deliveries.push(...recorded.deliveries);
  }
  const open = kind === 'publish' ? shifts.filter((s) => !s.driver_id) : [];
  if (open.length) {
    const takers = await driversForRestaurants(trx, [...new Set(open.map((s) => s.restaurant_id))]);
    if (takers.length) {
      const recorded = await recordPushMessage(trx, {
        title: OPEN_TEXT.title,
        body: OPEN_TEXT.body(open.length),
        filters: { source: 'shift', kind: 'open', restaurant_ids: [...new Set(open.map((s) => s.restaurant_id))] },
        senderId,
        driverIds: takers,
      });
      deliveries.push(...recorded.deliveries);
    }
  }
  return deliveries;
}

/** Hands recorded pushes to the adapter; a failing provider is logged on the deliveries, never fails the call. */
export async function deliverShiftPushes(app: FastifyInstance, deliveries: PushDelivery[]): Promise<void> {
  if (deliveries.length) await deliverPushMessage(app, deliveries);
}
