/**
 * Push delivery on pg-boss (docs/decisions/0049-push-outbox.md): an enqueuer moves outbox rows
 * (`push_deliveries`, written by queuePush in the caller's transaction) into the job queue, one job
 * per row, in one transaction with marking them queued; the send worker takes a batch of jobs
 * (LIMITS.pushSendConcurrency) and sends each push once, retried with backoff by pg-boss.
 */
import { CompiledQuery } from 'kysely';
import type { LookupFunction } from 'node:net';
import type PgBoss from 'pg-boss';
import { LIMITS } from '../../../shared/limits';
import type { PushConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { vapidDetails } from './push-keys.service';
import * as repo from './push.repo';
import { createPushSender, PushNetworkError, PushTargetRefused, type PushSender } from './push.sender';

export const PUSH_QUEUE = 'push-send';

interface PushJob {
  deliveryId: number;
}

/** The send queue: retried with exponential backoff on 429, 5xx and network errors; a run past its expiry is failed and retried. */
export function pushQueueOptions(retryDelaySeconds: number = LIMITS.pushRetryDelaySeconds): PgBoss.Queue {
  return { name: PUSH_QUEUE, policy: 'standard', retryLimit: LIMITS.pushRetryLimit, retryDelay: retryDelaySeconds, retryBackoff: true, expireInSeconds: LIMITS.pushJobExpireSeconds };
}

/** pg-boss's statements on an open Kysely transaction (on PGlite, the one connection it holds). */
const onTransaction = (trx: Db): PgBoss.Db => ({
  executeSql: async (text, values) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(text, values ?? []))).rows as unknown[] }),
});

/**
 * Gives waiting deliveries their jobs: rows locked (another enqueuer skips them), one job each,
 * marked queued, all in one transaction, so a row gets exactly one job. Answers how many.
 */
export async function enqueuePending(db: Db, boss: PgBoss): Promise<number> {
  if (!(await repo.hasUnqueued(db))) return 0;
  return db.transaction().execute(async (trx) => {
    const ids = await repo.lockUnqueued(trx, LIMITS.pushEnqueueBatch);
    if (ids.length === 0) return 0;
    await boss.insert(
      ids.map((id) => ({ name: PUSH_QUEUE, data: { deliveryId: id } satisfies PushJob })),
      { db: onTransaction(trx) },
    );
    await repo.markQueued(trx, ids);
    return ids.length;
  });
}

/**
 * The hourly clean-up: delivery records older than LIMITS.pushDeliveryRetentionDays, and
 * subscriptions that will get nothing more (made before a revocation, or of a deactivated user).
 */
export async function cleanUpPush(db: Db): Promise<void> {
  await repo.purgeOldDeliveries(db, LIMITS.pushDeliveryRetentionDays);
  await repo.deleteStaleSubscriptions(db);
}

export interface PushWorkerOptions {
  db: Db;
  boss: PgBoss;
  push: PushConfig;
  logger: Logger;
  pollingIntervalSeconds: number;
  /** One send's time limit (tests shorten it); LIMITS.pushSendTimeoutMs by default. */
  sendTimeoutMs?: number;
  /** Name resolution for sends (tests); dns.lookup by default. */
  lookup?: LookupFunction;
}

export interface PushWorker {
  /** What the enqueuer's poll does (tests call it to skip the wait). */
  enqueuePending(): Promise<number>;
  /** Stops the enqueuer; call before pg-boss stops (which lets sends under way finish)... */
  stop(): Promise<void>;
  /** ...and this after, to close the kept-alive connections to push services. */
  close(): void;
}

type Claimed = NonNullable<Awaited<ReturnType<typeof repo.claimDelivery>>>;

/**
 * Sends one claimed delivery and records the outcome: sent; the subscription gone (404, 410: it is
 * deleted, no retry); given up (refused endpoint, another 4xx, a 3xx, or the last try); or an
 * error to retry with (429, 5xx, network error, time limit).
 */
async function sendClaimed(db: Db, sender: PushSender, logger: Logger, delivery: Claimed, lastTry: boolean): Promise<Error | undefined> {
  const where = { delivery: delivery.id, host: URL.parse(delivery.endpoint)?.host, attempt: delivery.attempts };
  const giveUp = async (reason: string) => {
    await repo.markFailed(db, delivery.id, reason, true);
    logger.warn({ ...where, reason }, 'push given up');
    return undefined;
  };
  if (!delivery.current) return giveUp('the user revoked their sessions (or was deactivated) since subscribing');
  const retry = async (reason: string) => {
    if (lastTry) return giveUp(`${reason} (no tries left)`);
    await repo.markFailed(db, delivery.id, reason, false);
    logger.info({ ...where, reason }, 'push will be retried');
    return new Error(reason);
  };
  let status: number;
  let text: string;
  try {
    ({ status, text } = await sender.send(delivery, delivery.payload));
  } catch (error) {
    if (error instanceof PushNetworkError) return retry(error.message);
    return giveUp(error instanceof PushTargetRefused ? `refused: ${error.message}` : `could not be sent: ${(error as Error).message}`);
  }
  if (status >= 200 && status < 300) {
    await repo.markSent(db, delivery.id);
    return undefined;
  }
  if (status === 404 || status === 410) {
    await repo.deleteSubscriptionById(db, delivery.subscription_id);
    logger.info({ ...where, status }, 'push subscription gone; deleted');
    return undefined;
  }
  if (status === 429 || status >= 500) return retry(`push service answered ${status}`);
  return giveUp(`push service answered ${status}: ${text.slice(0, 200)}`);
}

/**
 * One job: claim its delivery, then send it. Nothing to do once it was sent, given up or deleted
 * (or its subscription changed hands); a lease still held by another run is retried later.
 */
async function runJob(db: Db, sender: PushSender, logger: Logger, job: PgBoss.JobWithMetadata<PushJob>): Promise<Error | undefined> {
  const delivery = await repo.claimDelivery(db, job.data.deliveryId, LIMITS.pushJobExpireSeconds);
  if (!delivery) return (await repo.isLeased(db, job.data.deliveryId)) ? new Error('another run holds this delivery') : undefined;
  return sendClaimed(db, sender, logger, delivery, job.retryCount >= job.retryLimit);
}

/**
 * Starts the enqueuer (polling the outbox every `pollingIntervalSeconds`, as pg-boss polls its
 * queue) and the send worker. The queue must exist (`pushQueueOptions`). Sends hold no database
 * connection while they wait on a push service.
 */
export async function startPushWorker(options: PushWorkerOptions): Promise<PushWorker> {
  const { db, boss, logger } = options;
  const sender = createPushSender({
    vapid: await vapidDetails(db, options.push),
    allowedEndpoints: options.push.allowedEndpoints,
    timeoutMs: options.sendTimeoutMs,
    lookup: options.lookup,
  });

  const workerId = await boss.work<PushJob>(PUSH_QUEUE, { batchSize: LIMITS.pushSendConcurrency, pollingIntervalSeconds: options.pollingIntervalSeconds, includeMetadata: true }, async (jobs) => {
    // Each job fails on its own (a batch that threw would fail every job in it, sent ones too);
    // those left active are completed by pg-boss when this returns.
    await Promise.all(
      jobs.map(async (job) => {
        const error = await runJob(db, sender, logger, job).catch((unexpected: Error) => unexpected);
        if (error) await boss.fail(PUSH_QUEUE, job.id, { message: error.message });
      }),
    );
    // A full batch: more may wait, so the next fetch comes at once rather than after the polling interval.
    if (jobs.length === LIMITS.pushSendConcurrency) boss.notifyWorker(workerId);
  });

  let polling: Promise<void> | undefined;
  const poll = () => {
    polling ??= enqueuePending(db, boss)
      .then(
        (queued) => {
          if (queued === 0) return;
          logger.debug({ queued }, 'pushes queued');
          // This instance's sender need not wait for its next poll to see them.
          boss.notifyWorker(workerId);
        },
        (error: unknown) => logger.warn({ err: error }, 'queueing pushes failed; the next poll tries again'),
      )
      .finally(() => {
        polling = undefined;
      });
    return polling;
  };
  const timer = setInterval(poll, options.pollingIntervalSeconds * 1000);
  void poll();

  return {
    enqueuePending: () => enqueuePending(db, boss),
    async stop() {
      clearInterval(timer);
      await polling;
    },
    close: () => sender.close(),
  };
}
