import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

/** How long a request may wait for the database: for a connection, and for each statement's answer. 0 = no limit. */
export interface DatabaseLimits {
  /** Waiting for a free pooled connection, or for a new one to be made. */
  connectMs: number;
  /** One statement: the server cancels it after this (statement_timeout), and we stop waiting a moment later. */
  statementMs: number;
}

const serverLimits = ({ statementMs }: DatabaseLimits) =>
  statementMs
    ? [`-c statement_timeout=${statementMs}`, `-c idle_in_transaction_session_timeout=${Math.max(statementMs * 3, 10_000)}`]
    : [];

/**
 * A connection idle longer than this is given one turn of the event loop before it is used, so a reset that has
 * already arrived (a server restarted while it sat in the pool) is heard first. A busy connection is not: the turn
 * costs a request some 0.2 ms under load, and a loss among busy connections is seen by the statement it fails.
 */
const IDLE_CHECK_MS = 1_000;

/**
 * A server that stops answering (a silent network, a failover in progress) cancels nothing: we give up on it this
 * long after statement_timeout should have ended the statement on a live server.
 */
const SILENCE_GRACE_MS = 1_000;

type Log = Pick<Console, 'warn'>;

/**
 * node-postgres's pool made safe to lose its server, for Kysely's PostgresDialect:
 * - every client has an 'error' listener, checked out or idle (pg-pool listens only on idle ones, and an unheard
 *   'error' event, such as "terminating connection due to administrator command" between two statements of a
 *   transaction, ends the process);
 * - a statement that gets no answer is given up after its limit, and its connection is discarded: what the server
 *   does with a half-sent statement is unknown, so the connection must never run another one;
 * - a broken connection refuses further statements at once (the rollback that follows included), and leaves the
 *   pool on release, so the next request gets a new one;
 * - once one connection is found lost, the idle ones made before it are not trusted either (a restarted or failed-over
 *   server dropped them all, and a vanished one will never say so): each is discarded when next taken, and a new
 *   one made, instead of failing the request that drew it;
 * - failures that mean "the database is not answering" come out as DatabaseUnavailableError (503 to the client).
 */
export function guardedPool(config: pg.PoolConfig, limits: DatabaseLimits, log: Log = console): PostgresPool & { pool: pg.Pool } {
  const pool = new pg.Pool({
    ...config,
    connectionTimeoutMillis: limits.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // The server's own limits: a slow statement is cancelled there, and a session a crashed caller left inside a
    // transaction stops holding its row locks.
    options: [config.options, ...serverLimits(limits)].filter(Boolean).join(' '),
  });
  const guards = new WeakMap<pg.PoolClient, GuardedClient>();
  /** Counts connection losses; a connection made before the latest one is suspect. */
  const losses = { count: 0 };
  pool.on('connect', (client) => {
    const guard = new GuardedClient(client as pg.PoolClient, limits.statementMs && limits.statementMs + SILENCE_GRACE_MS, losses);
    guards.set(client as pg.PoolClient, guard);
    client.on('error', (error) => guard.broke(error));
  });
  // An idle connection the server closed: pg-pool drops it and makes a new one on the next need.
  pool.on('error', (error) => log.warn(`PostgreSQL closed an idle connection: ${error.message}`));

  return {
    pool,
    options: pool.options,
    async connect() {
      // Each round discards one suspect connection, so this ends within the pool's size (plus one new connection).
      for (;;) {
        let client: pg.PoolClient;
        try {
          client = await pool.connect();
        } catch (error) {
          throw unavailable(error, 'could not get a database connection');
        }
        const guard = guards.get(client)!;
        if (Date.now() - guard.releasedAt > IDLE_CHECK_MS) await new Promise((resolve) => setImmediate(resolve));
        if (!guard.broken && guard.generation === losses.count) return guard;
        client.release(guard.broken ?? new Error('made before a lost connection'));
      }
    },
    end: () => pool.end(),
  };
}

/** One pooled connection as Kysely sees it; the same object for the connection's whole life. */
class GuardedClient implements PostgresPoolClient {
  broken: Error | null = null;
  /** How many connection losses the pool had seen when this connection was made. */
  readonly generation: number;
  /** When it last went back to the pool (made counts as released). */
  releasedAt = Date.now();

  constructor(
    private readonly client: pg.PoolClient,
    /** 0: wait as long as the statement takes. */
    private readonly answerMs: number,
    private readonly losses: { count: number },
  ) {
    this.generation = losses.count;
  }

  get processID(): number | undefined {
    return (this.client as unknown as { processID?: number }).processID;
  }

  broke(error: Error): void {
    if (this.broken) return;
    this.broken = error;
    this.losses.count += 1;
  }

  // Kysely calls query(sql, parameters) only: the dialect is built without a cursor.
  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query(): never;
  query<R>(sql?: string, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (this.broken) return Promise.reject(unavailable(this.broken, 'the database connection was lost'));
    return new Promise((resolve, reject) => {
      const timer = this.answerMs
        ? setTimeout(() => {
            this.broke(new Error(`no answer from the database within ${this.answerMs} ms`));
            reject(unavailable(this.broken, 'the database did not answer in time'));
          }, this.answerMs)
        : undefined;
      this.client.query(sql!, parameters as unknown[]).then(
        (result) => {
          clearTimeout(timer);
          resolve(result as unknown as PostgresQueryResult<R>);
        },
        (error: Error) => {
          clearTimeout(timer);
          if (isConnectionLoss(error)) this.broke(error);
          reject(isDatabaseUnavailable(error) ? unavailable(error, error.message) : error);
        },
      );
    });
  }

  /** Kysely passes true for a connection it gave up on; a broken one is discarded whatever it says. */
  release(discard?: boolean): void {
    const reason = this.broken ?? (discard ? new Error('discarded') : undefined);
    this.releasedAt = Date.now();
    this.client.release(reason);
  }
}

/**
 * The connection itself is gone (as opposed to a statement cancelled on a live connection by statement_timeout,
 * after which the connection is fine to use).
 */
function isConnectionLoss(error: Error): boolean {
  const code = (error as { code?: string }).code;
  return isDatabaseUnavailable(error) && code !== '57014';
}

function unavailable(cause: unknown, message: string): DatabaseUnavailableError {
  return cause instanceof DatabaseUnavailableError ? cause : new DatabaseUnavailableError(message, { cause });
}
