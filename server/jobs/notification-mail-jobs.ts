/**
 * The jobs of e-mail notifications (docs/notification-settings.md), on the scheduler's pg-boss:
 * - `notification-mail`: one job per instant mail, queued with the mail's row (in the caller's
 *   transaction), retried with backoff when the send fails;
 * - `notification-mail-sweep`, every minute: queues the instant mails written by an instance that
 *   runs no job queue (SCHEDULER=false);
 * - `notification-digest`, hourly: from DIGEST_HOUR UTC on, each user's daily digest, once a day.
 */
import type PgBoss from 'pg-boss';
import { NOTIFICATION_MAIL } from '../../shared/limits';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { SEND_QUEUE, setMailQueue, type SendJob } from '../modules/notification-settings/mail-queue';
import { sendDailyDigests, sendInstantMail, sweepUnqueued, type MailDeps } from '../modules/notification-settings/notification-mail.service';

export const MAIL_SWEEP_QUEUE = 'notification-mail-sweep';
/** Every minute, in UTC. */
export const MAIL_SWEEP_CRON = '* * * * *';
export const DIGEST_QUEUE = 'notification-digest';
/** Hourly; a run before DIGEST_HOUR sends nothing, so an instance down at that hour catches up later the same day. */
export const DIGEST_CRON = '7 * * * *';

/** What the mail jobs need from the app (server/index.ts passes them). */
export interface NotificationMailOptions {
  mailer: Mailer;
  appUrl: string;
  jwtSecret: string;
  contactEmail: string;
  /** DIGEST_HOUR: the UTC hour from which daily digests go out. */
  digestHour: number;
}

export interface NotificationMailJobs {
  /** What the hourly digest job does (tests call it with their clock). */
  sendDigests(): Promise<number>;
  /** What the sweep does: queues unqueued instant mails; answers how many. */
  sweep(): Promise<number>;
}

interface StartOptions {
  db: Db;
  logger: Logger;
  now: () => Date;
  pollingIntervalSeconds: number;
  createQueue(queue: PgBoss.Queue): Promise<void>;
  mail: NotificationMailOptions;
}

export async function startNotificationMailJobs(boss: PgBoss, { db, logger, now, pollingIntervalSeconds, createQueue, mail }: StartOptions): Promise<NotificationMailJobs> {
  const deps: MailDeps = { db, logger, mailer: mail.mailer, appUrl: mail.appUrl, jwtSecret: mail.jwtSecret, contactEmail: mail.contactEmail };
  await createQueue({
    name: SEND_QUEUE,
    policy: 'standard',
    retryLimit: NOTIFICATION_MAIL.sendRetries,
    retryDelay: NOTIFICATION_MAIL.sendRetryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: NOTIFICATION_MAIL.sendClaimSeconds,
  });
  await createQueue({ name: MAIL_SWEEP_QUEUE, policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 });
  await createQueue({ name: DIGEST_QUEUE, policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60 });

  const jobs: NotificationMailJobs = {
    sendDigests: () => sendDailyDigests(deps, now(), mail.digestHour),
    sweep: () => sweepUnqueued(db),
  };
  await boss.work<SendJob>(SEND_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    if (await sendInstantMail(deps, job.data.id)) logger.info({ mail: job.data.id }, 'notification mail sent');
  });
  await boss.work(MAIL_SWEEP_QUEUE, { pollingIntervalSeconds }, async () => {
    const queued = await jobs.sweep();
    if (queued > 0) logger.info({ queued }, 'notification mails queued by the sweep');
  });
  await boss.work(DIGEST_QUEUE, { pollingIntervalSeconds }, async () => {
    const sent = await jobs.sendDigests();
    if (sent > 0) logger.info({ sent }, 'daily digests sent');
  });
  await boss.schedule(MAIL_SWEEP_QUEUE, MAIL_SWEEP_CRON, {}, { tz: 'UTC' });
  await boss.schedule(DIGEST_QUEUE, DIGEST_CRON, {}, { tz: 'UTC' });
  // From now on, deliverEmail queues each instant mail's job with its row.
  setMailQueue(boss);
  return jobs;
}

/** This process queues no more mail jobs (its scheduler stops); the sweep of another instance takes over. */
export const stopNotificationMailJobs = () => setMailQueue(undefined);
