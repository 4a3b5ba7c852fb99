import type { Db } from '../db/client';
import { tooManyRequests } from '../errors';
import { clear, hit, peek } from './rate-limit.repo';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Refuses with 429 (and Retry-After) when any of the limits is already used up. */
export async function assertUnderLimits(db: Db, limits: Limit[]): Promise<void> {
  const rows = await peek(db, limits.map((l) => l.key));
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key);
    if (limit && row.points >= limit.max) throw tooManyRequests(row.seconds_left);
  }
}

/** Counts one event against each limit. */
export async function countAgainst(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) await hit(db, limit.key, limit.windowSeconds);
}

/** Counts one event and refuses once the window's allowance is exceeded. */
export async function consumeOrRefuse(db: Db, limit: Limit): Promise<void> {
  const row = await hit(db, limit.key, limit.windowSeconds);
  if (row.points > limit.max) throw tooManyRequests(row.seconds_left);
}

export const resetLimit = clear;
