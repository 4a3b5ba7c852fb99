import { attemptFailure } from '../../lib/attempts';

/**
 * Spec 1 §8: the server's detail, or 'Login failed'. A throttled login (429) says how long to wait,
 * from its Retry-After. The password step, the code step and the passkey sign-in all say it so.
 */
export function loginFailure(failure: unknown): string {
  return attemptFailure(failure, 'Login failed');
}
