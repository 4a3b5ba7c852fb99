import { CompiledQuery } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client';

/** pg-boss queue of instant notification mails: one job per mail, retried with backoff. */
export const SEND_QUEUE = 'notification-mail';

export interface SendJob {
  id: number;
}

/**
 * This process's job queue, once its scheduler has started (server/jobs/notification-mail-jobs.ts).
 * Instances without one (SCHEDULER=false) leave new mails unqueued, and the sweep of an instance
 * that has one queues them within a minute (docs/notification-settings.md).
 */
let queue: PgBoss | undefined;

export function setMailQueue(boss: PgBoss | undefined): void {
  queue = boss;
}

export const mailQueueReady = (): boolean => queue !== undefined;

/** pg-boss's statements on a Kysely handle: on a transaction, the jobs commit (or roll back) with it. */
function onKysely(db: Db): PgBoss.Db {
  return {
    executeSql: async (text, values) => ({ rows: (await db.executeQuery(CompiledQuery.raw(text, values ?? []))).rows }),
  };
}

/** Queues one send job per mail, on `db` (the caller's transaction, if any). False without a queue. */
export async function queueSends(db: Db, ids: number[]): Promise<boolean> {
  if (!queue) return false;
  if (ids.length > 0) await queue.insert(ids.map((id) => ({ name: SEND_QUEUE, data: { id } satisfies SendJob })), { db: onKysely(db) });
  return true;
}
