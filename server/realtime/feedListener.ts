import pg from 'pg';
import type { FeedMessage } from './broadcaster';
import { DeliveredIds } from './deliveredIds';
import { FEED_CHANNEL, isGapMessage, logPosition, loggedIdsAfter, readLogged, type Notice } from './feedLog';
import { waitAtMost } from '../services/waitAtMost';

/**
 * The listening half of the PostgreSQL feed: one dedicated LISTEN connection (a pooled one would be handed to others
 * and lose the LISTEN) that hands every message of the log (feedLog.ts) to this instance's sockets once, in order.
 *
 * While it listens, notifications arrive in commit order. When the connection is lost (a restart, a killed backend, a
 * network that went silent, which only the heartbeat notices) it connects again with backoff, LISTENs first and then
 * reads the log after the last id it delivered, skipping what it already delivered: whatever committed before the
 * LISTEN is in that read, whatever commits after it is notified, and what is both is delivered once. Only when the
 * log cannot say what was missed (the connection was down longer than the log keeps, or the database went back in
 * time: a restore or a failover to a replica that lagged) does it signal a gap instead, and the sockets reload.
 */

type Log = Pick<Console, 'warn'>;

export interface FeedListenerOptions {
  databaseUrl: string;
  /** The connection's name in pg_stat_activity. */
  name: string;
  /** How long the connection can have been down and still be caught up from the log. */
  windowMs: number;
  heartbeatMs: number;
  heartbeatTimeoutMs: number;
  connectTimeoutMs: number;
  queryTimeoutMs: number;
  log: Log;
  deliver(message: FeedMessage): void;
  gap(): void;
}

/** One LISTEN connection; `live` until it is lost, after which nothing it heard is acted on. */
interface Connection {
  client: pg.Client;
  live: boolean;
  /** Its catch-up is done: from here on, hearing from it proves the feed was whole. */
  caughtUp: boolean;
  beating: boolean;
  /** Why it was lost. */
  failure?: Error;
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;
/** Rows read per statement when catching up. */
const READ_PAGE = 500;
const CLOSE_WAIT_MS = 1_000;

export class FeedListener {
  private current: Connection | null = null;
  private readonly delivered = new DeliveredIds();
  private started = false;
  /** The last moment the feed was known whole: a heartbeat answered or a notification heard after the catch-up. */
  private wholeAt = Date.now();
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  /** Deliveries and catch-ups, one at a time, in the order they were heard. */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: FeedListenerOptions) {
    this.heartbeat = setInterval(() => {
      if (this.current) this.beat(this.current);
    }, options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Listens; rejects when the database cannot be reached, so a misconfigured start fails loudly. */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const connection = this.current;
    this.current = null;
    if (connection) {
      connection.live = false;
      await waitAtMost(connection.client.end().catch(() => {}), CLOSE_WAIT_MS);
      connection.client.connection.stream.destroy();
    }
    await waitAtMost(this.chain, CLOSE_WAIT_MS);
  }

  /** Connects, LISTENs and catches up; answers once the catch-up is done. */
  private async connect(): Promise<void> {
    const { databaseUrl, name, connectTimeoutMs, queryTimeoutMs } = this.options;
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: name,
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: queryTimeoutMs,
      keepAlive: true,
    });
    const connection: Connection = { client, live: true, caughtUp: false, beating: false };
    // Every 'error' is handled: an unhandled one would end the process.
    client.on('error', (error) => this.lost(connection, error));
    client.on('end', () => this.lost(connection));
    client.on('notification', (notification) => this.heard(connection, notification.payload));
    try {
      await client.connect();
      if (this.closed) throw new Error('live feed closed');
      this.current = connection;
      const listening = client.query(`listen ${FEED_CHANNEL}`);
      // Queued before any notification of this connection can be, so what it hears is delivered after what it missed.
      const caughtUp = this.enqueue(connection, async () => {
        await listening;
        await this.catchUp(connection);
      });
      await listening;
      await caughtUp;
      if (!connection.caughtUp) throw connection.failure ?? new Error('lost while catching up');
    } catch (error) {
      if (this.current === connection) this.current = null;
      this.drop(connection);
      throw error;
    }
    this.retryMs = RETRY_FIRST_MS;
  }

  /** Reads what the log holds that this instance has not delivered, or signals a gap when it cannot tell. */
  private async catchUp(connection: Connection): Promise<void> {
    const { client } = connection;
    const position = await logPosition(client);
    const downMs = Date.now() - this.wholeAt;
    if (!this.started) {
      this.started = true;
      this.delivered.reset(position);
    } else if (position < this.delivered.highest || downMs > this.options.windowMs) {
      this.options.log.warn(
        position < this.delivered.highest
          ? 'live feed: the database log starts again below what was delivered; open screens will reload'
          : `live feed: listening again after ${downMs} ms, longer than the log keeps; open screens will reload`,
      );
      this.delivered.reset(position);
      this.options.gap();
    } else {
      const missed = (await loggedIdsAfter(client, this.delivered.readFrom())).filter((id) => !this.delivered.has(id));
      for (let i = 0; i < missed.length; i += READ_PAGE) {
        for (const { id, message } of await readLogged(client, missed.slice(i, i + READ_PAGE))) this.deliverOnce(id, message);
      }
      this.options.log.warn(`live feed: listening again after ${downMs} ms; ${missed.length} messages read back from the log`);
    }
    connection.caughtUp = true;
    this.wholeAt = Date.now();
  }

  private heard(connection: Connection, payload: string | undefined): void {
    if (connection !== this.current) return; // a lost connection's late words: the next catch-up covers them
    if (connection.caughtUp) this.wholeAt = Date.now();
    let notice: Notice;
    try {
      notice = JSON.parse(payload ?? '') as Notice;
    } catch {
      return this.options.log.warn('live feed: unreadable notification', payload);
    }
    void this.enqueue(connection, async () => {
      const { id, message } = notice;
      // An earlier version's publisher, which logs nothing: deliver as it comes.
      if (id === undefined) return message && this.safely(() => this.options.deliver(message));
      if (this.delivered.has(id)) return;
      const found = message ?? (await readLogged(connection.client, [id]))[0]?.message;
      if (found) return this.deliverOnce(id, found);
      this.options.log.warn(`live feed: message ${id} is no longer in the log; open screens will reload`);
      this.delivered.add(id);
      this.options.gap();
    });
  }

  private deliverOnce(id: number, message: FeedMessage): void {
    if (this.delivered.has(id)) return;
    this.delivered.add(id);
    this.safely(() => (isGapMessage(message) ? this.options.gap() : this.options.deliver(message)));
  }

  /** A socket's fault is not the connection's: it must not make the feed read the same message again. */
  private safely(deliver: () => void): void {
    try {
      deliver();
    } catch (error) {
      this.options.log.warn('live feed: delivery failed', (error as Error).message);
    }
  }

  /**
   * Runs `task` after everything heard before it, while its connection is the live one; a failed read means the
   * connection is gone (or silent), so it is dropped and the next one catches up.
   */
  private enqueue(connection: Connection, task: () => Promise<void>): Promise<void> {
    this.chain = this.chain
      .then(() => (connection === this.current && connection.live ? task() : undefined))
      .catch((error: Error) => this.lost(connection, error));
    return this.chain;
  }

  /** An idle LISTEN connection would never notice a silent network: ask, and drop it when no answer comes in time. */
  private beat(connection: Connection): void {
    if (connection.beating || !connection.caughtUp) return;
    connection.beating = true;
    const { heartbeatTimeoutMs } = this.options;
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to the heartbeat within ${heartbeatTimeoutMs} ms`)), heartbeatTimeoutMs);
    });
    Promise.race([connection.client.query('select 1'), silent])
      .then(() => {
        if (connection === this.current) this.wholeAt = Date.now();
      })
      .catch((error: Error) => this.lost(connection, error))
      .finally(() => {
        clearTimeout(timer);
        connection.beating = false;
      });
  }

  /** The connection dropped or went silent: listen again, backing off while it fails. */
  private lost(connection: Connection, error?: Error): void {
    if (!connection.live) return;
    connection.failure = error ?? new Error('connection ended');
    this.drop(connection);
    if (connection !== this.current) return;
    this.current = null;
    if (this.closed) return;
    this.options.log.warn('live feed: lost the LISTEN connection, reconnecting', error?.message ?? '');
    this.retry();
  }

  private drop(connection: Connection): void {
    connection.live = false;
    // Not end(): on a silent network its goodbye would wait for an answer that never comes.
    connection.client.connection.stream.destroy();
  }

  private retry(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((error: Error) => {
        // Lost after it listened: that loss was told, and the next try is set.
        if (this.closed || this.retryTimer) return;
        this.options.log.warn(`live feed: reconnect failed, next try in ${this.retryMs} ms`, error.message);
        this.retry();
      });
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }
}
