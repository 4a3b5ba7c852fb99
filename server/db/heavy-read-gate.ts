import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import { LIMITS } from '../../shared/limits';
import { AppError, tooManyRequests } from '../errors';
import { DATABASE_RETRY_AFTER_SECONDS } from './faults';

export interface HeavyReadGateOptions {
  /** Heavy reads running at once in this process (FEED_READS_CONCURRENCY). */
  concurrency: number;
  /** Places (running, or in the instance's line) one user holds at most (LIMITS.feedReadsPerUser). */
  perUser: number;
  /** One user's reads waiting for their turn at most; one more is refused with 429 (LIMITS.feedReadsWaitingPerUser). */
  waitingPerUser: number;
  /** How long a read may wait for its turn before it is refused with 503 (PG_POOL_TIMEOUT_MS). */
  maxWaitMs: number;
}

/** The default of FEED_READS_CONCURRENCY: one more than the cores (see docs/decisions/0056-heavy-reads-gate.md). */
export const defaultHeavyReadConcurrency = () => availableParallelism() + 1;

interface UserLane {
  limit: LimitFunction;
  /** Reads of this user running or waiting (the lane is dropped at 0). */
  count: number;
}

const busy = () =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'Too many feed pages are being read right now. Please try again in a moment.', {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });

/**
 * Lets at most `concurrency` of the heaviest reads (the feed's pages) run at once in this process,
 * at most `perUser` of them one user's, the others waiting in order of arrival
 * (docs/decisions/0056-heavy-reads-gate.md). Each is CPU-bound in PostgreSQL: more of them at once than
 * the cores add no throughput, but share the cores with this process's one thread, which then
 * waits for a core while it holds every other request. A user's own lane comes first, so one
 * user's flood waits behind itself and holds at most `perUser` places ahead of anyone else.
 */
export class HeavyReadGate {
  private readonly all: LimitFunction;
  private readonly lanes = new Map<number, UserLane>();

  constructor(private readonly options: HeavyReadGateOptions) {
    this.all = pLimit(options.concurrency);
  }

  /** Runs `read` for `userId` in its turn; 429 past the user's waiting bound, 503 past the wait bound. */
  run<T>(userId: number, read: () => Promise<T>): Promise<T> {
    const lane = this.laneOf(userId);
    if (lane.limit.pendingCount >= this.options.waitingPerUser) {
      this.release(userId, lane);
      return Promise.reject(tooManyRequests(1, 'Too many feed pages asked for at once. Please wait for the ones on their way.'));
    }
    return new Promise<T>((resolve, reject) => {
      let state: 'waiting' | 'running' | 'given up' = 'waiting';
      const timer = setTimeout(() => {
        if (state !== 'waiting') return;
        state = 'given up';
        reject(busy());
      }, this.options.maxWaitMs);
      const turn = async (): Promise<{ value: T } | undefined> => {
        // A read that gave up still holds its places until its turn comes: it frees them at once.
        if (state === 'given up') return undefined;
        state = 'running';
        clearTimeout(timer);
        return { value: await read() };
      };
      // Settled once its places are freed, so a caller that awaits it sees them free.
      lane
        .limit(() => this.all(turn))
        .finally(() => this.release(userId, lane))
        .then(
          (outcome) => outcome && resolve(outcome.value),
          (error: unknown) => state !== 'given up' && reject(error),
        );
    });
  }

  /** Reads running and waiting now (for metrics and tests). */
  stats(): { running: number; waiting: number; users: number } {
    let waiting = this.all.pendingCount;
    for (const lane of this.lanes.values()) waiting += lane.limit.pendingCount;
    return { running: this.all.activeCount, waiting, users: this.lanes.size };
  }

  private laneOf(userId: number): UserLane {
    let lane = this.lanes.get(userId);
    if (!lane) this.lanes.set(userId, (lane = { limit: pLimit(this.options.perUser), count: 0 }));
    lane.count += 1;
    return lane;
  }

  private release(userId: number, lane: UserLane) {
    lane.count -= 1;
    if (lane.count === 0) this.lanes.delete(userId);
  }
}

/** The gate of an app: its concurrency and wait bound from the configuration (config.ts feedReadsOf), the rest from LIMITS. */
export function heavyReadGate(settings: Pick<HeavyReadGateOptions, 'concurrency' | 'maxWaitMs'>): HeavyReadGate {
  return new HeavyReadGate({ ...settings, perUser: LIMITS.feedReadsPerUser, waitingPerUser: LIMITS.feedReadsWaitingPerUser });
}
