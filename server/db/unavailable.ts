/**
 * Errors that mean "the database cannot serve this now" rather than "this request is wrong": a lost or refused
 * connection, no answer in time, a server shutting down, a full disk. The error handler answers them 503 (507 for
 * a full disk) with a message people can act on, instead of a 500 that reads like a bug.
 */

/** The database did not answer, or the connection to it broke; the statement did not complete (or its result is unknown). */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATEs that say the server, not the statement, is the problem: connection exceptions (class 08), too many
 * connections, the server shutting down or starting up, a statement cancelled by statement_timeout, a session
 * ended by idle_in_transaction_session_timeout.
 */
const UNAVAILABLE_STATES = /^(08...|53300|57P01|57P02|57P03|57P04|57P05|57014|25P03)$/;
/** SQLSTATE disk_full, and the file-system error the embedded database's storage raises. */
const DISK_FULL_STATES = new Set(['53100']);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
// node-postgres and pg-pool say these in words only.
const CONNECTION_WORDS =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed and is not queryable|Query read timeout|driver has already been destroyed|Cannot use a pool after calling end/i;

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  if (code && (UNAVAILABLE_STATES.test(code) || SOCKET_CODES.has(code))) return true;
  return CONNECTION_WORDS.test(error.message) || (error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause));
}

export function isDiskFull(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = codeOf(error);
  if (code && (DISK_FULL_STATES.has(code) || code === 'ENOSPC')) return true;
  return /No space left on device|ENOSPC/i.test(error.message) || (error.cause instanceof Error && isDiskFull(error.cause));
}
