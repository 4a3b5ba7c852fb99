import { retryAfterSeconds, waitInWords } from '../../lib/retry-after';
import { errorDetail, httpStatusOf } from '../../lib/trpc';

/**
 * Spec 1 §8: the server's detail, or 'Login failed'. A throttled login (429) says how long to wait,
 * from its Retry-After. The password step, the code step and the passkey sign-in all say it so.
 */
export function loginFailure(failure: unknown): string {
  const wait = httpStatusOf(failure) === 429 ? retryAfterSeconds(failure) : undefined;
  if (wait !== undefined) return `Too many attempts. Try again in ${waitInWords(wait)}.`;
  return errorDetail(failure) ?? 'Login failed';
}
