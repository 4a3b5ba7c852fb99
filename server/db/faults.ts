import { AppError } from '../errors';
import { metrics } from '../metrics/metrics';

/** How long a client is told to wait before retrying while the database is away or busy. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL's query_canceled: statement_timeout fired, or the statement was cancelled (pg_cancel_backend). */
const QUERY_CANCELED = '57014';

/** Socket-level failures of the connection to the database server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs that mean the server went away or will not take the work now: class 08 (connection
 * exception), 57P01-57P03 (admin/crash shutdown, cannot connect now: a restart or failover),
 * 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** Messages pg uses for a connection it lost or could not get (no code is set on these). */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/** Whether an error (or any error in its cause chain) means the database cannot be reached now. */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof AppError) return current.status === 503;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || (code.length === 5 && isUnavailableSqlState(code)))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The answer (503 DATABASE_UNAVAILABLE) when an error means the database is unreachable or every
 * connection stayed busy past the bound; undefined for any other error.
 */
export function asDatabaseUnavailable(error: unknown): AppError | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  const busy = /timeout exceeded when trying to connect/.test(String((error as { message?: unknown })?.message ?? ''));
  const detail = busy
    ? 'No database connection became available in time. Please try again shortly.'
    : 'The database is unavailable. Please try again shortly.';
  return new AppError(503, 'DATABASE_UNAVAILABLE', detail, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
}

/**
 * Whether an error (or one in its cause chain) is a cancelled statement, a dropped database it is
 * not: 'database' for PostgreSQL's own error, 'answered' for the 503 already made of one.
 */
function statementCancelled(error: unknown): 'database' | 'answered' | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof AppError) return current.code === 'STATEMENT_TIMEOUT' ? 'answered' : undefined;
    if ((current as { code?: unknown }).code === QUERY_CANCELED) return 'database';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The answer when the database could not do a request's work: 503 STATEMENT_TIMEOUT when a
 * statement ran past PG_STATEMENT_TIMEOUT_MS (or was cancelled: an operator's pg_cancel_backend, or
 * its client went away), 503 DATABASE_UNAVAILABLE when the database is unreachable or saturated;
 * undefined for any other error. A timeout says nothing about the database's health: the connection
 * stays in the pool and /healthz answers 200. Each timeout counts in stacks_db_statement_timeouts_total.
 */
export function asDatabaseFault(error: unknown): AppError | undefined {
  const cancelled = statementCancelled(error);
  if (cancelled) {
    // Counted once, where the database's error becomes the answer; the answer passed on again is not.
    if (cancelled === 'database') metrics.statementTimeouts.inc();
    return new AppError(503, 'STATEMENT_TIMEOUT', 'The request took too long and was stopped. Please try again.', { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
  }
  return asDatabaseUnavailable(error);
}
