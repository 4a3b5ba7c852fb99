import { LIMITS } from '../../../shared/limits';
import type { KindSetting, NotificationKind } from '../../../shared/schemas/notification-settings';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { settingsFor } from '../notification-settings/notification-settings.service';
import { deliverEmail } from '../notification-settings/notification-mail.service';
import { queuePush } from '../push/push.service';
import { outboundMessage, type OutboundMessage } from './outbound-messages';
import * as repo from './outbound.repo';

/** The channels a person is reached through, and their settings (docs/notifications-outside.md). */
export interface OutboundChannels {
  /** Each user's push and e-mail setting for one kind: one query for all of them. */
  settingsFor(db: Db, userIds: number[], kind: NotificationKind): Promise<Map<number, KindSetting>>;
  /** Queues one push per subscription of the user; exactly once per (dedupeKey, subscription). */
  queuePush(db: Db, userId: number, payload: OutboundMessage, dedupeKey: string): Promise<number>;
  /** Mails now, adds to the day's digest, or nothing, by the user's setting; once per (dedupeKey, user). */
  deliverEmail(db: Db, userId: number, kind: NotificationKind, item: OutboundMessage, dedupeKey: string): Promise<void>;
}

/** The real channels: Web Push (docs/push.md) and e-mail (docs/notification-settings.md). */
export const appChannels: OutboundChannels = { settingsFor, queuePush, deliverEmail };

/** The key that makes a delivery happen once, however many instances or runs see the event. */
export const dedupeKeyOf = (row: Pick<repo.OutboundRow, 'event_id' | 'kind'>) => `event:${row.event_id}:${row.kind}`;

/**
 * Dispatches one batch: locks the cursor (or answers 0 when another instance holds it), reads the
 * people told about the next events, hands each their message through the channels their settings
 * ask for, and moves the cursor, all in one transaction: a crash leaves the batch to be done again,
 * and the channels' dedupe keys make that harmless. Answers how many events it moved past.
 */
export async function dispatchBatch(db: Db, channels: OutboundChannels, eventLimit = LIMITS.outboundBatchEvents): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const cursor = await repo.lockCursor(trx);
    if (cursor === undefined) return 0;
    const upTo = await repo.batchEnd(trx, cursor, eventLimit);
    if (upTo === undefined) return 0;
    const rows = await repo.recipients(trx, cursor, upTo);
    await deliver(trx, channels, rows);
    await repo.moveCursor(trx, upTo);
    return upTo - cursor;
  });
}

async function deliver(db: Db, channels: OutboundChannels, rows: repo.OutboundRow[]): Promise<void> {
  const byKind = new Map<NotificationKind, repo.OutboundRow[]>();
  for (const row of rows) {
    const ofKind = byKind.get(row.kind);
    if (ofKind) ofKind.push(row);
    else byKind.set(row.kind, [row]);
  }
  for (const [kind, ofKind] of byKind) {
    const settings = await channels.settingsFor(db, [...new Set(ofKind.map((row) => row.user_id))], kind);
    for (const row of ofKind) {
      const setting = settings.get(row.user_id);
      if (!setting) continue;
      const message = outboundMessage(row);
      if (setting.push) await channels.queuePush(db, row.user_id, message, dedupeKeyOf(row));
      if (setting.email !== 'off') await channels.deliverEmail(db, row.user_id, kind, message, dedupeKeyOf(row));
    }
  }
}

export interface OutboundDispatcher {
  /** Something was logged: dispatch soon (coalesced; one run at a time in this process). */
  wake(): void;
  /** Dispatches until nothing is left (tests, and the periodic sweep). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs batches when woken (the event hub's notifications) and every LIMITS.outboundSweepMs (a
 * missed wake, or a batch another instance held while this one was woken). One run at a time per
 * process; across instances the cursor's lock decides, and a run that found it locked tries again
 * shortly, so an event committed while another instance was finishing is not left for the sweep.
 */
export function createOutboundDispatcher(options: { db: Db; channels: OutboundChannels; logger: Logger }): OutboundDispatcher {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function runUntilEmpty(): Promise<void> {
    do {
      again = false;
      while (!stopped && (await dispatchBatch(options.db, options.channels)) > 0);
    } while (again && !stopped);
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = runUntilEmpty().finally(() => {
      running = undefined;
    });
    return running;
  }

  let retry: NodeJS.Timeout | undefined;

  function wake(): void {
    if (stopped) return;
    drain().catch((error: unknown) => options.logger.error({ err: error }, 'outbound: dispatching failed'));
    // Another instance may hold the cursor and have read past this moment: look again shortly
    // (one pending look at most, however many events woke it).
    retry ??= setTimeout(() => {
      retry = undefined;
      if (!stopped) drain().catch((error: unknown) => options.logger.error({ err: error }, 'outbound: dispatching failed'));
    }, LIMITS.outboundRetryMs);
  }

  const sweep = setInterval(wake, LIMITS.outboundSweepMs);
  sweep.unref();

  return {
    wake,
    drain,
    async stop() {
      stopped = true;
      clearInterval(sweep);
      clearTimeout(retry);
      await running?.catch(() => undefined);
    },
  };
}
