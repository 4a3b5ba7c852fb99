/**
 * Outside the tab, end to end (docs/notifications-outside.md): what people do over REST is read
 * from the event log by the dispatcher, which hands each recipient's message to their channels;
 * pushes arrive at a local push service that checks VAPID and decrypts them as a browser would,
 * e-mails are written for the mail jobs (tests/api/mail-notifications.test.ts sends them). Who is
 * told follows the feed (the property test: tests/api/outbound-audience.test.ts); here each kind,
 * blocks, mutes, an unsubscribed kind, the actor, and deliveries that happen once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushConfig } from '../../server/config';
import { defaultBotsConfig } from '../../server/config';
import { startScheduler, type Scheduler } from '../../server/jobs/scheduler';
import { createLogger } from '../../server/logger';
import { appChannels, createOutboundDispatcher, dispatchBatch } from '../../server/modules/outbound/outbound.service';
import { broadcastReleaseNotes } from '../../server/modules/notifications/notifications.service';
import { answer, as, block, comment, createFriendStack, createGroupStack, feed, groupWith, makeFriends, stackItem } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { startPushService, type FakeSubscription, type PushService } from '../helpers/push-service';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let service: PushService;
let scheduler: Scheduler;
const logger = createLogger('error');

beforeAll(async () => {
  service = await startPushService();
  const push: PushConfig = { subject: 'mailto:push@stacks.test', allowedEndpoints: [service.prefix] };
  t = await createTestApp({ push });
  scheduler = await startScheduler({ handle: t.testDb.handle, bots: defaultBotsConfig(), logger, pollingIntervalSeconds: 0.5, push: { config: push, retryDelaySeconds: 1 } });
});
afterAll(async () => {
  await scheduler?.stop();
  await t?.close();
  await service?.close();
});

/** Everything logged so far is dispatched (until a batch finds nothing). */
async function dispatchAll(): Promise<void> {
  while ((await dispatchBatch(t.db, appChannels)) > 0);
}

/** A user with one browser subscribed to push over REST. */
async function subscribedUser(): Promise<{ user: FactoryUser; sub: FakeSubscription }> {
  const user = await createUser(t.db);
  const sub = service.subscription();
  expect((await as(t, user).post('/v1/users/me/push-subscriptions', sub.json)).status).toBe(201);
  return { user, sub };
}

const pushesTo = (sub: FakeSubscription) => service.received.filter((r) => r.subscriptionId === sub.id).map((r) => r.payload);
const mailsTo = (user: FactoryUser) =>
  t.db.selectFrom('notification_mails').select(['kind', 'mode', 'title', 'body', 'url']).where('user_id', '=', user.id).orderBy('id').execute();
/**
 * Every push queued so far has been sent (or given up): what the push service received is then all
 * it will receive, so "nothing came" is a fact, not a guess after a sleep.
 */
async function settle(): Promise<void> {
  const pending = async () =>
    Number(
      (
        await t.db
          .selectFrom('push_deliveries')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  await expect.poll(pending, { timeout: 20_000 }).toBe(0);
}

beforeEach(async () => {
  // Each test starts with nothing left to dispatch from the previous one.
  await dispatchAll();
});

describe('who is told, and what', () => {
  it("a friend stack: the friend gets a push opening it and a line in the day's digest; the author nothing", async () => {
    const ann = await subscribedUser();
    const bob = await subscribedUser();
    await makeFriends(t, ann.user, bob.user);
    const id = await createFriendStack(t, ann.user, bob.user, { name: 'Lunch Spots' });
    await dispatchAll();
    const expected = { title: 'New stack', body: `${ann.user.username} sent you “Lunch Spots”.`, url: `/dashboard/stacks/${id}` };
    await service.waitFor('the push to Bob', () => pushesTo(bob.sub).length === 1);
    expect(pushesTo(bob.sub)).toEqual([expected]);
    expect(await mailsTo(bob.user)).toEqual([{ kind: 'stack_for_me', mode: 'daily', ...expected }]);
    await settle();
    expect(pushesTo(ann.sub)).toEqual([]);
    expect(await mailsTo(ann.user)).toEqual([]);
    expect(service.problems).toEqual([]);
  });

  it("a group stack: every member whose feed shows it (a block between members hides answers, not the stack); not one who muted its author", async () => {
    const owner = await subscribedUser();
    const [fan, blocker, muter] = [await subscribedUser(), await subscribedUser(), await subscribedUser()];
    const group = await groupWith(t, owner.user, [fan.user, blocker.user, muter.user]);
    await block(t, blocker.user, owner.user);
    expect((await as(t, muter.user).post('/v1/users/mutes', { user_id: owner.user.id })).status).toBeLessThan(300);
    const id = await createGroupStack(t, owner.user, group.id, { name: 'Films' });
    await dispatchAll();
    const told = { title: 'New stack', body: `${owner.user.username} posted “Films” in ${group.name}.`, url: `/dashboard/stacks/${id}` };
    await service.waitFor('the pushes to the fan and the blocker', () => pushesTo(fan.sub).length === 1 && pushesTo(blocker.sub).length === 1);
    expect(pushesTo(fan.sub)).toEqual([told]);
    expect(pushesTo(blocker.sub)).toEqual([told]);
    expect(stackItem(await feed(t, blocker.user), id)).toBeDefined();

    // The blocker's answer is not told to the owner they blocked; the fan's is.
    await answer(t, blocker.user, id);
    await answer(t, fan.user, id);
    await dispatchAll();
    await service.waitFor("the fan's answer", () => pushesTo(owner.sub).length === 1);
    await settle();
    expect(pushesTo(owner.sub)).toEqual([{ title: 'New answer', body: `${fan.user.username} answered “Films”.`, url: `/dashboard/stacks/${id}` }]);
    expect(pushesTo(muter.sub)).toEqual([]);
  });

  it("an answer and a comment reach the stack's owner; the answerer hears nothing of their own", async () => {
    const ann = await subscribedUser();
    const bob = await subscribedUser();
    await makeFriends(t, ann.user, bob.user);
    const id = await createFriendStack(t, ann.user, bob.user, { name: 'Pets' });
    await dispatchAll();
    await answer(t, bob.user, id);
    await comment(t, bob.user, id, 'Cats first, obviously');
    await dispatchAll();
    await service.waitFor('two pushes to Ann', () => pushesTo(ann.sub).length === 2);
    // Sent concurrently: in either order.
    expect(pushesTo(ann.sub).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { title: 'New answer', body: `${bob.user.username} answered “Pets”.`, url: `/dashboard/stacks/${id}` },
      { title: 'New comment', body: `${bob.user.username} commented on “Pets”.`, url: `/dashboard/stacks/${id}` },
    ]);
    // Bob's own answer and comment tell him nothing (he got the new stack only); no comment text leaves.
    await settle();
    expect(pushesTo(bob.sub).map((p) => (p as { title: string }).title)).toEqual(['New stack']);
    expect(JSON.stringify(service.received)).not.toContain('Cats first');
  });

  it('a friend request: a push opening the sender, and an instant e-mail', async () => {
    const ann = await subscribedUser();
    const bob = await subscribedUser();
    expect((await as(t, ann.user).post('/v1/users/friends/requests', { user_id: bob.user.id })).status).toBeLessThan(300);
    await dispatchAll();
    const expected = { title: 'New friend request', body: `${ann.user.username} wants to be your friend.`, url: `/dashboard/users/${ann.user.id}` };
    await service.waitFor('the push to Bob', () => pushesTo(bob.sub).length === 1);
    expect(pushesTo(bob.sub)).toEqual([expected]);
    expect(await mailsTo(bob.user)).toEqual([{ kind: 'friend_request', mode: 'instant', ...expected }]);
  });

  it('a kind turned off for push and e-mail tells nothing; other kinds still do', async () => {
    const ann = await subscribedUser();
    const bob = await subscribedUser();
    await makeFriends(t, ann.user, bob.user);
    const off = { settings: { stack_for_me: { push: false, email: 'off' } } };
    expect((await as(t, bob.user).put('/v1/users/me/notification-settings', off)).status).toBe(200);
    const id = await createFriendStack(t, ann.user, bob.user);
    await answer(t, bob.user, id);
    await dispatchAll();
    await service.waitFor('the answer push to Ann', () => pushesTo(ann.sub).length === 1);
    await settle();
    expect(pushesTo(bob.sub)).toEqual([]);
    expect(await mailsTo(bob.user)).toEqual([]);
  });

  it('release notes reach every active user who turned them on (push is off for them by default)', async () => {
    const reader = await subscribedUser();
    const quiet = await subscribedUser();
    expect((await as(t, reader.user).put('/v1/users/me/notification-settings', { settings: { release_notes: { push: true } } })).status).toBe(200);
    await broadcastReleaseNotes(t.db, 'Stacks now has push notifications.');
    await dispatchAll();
    await service.waitFor('the release notes push', () => pushesTo(reader.sub).length === 1);
    expect(pushesTo(reader.sub)).toEqual([{ title: 'What’s new in Stacks', body: 'Stacks now has push notifications.', url: '/dashboard' }]);
    await settle();
    expect(pushesTo(quiet.sub)).toEqual([]);
  });
});

describe('once, whatever happens', () => {
  it('a batch dispatched again (the cursor moved back, as after a crash) delivers nothing twice', async () => {
    const ann = await subscribedUser();
    const bob = await subscribedUser();
    await makeFriends(t, ann.user, bob.user);
    const { last_event_id: before } = await t.db.selectFrom('outbound_cursor').select('last_event_id').executeTakeFirstOrThrow();
    await createFriendStack(t, ann.user, bob.user);
    await dispatchAll();
    await t.db.updateTable('outbound_cursor').set({ last_event_id: before }).execute();
    await dispatchAll();
    await service.waitFor('the push to Bob', () => pushesTo(bob.sub).length === 1);
    await settle();
    expect(pushesTo(bob.sub)).toHaveLength(1);
    expect(await mailsTo(bob.user)).toHaveLength(1);
  });

  it('two dispatchers woken together: one holds the cursor, the other passes; the log is read once', async () => {
    const ann = await subscribedUser();
    const bob = await subscribedUser();
    await makeFriends(t, ann.user, bob.user);
    const first = createOutboundDispatcher({ db: t.db, channels: appChannels, logger });
    const second = createOutboundDispatcher({ db: t.db, channels: appChannels, logger });
    try {
      for (let i = 0; i < 5; i += 1) await createFriendStack(t, ann.user, bob.user, { name: `Stack ${i}` });
      await Promise.all([first.drain(), second.drain()]);
      await service.waitFor('five pushes to Bob', () => pushesTo(bob.sub).length === 5);
      await settle();
      expect(pushesTo(bob.sub)).toHaveLength(5);
      const newest = await t.db.selectNoFrom(sql<string>`(select max(id) from events)`.as('id')).executeTakeFirstOrThrow();
      const cursor = await t.db.selectFrom('outbound_cursor').select('last_event_id').executeTakeFirstOrThrow();
      expect(Number(cursor.last_event_id)).toBe(Number(newest.id));
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
