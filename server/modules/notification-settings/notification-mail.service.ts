import { NOTIFICATION_MAIL } from '../../../shared/limits';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KIND_LABELS, type NotificationKind } from '../../../shared/schemas/notification-settings';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { digestMail, notificationMail, type Unsubscribe } from '../../mail/templates';
import { mailQueueReady, queueSends } from './mail-queue';
import * as repo from './notification-mail.repo';
import { signUnsubscribeToken } from './unsubscribe-token';
import { mayReceiveNotificationMail } from '../../policy';

/** What sending needs (the jobs get it from the scheduler). */
export interface MailDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** APP_URL: links in mails are APP_URL + an app path. */
  appUrl: string;
  /** The app's secret; unsubscribe tokens are signed with a key derived from it. */
  jwtSecret: string;
  /** CONTACT_EMAIL: the List-Unsubscribe mailto. */
  contactEmail: string;
}

export interface MailItem {
  title: string;
  body: string;
  /** An app path, e.g. /dashboard/stacks/12. */
  url: string;
}

/** A transaction of its own, or the caller's. */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Sends one notification by e-mail as the user chose for `kind` (docs/notification-settings.md):
 * `instant`, one mail from a job (retried with backoff); `daily`, an item of the day's digest;
 * `off`, nothing. Only to the verified address of an active user. Exactly once per (dedupeKey,
 * user), across instances and repeated calls: the mail's row is unique on them. `db` may be the
 * caller's transaction: the row and the send job commit with it.
 */
export async function deliverEmail(db: Db, userId: number, kind: NotificationKind, item: MailItem, dedupeKey: string): Promise<void> {
  if (!item.url.startsWith('/') || item.url.startsWith('//')) throw new Error(`deliverEmail: url must be an app path, got ${item.url}`);
  const to = await repo.recipient(db, userId, kind);
  if (!to || !mayReceiveNotificationMail(to)) return;
  const mode = to.setting ?? DEFAULT_NOTIFICATION_SETTINGS[kind].email;
  if (mode === 'off') return;
  const mail: repo.NewMail = {
    user_id: userId,
    dedupe_key: dedupeKey.slice(0, NOTIFICATION_MAIL.dedupeKeyMax),
    kind,
    mode,
    title: item.title.slice(0, NOTIFICATION_MAIL.titleMax),
    body: item.body.slice(0, NOTIFICATION_MAIL.bodyMax),
    url: item.url.slice(0, NOTIFICATION_MAIL.urlMax),
    queued: mode === 'instant' && mailQueueReady(),
  };
  await inTransaction(db, async (trx) => {
    const id = await repo.insertMail(trx, mail);
    if (id !== undefined && mail.queued) await queueSends(trx, [id]);
  });
}

/** A kind's name in the words of a footer: "friend requests" for friend_request. */
const kindWords = (kinds: NotificationKind[]) => kinds.map((kind) => NOTIFICATION_KIND_LABELS[kind].toLowerCase()).join(', ');

function unsubscribeFor(deps: MailDeps, userId: number, kinds: NotificationKind[]): Unsubscribe {
  const token = signUnsubscribeToken(deps.jwtSecret, userId, kinds);
  return { url: `${deps.appUrl}/unsubscribe/${token}`, mailto: deps.contactEmail, what: `e-mails about ${kindWords(kinds)}` };
}

/**
 * The send job of an instant mail: takes the mail (not sent, not held by another worker), sends it
 * if its user can still get mail, and marks it sent. A failed send lets the mail go and throws, so
 * pg-boss tries again later (NOTIFICATION_MAIL.sendRetries, backoff). Answers whether a mail went.
 */
export async function sendInstantMail(deps: MailDeps, id: number): Promise<boolean> {
  const mail = await repo.claimInstant(deps.db, id, NOTIFICATION_MAIL.sendClaimSeconds);
  if (!mail) return false;
  if (!mayReceiveNotificationMail(mail)) {
    await repo.markSent(deps.db, id);
    return false;
  }
  const kind = mail.kind as NotificationKind;
  const message = notificationMail(mail.email, mail.username, { title: mail.title, body: mail.body, url: `${deps.appUrl}${mail.url}` }, unsubscribeFor(deps, mail.user_id, [kind]));
  try {
    await deps.mailer.send(message);
  } catch (error) {
    await repo.releaseClaim(deps.db, id);
    throw error;
  }
  await repo.markSent(deps.db, id);
  return true;
}

/** Instant mails written where no job queue ran: queued now, in one transaction with their jobs. */
export async function sweepUnqueued(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = await repo.takeUnqueued(trx, NOTIFICATION_MAIL.sweepMax);
    if (!(await queueSends(trx, ids))) throw new Error('sweepUnqueued needs the job queue');
    return ids.length;
  });
}

/** The UTC day of a moment, as a date column holds it. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The daily digest: from `digestHour` UTC on, each user with items waiting gets one mail listing
 * them (at most NOTIFICATION_MAIL.digestItemsListed, then "and N more"), once a day at most: the
 * (user, day) record is claimed first, so two instances or a re-run never send two. Sent items are
 * cleared. A user with nothing waiting gets nothing. Answers how many digests went.
 */
export async function sendDailyDigests(deps: MailDeps, now: Date, digestHour: number): Promise<number> {
  if (now.getUTCHours() < digestHour) return 0;
  const day = utcDay(now);
  let sent = 0;
  for (let after = 0; ; ) {
    const users = await repo.digestUsers(deps.db, day, after, NOTIFICATION_MAIL.digestUsersPerBatch);
    if (users.length === 0) break;
    for (const userId of users) {
      if (await sendDigest(deps, userId, day)) sent += 1;
    }
    after = users.at(-1)!;
  }
  await repo.purgeOld(deps.db, NOTIFICATION_MAIL.sentKeptDays);
  return sent;
}

/** One user's digest of `day`; false when it was claimed elsewhere, empty, or undeliverable. */
async function sendDigest(deps: MailDeps, userId: number, day: string): Promise<boolean> {
  const items = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.claimDigest(trx, userId, day))) return [];
    const taken = await repo.takeDigestItems(trx, userId, day, NOTIFICATION_MAIL.digestItemsListed);
    // Nothing left (the user turned those e-mails off meanwhile): no digest, and the day stays open.
    if (taken.length === 0) await repo.undoDigest(trx, userId, day);
    else await repo.recordDigest(trx, userId, day, taken[0].total);
    return taken;
  });
  if (items.length === 0) return false;
  const to = await repo.mailbox(deps.db, userId);
  if (!to) return false;
  const listed = items.map((item) => ({ title: item.title, body: item.body, url: `${deps.appUrl}${item.url}` }));
  const message = digestMail(to.email, to.username, deps.appUrl, listed, items[0].total - items.length, unsubscribeFor(deps, userId, items[0].kinds));
  try {
    await deps.mailer.send(message);
    return true;
  } catch (error) {
    // The claim and the items go back: the next hourly run tries again.
    await deps.db.transaction().execute((trx) => repo.undoDigest(trx, userId, day));
    deps.logger.error({ err: error, user: userId }, 'daily digest failed');
    return false;
  }
}
