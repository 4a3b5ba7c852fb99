import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KINDS,
  type EmailMode,
  type KindSetting,
  type NotificationKind,
  type NotificationSettings,
  type UnsubscribeResult,
  type UpdateNotificationSettingsInput,
} from '../../../shared/schemas/notification-settings';
import { NOTIFICATION_MAIL } from '../../../shared/limits';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { consumeOrRefuse, throttledWrite } from '../../rate-limit/rate-limit.service';
import { readUnsubscribeToken } from './unsubscribe-token';
import { dropPendingMails } from './notification-mail.repo';
import * as repo from './notification-settings.repo';

const isKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** A stored row (or none) over the kind's default. */
function effective(kind: NotificationKind, stored: { push: boolean | null; email: EmailMode | null } | undefined): KindSetting {
  const fallback = DEFAULT_NOTIFICATION_SETTINGS[kind];
  return { push: stored?.push ?? fallback.push, email: stored?.email ?? fallback.email };
}

/** Every kind's effective setting from the user's stored differences. */
function allSettings(stored: repo.StoredSetting[]): NotificationSettings {
  const byKind = new Map(stored.map((row) => [row.kind, row]));
  return { settings: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, effective(kind, byKind.get(kind))])) as NotificationSettings['settings'] };
}

/** GET /v1/users/me/notification-settings: every kind, defaults where the user changed nothing. */
export async function getSettings(db: Db, userId: number): Promise<NotificationSettings> {
  return allSettings(await repo.userSettings(db, userId));
}

/**
 * These users' settings for one kind, in one query whatever their number (the notification
 * dispatcher asks this for every recipient of an event). Users with no stored difference get the
 * kind's default; ids of users that do not exist get it too (the caller decides who receives).
 */
export async function settingsFor(db: Db, userIds: number[], kind: NotificationKind): Promise<Map<number, KindSetting>> {
  const result = new Map<number, KindSetting>();
  if (userIds.length === 0) return result;
  const rows = await repo.settingsOfUsers(db, userIds, kind);
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  for (const id of userIds) result.set(id, effective(kind, byUser.get(id)));
  return result;
}

/**
 * Applies changes to some kinds (each field alone or both) and stores only what differs from the
 * defaults. Under a lock of the user's row, so parallel changes of one user apply in turn. A kind
 * whose e-mail turns off loses its mails not sent yet (instant or waiting for the digest).
 */
export async function applyChanges(trx: Db, userId: number, changes: Partial<Record<NotificationKind, Partial<KindSetting>>>): Promise<void> {
  const kinds = NOTIFICATION_KINDS.filter((kind) => changes[kind] !== undefined);
  if (kinds.length === 0) return;
  // A user deleted since (an old unsubscribe link) has nothing left to change.
  if (!(await repo.lockUser(trx, userId))) return;
  const stored = new Map((await repo.userSettings(trx, userId)).filter((row) => isKind(row.kind)).map((row) => [row.kind, row]));
  const rows = kinds.map((kind) => {
    const next = { ...effective(kind, stored.get(kind)), ...stripUndefined(changes[kind]!) };
    const fallback = DEFAULT_NOTIFICATION_SETTINGS[kind];
    return { kind, push: next.push === fallback.push ? null : next.push, email: next.email === fallback.email ? null : next.email };
  });
  await repo.writeSettings(trx, userId, rows);
  const emailOff = kinds.filter((kind) => effective(kind, rows.find((row) => row.kind === kind)).email === 'off');
  if (emailOff.length > 0) await dropPendingMails(trx, userId, emailOff);
}

function stripUndefined(change: Partial<KindSetting>): Partial<KindSetting> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}

/** PUT /v1/users/me/notification-settings: the kinds given change, the rest stay; answers every kind. */
export async function updateSettings(db: Db, userId: number, input: UpdateNotificationSettingsInput): Promise<NotificationSettings> {
  await throttledWrite(db, 'notificationSettings', userId, () => db.transaction().execute((trx) => applyChanges(trx, userId, input.settings)));
  return getSettings(db, userId);
}

const UNSUBSCRIBE_REFUSALS = {
  invalid: () => badRequest('INVALID_UNSUBSCRIBE_LINK', 'This unsubscribe link is not valid. Check that it was copied whole, or choose what you get in Settings, under Notifications.'),
  expired: () => badRequest('UNSUBSCRIBE_LINK_EXPIRED', 'This unsubscribe link has expired. Choose what you get in Settings, under Notifications.'),
} as const;

/**
 * One-click unsubscribe (RFC 8058; docs/decisions/0045-one-click-unsubscribe.md): the link's token names
 * the user and the kinds (one for an instant mail, the digest's kinds for a digest), whose e-mail
 * turns off. No sign-in: the signed token is the proof. Idempotent. Throttled per IP.
 */
export async function unsubscribe(db: Db, secret: string, token: string, ip: string): Promise<UnsubscribeResult> {
  await consumeOrRefuse(db, {
    key: `unsubscribe:ip:${ip}`,
    max: NOTIFICATION_MAIL.unsubscribePerIp,
    windowSeconds: NOTIFICATION_MAIL.unsubscribeWindowSeconds,
  });
  const claims = readUnsubscribeToken(secret, token);
  if (typeof claims === 'string') throw UNSUBSCRIBE_REFUSALS[claims]();
  const changes = Object.fromEntries(claims.kinds.map((kind) => [kind, { email: 'off' as const }]));
  await db.transaction().execute((trx) => applyChanges(trx, claims.userId, changes));
  return { message: 'You will no longer get these e-mails.', kinds: claims.kinds };
}
