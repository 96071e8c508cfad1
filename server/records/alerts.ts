import { sql, type Kysely } from 'kysely';
import { ALERT_STATUS } from '../../domain/statuses';
import { RESTAURANT_ALERT } from '../../domain/alerts';
import type { Account } from '../plugins/auth';
import type { Database } from '../db/schema';

/** Who reads alerts on a bell: staff users and restaurant accounts. */
export type AlertReader = Extract<Account, { kind: 'user' | 'restaurateur' }>;

/**
 * The alerts a reader may see, each with its read state for this reader. Staff see those of their restaurants
 * (`scope`, null = all) and those of none (the office's); a restaurant account only its own restaurants' late drivers
 * and no-shows. Read state is joined as `reads`.
 */
export function alertsSeenBy(db: Kysely<Database>, account: AlertReader, scope: readonly number[] | null) {
  const qb = db.selectFrom('alerts');
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
        .where('alerts.restaurant_id', 'in', scope!.length ? [...scope!] : [-1]),
    )
    .$if(account.kind === 'user' && scope !== null, (q) =>
      q.where((eb) =>
        eb.or([
          eb('alerts.restaurant_id', 'is', null),
          ...(scope!.length ? [eb('alerts.restaurant_id', 'in', [...scope!])] : []),
        ]),
      ),
    );
}

/**
 * Where a reader's read state is kept: staff users' in alert_reads, restaurant accounts' in their own table
 * (migrations/0031_restaurant_alert_reads.ts).
 */
export function alertReadsOf(account: AlertReader) {
  return account.kind === 'restaurateur'
    ? {
        mark: (db: Kysely<Database>, ids: number[]) =>
          db.insertInto('restaurateur_alert_reads').values(ids.map((alert_id) => ({ alert_id, restaurateur_id: account.id }))).onConflict((oc) => oc.doNothing()).execute(),
        unmark: (db: Kysely<Database>, id: number) =>
          db.deleteFrom('restaurateur_alert_reads').where('alert_id', '=', id).where('restaurateur_id', '=', account.id).execute(),
      }
    : {
        mark: (db: Kysely<Database>, ids: number[]) =>
          db.insertInto('alert_reads').values(ids.map((alert_id) => ({ alert_id, user_id: account.id }))).onConflict((oc) => oc.doNothing()).execute(),
        unmark: (db: Kysely<Database>, id: number) =>
          db.deleteFrom('alert_reads').where('alert_id', '=', id).where('user_id', '=', account.id).execute(),
      };
}
