import pg from 'pg';
import { Listeners, type Broadcaster, type Deliver, type FeedMessage, type OnGap } from './broadcaster';
import { writeToLog, type LogEntry } from './feedLog';
import { FeedListener } from './feedListener';
import { PublishQueue } from './publishQueue';
import { waitAtMost } from '../services/waitAtMost';

/**
 * Several app instances on one PostgreSQL (design section 5): a publish is a row of the feed's log and its NOTIFY
 * (feedLog.ts), and every instance, this one included, LISTENs and delivers what it hears to its own sockets
 * (feedListener.ts). So a message reaches each socket exactly once, whichever instance published it, and an instance
 * whose LISTEN connection was down reads what it missed from the log. Publishing never fails the request: what the
 * database does not take waits in memory and is retried (publishQueue.ts). No database error ends the process: every
 * connection of the feed has its 'error' handled.
 */

type Log = Pick<Console, 'warn'>;

export interface PostgresBroadcasterOptions {
  log?: Log;
  /**
   * How this instance's connections are named in pg_stat_activity, so an operator (or a test) can tell them apart:
   * the LISTEN connection by this name, the publishing one by this name and ':publish'. By default per process.
   */
  name?: string;
  /** How long the log keeps messages, and so how long a listener may be away and still catch up. */
  retentionMs?: number;
  /** How often the idle LISTEN connection is asked whether it is still there, and how long it has to answer. */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
  /** Limits on connecting and on each statement, so a silent database is given up on rather than waited for. */
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
}

const RETENTION_MS = 10 * 60_000;
/** What close() may spend sending messages still waiting. */
const CLOSE_FLUSH_MS = 2_000;
const CLOSE_WAIT_MS = 1_000;

export class PostgresBroadcaster implements Broadcaster {
  private readonly listeners = new Listeners();
  /** One statement at a time writes the log (the queue keeps the order), so one connection is all it needs. */
  private readonly pool: pg.Pool;
  private readonly queue: PublishQueue;
  private readonly listener: FeedListener;
  private readonly log: Log;
  private readonly retentionMs: number;
  private prunedAt = 0;
  private closed = false;

  constructor(databaseUrl: string, options: PostgresBroadcasterOptions = {}) {
    const log = (this.log = options.log ?? console);
    const name = options.name ?? `backoffice-feed:${process.pid}`;
    const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    const queryTimeoutMs = options.queryTimeoutMs ?? 5_000;
    this.retentionMs = options.retentionMs ?? RETENTION_MS;
    // A listener or a held message is caught up only well inside what the log keeps.
    const windowMs = this.retentionMs * 0.9;

    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      application_name: `${name}:publish`,
      max: 1,
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: queryTimeoutMs,
      statement_timeout: queryTimeoutMs,
      keepAlive: true,
    });
    // The pool hears what happens to its idle connections; a checked-out one needs a listener of its own, or its error
    // would end the process. That one stays quiet: the statement it was running fails, and the queue says so.
    this.pool.on('error', (error) => log.warn('live feed: publishing connection lost', error.message));
    this.pool.on('connect', (client) => client.on('error', () => {}));

    this.queue = new PublishQueue({ write: (entries) => this.write(entries), windowMs, log });
    this.listener = new FeedListener({
      databaseUrl,
      name,
      windowMs,
      heartbeatMs: options.heartbeatMs ?? 5_000,
      heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? 2_000,
      connectTimeoutMs,
      queryTimeoutMs,
      log,
      deliver: (message) => this.listeners.deliver(message),
      gap: () => this.listeners.gap(),
    });
  }

  /** Starts listening; rejects when the database cannot be reached, so a misconfigured start fails loudly. */
  async start(): Promise<void> {
    await this.listener.start();
  }

  attach(deliver: Deliver, onGap?: OnGap): () => void {
    return this.listeners.attach(deliver, onGap);
  }

  /** Answers once the message is in the log, or is held for a retry; never rejects (the write was committed). */
  publish(message: FeedMessage): Promise<void> {
    if (this.closed) {
      this.log.warn('live feed: a message published after shutdown was not sent', message.channel, message.event);
      return Promise.resolve();
    }
    let json: string;
    try {
      json = JSON.stringify(message);
    } catch (error) {
      this.log.warn('live feed: a message that cannot be written as JSON was not sent', message.channel, (error as Error).message);
      return Promise.resolve();
    }
    return this.queue.push(json);
  }

  /** Sends what it still can (within a couple of seconds), then stops listening. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const unsent = await this.queue.close(CLOSE_FLUSH_MS);
    if (unsent) this.log.warn(`live feed: ${unsent} messages could not be published before shutdown`);
    await this.listener.close();
    this.listeners.clear();
    await waitAtMost(this.pool.end(), CLOSE_WAIT_MS);
  }

  private async write(entries: LogEntry[]): Promise<void> {
    // Pruning rides along with a write, about ten times per retention period: one probe of the created_at index.
    const now = Date.now();
    const prune = now - this.prunedAt >= this.retentionMs / 10;
    await writeToLog(this.pool, entries, prune ? this.retentionMs : undefined);
    if (prune) this.prunedAt = now;
  }
}

/** main.ts uses this when DATABASE_URL is set. */
export async function createPostgresBroadcaster(databaseUrl: string, options?: PostgresBroadcasterOptions): Promise<PostgresBroadcaster> {
  const broadcaster = new PostgresBroadcaster(databaseUrl, options);
  try {
    await broadcaster.start();
  } catch (error) {
    await broadcaster.close();
    throw error;
  }
  return broadcaster;
}
