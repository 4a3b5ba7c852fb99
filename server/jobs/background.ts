import { outsideRequest } from '../db/request-scope';
import type { Logger } from '../logger';

const pending = new Set<Promise<void>>();

/**
 * Runs work after the response has gone (so its duration tells the caller nothing, e.g. whether an
 * address has an account). Failures are logged, never thrown; shutdown waits for what is pending.
 */
export function runInBackground(logger: Logger, what: string, task: () => Promise<unknown>): void {
  // Outside the request: its work must not be cancelled when the client hangs up.
  const running: Promise<void> = outsideRequest(() => Promise.resolve().then(task))
    .then(
      () => undefined,
      (error: unknown) => logger.error({ err: error }, `${what} failed`),
    )
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Resolves once no background work is pending (shutdown, and tests that read what it wrote). */
export async function backgroundSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
