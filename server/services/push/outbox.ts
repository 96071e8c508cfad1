import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { pushSenderOf } from './registry';
import type { PushDelivery, PushResult } from './types';

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters, and one round trip per few thousand. */
const CHUNK = 5000;

export interface RecordedPushMessage {
  messageId: number;
  deliveries: PushDelivery[];
}

export interface PushCounts {
  targeted: number;
  delivered: number;
  no_token: number;
  failed: number;
}

/**
 * Stores a message and one queued delivery per driver. Call inside the transaction that decides the recipients,
 * so a message never exists without its deliveries; hand the answer to deliverPushMessage after the commit.
 */
export async function recordPushMessage(
  trx: Transaction<Database> | Kysely<Database>,
  message: { title: string; body: string; filters: Record<string, unknown>; senderId: number | null; driverIds: number[] },
): Promise<RecordedPushMessage> {
  const { id: messageId } = await trx
    .insertInto('push_messages')
    .values({ title: message.title, body: message.body, filters: JSON.stringify(message.filters), sender_id: message.senderId })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < message.driverIds.length; i += CHUNK) {
    await trx
      .insertInto('push_deliveries')
      .values(message.driverIds.slice(i, i + CHUNK).map((driver_id) => ({ message_id: messageId, driver_id })))
      .execute();
  }
  const rows = await trx
    .selectFrom('push_deliveries')
    .innerJoin('drivers', 'drivers.id', 'push_deliveries.driver_id')
    .select(['push_deliveries.id', 'push_deliveries.driver_id', 'drivers.push_token'])
    .where('push_deliveries.message_id', '=', messageId)
    .orderBy('push_deliveries.id')
    .execute();
  return {
    messageId,
    deliveries: rows.map((r) => ({
      deliveryId: r.id,
      driverId: r.driver_id,
      pushToken: r.push_token?.trim() || null,
      title: message.title,
      body: message.body,
    })),
  };
}

/**
 * Stores many messages, each to one driver, in three statements however many there are (the attendance pass tells
 * hundreds of late drivers at once): their ids are drawn from the sequence first, so each delivery names its message
 * without relying on the order a multi-row insert returns. Call inside the transaction that decides them; hand the
 * deliveries to deliverPushMessage after the commit, all in one batch.
 */
export async function recordPushMessagesToOne(
  trx: Transaction<Database> | Kysely<Database>,
  messages: readonly { title: string; body: string; filters: Record<string, unknown>; senderId: number | null; driverId: number }[],
): Promise<PushDelivery[]> {
  if (!messages.length) return [];
  if (messages.length > CHUNK) {
    return [...(await recordPushMessagesToOne(trx, messages.slice(0, CHUNK))), ...(await recordPushMessagesToOne(trx, messages.slice(CHUNK)))];
  }
  const ids = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('push_messages', 'id'))::int as id from generate_series(1, ${messages.length})`.execute(trx);
  const withIds = messages.map((m, i) => ({ ...m, id: ids.rows[i].id }));
  await trx
    .insertInto('push_messages')
    .values(withIds.map((m) => ({ id: m.id, title: m.title, body: m.body, filters: JSON.stringify(m.filters), sender_id: m.senderId })))
    .execute();
  const rows = await trx
    .insertInto('push_deliveries')
    .values(withIds.map((m) => ({ message_id: m.id, driver_id: m.driverId })))
    .returning(['id', 'message_id', 'driver_id'])
    .execute();
  const tokens = new Map(
    (await trx.selectFrom('drivers').select(['id', 'push_token']).where('id', 'in', [...new Set(messages.map((m) => m.driverId))]).execute()).map((d) => [d.id, d.push_token?.trim() || null]),
  );
  const byMessage = new Map(withIds.map((m) => [m.id, m]));
  return rows
    .sort((a, b) => a.id - b.id)
    .map((r) => ({ deliveryId: r.id, driverId: r.driver_id, pushToken: tokens.get(r.driver_id) ?? null, title: byMessage.get(r.message_id)!.title, body: byMessage.get(r.message_id)!.body }));
}

/**
 * Hands the deliveries to the app's push adapter and records each outcome on its row. A failing adapter marks
 * the batch 'failed' with its reason rather than losing the message: it stays stored and can be re-sent.
 */
export async function deliverPushMessage(app: FastifyInstance, deliveries: PushDelivery[]): Promise<PushCounts> {
  const sender = pushSenderOf(app);
  let results: PushResult[];
  try {
    results = deliveries.length ? await sender.send(deliveries) : [];
  } catch (error) {
    app.log.error({ err: error }, `push: ${sender.name} failed`);
    const reason = error instanceof Error ? error.message : String(error);
    results = deliveries.map((d) => ({ deliveryId: d.deliveryId, status: 'failed', error: reason }));
  }
  const byId = new Map(results.map((r) => [r.deliveryId, r]));
  // A delivery the adapter did not answer for stays unknown to us: record it as failed, not as sent.
  const outcomes = deliveries.map(
    (d): PushResult => byId.get(d.deliveryId) ?? { deliveryId: d.deliveryId, status: 'failed', error: 'No result from the push adapter' },
  );

  const ids = (status: PushResult['status']) => outcomes.filter((o) => o.status === status).map((o) => o.deliveryId);
  const sent = ids('sent');
  const noToken = ids('no_token');
  const failed = outcomes.filter((o) => o.status === 'failed');
  const now = new Date().toISOString();
  await app.db.transaction().execute(async (trx) => {
    for (let i = 0; i < sent.length; i += CHUNK) {
      await trx.updateTable('push_deliveries').set({ status: 'sent', sent_at: now, error: null }).where('id', 'in', sent.slice(i, i + CHUNK)).execute();
    }
    for (let i = 0; i < noToken.length; i += CHUNK) {
      await trx.updateTable('push_deliveries').set({ status: 'no_token' }).where('id', 'in', noToken.slice(i, i + CHUNK)).execute();
    }
    // Failures carry their own reasons; grouped by reason so a batch-wide failure is one statement.
    const byReason = new Map<string, number[]>();
    for (const f of failed) {
      const reason = f.error || 'Push provider refused the message';
      byReason.set(reason, [...(byReason.get(reason) ?? []), f.deliveryId]);
    }
    for (const [reason, failedIds] of byReason) {
      for (let i = 0; i < failedIds.length; i += CHUNK) {
        await trx.updateTable('push_deliveries').set({ status: 'failed', error: reason }).where('id', 'in', failedIds.slice(i, i + CHUNK)).execute();
      }
    }
  });
  return { targeted: deliveries.length, delivered: sent.length, no_token: noToken.length, failed: failed.length };
}
