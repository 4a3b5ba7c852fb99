import { createECDH, randomUUID } from 'node:crypto';
import { LIMITS } from '../../../shared/limits';
import type { PushPayload, PushSubscription, PushSubscriptionInput } from '../../../shared/schemas/push';
import type { PushConfig } from '../../config';
import type { Db } from '../../db/client';
import { toIso } from '../../db/dates';
import { badRequest, notFound } from '../../errors';
import { throttledWrite } from '../../rate-limit/rate-limit.service';
import { endpointRefusal } from './push-endpoint-rules';
import * as repo from './push.repo';

/** What the test push says (POST /v1/users/me/push-subscriptions/test). */
export const TEST_PUSH: PushPayload = { title: 'Stacks', body: 'Push notifications are on for this device.', url: '/dashboard' };

/** The keys as stored: base64url without padding, after checking what they decode to. */
function checkedKeys(keys: PushSubscriptionInput['keys']): { p256dh: string; auth: string } {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  const p256dhDetail = 'keys.p256dh must be an uncompressed P-256 public key (65 bytes), base64url-encoded';
  if (p256dh.length !== 65 || p256dh[0] !== 0x04) throw badRequest('INVALID_PUSH_KEYS', p256dhDetail);
  try {
    // A point off the curve cannot be encrypted to: refused now rather than at every send.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(p256dh);
  } catch {
    throw badRequest('INVALID_PUSH_KEYS', p256dhDetail);
  }
  if (auth.length !== 16) throw badRequest('INVALID_PUSH_KEYS', 'keys.auth must be 16 bytes, base64url-encoded');
  return { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
}

const toSubscription = (row: { id: number; endpoint: string; created_at: Date | string }): PushSubscription => ({
  id: row.id,
  endpoint_host: URL.parse(row.endpoint)?.host ?? '',
  created_at: toIso(row.created_at),
});

/**
 * Subscribes this browser profile (docs/push.md), for the session's token version: after a
 * revocation (password reset, deactivation) it gets nothing until subscribed again from a new
 * session. The same endpoint again refreshes its keys; an
 * endpoint another user held moves to me (a browser profile has one subscription; what was queued
 * for them goes). Beyond LIMITS.pushSubscriptionsPerUser, the subscription I renewed longest ago
 * goes: the list does not show whole endpoints, so a limit that refused would leave no way out.
 * Throttled per user (WRITE_THROTTLES.pushSubscriptions).
 */
export async function subscribe(db: Db, push: PushConfig, user: repo.Subscriber, input: PushSubscriptionInput): Promise<PushSubscription> {
  const refusal = endpointRefusal(input.endpoint, push.allowedEndpoints);
  if (refusal) throw badRequest('INVALID_PUSH_ENDPOINT', refusal);
  const keys = checkedKeys(input.keys);
  return throttledWrite(db, 'pushSubscriptions', user.id, () =>
    db.transaction().execute(async (trx) => {
      await repo.lockUser(trx, user.id);
      await repo.deleteEndpointOfOthers(trx, input.endpoint, user.id);
      const row = await repo.upsertSubscription(trx, user, input.endpoint, keys);
      await repo.trimSubscriptions(trx, user.id, LIMITS.pushSubscriptionsPerUser);
      return toSubscription(row);
    }),
  );
}

/** My subscriptions, most recently subscribed first: their push service's host, never keys or the whole endpoint. */
export async function listSubscriptions(db: Db, userId: number): Promise<PushSubscription[]> {
  return (await repo.listSubscriptions(db, userId)).map(toSubscription);
}

/** Ends one of my subscriptions (what was queued for it goes too); 404 when the endpoint is not mine. */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<void> {
  await throttledWrite(db, 'pushSubscriptions', userId, async () => {
    if ((await repo.deleteSubscription(db, userId, endpoint)) === 0) throw notFound('No push subscription of yours has this endpoint', 'PUSH_SUBSCRIPTION_NOT_FOUND');
  });
}

/** One test push to each of my subscriptions; throttled per user (WRITE_THROTTLES.pushTests). */
export async function sendTestPush(db: Db, userId: number): Promise<{ queued: number }> {
  const queued = await throttledWrite(db, 'pushTests', userId, () => queuePush(db, userId, TEST_PUSH, `test:${randomUUID()}`));
  return { queued };
}

/** `text` cut to `max` characters (whole code points), with an ellipsis when cut. */
export function cutText(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/**
 * Queues one push to every current subscription of a user (active, made since their last
 * revocation), as one delivery per subscription in the
 * outbox (docs/decisions/0049-push-outbox.md); answers how many this call queued. `db` may be the
 * caller's transaction: the deliveries exist if and only if it commits, and the job queue picks
 * them up after. **Exactly one delivery per (dedupeKey, subscription)**, however many times and on
 * however many instances this is called (within LIMITS.pushDeliveryRetentionDays): a repeated call
 * queues nothing and answers 0. Title and body are cut to LIMITS.pushTitleMax / pushBodyMax (the
 * body further at send time, to fit LIMITS.pushPayloadMaxBytes); a url longer than
 * LIMITS.pushUrlMax becomes '/'.
 */
export async function queuePush(db: Db, userId: number, payload: PushPayload, dedupeKey: string): Promise<number> {
  if (dedupeKey.length === 0 || dedupeKey.length > LIMITS.pushDedupeKeyMax) throw new Error(`A push dedupe key must have 1 to ${LIMITS.pushDedupeKeyMax} characters`);
  const bounded: PushPayload = {
    title: cutText(payload.title, LIMITS.pushTitleMax),
    body: cutText(payload.body, LIMITS.pushBodyMax),
    url: payload.url.length <= LIMITS.pushUrlMax ? payload.url : '/',
  };
  return (await repo.insertDeliveries(db, userId, bounded, dedupeKey)).length;
}
