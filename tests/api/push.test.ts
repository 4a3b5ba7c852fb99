/**
 * Web Push (docs/push.md): the VAPID key, subscriptions over REST (validation, limits, refusals,
 * throttles), and delivery through pg-boss to a local push service that checks the VAPID JWT and
 * decrypts each message as a browser would (tests/helpers/push-service.ts): arrival, 410, retries,
 * dedupe, payload bound, where the server may send (refusals make no request), a push service that
 * never answers, the test push, and two instances on one PostgreSQL database sending each push once.
 */
import { randomBytes } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { sql } from 'kysely';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { LIMITS, WRITE_THROTTLES } from '../../shared/limits';
import { createApp } from '../../server/app';
import { defaultBotsConfig, type PushConfig } from '../../server/config';
import { openDatabase, type DbHandle } from '../../server/db/client';
import { startScheduler, type Scheduler } from '../../server/jobs/scheduler';
import { createLogger } from '../../server/logger';
import { queuePush, TEST_PUSH } from '../../server/modules/push/push.service';
import { cleanUpPush, PUSH_QUEUE } from '../../server/modules/push/push.worker';
import { as } from '../factories/groups';
import { createUser, type FactoryUser } from '../factories/users';
import { startPushService, type FakeSubscription, type PushService } from '../helpers/push-service';
import { listen } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { postgresServerUrl } from '../helpers/test-db';

const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
const PATH = '/v1/users/me/push-subscriptions';

/** A browser's subscription on a public push service (never sent to: subscribe-time rules only). */
function publicSubscription(service: PushService, host = 'push.example.com') {
  const fake = service.subscription();
  return { ...fake.json, endpoint: `https://${host}/send/${randomBytes(8).toString('hex')}` };
}

/** Names the tests resolve: a name pointing at this machine, one at a public and a private address. */
const fakeLookup: LookupFunction = (hostname, options, callback) => {
  const table: Record<string, { address: string; family: number }[]> = {
    'push.internal.test': [{ address: '127.0.0.1', family: 4 }],
    'push.mixed.test': [
      { address: '93.184.215.14', family: 4 },
      { address: '::ffff:10.0.0.7', family: 6 },
    ],
  };
  const found = table[hostname];
  if (!found) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
  if (options.all) return callback(null, found as never);
  callback(null, found[0].address, found[0].family);
};

describe('push subscriptions over REST', () => {
  let t: TestApp;
  let service: PushService;
  let user: FactoryUser;

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp({ push: { subject: 'mailto:push@stacks.test', allowedEndpoints: [service.prefix] } });
    user = await createUser(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  it('serves one VAPID public key to anyone, generated once and kept', async () => {
    const first = await t.request.get('/v1/push/key');
    expect(first.status).toBe(200);
    expect(first.body.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(first.body.public_key, 'base64url')[0]).toBe(4);
    const again = await as(t, user).get('/v1/push/key');
    expect(again.body).toEqual(first.body);
    const rows = await t.db.selectFrom('push_vapid_keys').select('public_key').execute();
    expect(rows).toEqual([{ public_key: first.body.public_key }]);
  });

  it('serves the configured VAPID key when VAPID_* are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = createApp({ ...t.deps, config: { ...t.config, push: { subject: 'mailto:push@stacks.test', allowedEndpoints: [], vapidKeys: keys } } });
    expect((await supertest(configured).get('/v1/push/key')).body).toEqual({ public_key: keys.publicKey });
  });

  it('subscribes, lists without keys or whole endpoints, refreshes the same endpoint, and deletes', async () => {
    const me = await createUser(t.db);
    const sub = publicSubscription(service, 'fcm.googleapis.com');
    const created = await as(t, me).post(PATH, sub);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), endpoint_host: 'fcm.googleapis.com', created_at: expect.any(String) });

    const newKeys = service.subscription().json.keys;
    const again = await as(t, me).post(PATH, { endpoint: sub.endpoint, keys: newKeys });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(created.body.id);
    expect(await t.db.selectFrom('push_subscriptions').select(['p256dh', 'auth']).where('id', '=', created.body.id).executeTakeFirst()).toEqual(newKeys);

    const list = await as(t, me).get(PATH);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);
    expect(JSON.stringify(list.body)).not.toContain(sub.endpoint);

    const removed = await t.request.delete(PATH).set('Authorization', `Bearer ${t.tokenFor(me)}`).send({ endpoint: sub.endpoint });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    const gone = await t.request.delete(PATH).set('Authorization', `Bearer ${t.tokenFor(me)}`).send({ endpoint: sub.endpoint });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: 'No push subscription of yours has this endpoint', code: 'PUSH_SUBSCRIPTION_NOT_FOUND' });
    expect((await as(t, me).get(PATH)).body).toEqual([]);
  });

  it("moves an endpoint to the user who subscribes it now, with nothing of the previous user's queued for it", async () => {
    const [before, after] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const sub = publicSubscription(service);
    expect((await as(t, before).post(PATH, sub)).status).toBe(201);
    expect(await queuePush(t.db, before.id, { title: 'For before', body: 'Private', url: '/' }, 'move-1')).toBe(1);
    expect((await as(t, after).post(PATH, sub)).status).toBe(201);
    expect((await as(t, before).get(PATH)).body).toEqual([]);
    expect((await as(t, after).get(PATH)).body).toHaveLength(1);
    const left = await t.db.selectFrom('push_deliveries').select('user_id').where('dedupe_key', '=', 'move-1').execute();
    expect(left).toEqual([]);
    // Another user's endpoint cannot be deleted by its text.
    const res = await t.request.delete(PATH).set('Authorization', `Bearer ${t.tokenFor(before)}`).send({ endpoint: sub.endpoint });
    expect(res.status).toBe(404);
  });

  it(`keeps the ${LIMITS.pushSubscriptionsPerUser} most recently subscribed; a newer one replaces the oldest`, async () => {
    const me = await createUser(t.db);
    const subs = Array.from({ length: LIMITS.pushSubscriptionsPerUser + 1 }, () => publicSubscription(service));
    const ids: number[] = [];
    for (const sub of subs) ids.push((await as(t, me).post(PATH, sub)).body.id);
    const listed = (await as(t, me).get(PATH)).body as { id: number }[];
    expect(listed.map((s) => s.id).sort((a, b) => a - b)).toEqual(ids.slice(1).sort((a, b) => a - b));
    // Renewing the oldest kept one makes it the newest: the next to go is the second.
    await as(t, me).post(PATH, subs[1]);
    await as(t, me).post(PATH, publicSubscription(service));
    const after = ((await as(t, me).get(PATH)).body as { id: number }[]).map((s) => s.id);
    expect(after).toContain(ids[1]);
    expect(after).not.toContain(ids[2]);
    expect(after).toHaveLength(LIMITS.pushSubscriptionsPerUser);
  });

  const badEndpoints: [string, string][] = [
    ['not a url', 'endpoint must be an absolute URL'],
    ['http://push.example.com/x', 'endpoint must be an https: URL'],
    ['ftp://push.example.com/x', 'endpoint must be an https: URL'],
    ['https://localhost/x', 'endpoint must be on a public host'],
    ['https://push.localhost/x', 'endpoint must be on a public host'],
    ['https://intranet/x', 'endpoint must be on a public host'],
    ['https://user:secret@push.example.com/x', 'endpoint must not contain a user name or password'],
    ['https://127.0.0.1/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://2130706433/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://0x7f.1/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://10.1.2.3/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://169.254.169.254/latest', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://100.64.0.1/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://0.0.0.0/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://224.0.0.1/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://[::1]/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://[::]/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://[fd00::1]/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://[fe80::1]/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://[ff02::1]/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://[::ffff:127.0.0.1]/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://[::ffff:a9fe:a9fe]/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://[64:ff9b::10.0.0.1]/x', 'endpoint must be on a public host, not a private or reserved address'],
    ['https://[2002:c0a8:0101::1]/x', 'endpoint must be on a public host, not a private or reserved address'],
  ];
  it.each(badEndpoints)('refuses the endpoint %s with 400 and a detail', async (endpoint, detail) => {
    const res = await as(t, user).post(PATH, { ...publicSubscription(service), endpoint });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail, code: 'INVALID_PUSH_ENDPOINT' });
  });

  it('accepts public addresses, and http: or private origins only under PUSH_ALLOWED_ENDPOINTS', async () => {
    for (const endpoint of ['https://93.184.215.14/x', 'https://[2606:4700::1111]/x', 'https://[64:ff9b::5db8:d70e]/x']) {
      expect((await as(t, user).post(PATH, { ...publicSubscription(service), endpoint })).status, endpoint).toBe(201);
    }
    expect((await as(t, user).post(PATH, service.subscription().json)).status).toBe(201);
    // The same origin outside the allowed path, or another port: refused.
    const outside = await as(t, user).post(PATH, { ...publicSubscription(service), endpoint: `${service.origin}/other/x` });
    expect(outside.body.code).toBe('INVALID_PUSH_ENDPOINT');
    const otherPort = await as(t, user).post(PATH, { ...publicSubscription(service), endpoint: `http://127.0.0.1:${service.port + 1}/push/x` });
    expect(otherPort.body.code).toBe('INVALID_PUSH_ENDPOINT');
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret, and over-long or missing fields', async () => {
    const good = publicSubscription(service);
    const point = Buffer.from(good.keys.p256dh, 'base64url');
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const compressed = Buffer.concat([Buffer.from([2]), point.subarray(1, 33)]).toString('base64url');
    const cases: [object, number, string][] = [
      [{ ...good, keys: { ...good.keys, p256dh: point.subarray(0, 64).toString('base64url') } }, 400, 'keys.p256dh must be an uncompressed P-256 public key (65 bytes), base64url-encoded'],
      [{ ...good, keys: { ...good.keys, p256dh: compressed } }, 400, 'keys.p256dh must be an uncompressed P-256 public key (65 bytes), base64url-encoded'],
      [{ ...good, keys: { ...good.keys, p256dh: offCurve } }, 400, 'keys.p256dh must be an uncompressed P-256 public key (65 bytes), base64url-encoded'],
      [{ ...good, keys: { ...good.keys, auth: randomBytes(15).toString('base64url') } }, 400, 'keys.auth must be 16 bytes, base64url-encoded'],
      [{ ...good, keys: { ...good.keys, auth: 'not+base64/url' } }, 400, 'keys.auth must be base64url-encoded'],
      [{ ...good, keys: { ...good.keys, auth: 'A'.repeat(LIMITS.pushKeyMax + 1) } }, 400, `keys.auth must be at most ${LIMITS.pushKeyMax} characters`],
      [{ ...good, endpoint: `https://push.example.com/${'x'.repeat(LIMITS.pushEndpointMax)}` }, 400, `endpoint must be at most ${LIMITS.pushEndpointMax} characters`],
      [{ endpoint: good.endpoint }, 400, 'keys: Invalid input: expected object, received undefined'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await as(t, user).post(PATH, body);
      expect(res.status, detail).toBe(status);
      expect(res.body.detail).toBe(detail);
    }
    // Padded base64url is accepted and stored unpadded.
    const padded = { ...publicSubscription(service), keys: { p256dh: `${good.keys.p256dh}=`, auth: `${good.keys.auth}==` } };
    const res = await as(t, user).post(PATH, padded);
    expect(res.status).toBe(201);
    expect(await t.db.selectFrom('push_subscriptions').select(['p256dh', 'auth']).where('id', '=', res.body.id).executeTakeFirst()).toEqual(good.keys);
  });

  it('answers 401 without a valid token on every subscription call', async () => {
    const body = publicSubscription(service);
    for (const res of [
      await t.request.post(PATH).send(body),
      await t.request.get(PATH),
      await t.request.delete(PATH).send({ endpoint: body.endpoint }),
      await t.request.post(`${PATH}/test`),
      await t.request.get(PATH).set('Authorization', 'Bearer not-a-token'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
  });

  it('throttles subscription changes per user: 429 with Retry-After past the window', async () => {
    const me = await createUser(t.db);
    const [window] = WRITE_THROTTLES.pushSubscriptions;
    await t.db.insertInto('rate_limits').values({ key: `write:pushSubscriptions:${window.windowSeconds}:user:${me.id}`, points: window.max, expires_at: new Date(Date.now() + 600_000) }).execute();
    const res = await as(t, me).post(PATH, publicSubscription(service));
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({ detail: window.detail, code: 'TOO_MANY_REQUESTS' });
    expect((await as(t, me).get(PATH)).body).toEqual([]);
  });
});

/** The delivery tests' time limit of one send (LIMITS.pushSendTimeoutMs in the app). */
const SEND_TIMEOUT_MS = 1_500;

describe('push delivery through the job queue', () => {
  let t: TestApp;
  let service: PushService;
  let scheduler: Scheduler;
  let push: PushConfig;

  beforeAll(async () => {
    service = await startPushService();
    push = { subject: 'mailto:push@stacks.test', allowedEndpoints: [service.prefix] };
    t = await createTestApp({ push });
    scheduler = await startScheduler({
      handle: t.testDb.handle,
      bots: defaultBotsConfig(),
      logger,
      pollingIntervalSeconds: 0.5,
      push: { config: push, retryDelaySeconds: 1, sendTimeoutMs: SEND_TIMEOUT_MS, lookup: fakeLookup },
    });
  });
  afterAll(async () => {
    await scheduler?.stop();
    await t?.close();
    await service?.close();
  });

  /** A user with `n` fake browser subscriptions, subscribed over REST. */
  async function subscribed(n = 1): Promise<{ user: FactoryUser; subs: FakeSubscription[] }> {
    const user = await createUser(t.db);
    const subs = Array.from({ length: n }, () => service.subscription());
    for (const sub of subs) expect((await as(t, user).post(PATH, sub.json)).status).toBe(201);
    return { user, subs };
  }
  const pushesTo = (sub: FakeSubscription) => service.received.filter((r) => r.subscriptionId === sub.id);
  const deliveryIds = async (key: string) => (await t.db.selectFrom('push_deliveries').select('id').where('dedupe_key', '=', key).orderBy('id').execute()).map((r) => r.id);
  /** The pg-boss states of the send jobs of these deliveries, in delivery order. */
  const jobStates = async (ids: number[]) =>
    (
      await sql<{ state: string }>`select state from pgboss.job where name = ${PUSH_QUEUE} and (data->>'deliveryId')::int in (${sql.join(ids)}) order by (data->>'deliveryId')::int`.execute(t.db)
    ).rows.map((r) => r.state);
  const delivery = (key: string) => t.db.selectFrom('push_deliveries').select(['attempts', 'sent_at', 'failed_at', 'last_error']).where('dedupe_key', '=', key).executeTakeFirst();

  it('delivers a queued push, signed with the VAPID key and decrypted by the browser to the JSON queued', async () => {
    const { user, subs } = await subscribed();
    const payload = { title: 'New stack', body: 'Ann asked you to rank “Fruit”', url: '/stacks/42' };
    expect(await queuePush(t.db, user.id, payload, 'arrive-1')).toBe(1);
    await service.waitFor('the push', () => pushesTo(subs[0]).length === 1);
    const [got] = pushesTo(subs[0]);
    expect(got.payload).toEqual(payload);
    const { public_key } = (await t.request.get('/v1/push/key')).body;
    expect(got.vapidKey).toBe(public_key);
    expect(got.claims).toMatchObject({ aud: service.origin, sub: 'mailto:push@stacks.test' });
    expect(Number(got.headers.ttl)).toBe(LIMITS.pushTtlSeconds);
    expect(service.problems).toEqual([]);
    await expect.poll(async () => (await delivery('arrive-1'))?.sent_at).toBeTruthy();
  });

  it('queues in the caller\'s transaction: nothing when it rolls back', async () => {
    const { user } = await subscribed();
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect(await queuePush(trx, user.id, { title: 'Never', body: 'Rolled back', url: '/' }, 'rollback-1')).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await delivery('rollback-1')).toBeUndefined();
    // Committed, the same call queues.
    expect(await t.db.transaction().execute((trx) => queuePush(trx, user.id, { title: 'Now', body: 'Committed', url: '/' }, 'rollback-1'))).toBe(1);
  });

  it('sends nothing more to subscriptions made before a revocation (password reset, deactivation)', async () => {
    const { user, subs } = await subscribed(2);
    const bump = (db: typeof t.db) => db.updateTable('users').set({ token_version: user.token_version + 1 }).where('id', '=', user.id).execute();
    // Queued, then revoked before it is sent (one transaction, so no send can come between).
    await t.db.transaction().execute(async (trx) => {
      expect(await queuePush(trx, user.id, { title: 'Before', body: 'x', url: '/' }, 'revoked-1')).toBe(2);
      await bump(trx);
    });
    await expect
      .poll(async () => (await t.db.selectFrom('push_deliveries').select('last_error').where('dedupe_key', '=', 'revoked-1').execute()).map((r) => r.last_error))
      .toEqual(['the user revoked their sessions (or was deactivated) since subscribing', 'the user revoked their sessions (or was deactivated) since subscribing']);
    expect(await queuePush(t.db, user.id, { title: 'After', body: 'x', url: '/' }, 'revoked-2')).toBe(0);
    const renewed = { ...user, token_version: user.token_version + 1 };
    expect((await as(t, renewed).get(PATH)).body).toEqual([]);
    expect(subs.map((s) => pushesTo(s).length)).toEqual([0, 0]);
    // The hourly clean-up removes them; subscribing again from the new session makes one current.
    await cleanUpPush(t.db);
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await as(t, renewed).post(PATH, subs[0].json)).status).toBe(201);
    expect(await queuePush(t.db, user.id, { title: 'Again', body: 'x', url: '/' }, 'revoked-3')).toBe(1);
    await service.waitFor('the push after subscribing again', () => pushesTo(subs[0]).length === 1);
  });

  it('deletes the subscription when the push service answers 410, and does not retry', async () => {
    const { user, subs } = await subscribed();
    service.answer(subs[0], [410]);
    await queuePush(t.db, user.id, { title: 'Gone', body: 'x', url: '/' }, 'gone-1');
    const ids = await deliveryIds('gone-1');
    await service.waitFor('the push', () => pushesTo(subs[0]).length === 1);
    await expect.poll(async () => (await as(t, user).get(PATH)).body).toEqual([]);
    expect(await delivery('gone-1')).toBeUndefined();
    // Its job ended as done, not as one to retry.
    await expect.poll(() => jobStates(ids)).toEqual(['completed']);
    expect(pushesTo(subs[0])).toHaveLength(1);
  });

  it('retries a 500 with backoff and delivers once it succeeds; gives up on another 4xx at once', async () => {
    const { user, subs } = await subscribed(2);
    service.answer(subs[0], [500, 201]);
    service.answer(subs[1], [400]);
    await queuePush(t.db, user.id, { title: 'Retry', body: 'x', url: '/' }, 'retry-1');
    await service.waitFor('the retried push', () => pushesTo(subs[0]).length === 2, 20_000);
    expect(pushesTo(subs[0]).map((r) => r.status)).toEqual([500, 201]);
    await expect.poll(async () => (await t.db.selectFrom('push_deliveries').select('sent_at').where('dedupe_key', '=', 'retry-1').where('sent_at', 'is not', null).execute()).length).toBe(1);
    const rows = await t.db.selectFrom('push_deliveries').select(['subscription_id', 'attempts', 'sent_at', 'failed_at', 'last_error']).where('dedupe_key', '=', 'retry-1').orderBy('subscription_id').execute();
    expect(rows[0]).toMatchObject({ attempts: 2, failed_at: null, last_error: null });
    expect(rows[1]).toMatchObject({ attempts: 1, sent_at: null, last_error: 'push service answered 400: scripted failure' });
    expect(rows[1].failed_at).not.toBeNull();
    expect(pushesTo(subs[1])).toHaveLength(1);
    // The subscription stays: a 400 says nothing about it being gone.
    expect((await as(t, user).get(PATH)).body).toHaveLength(2);
  });

  it('delivers once per (dedupe key, subscription), however often it is queued', async () => {
    const { user, subs } = await subscribed(2);
    const payload = { title: 'Once', body: 'Only once', url: '/' };
    const counts = await Promise.all([queuePush(t.db, user.id, payload, 'dedupe-1'), queuePush(t.db, user.id, payload, 'dedupe-1')]);
    expect(counts.sort()).toEqual([0, 2]);
    expect(await queuePush(t.db, user.id, payload, 'dedupe-1')).toBe(0);
    await service.waitFor('both pushes', () => subs.every((s) => pushesTo(s).length === 1));
    // One row per subscription, one job per row, each run once and done.
    const ids = await deliveryIds('dedupe-1');
    expect(ids).toHaveLength(2);
    await expect.poll(() => jobStates(ids)).toEqual(['completed', 'completed']);
    expect((await t.db.selectFrom('push_deliveries').select('attempts').where('id', 'in', ids).execute()).map((r) => r.attempts)).toEqual([1, 1]);
    expect(subs.map((s) => pushesTo(s).length)).toEqual([1, 1]);
    // A subscription added later gets that key once too.
    const late = service.subscription();
    expect((await as(t, user).post(PATH, late.json)).status).toBe(201);
    expect(await queuePush(t.db, user.id, payload, 'dedupe-1')).toBe(1);
    expect(await queuePush(t.db, user.id, payload, 'dedupe-1')).toBe(0);
    await service.waitFor('the late push', () => pushesTo(late).length === 1);
  });

  it(`cuts the body so that the encrypted push stays within ${LIMITS.pushPayloadMaxBytes} bytes`, async () => {
    const { user, subs } = await subscribed();
    await queuePush(t.db, user.id, { title: 'Long', body: 'é'.repeat(LIMITS.pushBodyMax + 500), url: '/stacks/1' }, 'long-1');
    await service.waitFor('the push', () => pushesTo(subs[0]).length === 1);
    const [got] = pushesTo(subs[0]);
    expect(got.bytes).toBeLessThanOrEqual(LIMITS.pushPayloadMaxBytes);
    expect(got.bytes).toBeGreaterThan(LIMITS.pushPayloadMaxBytes - 10);
    const payload = got.payload as { title: string; body: string; url: string };
    expect(payload.title).toBe('Long');
    expect(payload.url).toBe('/stacks/1');
    expect(payload.body.endsWith('…')).toBe(true);
  });

  it('sends a test push to each of my subscriptions (202), throttled per user', async () => {
    const { user, subs } = await subscribed(2);
    const res = await as(t, user).post(`${PATH}/test`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: 2 });
    await service.waitFor('the test pushes', () => subs.every((s) => pushesTo(s).length === 1));
    for (const sub of subs) expect(pushesTo(sub)[0].payload).toEqual(TEST_PUSH);
    expect(TEST_PUSH).toEqual({ title: 'Stacks', body: 'Push notifications are on for this device.', url: '/dashboard' });

    const nobody = await createUser(t.db);
    expect((await as(t, nobody).post(`${PATH}/test`)).body).toEqual({ queued: 0 });
    const [window] = WRITE_THROTTLES.pushTests;
    for (let i = 1; i < window.max; i += 1) expect((await as(t, user).post(`${PATH}/test`)).status).toBe(202);
    const refused = await as(t, user).post(`${PATH}/test`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toEqual({ detail: 'You can send at most 5 test notifications in 10 minutes. Please wait a moment.', code: 'TOO_MANY_REQUESTS' });
  });

  it('sends nothing to a name that resolves to a private address, or to an endpoint no longer allowed: no request, given up', async () => {
    const user = await createUser(t.db);
    // A second push service on this machine, not under PUSH_ALLOWED_ENDPOINTS: it must see no connection at all.
    const inside = await startPushService();
    const fake = inside.subscription();
    // Straight in the database: such endpoints pass (or passed) the subscribe-time rules.
    const endpoints = [
      `https://push.internal.test:${inside.port}/push/${fake.id}`,
      `https://push.mixed.test:${inside.port}/push/${fake.id}`,
      `http://127.0.0.1:${inside.port}/push/${fake.id}`,
      `https://[::ffff:7f00:1]:${inside.port}/push/${fake.id}`,
    ];
    await t.db
      .insertInto('push_subscriptions')
      .values(endpoints.map((endpoint) => ({ user_id: user.id, endpoint, ...fake.json.keys, token_version: user.token_version })))
      .execute();
    expect(await queuePush(t.db, user.id, { title: 'Inside', body: 'x', url: '/' }, 'ssrf-1')).toBe(endpoints.length);
    await expect
      .poll(async () => (await t.db.selectFrom('push_deliveries').select('failed_at').where('dedupe_key', '=', 'ssrf-1').where('failed_at', 'is not', null).execute()).length, { timeout: 10_000 })
      .toBe(endpoints.length);
    const reasons = await t.db.selectFrom('push_deliveries').select(['last_error', 'attempts']).where('dedupe_key', '=', 'ssrf-1').orderBy('id').execute();
    expect(reasons).toEqual([
      { attempts: 1, last_error: 'refused: push.internal.test resolves to a non-public address' },
      { attempts: 1, last_error: 'refused: push.mixed.test resolves to a non-public address' },
      { attempts: 1, last_error: 'refused: endpoint is not an https: URL' },
      { attempts: 1, last_error: 'refused: ::ffff:7f00:1 is not a public address' },
    ]);
    expect([inside.requestCount(), inside.connectionCount()]).toEqual([0, 0]);
    await inside.close();
  });

  it('keeps sending and serving while a push service never answers: that send times out and is retried', async () => {
    const { user, subs } = await subscribed(2);
    service.answer(subs[0], ['hang', 'hang', 'hang', 'hang', 'hang', 'hang', 'hang', 'hang']);
    await queuePush(t.db, user.id, { title: 'Hang', body: 'x', url: '/' }, 'hang-1');
    await service.waitFor('the hanging request and the other push', () => pushesTo(subs[0]).length >= 1 && pushesTo(subs[1]).length === 1);
    const hanging = t.db
      .selectFrom('push_deliveries as d')
      .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
      .select(['d.last_error', 'd.sent_at'])
      .where('d.dedupe_key', '=', 'hang-1')
      .where('s.endpoint', '=', subs[0].endpoint);
    // The app answers while the send still waits: the send holds no connection of the pool (on the
    // embedded database, its only one).
    expect((await as(t, user).get(PATH)).status).toBe(200);
    expect(await hanging.executeTakeFirst()).toEqual({ last_error: null, sent_at: null });
    await expect.poll(async () => (await hanging.executeTakeFirst())?.last_error, { timeout: 10_000 }).toBe(`no answer within ${SEND_TIMEOUT_MS} ms`);
    await service.waitFor('a retry of the hanging push', () => pushesTo(subs[0]).length >= 2, 15_000);
    expect((await hanging.executeTakeFirst())?.sent_at).toBeNull();
  });
});

/**
 * Two app instances, each with its own database handle, pg-boss and push worker, on one database of
 * a PostgreSQL server: every push is queued through both and still arrives exactly once.
 */
describe('two instances on one PostgreSQL database', () => {
  let t: TestApp;
  let handleB: DbHandle;
  let service: PushService;
  const schedulers: Scheduler[] = [];

  beforeAll(async () => {
    service = await startPushService();
    const push: PushConfig = { subject: 'mailto:push@stacks.test', allowedEndpoints: [service.prefix] };
    t = await createTestApp({ push }, undefined, { serverUrl: postgresServerUrl() });
    handleB = await openDatabase({ databaseUrl: t.testDb.handle.databaseUrl, poolMax: 4 });
    const options = { bots: defaultBotsConfig(), logger, pollingIntervalSeconds: 0.5, push: { config: push, retryDelaySeconds: 1, sendTimeoutMs: 2_000 } };
    schedulers.push(...(await Promise.all([startScheduler({ ...options, handle: t.testDb.handle }), startScheduler({ ...options, handle: handleB })])));
  });
  afterAll(async () => {
    await Promise.all(schedulers.map((s) => s.stop()));
    await handleB?.close();
    await t?.close();
    await service?.close();
  });

  it('sign with one key pair, and deliver each push exactly once', async () => {
    const appB = await listen(createApp({ ...t.deps, db: handleB.db, ping: handleB.ping }));
    try {
      const keyA = (await t.request.get('/v1/push/key')).body.public_key;
      const keyB = (await supertest(appB.url).get('/v1/push/key')).body.public_key;
      expect(keyB).toBe(keyA);

      const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t.db)));
      const subs: FakeSubscription[] = [];
      for (const user of users) {
        for (let i = 0; i < 2; i += 1) {
          const sub = service.subscription();
          subs.push(sub);
          expect((await as(t, user).post(PATH, sub.json)).status).toBe(201);
        }
      }
      service.answer(subs[0], [503, 201]);
      const keys = ['a', 'b', 'c'];
      await Promise.all(
        users.flatMap((user) =>
          keys.flatMap((key) => [t.db, handleB.db].map((db) => queuePush(db, user.id, { title: `Push ${key}`, body: `For ${user.username}`, url: '/' }, `twice:${key}`))),
        ),
      );
      const expected = subs.length * keys.length;
      await service.waitFor('every push', () => service.received.filter((r) => r.status === 201).length >= expected, 30_000);
      // Every row was sent, each in one try but the one answered 503 once: no row was sent twice.
      await expect
        .poll(async () => t.db.selectFrom('push_deliveries').select([sql<number>`count(*)::int`.as('sent'), sql<number>`sum(attempts)::int`.as('tries')]).where('sent_at', 'is not', null).executeTakeFirst())
        .toEqual({ sent: expected, tries: expected + 1 });
      // Both instances keep polling and working: give a duplicate time to show up.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const delivered = service.received.filter((r) => r.status === 201).map((r) => `${r.subscriptionId}:${(r.payload as { title: string }).title}`);
      expect(delivered).toHaveLength(expected);
      expect(new Set(delivered).size).toBe(expected);
      expect(service.received.every((r) => r.vapidKey === keyA)).toBe(true);
      expect(service.problems).toEqual([]);
    } finally {
      await appB.close();
    }
  }, 60_000);
});
