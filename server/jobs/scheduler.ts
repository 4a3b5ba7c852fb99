/**
 * Scheduled jobs through pg-boss, on server PostgreSQL and on embedded PGlite: bot runs (docs/decisions/0001-bot-runs-on-pg-boss.md)
 * and an hourly clean-up of expired login-throttle windows.
 *
 * A cron schedule fires the tick queue every minute; pg-boss's own lock makes one instance of the
 * cluster send each tick. A tick finds the bots due now (their weekday, at or after BOT_RUN_HOUR
 * UTC, no run record today: dueBots) and queues one run job per bot. The run job calls runBot,
 * whose insert into bot_runs (unique per bot and UTC day) is what makes a run happen exactly once,
 * however many instances tick or pick up jobs. Each instance also ticks once when it starts, so
 * runs missed while no instance was up happen at once.
 *
 * The same boss delivers Web Push (server/modules/push/push.worker.ts, docs/push.md) when given
 * the push settings: its send queue, the enqueuer that feeds it from the outbox, and the hourly
 * purge of old delivery records.
 */
import PgBoss from 'pg-boss';
import { dueBots, runBot } from '../modules/bots/bots.engine';
import type { BotsConfig } from '../config';
import type { Db, DbHandle } from '../db/client';
import type { Logger } from '../logger';
import { purgeExpired } from '../rate-limit/rate-limit.repo';
import { startNotificationMailJobs, stopNotificationMailJobs, type NotificationMailJobs, type NotificationMailOptions } from './notification-mail-jobs';
import { cleanUpPush, pushQueueOptions, startPushWorker, type PushWorker, type PushWorkerOptions } from '../modules/push/push.worker';
import type { PushConfig } from '../config';

export const TICK_QUEUE = 'bots-tick';
export const RUN_QUEUE = 'bot-run';
/** Every minute, in UTC. */
export const TICK_CRON = '* * * * *';
export const CLEANUP_QUEUE = 'cleanup';
/** Hourly. */
export const CLEANUP_CRON = '17 * * * *';

interface RunJob {
  botId: number;
}

export interface SchedulerOptions {
  handle: DbHandle;
  bots: BotsConfig;
  logger: Logger;
  /** The clock (tests pin it). */
  now?: () => Date;
  /** How often workers poll for jobs (pg-boss default 2 s; at least 0.5). */
  pollingIntervalSeconds?: number;
  /** E-mail notifications' jobs (server/jobs/notification-mail-jobs.ts); without it, none run here. */
  mail?: NotificationMailOptions;
  /** Web Push delivery: started when given (the server always gives it; tests choose). */
  push?: PushSchedulerOptions;
}

export interface PushSchedulerOptions extends Pick<PushWorkerOptions, 'sendTimeoutMs' | 'lookup'> {
  config: PushConfig;
  /** The first retry's delay (tests shorten it); LIMITS.pushRetryDelaySeconds by default. */
  retryDelaySeconds?: number;
}

export interface Scheduler {
  boss: PgBoss;
  /** What the cron tick does: queues a run for every due bot; answers their ids. */
  tick(): Promise<number[]>;
  /** E-mail notifications' jobs, when started with `mail`. */
  mail?: NotificationMailJobs;
  /** The push worker, when started. */
  push?: PushWorker;
  stop(): Promise<void>;
}

/**
 * pg-boss on PGlite: every statement waits for Kysely's single connection, so it never lands in
 * the middle of an app transaction (whose rollback would undo a job). pg-boss sends several
 * statements at once only without parameters; those go through exec(), the rest through query().
 */
function pgliteAdapter(db: Db, pglite: NonNullable<DbHandle['pglite']>) {
  return {
    executeSql: (text: string, values?: unknown[]) =>
      db.connection().execute(async () => {
        if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }),
  };
}

function connection(handle: DbHandle) {
  if (handle.pglite) return { db: pgliteAdapter(handle.db, handle.pglite) };
  if (handle.databaseUrl) return { connectionString: handle.databaseUrl, max: 3, application_name: 'stacks-bots' };
  throw new Error('The bot scheduler needs a database URL or an embedded database');
}

/**
 * Instances starting together may create the same queue at once; PostgreSQL then reports a
 * deadlock (or a duplicate) for one of them. Trying again finds the queue made and does nothing.
 */
export async function createQueueOnce(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await boss.createQueue(queue.name, queue);
    } catch (error) {
      const code = (error as { code?: string }).code;
      const race = code === '40P01' || code === '23505' || code === '42P07';
      if (!race || attempt >= 5) throw error;
    }
  }
}

/** The push queue (its retry settings applied to an existing one too), then the push worker. */
async function startPush(boss: PgBoss, db: Db, logger: Logger, pollingIntervalSeconds: number, push: PushSchedulerOptions): Promise<PushWorker> {
  const queue = pushQueueOptions(push.retryDelaySeconds);
  await createQueueOnce(boss, queue);
  await boss.updateQueue(queue.name, queue);
  return startPushWorker({ db, boss, push: push.config, logger, pollingIntervalSeconds, sendTimeoutMs: push.sendTimeoutMs, lookup: push.lookup });
}

export async function startScheduler({ handle, bots, logger, now = () => new Date(), pollingIntervalSeconds = 2, mail, push }: SchedulerOptions): Promise<Scheduler> {
  const boss = new PgBoss({ ...connection(handle), schema: 'pgboss' });
  boss.on('error', (error) => logger.error({ err: error }, 'scheduler error'));
  await boss.start();
  // A run records its own failure; a retry only helps when it failed before claiming the day.
  await createQueueOnce(boss, { name: RUN_QUEUE, policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 });
  await createQueueOnce(boss, { name: TICK_QUEUE, policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 });
  await createQueueOnce(boss, { name: CLEANUP_QUEUE, policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 });

  async function tick(): Promise<number[]> {
    const ids = await dueBots(handle.db, now(), bots.runHour);
    // 'stately' with the bot id as key: a bot never has two queued runs.
    await Promise.all(ids.map((botId) => boss.send(RUN_QUEUE, { botId } satisfies RunJob, { singletonKey: String(botId) })));
    return ids;
  }

  await boss.work(TICK_QUEUE, { pollingIntervalSeconds }, async () => {
    const ids = await tick();
    if (ids.length > 0) logger.info({ bots: ids }, 'bot runs queued');
  });
  await boss.work<RunJob>(RUN_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    const result = await runBot(handle.db, job.data.botId, now(), { openai: bots.openai });
    if (result.skipped) logger.info({ bot: job.data.botId, day: result.run_on }, 'bot already ran today');
    else logger.info({ bot: job.data.botId, success: result.run.success, runtime: result.run.runtime }, 'bot ran');
  });
  // Failed logins keep a throttle window per typed name and IP; expired ones are only clutter.
  // So are push delivery records past their retention.
  await boss.work(CLEANUP_QUEUE, { pollingIntervalSeconds }, async () => {
    await purgeExpired(handle.db);
    await cleanUpPush(handle.db);
  });
  const pushWorker = push ? await startPush(boss, handle.db, logger, pollingIntervalSeconds, push) : undefined;
  await boss.schedule(TICK_QUEUE, TICK_CRON, {}, { tz: 'UTC' });
  await boss.schedule(CLEANUP_QUEUE, CLEANUP_CRON, {}, { tz: 'UTC' });
  await boss.send(TICK_QUEUE, {});
  const mailJobs = mail && (await startNotificationMailJobs(boss, { db: handle.db, logger, now, pollingIntervalSeconds, mail, createQueue: (queue) => createQueueOnce(boss, queue) }));

  return {
    boss,
    tick,
    mail: mailJobs,
    push: pushWorker,
    async stop() {
      if (mailJobs) stopNotificationMailJobs();
      await pushWorker?.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      pushWorker?.close();
    },
  };
}
