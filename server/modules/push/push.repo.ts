import { sql } from 'kysely';
import type { PushPayload } from '../../../shared/schemas/push';
import type { Db } from '../../db/client';
import { pushSubscriptionCurrent } from '../../policy';

// ── VAPID keys ──────────────────────────────────────────────────────────────────────────────────

export function findVapidKeys(db: Db) {
  return db.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
}

/** Keeps the first pair written: instances starting together all read that one back. */
export function insertVapidKeysOnce(db: Db, keys: { publicKey: string; privateKey: string }) {
  return db
    .insertInto('push_vapid_keys')
    .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

// ── Subscriptions ───────────────────────────────────────────────────────────────────────────────

/** Locks the user's row, so that parallel subscribes of one user count and trim in turn. */
export async function lockUser(trx: Db, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
}

/** An endpoint held by another user goes (with what was queued for them): a browser profile has one subscription. */
export function deleteEndpointOfOthers(trx: Db, endpoint: string, userId: number) {
  return trx.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '<>', userId).execute();
}

/** The subscriber as the subscription records them: who, and the token version of their session. */
export interface Subscriber {
  id: number;
  token_version: number;
}

/** Subscribes, or refreshes the keys, token version and `updated_at` of the same endpoint; answers the row. */
export function upsertSubscription(trx: Db, user: Subscriber, endpoint: string, keys: { p256dh: string; auth: string }) {
  const values = { user_id: user.id, p256dh: keys.p256dh, auth: keys.auth, token_version: user.token_version };
  return trx
    .insertInto('push_subscriptions')
    .values({ ...values, endpoint })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .returning(['id', 'endpoint', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** A subscription still current (server/policy/outbound.ts). */
const current = pushSubscriptionCurrent;

/** Removes the user's subscriptions beyond the `keep` most recently subscribed; answers how many went. */
export async function trimSubscriptions(trx: Db, userId: number, keep: number): Promise<number> {
  const result = await trx
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', 'not in', (eb) => eb.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(keep))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's current subscriptions (those from before a revocation get nothing, so they are not shown). */
export function listSubscriptions(db: Db, userId: number) {
  return db
    .selectFrom('push_subscriptions as s')
    .select(['s.id', 's.endpoint', 's.created_at'])
    .where('s.user_id', '=', userId)
    .where(current)
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
}

/** Subscriptions that will get nothing more (made before a revocation, or of a deactivated user) go (hourly clean-up). */
export function deleteStaleSubscriptions(db: Db) {
  return db.deleteFrom('push_subscriptions as s').where(sql<boolean>`not ${current}`).execute();
}

export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<number> {
  const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The push service said the subscription is gone (404, 410): it goes, with its pending deliveries. */
export function deleteSubscriptionById(db: Db, id: number) {
  return db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

// ── The outbox ──────────────────────────────────────────────────────────────────────────────────

/**
 * One delivery per current subscription of the user, unless that (subscription, dedupe key) has one
 * already (the unique constraint decides, whatever the number of calls or instances). Answers the
 * ids of the rows written by this call.
 */
export async function insertDeliveries(db: Db, userId: number, payload: PushPayload, dedupeKey: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    insert into push_deliveries (subscription_id, user_id, dedupe_key, payload)
    select s.id, s.user_id, ${dedupeKey}, ${JSON.stringify(payload)}::jsonb
    from push_subscriptions s
    where s.user_id = ${userId} and ${current}
    order by s.id
    on conflict (subscription_id, dedupe_key) do nothing
    returning id`.execute(db);
  return rows.map((row) => row.id);
}

/** Whether any delivery waits for a job (an index probe: the enqueuer's poll). */
export async function hasUnqueued(db: Db): Promise<boolean> {
  const row = await db.selectFrom('push_deliveries').select('id').where('queued_at', 'is', null).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Deliveries waiting for a job, locked (others skip them) until the transaction ends. */
export async function lockUnqueued(trx: Db, limit: number): Promise<number[]> {
  const rows = await trx.selectFrom('push_deliveries').select('id').where('queued_at', 'is', null).orderBy('id').limit(limit).forUpdate().skipLocked().execute();
  return rows.map((row) => row.id);
}

export function markQueued(trx: Db, ids: number[]) {
  return trx.updateTable('push_deliveries').set({ queued_at: sql`now()` }).where('id', 'in', ids).execute();
}

/**
 * Takes a pending delivery for one send: counts the attempt and leases it for `leaseSeconds`, so a
 * second run of its job cannot send it at the same time. Nothing when it was sent, given up,
 * deleted (with its subscription), leased by a run still going, or its subscription changed owner.
 */
export function claimDelivery(db: Db, id: number, leaseSeconds: number) {
  return db
    .updateTable('push_deliveries as d')
    .from('push_subscriptions as s')
    .set({ attempts: sql`d.attempts + 1`, leased_until: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .whereRef('s.id', '=', 'd.subscription_id')
    .whereRef('s.user_id', '=', 'd.user_id')
    .where('d.id', '=', id)
    .where('d.sent_at', 'is', null)
    .where('d.failed_at', 'is', null)
    .where((eb) => eb.or([eb('d.leased_until', 'is', null), eb('d.leased_until', '<', sql<Date>`now()`)]))
    .returning(['d.id', 'd.payload', 'd.attempts', 's.id as subscription_id', 's.endpoint', 's.p256dh', 's.auth', current.as('current')])
    .executeTakeFirst();
}

/** Whether a delivery waits to be sent but another run holds its lease (its claim failed only for that). */
export async function isLeased(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('push_deliveries')
    .select('id')
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('leased_until', '>=', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

export function markSent(db: Db, id: number) {
  return db.updateTable('push_deliveries').set({ sent_at: sql`now()`, leased_until: null, last_error: null }).where('id', '=', id).execute();
}

/** The send failed; `final`: no more tries (given up), else the lease ends so the retry can claim it. */
export function markFailed(db: Db, id: number, error: string, final: boolean) {
  return db
    .updateTable('push_deliveries')
    .set({ leased_until: null, last_error: error.slice(0, 500), ...(final ? { failed_at: sql`now()` } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Delivery records past their retention go (hourly clean-up). */
export function purgeOldDeliveries(db: Db, retentionDays: number) {
  return db.deleteFrom('push_deliveries').where('created_at', '<', sql<Date>`now() - make_interval(days => ${retentionDays})`).execute();
}
