import pg from 'pg';
import { Listeners, type Broadcaster, type Deliver, type FeedMessage, type OnGap } from './broadcaster';

/**
 * Several app instances on one PostgreSQL (design section 5): publish is a NOTIFY, and every instance,
 * this one included, LISTENs and delivers what it hears to its own sockets. So a message reaches each
 * socket exactly once, whichever instance published it.
 */

const CHANNEL = 'panel_feed';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger messages travel through a table. */
const MAX_NOTIFY_BYTES = 7999;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/** What a notification carries: the message itself, or the id of its broadcast_messages row. */
type Notice = { message: FeedMessage } | { id: number };

type Log = Pick<Console, 'warn'>;

export class PostgresBroadcaster implements Broadcaster {
  private readonly listeners = new Listeners();
  private readonly pool: pg.Pool;
  /** The dedicated LISTEN connection; a pooled one would be handed to others and lose the LISTEN. */
  private listener: pg.Client | null = null;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** The LISTEN connection dropped and has not been made again yet. */
  private listenerLost = false;
  /** Large messages are read back before delivery; chaining keeps delivery in notification order. */
  private delivery: Promise<void> = Promise.resolve();

  constructor(
    private readonly databaseUrl: string,
    private readonly log: Log = console,
  ) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // An idle pooled connection that drops emits here; the pool replaces it on next use.
    this.pool.on('error', (error) => this.log.warn('live feed: database connection lost', error.message));
  }

  /** Starts listening; rejects when the database cannot be reached, so a misconfigured start fails loudly. */
  async start(): Promise<void> {
    await this.listen();
  }

  attach(deliver: Deliver, onGap?: OnGap): () => void {
    return this.listeners.attach(deliver, onGap);
  }

  async publish(message: FeedMessage): Promise<void> {
    let notice = JSON.stringify({ message } satisfies Notice);
    if (Buffer.byteLength(notice) > MAX_NOTIFY_BYTES) {
      // Pruning rides along with the insert: the table only grows when large messages are published.
      const { rows } = await this.pool.query<{ id: string }>(
        `with pruned as (delete from broadcast_messages where created_at < now() - interval '10 minutes')
         insert into broadcast_messages (payload) values ($1) returning id`,
        [JSON.stringify(message)],
      );
      notice = JSON.stringify({ id: Number(rows[0].id) } satisfies Notice);
    }
    await this.pool.query('select pg_notify($1, $2)', [CHANNEL, notice]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end();
    await this.delivery;
    this.listeners.clear();
    await this.pool.end();
  }

  private async listen(): Promise<void> {
    // Named per process, so an operator (or a test) can tell which instance's listener is which.
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: `backoffice-feed:${process.pid}` });
    client.on('notification', (notification) => this.received(notification.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) return client.end();
    const resumed = this.listenerLost;
    this.listener = client;
    this.listenerLost = false;
    this.retryMs = RETRY_FIRST_MS;
    // Whatever was published while the LISTEN connection was down never reached this instance.
    if (resumed) this.listeners.gap();
  }

  /** The LISTEN connection dropped (database restart, network): listen again, backing off while it fails. */
  private lost(client: pg.Client, error?: Error): void {
    if (client !== this.listener) return;
    this.listener = null;
    this.listenerLost = true;
    client.end().catch(() => {});
    this.log.warn('live feed: lost the LISTEN connection, reconnecting', error?.message ?? '');
    this.retry();
  }

  private retry(): void {
    if (this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.listen().catch((error: Error) => {
        this.log.warn(`live feed: reconnect failed, next try in ${this.retryMs} ms`, error.message);
        this.retry();
      });
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  private received(payload: string | undefined): void {
    this.delivery = this.delivery
      .then(async () => this.listeners.deliver(await this.read(payload)))
      .catch((error: Error) => this.log.warn('live feed: undeliverable notification', error.message));
  }

  private async read(payload: string | undefined): Promise<FeedMessage> {
    const notice = JSON.parse(payload ?? '') as Notice;
    if ('message' in notice) return notice.message;
    const { rows } = await this.pool.query<{ payload: FeedMessage }>(
      'select payload from broadcast_messages where id = $1',
      [notice.id],
    );
    if (!rows[0]) throw new Error(`broadcast message ${notice.id} is gone`);
    return rows[0].payload;
  }
}

/** main.ts uses this when DATABASE_URL is set. */
export async function createPostgresBroadcaster(databaseUrl: string, log?: Log): Promise<PostgresBroadcaster> {
  const broadcaster = new PostgresBroadcaster(databaseUrl, log);
  try {
    await broadcaster.start();
  } catch (error) {
    await broadcaster.close();
    throw error;
  }
  return broadcaster;
}
