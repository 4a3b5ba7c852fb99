import { WRITE_THROTTLES, type WriteAction } from '../../shared/limits';
import type { Db } from '../db/client';
import { tooManyRequests } from '../errors';
import { clear, hit, takeBack } from './rate-limit.repo';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
  /** The 429's detail when this limit refuses (the default speaks of attempts). */
  detail?: string;
}

/**
 * Reserves one attempt under every limit before any costly work (bcrypt, mail): an atomic
 * increment, then the check. So at most `max` attempts per window are ever evaluated, whether they
 * come in sequence, in parallel or in one batch. Limits are taken in the order given (tightest
 * first); at the first one used up, the attempt is refused with 429 (Retry-After) and given back
 * under the keys already counted, and the later keys are never touched: an IP locked out of one
 * account cannot use up the account's looser limit across IPs.
 */
export async function reserveAttempt(db: Db, limits: Limit[]): Promise<void> {
  // One key at a time: each is a single-row statement, and a request holds one connection at a time.
  for (const [i, limit] of limits.entries()) {
    const row = await hit(db, limit);
    if (row.points > limit.max) {
      await releaseAttempt(db, limits.slice(0, i + 1));
      throw tooManyRequests(row.seconds_left, limit.detail);
    }
  }
}

/** Gives a reserved attempt back (it succeeded, so it was not a guess). */
export async function releaseAttempt(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) await takeBack(db, limit.key);
}

/** Counts one event under one limit and refuses once the window's allowance is used up. */
export const consumeOrRefuse = (db: Db, limit: Limit) => reserveAttempt(db, [limit]);

export const resetLimit = clear;

/** One user's limits for a content write (shared/limits.ts WRITE_THROTTLES): a key per window. */
export function writeLimits(action: WriteAction, userId: number): Limit[] {
  return WRITE_THROTTLES[action].map((w) => ({ key: `write:${action}:${w.windowSeconds}:user:${userId}`, max: w.max, windowSeconds: w.windowSeconds, detail: w.detail }));
}

/**
 * Runs one user's content write under its throttle. Call it after the write's cheap checks (reads
 * that refuse), around the write itself: the attempt is reserved under every window first (atomic,
 * so parallel and batched calls count like sequential ones; 429 with Retry-After past a window),
 * and given back when the write throws (a rule refused it under its lock, a unique index, a lost
 * connection), so only writes that happened use the budget.
 */
export async function throttledWrite<T>(db: Db, action: WriteAction, userId: number, write: () => Promise<T>): Promise<T> {
  const limits = writeLimits(action, userId);
  await reserveAttempt(db, limits);
  try {
    return await write();
  } catch (error) {
    await releaseAttempt(db, limits);
    throw error;
  }
}
