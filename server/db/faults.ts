import { AppError } from '../errors';

/** How long a client is told to wait before retrying while the database is away or busy. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

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
