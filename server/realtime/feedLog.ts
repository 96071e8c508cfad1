import type pg from 'pg';
import type { FeedMessage } from './broadcaster';

/**
 * The live feed's log on PostgreSQL (migration 0023_broadcast_log): every published message is a row of
 * broadcast_messages with an increasing id, written and notified in one statement, so the NOTIFY is sent exactly when
 * the row commits. An instance that was not listening reads what it missed from here, in id order.
 */

/** The NOTIFY channel every instance LISTENs on. */
export const FEED_CHANNEL = 'panel_feed';

/**
 * What a notification carries: the log id, and the message itself when it fits (PostgreSQL refuses NOTIFY payloads of
 * 8000 bytes or more), which saves the listeners a read. Earlier versions sent `{ message }` or `{ id }`.
 */
export interface Notice {
  id?: number;
  message?: FeedMessage;
}

/** A message on its way to the log: its JSON, and the publisher's own id for it, so a retried write logs it once. */
export interface LogEntry {
  publishId: string;
  json: string;
}

export interface LoggedMessage {
  id: number;
  message: FeedMessage;
}

/** A pool or a client: the log is read on the LISTEN connection and written through the publishing pool. */
type Queryable = Pick<pg.Pool, 'query'>;

const MAX_NOTIFY_BYTES = 7999;
/** `{"id":` + up to 19 digits + `,"message":` + `}` around the message's JSON. */
const NOTICE_OVERHEAD_BYTES = 37;

/**
 * Not a feed of the spec: a publisher that had to drop messages (the database did not take them within the log's
 * window) logs this instead, and every instance that hears it, or reads it back, tells its sockets to reconnect and its
 * screens to fetch their data anew. Never sent to a client.
 */
export const GAP_MESSAGE: FeedMessage = { channel: 'feed_gap', event: 'gap', items: [] };

export const isGapMessage = (message: FeedMessage): boolean => message.channel === GAP_MESSAGE.channel;

/**
 * Writes `entries` in their order (ids increase with it) and notifies each row written, in id order, in the same
 * statement. An entry whose publish id is already logged (an earlier try committed but its answer was lost) is
 * neither written nor notified again. With `pruneOlderThanMs`, rows older than that go too, riding along.
 */
export async function writeToLog(db: Queryable, entries: LogEntry[], pruneOlderThanMs?: number): Promise<void> {
  const prune = pruneOlderThanMs !== undefined;
  const values: unknown[] = [
    entries.map((e) => e.publishId),
    entries.map((e) => e.json),
    entries.map((e) => Buffer.byteLength(e.json) + NOTICE_OVERHEAD_BYTES <= MAX_NOTIFY_BYTES),
  ];
  if (prune) values.push(pruneOlderThanMs);
  // pg_notify is volatile, so PostgreSQL calls it after the sort: the notifications go out in id order.
  await db.query({
    // Prepared once per connection: the statement is the same every time, and planning it cost more than running it.
    name: prune ? 'feed-log-write-prune' : 'feed-log-write',
    text: `with batch as (
       select * from unnest($1::uuid[], $2::text[], $3::boolean[]) with ordinality as b(publish_id, payload, inline, n)
     ), logged as (
       insert into broadcast_messages (publish_id, payload)
       select publish_id, payload::jsonb from batch order by n
       on conflict (publish_id) do nothing
       returning id, publish_id
     )${prune ? `, pruned as (delete from broadcast_messages where created_at < now() - $4 * interval '1 millisecond')` : ''}
     select pg_notify('${FEED_CHANNEL}', '{"id":' || logged.id || case when batch.inline then ',"message":' || batch.payload else '' end || '}')
     from logged join batch using (publish_id)
     order by logged.id`,
    values,
  });
}

/** The last id the log handed out (committed or not): where a fresh listener starts. */
export async function logPosition(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ last_value: string; is_called: boolean }>('select last_value, is_called from broadcast_messages_id_seq');
  return Number(rows[0].last_value) - (rows[0].is_called ? 0 : 1);
}

/** The ids logged after `after`, in order: cheap (the primary key alone), so a catch-up reads only what it misses. */
export async function loggedIdsAfter(db: Queryable, after: number): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>('select id from broadcast_messages where id > $1 order by id', [after]);
  return rows.map((r) => Number(r.id));
}

/** These rows of the log, in id order; an id no longer there (pruned) is simply absent. */
export async function readLogged(db: Queryable, ids: number[]): Promise<LoggedMessage[]> {
  const { rows } = await db.query<{ id: string; payload: FeedMessage }>(
    'select id, payload from broadcast_messages where id = any($1::bigint[]) order by id',
    [ids],
  );
  return rows.map((r) => ({ id: Number(r.id), message: r.payload }));
}
