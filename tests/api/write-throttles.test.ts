import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_THROTTLES, type WriteAction } from '../../shared/limits';
import { runBot } from '../../server/modules/bots/bots.engine';
import { addMemberInDb, as, makeFriendsInDb } from '../factories/groups';
import { positions, RANKINGS } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every content write has a per-user throttle (shared/limits.ts WRITE_THROTTLES, docs/limits-and-faults.md):
 * its allowance in a row passes, the next call is 429 TOO_MANY_REQUESTS with
 * Retry-After and a detail in words, and another user is not affected. The numbers are the real
 * ones: at least 20 stacks in a row pass, and every limit is met within 150 calls.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STACK = { name: 'Fruit', positions: positions() };

/** A friend stack from `owner` to `friend`, straight in the database (setup that must not use the throttle). */
async function stackInDb(owner: FactoryUser, friend: FactoryUser): Promise<number> {
  const row = await t.db
    .insertInto('stacks')
    .values({ name: 'Seed', positions: sql`${JSON.stringify(positions())}::jsonb` as never, owner_id: owner.id, mode: 'friend', friend_id: friend.id, group_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function answeredStackInDb(owner: FactoryUser, friend: FactoryUser): Promise<number> {
  const id = await stackInDb(owner, friend);
  await t.db
    .insertInto('stack_responses')
    .values([owner, friend].map((u) => ({ stack_id: id, user_id: u.id, ranking: sql`${JSON.stringify(RANKINGS.identity)}::jsonb` as never })))
    .execute();
  return id;
}

async function groupInDb(owner: FactoryUser, options: { is_public?: boolean } = {}): Promise<number> {
  const row = await t.db
    .insertInto('groups')
    .values({ name: `g${owner.id}x${Math.floor(Math.random() * 1e6)}`.slice(0, 24), description: '', owner_id: owner.id, is_public: options.is_public ?? true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('group_members').values({ group_id: row.id, user_id: owner.id, role: 'OWNER' }).execute();
  return row.id;
}

const users = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(t.db)));

/** A user's friends, made straight in the database. */
async function friendsOf(user: FactoryUser, n: number): Promise<FactoryUser[]> {
  const made = await users(n);
  for (const friend of made) await makeFriendsInDb(t.db, user, friend);
  return made;
}

interface Case {
  action: WriteAction;
  route: string;
  /** Ready for `count` writes by a new user; `write(i)` makes the i-th, `other()` one by another user. */
  setup(count: number): Promise<{ write: (i: number) => Promise<Response>; other: () => Promise<Response> }>;
}

const CASES: Case[] = [
  {
    action: 'stacks',
    route: 'POST /v1/stacks',
    async setup() {
      const [me, other] = await users(2);
      const [friend] = await friendsOf(me, 1);
      await makeFriendsInDb(t.db, other, friend);
      const write = (user: FactoryUser) => as(t, user).post('/v1/stacks', { ...STACK, mode: 'friend', target_id: friend.id });
      return { write: () => write(me), other: () => write(other) };
    },
  },
  {
    action: 'twists',
    route: 'POST /v1/twisted_stacks',
    async setup(count) {
      const [me, other] = await users(2);
      const [friend] = await friendsOf(me, 1);
      await makeFriendsInDb(t.db, other, friend);
      const mine: number[] = [];
      for (let i = 0; i < count; i += 1) mine.push(await answeredStackInDb(friend, me));
      const theirs = await answeredStackInDb(friend, other);
      const write = (user: FactoryUser, id: number) => as(t, user).post('/v1/twisted_stacks', { stack_id: id, twist_description: 'But for breakfast' });
      return { write: (i) => write(me, mine[i]), other: () => write(other, theirs) };
    },
  },
  {
    action: 'comments',
    route: 'POST /v1/stacks/{id}/comments',
    async setup() {
      const [me, other] = await users(2);
      const id = await stackInDb(me, other);
      await makeFriendsInDb(t.db, me, other);
      const write = (user: FactoryUser) => as(t, user).post(`/v1/stacks/${id}/comments`, { description: 'Nice one' });
      return { write: () => write(me), other: () => write(other) };
    },
  },
  {
    action: 'edits',
    route: 'POST /v1/stacks/{id}/edit',
    async setup() {
      const [me, other] = await users(2);
      await makeFriendsInDb(t.db, me, other);
      const mine = await stackInDb(me, other);
      const theirs = await stackInDb(other, me);
      const write = (user: FactoryUser, id: number, i: number) => as(t, user).post(`/v1/stacks/${id}/edit`, { name: `Fruit ${i}`, positions: positions() });
      return { write: (i) => write(me, mine, i), other: () => write(other, theirs, 0) };
    },
  },
  {
    action: 'groups',
    route: 'POST /v1/groups',
    async setup() {
      const [me, other] = await users(2);
      let n = 0;
      const write = (user: FactoryUser) => as(t, user).post('/v1/groups', { name: `t${user.id}n${(n += 1)}`.slice(0, 24) });
      return { write: () => write(me), other: () => write(other) };
    },
  },
  {
    action: 'groupJoins',
    route: 'POST /v1/groups/{id}/join',
    async setup() {
      const [me, other, owner] = await users(3);
      const group = await groupInDb(owner);
      // Join, leave, join again: each join is an event to every member, the flood this throttle stops.
      const write = async (user: FactoryUser) => {
        const res = await as(t, user).post(`/v1/groups/${group}/join`);
        if (res.status === 200) expect((await as(t, user).del(`/v1/groups/${group}/leave`)).status).toBe(200);
        return res;
      };
      return { write: () => write(me), other: () => write(other) };
    },
  },
  {
    action: 'groupInvites',
    route: 'POST /v1/groups/{id}/invite/{userId}',
    async setup(count) {
      const [me, other] = await users(2);
      const group = await groupInDb(me, { is_public: false });
      await addMemberInDb(t.db, group, other);
      const friends = await friendsOf(me, count);
      const [theirFriend] = await friendsOf(other, 1);
      return {
        write: (i) => as(t, me).post(`/v1/groups/${group}/invite/${friends[i].id}`),
        other: () => as(t, other).post(`/v1/groups/${group}/invite/${theirFriend.id}`),
      };
    },
  },
  {
    action: 'friendRequests',
    route: 'POST /v1/users/friends/requests',
    async setup(count) {
      const [me, other] = await users(2);
      const targets = await users(count);
      return {
        write: (i) => as(t, me).post('/v1/users/friends/requests', { user_id: targets[i].id }),
        other: () => as(t, other).post('/v1/users/friends/requests', { user_id: targets[0].id }),
      };
    },
  },
  {
    action: 'profile',
    route: 'PUT /v1/users/me/socials',
    async setup() {
      const [me, other] = await users(2);
      const write = (user: FactoryUser, i: number) => as(t, user).put('/v1/users/me/socials', { platform: 'telegram', value: `name_${i}_x`, visibility: 'public' });
      return { write: (i) => write(me, i), other: () => write(other, 0) };
    },
  },
  {
    action: 'invites',
    route: 'POST /v1/users/me/invites',
    async setup() {
      // Admins: the only users the quota of unused invites does not already bound.
      const [me, other] = await Promise.all([createUser(t.db, { role: 'ADMIN' }), createUser(t.db, { role: 'ADMIN' })]);
      return { write: () => as(t, me).post('/v1/users/me/invites'), other: () => as(t, other).post('/v1/users/me/invites') };
    },
  },
  {
    action: 'reports',
    route: 'POST /v1/reports',
    async setup(count) {
      const [me, other] = await users(2);
      const targets = await users(count);
      const write = (user: FactoryUser, target: FactoryUser) => as(t, user).post('/v1/reports', { target_type: 'user', target_id: target.id, reason: 'spam' });
      return { write: (i) => write(me, targets[i]), other: () => write(other, targets[0]) };
    },
  },
  {
    action: 'botTags',
    route: 'POST /v1/bots/{id}/keywords',
    async setup() {
      const [me, other] = await users(2);
      const botOf = async (owner: FactoryUser) =>
        (await t.db.insertInto('bots').values({ name: 'Quizbot', avatar_id: 1, owner_id: owner.id, friend_id: null, group_id: await groupInDb(owner), schedule: '[0]' }).returning('id').executeTakeFirstOrThrow()).id;
      const [mine, theirs] = [await botOf(me), await botOf(other)];
      return {
        write: (i) => as(t, me).post(`/v1/bots/${mine}/keywords`, { keywords: [`tag${i}`] }),
        other: () => as(t, other).post(`/v1/bots/${theirs}/keywords`, { keywords: ['tag'] }),
      };
    },
  },
  {
    action: 'releaseNotes',
    route: 'POST /v1/admin/release-notes',
    async setup() {
      const [me, other] = await Promise.all([createUser(t.db, { role: 'ADMIN' }), createUser(t.db, { role: 'ADMIN' })]);
      const send = (user: FactoryUser, i: number) => as(t, user).post('/v1/admin/release-notes', { message: `Release ${i}` });
      return { write: (i) => send(me, i), other: () => send(other, 0) };
    },
  },
  {
    action: 'botRuns',
    route: 'POST /v1/admin/bots/{id}/run',
    async setup() {
      const [me, other] = await Promise.all([createUser(t.db, { role: 'ADMIN' }), createUser(t.db, { role: 'ADMIN' })]);
      const bot = (await t.db.insertInto('bots').values({ name: 'Quizbot', avatar_id: 1, owner_id: me.id, friend_id: null, group_id: await groupInDb(me), schedule: '[0]' }).returning('id').executeTakeFirstOrThrow()).id;
      const run = (user: FactoryUser) => as(t, user).post(`/v1/admin/bots/${bot}/run`, { force: true });
      return { write: () => run(me), other: () => run(other) };
    },
  },
  {
    action: 'notificationSettings',
    route: 'PUT /v1/users/me/notification-settings',
    async setup() {
      const [me, other] = await users(2);
      const write = (user: FactoryUser, i: number) => as(t, user).put('/v1/users/me/notification-settings', { settings: { stack_for_me: { push: i % 2 === 1 } } });
      return { write: (i) => write(me, i), other: () => write(other, 0) };
    },
  },
  {
    action: 'preferences',
    route: 'PUT /v1/users/me/preferences',
    async setup() {
      const [me, other] = await users(2);
      const themes = ['light', 'dark', 'system'] as const;
      const write = (user: FactoryUser, i: number) => as(t, user).put('/v1/users/me/preferences', { theme: themes[i % 3] });
      return { write: (i) => write(me, i), other: () => write(other, 0) };
    },
  },
  {
    action: 'unhides',
    route: 'DELETE /v1/users/me/hidden-stacks/{id}',
    async setup(count) {
      const [me, other] = await users(2);
      const [friend] = await friendsOf(me, 1);
      await makeFriendsInDb(t.db, other, friend);
      const mine: number[] = [];
      for (let i = 0; i < count; i += 1) mine.push(await stackInDb(friend, me));
      const theirs = await stackInDb(friend, other);
      await t.db
        .insertInto('stack_hides')
        .values([...mine.map((id) => ({ stack_id: id, user_id: me.id, hidden_by: me.id })), { stack_id: theirs, user_id: other.id, hidden_by: other.id }])
        .execute();
      return { write: (i) => as(t, me).del(`/v1/users/me/hidden-stacks/${mine[i]}`), other: () => as(t, other).del(`/v1/users/me/hidden-stacks/${theirs}`) };
    },
  },
  {
    action: 'friendRequestWithdrawals',
    route: 'DELETE /v1/users/friends/requests/{id}',
    async setup(count) {
      const [me, other] = await users(2);
      const targets = await users(count + 1);
      const requests = await t.db
        .insertInto('friend_requests')
        .values([...targets.slice(0, count).map((target) => ({ from_user_id: me.id, to_user_id: target.id })), { from_user_id: other.id, to_user_id: targets[count].id }])
        .returning('id')
        .execute();
      return { write: (i) => as(t, me).del(`/v1/users/friends/requests/${requests[i].id}`), other: () => as(t, other).del(`/v1/users/friends/requests/${requests[count].id}`) };
    },
  },
  {
    action: 'pushSubscriptions',
    route: 'POST /v1/users/me/push-subscriptions',
    async setup() {
      const [me, other] = await users(2);
      const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      const subscribe = (user: FactoryUser, i: number) => as(t, user).post('/v1/users/me/push-subscriptions', { endpoint: `https://push.example.com/send/${user.id}-${i}`, keys });
      return { write: (i) => subscribe(me, i), other: () => subscribe(other, 0) };
    },
  },
  {
    action: 'pushTests',
    route: 'POST /v1/users/me/push-subscriptions/test',
    async setup() {
      const [me, other] = await users(2);
      return { write: () => as(t, me).post('/v1/users/me/push-subscriptions/test'), other: () => as(t, other).post('/v1/users/me/push-subscriptions/test') };
    },
  },
];

const okStatus = (res: Response) => [200, 201, 202].includes(res.status);

function expectTooMany(res: Response, window: { windowSeconds: number; detail: string }) {
  expect({ status: res.status, body: res.body }).toEqual({ status: 429, body: { detail: window.detail, code: 'TOO_MANY_REQUESTS' } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(window.windowSeconds);
}

describe('every content write has a per-user throttle', () => {
  it('the limits are documented in one block: at least 20 stacks in a row, and every limit met within 150 calls', () => {
    expect(WRITE_THROTTLES.stacks[0].max).toBeGreaterThanOrEqual(20);
    for (const windows of Object.values(WRITE_THROTTLES)) expect(windows[0].max + 1).toBeLessThanOrEqual(150);
    expect(Object.keys(WRITE_THROTTLES).sort()).toEqual(CASES.map((c) => c.action).sort());
  });

  for (const c of CASES) {
    const first = WRITE_THROTTLES[c.action][0];
    it(`${c.route}: ${first.max} in a row pass, the next is 429 with Retry-After and "${first.detail}"; another user is not affected`, async () => {
      const { write, other } = await c.setup(first.max + 1);
      for (let i = 0; i < first.max; i += 1) {
        const res = await write(i);
        expect(okStatus(res), `write ${i + 1}: ${res.status} ${JSON.stringify(res.body)}`).toBe(true);
      }
      expectTooMany(await write(first.max), first);
      const theirs = await other();
      expect(okStatus(theirs), JSON.stringify(theirs.body)).toBe(true);
    });
  }
});

describe('what counts', () => {
  it('refused writes do not use up the allowance: 40 refused stacks, then the whole allowance still passes', async () => {
    const [me, stranger] = await users(2);
    const [friend] = await friendsOf(me, 1);
    for (let i = 0; i < 20; i += 1) {
      expect((await as(t, me).post('/v1/stacks', { ...STACK, mode: 'friend', target_id: stranger.id })).status).toBe(403);
      expect((await as(t, me).post('/v1/stacks', { ...STACK, mode: 'friend', target_id: me.id })).status).toBe(400);
    }
    const max = WRITE_THROTTLES.stacks[0].max;
    for (let i = 0; i < max; i += 1) expect((await as(t, me).post('/v1/stacks', { ...STACK, mode: 'friend', target_id: friend.id })).status).toBe(200);
    expect((await as(t, me).post('/v1/stacks', { ...STACK, mode: 'friend', target_id: friend.id })).status).toBe(429);
  });

  it('a write refused under its lock (a second invitation to the same friend) gives its attempt back', async () => {
    const [me] = await users(1);
    const group = await groupInDb(me, { is_public: false });
    const friends = await friendsOf(me, WRITE_THROTTLES.groupInvites[0].max);
    expect((await as(t, me).post(`/v1/groups/${group}/invite/${friends[0].id}`)).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await as(t, me).post(`/v1/groups/${group}/invite/${friends[0].id}`)).status).toBe(409);
    for (const friend of friends.slice(1)) expect((await as(t, me).post(`/v1/groups/${group}/invite/${friend.id}`)).status).toBe(200);
  });

  it(`${WRITE_THROTTLES.stacks[0].max + 15} stacks sent at once: exactly ${WRITE_THROTTLES.stacks[0].max} are made, the rest are 429`, async () => {
    const [me] = await users(1);
    const [friend] = await friendsOf(me, 1);
    const max = WRITE_THROTTLES.stacks[0].max;
    const answers = await Promise.all(Array.from({ length: max + 15 }, () => as(t, me).post('/v1/stacks', { ...STACK, mode: 'friend', target_id: friend.id })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await t.db.selectFrom('stacks').select('id').where('owner_id', '=', me.id).execute()).toHaveLength(max);
  });

  it('tRPC batches count like sequential calls: two batches of 20 stacks make exactly the allowance', async () => {
    const [me] = await users(1);
    const [friend] = await friendsOf(me, 1);
    const max = WRITE_THROTTLES.stacks[0].max;
    const batch = () =>
      t.request
        .post(`/trpc/${Array(20).fill('stacks.create').join(',')}?batch=1`)
        .set('Authorization', `Bearer ${t.tokenFor(me)}`)
        .send(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [i, { ...STACK, mode: 'friend', target_id: friend.id }])));
    const answers = await Promise.all([batch(), batch()]);
    const items = answers.flatMap((res) => res.body as { result?: unknown; error?: { data: { httpStatus: number; code: string } } }[]);
    expect(items).toHaveLength(40);
    expect(items.filter((item) => item.result)).toHaveLength(max);
    const refused = items.filter((item) => item.error);
    expect(refused).toHaveLength(40 - max);
    for (const item of refused) expect(item.error!.data).toMatchObject({ httpStatus: 429, code: 'TOO_MANY_REQUESTS' });
    expect(await t.db.selectFrom('stacks').select('id').where('owner_id', '=', me.id).execute()).toHaveLength(max);
  });

  it('the longer window holds when the burst window has passed: 200 stacks a day', async () => {
    const [me] = await users(1);
    const [friend] = await friendsOf(me, 1);
    const [burst, day] = WRITE_THROTTLES.stacks;
    const create = () => as(t, me).post('/v1/stacks', { ...STACK, mode: 'friend', target_id: friend.id });
    for (let i = 0; i < burst.max; i += 1) expect((await create()).status).toBe(200);
    expectTooMany(await create(), burst);
    // Ten minutes later the burst window starts again; the day's count goes on (set near its end here).
    await t.db.deleteFrom('rate_limits').where('key', 'like', `write:stacks:${burst.windowSeconds}:user:${me.id}`).execute();
    await t.db.updateTable('rate_limits').set({ points: day.max - 1 }).where('key', '=', `write:stacks:${day.windowSeconds}:user:${me.id}`).execute();
    expect((await create()).status).toBe(200);
    const refused = await create();
    expectTooMany(refused, day);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(burst.windowSeconds);
  });
});

describe('who is not throttled', () => {
  it(`a bot posts on every run, more than ${WRITE_THROTTLES.stacks[0].max} of them, and leaves its owner's allowance alone`, async () => {
    const [owner, friend] = await users(2);
    await makeFriendsInDb(t.db, owner, friend);
    const bot = await t.db
      .insertInto('bots')
      .values({ name: 'Quizbot', avatar_id: 1, owner_id: owner.id, friend_id: friend.id, group_id: null, schedule: '[0,1,2,3,4,5,6]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('bot_keywords').values({ bot_id: bot.id, name: 'food', status: 'ACTIVE' }).execute();
    const runs = WRITE_THROTTLES.stacks[0].max + 5;
    for (let i = 0; i < runs; i += 1) {
      const result = await runBot(t.db, bot.id, new Date(Date.UTC(2030, 2, 4 + i, 10)));
      expect(result, JSON.stringify(result)).toMatchObject({ skipped: false, run: { success: true } });
    }
    expect(await t.db.selectFrom('stacks').select('id').where('bot_id', '=', bot.id).execute()).toHaveLength(runs);
    expect((await as(t, owner).post('/v1/stacks', { ...STACK, mode: 'friend', target_id: friend.id })).status).toBe(200);
  });

  it("admins' moderation is not throttled: sandboxing comments past the edits allowance", async () => {
    const [author] = await users(1);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const group = await groupInDb(author);
    const { id } = await t.db
      .insertInto('stacks')
      .values({ name: 'Seed', positions: sql`${JSON.stringify(positions())}::jsonb` as never, owner_id: author.id, mode: 'group', friend_id: null, group_id: group })
      .returning('id')
      .executeTakeFirstOrThrow();
    const comment = await t.db.insertInto('comments').values({ stack_id: id, user_id: author.id, description: 'Hi' }).returning('id').executeTakeFirstOrThrow();
    for (let i = 0; i <= WRITE_THROTTLES.edits[0].max; i += 1) {
      const res = await as(t, admin).post(`/v1/stacks/${id}/comments/${comment.id}/sandbox`, { sandbox: i % 2 === 0 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
});
