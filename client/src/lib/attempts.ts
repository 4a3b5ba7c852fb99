import { retryAfterSeconds, waitInWords } from './retry-after';
import { errorDetail, httpStatusOf } from './trpc';

/**
 * What a refused password or code says: a throttled attempt (429) how long to wait, from its
 * Retry-After; any other refusal the server's detail, else `fallback`. The login's steps and the
 * two-factor dialogs of Settings say it alike.
 */
export function attemptFailure(failure: unknown, fallback: string): string {
  const wait = httpStatusOf(failure) === 429 ? retryAfterSeconds(failure) : undefined;
  if (wait !== undefined) return `Too many attempts. Try again in ${waitInWords(wait)}.`;
  return errorDetail(failure) ?? fallback;
}
