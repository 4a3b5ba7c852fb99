/**
 * Live events bounded under abuse (docs/live-events.md, docs/limits-and-faults.md, docs/decisions/0034-live-events-bounds.md):
 * - a bulk action writes one summary event to the actor's own streams, and nothing to others;
 *   no call writes more than two event rows (docs/limits-and-faults.md);
 * - group member events respect blocks both ways;
 * - a stream that does not read is dropped once its unsent data passes the bound, while others
 *   keep receiving, and its next connect gets `refetch`;
 * - a stream ends when its token is revoked or expires, and the quota frees at once;
 * - opening streams is throttled per user and per IP; an old cursor gets `refetch` at once,
 *   however large the log.
 * Runs on the suite's database (PGlite by default, or DATABASE_URL).
 */
import jwt from 'jsonwebtoken';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { newMailToken } from '../../server/modules/auth/auth.tokens';
import { createEventHub, type EventHub } from '../../server/modules/events/event-hub';
import { LIMITS } from '../../shared/limits';
import { addMemberInDb, as, createGroup } from '../factories/groups';
import { block, createFriendStack, createGroupStack, makeFriends } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { listen, openSse, openStalledStream, type SseMessage, type SseStream } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let hub: EventHub;
let server: { url: string; close(): Promise<void> };
const opened: { close(): void }[] = [];

beforeAll(async () => {
  // X-Forwarded-For names the client's IP: each test comes from addresses of its own.
  t = await createTestApp({ trustProxy: true });
  hub = createEventHub({ handle: t.testDb.handle, logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'), pruneEveryMs: 0 });
  await hub.start();
  server = await listen(createApp({ ...t.deps, events: hub }));
});

// Streams end with their test: the hub reads the events of open streams' users only.
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

afterAll(async () => {
  await hub?.stop();
  await server?.close();
  await t?.close();
});

let ipCount = 0;
/** A client IP no other test uses. */
const freshIp = () => {
  ipCount += 1;
  return `203.0.${Math.floor(ipCount / 250)}.${(ipCount % 250) + 1}`;
};

async function stream(user: FactoryUser, options: { headers?: Record<string, string>; ip?: string; token?: string } = {}): Promise<SseStream> {
  const s = await openSse(server.url, '/v1/events', {
    authorization: `Bearer ${options.token ?? t.tokenFor(user)}`,
    'x-forwarded-for': options.ip ?? freshIp(),
    ...options.headers,
  });
  opened.push(s);
  return s;
}

const isEvent = (event: string, match: Record<string, unknown> = {}) => (m: SseMessage) =>
  m.event === event && Object.entries(match).every(([k, v]) => (m.data as Record<string, unknown>)[k] === v);

let sentinelCount = 0;
/** A notification for each user, straight in the database; waits until every stream has its own (events arrive in cursor order). */
async function sentinel(streams: [FactoryUser, SseStream][]): Promise<void> {
  sentinelCount += 1;
  const type = `SENTINEL_${sentinelCount}`;
  await t.db
    .insertInto('notifications')
    .values(streams.map(([user]) => ({ user_id: user.id, type, data: '{}' })))
    .execute();
  await Promise.all(streams.map(([, s]) => s.waitFor(isEvent('notification.created', { type }), 10_000)));
}

/** The key of the newest event row: rows written later have a larger one. */
async function lastSeq(): Promise<number> {
  const row = await t.db.selectFrom('events').select(sql<number>`coalesce(max(seq), 0)`.as('seq')).executeTakeFirstOrThrow();
  return Number(row.seq);
}

/** The event rows written after `seq`, by type. */
async function rowsAfter(seq: number): Promise<Record<string, number>> {
  const rows = await t.db.selectFrom('events').select(['type', sql<number>`count(*)::int`.as('n')]).where('seq', '>', seq).groupBy('type').execute();
  return Object.fromEntries(rows.map((r) => [r.type, r.n]));
}

const after = (s: SseStream, count: number) => s.messages.slice(count).filter((m) => !m.event.startsWith('notification'));

/** `count` group stacks by `owner`, written in one statement (one stack.created each). */
async function groupStacksInDb(owner: FactoryUser, groupId: number, count: number): Promise<number[]> {
  const rows = await t.db
    .insertInto('stacks')
    .columns(['name', 'positions', 'owner_id', 'mode', 'group_id'])
    .expression(
      t.db
        .selectFrom(sql<{ g: number }>`generate_series(1, ${count})`.as('g'))
        .select([
          sql<string>`'Bulk ' || g`.as('name'),
          sql`'["a","b","c","d","e","f"]'::jsonb`.as('positions'),
          sql<number>`${owner.id}::int`.as('owner_id'),
          sql<string>`'group'`.as('mode'),
          sql<number>`${groupId}::int`.as('group_id'),
        ]),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

async function groupOf(owner: FactoryUser, members: FactoryUser[]) {
  const group = await createGroup(t, owner, { is_public: false });
  for (const m of members) await addMemberInDb(t.db, group.id, m);
  return group;
}

describe('bulk actions write one summary event, to the actor only', () => {
  it('Hide New Stacks over 300 new stacks writes one event row: feed.bulk_updated on each of my streams, nothing to other members', async () => {
    const [owner, actor, other] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const group = await groupOf(owner, [actor, other]);
    await groupStacksInDb(owner, group.id, 300);
    const users: [FactoryUser, SseStream][] = [
      [actor, await stream(actor)],
      [actor, await stream(actor)],
      [other, await stream(other)],
      [owner, await stream(owner)],
    ];
    await sentinel(users);
    const counts = users.map(([, s]) => s.messages.length);
    const before = await lastSeq();

    const res = await as(t, actor).post('/v1/stacks/hide_new', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 300, batch_id: expect.any(Number) });
    // Today's triggers wrote one stack.hidden and one stack.updated per stack: 600 rows.
    expect(await rowsAfter(before)).toEqual({ 'feed.bulk_updated': 1 });

    for (const [, s] of users.slice(0, 2)) {
      expect((await s.waitFor(isEvent('feed.bulk_updated'))).data).toEqual({ action: 'hide_new', count: 300 });
    }
    await sentinel(users);
    users.forEach(([, s], i) => expect(after(s, counts[i]).map((m) => m.event)).toEqual(i < 2 ? ['feed.bulk_updated'] : []));
    // The feed agrees: nothing new is left to hide.
    expect((await as(t, actor).post('/v1/stacks/hide_new', {})).body).toEqual({ count: 0, batch_id: null });
  });

  it('Clear Updates writes one feed.bulk_updated to the actor, nothing to others', async () => {
    const [owner, actor, other] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const group = await groupOf(owner, [actor, other]);
    const ids = await groupStacksInDb(owner, group.id, 40);
    // The actor answered them all, then the owner commented on each: 'New comments!' on 40 cards.
    await t.db
      .insertInto('stack_responses')
      .values(ids.map((id) => ({ stack_id: id, user_id: actor.id, ranking: sql`'[0,1,2,3,4,5]'::jsonb` as never, created_at: sql`now() - interval '1 hour'` as never })))
      .execute();
    await t.db
      .insertInto('comments')
      .values(ids.map((id) => ({ stack_id: id, user_id: owner.id, description: 'News' })))
      .execute();
    const users: [FactoryUser, SseStream][] = [
      [actor, await stream(actor)],
      [other, await stream(other)],
    ];
    await sentinel(users);
    const counts = users.map(([, s]) => s.messages.length);
    const before = await lastSeq();

    const res = await as(t, actor).post('/v1/stacks/clear_updates', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 40 });
    expect(await rowsAfter(before)).toEqual({ 'feed.bulk_updated': 1 });
    expect((await users[0][1].waitFor(isEvent('feed.bulk_updated'))).data).toEqual({ action: 'clear_updates', count: 40 });
    await sentinel(users);
    expect(after(users[1][1], counts[1])).toEqual([]);
  });

  it('hides and clears at most LIMITS.feedBulkMax stacks a call; the next call does the rest', async () => {
    const [owner, actor] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const group = await groupOf(owner, [actor]);
    await groupStacksInDb(owner, group.id, LIMITS.feedBulkMax + 5);
    const before = await lastSeq();
    expect((await as(t, actor).post('/v1/stacks/hide_new', {})).body).toEqual({ count: LIMITS.feedBulkMax, batch_id: expect.any(Number) });
    expect(await rowsAfter(before)).toEqual({ 'feed.bulk_updated': 1 });
    expect((await as(t, actor).post('/v1/stacks/hide_new', {})).body).toEqual({ count: 5, batch_id: expect.any(Number) });
  }, 120_000);

  it('an admin hiding a stack for 40 members writes two event rows: stack.hidden to each of them, stack.updated to the others', async () => {
    const [owner, admin, bystander] = await Promise.all([createUser(t.db), createUser(t.db, { role: 'ADMIN' }), createUser(t.db)]);
    const chosen = await Promise.all(Array.from({ length: 40 }, () => createUser(t.db)));
    const group = await groupOf(owner, [...chosen, bystander]);
    const id = await createGroupStack(t, owner, group.id);
    const users: [FactoryUser, SseStream][] = [
      [chosen[0], await stream(chosen[0])],
      [chosen[39], await stream(chosen[39])],
      [bystander, await stream(bystander)],
    ];
    await sentinel(users);
    const before = await lastSeq();

    const res = await as(t, admin).del(`/v1/stacks/${id}/hide`).send({ user_ids: chosen.map((u) => u.id) });
    expect(res.status).toBe(200);
    expect(await rowsAfter(before)).toEqual({ 'stack.hidden': 1, 'stack.updated': 1 });
    for (const [, s] of users.slice(0, 2)) expect((await s.waitFor(isEvent('stack.hidden', { stack_id: id }))).data).toEqual({ stack_id: id, type: 'stack', original_id: null });
    await users[2][1].waitFor(isEvent('stack.updated', { stack_id: id }));
    await sentinel(users);
    expect(users[2][1].messages.filter(isEvent('stack.hidden'))).toEqual([]);
    expect(users[0][1].messages.filter(isEvent('stack.updated', { stack_id: id }))).toEqual([]);
  });

  it('hiding a stack for oneself writes one event row, to oneself: others see no change', async () => {
    const [owner, actor, other] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const group = await groupOf(owner, [actor, other]);
    const id = await createGroupStack(t, owner, group.id);
    const users: [FactoryUser, SseStream][] = [
      [actor, await stream(actor)],
      [other, await stream(other)],
      [owner, await stream(owner)],
    ];
    await sentinel(users);
    const counts = users.map(([, s]) => s.messages.length);
    const before = await lastSeq();
    expect((await as(t, actor).del(`/v1/stacks/${id}/hide`).send({})).status).toBe(200);
    expect(await rowsAfter(before)).toEqual({ 'stack.hidden': 1 });
    await users[0][1].waitFor(isEvent('stack.hidden', { stack_id: id }));
    await sentinel(users);
    expect(after(users[1][1], counts[1])).toEqual([]);
    expect(after(users[2][1], counts[2])).toEqual([]);
  });

  it('deleting a stack with its twist, answers, comments and hides writes one event row', async () => {
    const [owner, a, b] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const group = await groupOf(owner, [a, b]);
    const [id] = await groupStacksInDb(owner, group.id, 1);
    const twisted = await t.db
      .insertInto('stacks')
      .values({ parent_id: id, name: 'Bulk 1', positions: sql`'["a","b","c","d","e","f"]'::jsonb` as never, twist_description: 'Twist', owner_id: a.id, mode: 'group', group_id: group.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const stackId of [id, twisted.id]) {
      for (const user of [a, b]) {
        await t.db.insertInto('stack_responses').values({ stack_id: stackId, user_id: user.id, ranking: sql`'[0,1,2,3,4,5]'::jsonb` as never }).execute();
        await t.db.insertInto('comments').values({ stack_id: stackId, user_id: user.id, description: 'Hm' }).execute();
      }
    }
    await t.db.insertInto('stack_hides').values([{ stack_id: id, user_id: b.id, hidden_by: owner.id }, { stack_id: twisted.id, user_id: a.id, hidden_by: a.id }]).execute();
    const before = await lastSeq();
    await t.db.deleteFrom('stacks').where('id', '=', id).execute();
    expect(await rowsAfter(before)).toEqual({ 'stack.deleted': 1 });
  });
});

describe('group member events respect blocks both ways', () => {
  it('neither the blocker nor the blocked hears that the other joined or left', async () => {
    const [owner, blocker, blocked, member] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db), createUser(t.db)]);
    const group = await groupOf(owner, [blocker, member]);
    await block(t, blocker, blocked);
    const users: [FactoryUser, SseStream][] = [
      [blocker, await stream(blocker)],
      [member, await stream(member)],
    ];
    // The blocked user joins: the member hears of it, the blocker does not.
    await addMemberInDb(t.db, group.id, blocked);
    await users[1][1].waitFor(isEvent('group.member_joined', { user_id: blocked.id }));
    const sBlocked = await stream(blocked);
    users.push([blocked, sBlocked]);
    // The blocker leaves and comes back: the blocked member hears of neither, the member of both.
    await t.db.deleteFrom('group_members').where('group_id', '=', group.id).where('user_id', '=', blocker.id).execute();
    await addMemberInDb(t.db, group.id, blocker);
    await users[1][1].waitFor(isEvent('group.member_joined', { user_id: blocker.id }));
    // Their own joining and leaving still reach each of them.
    await users[0][1].waitFor(isEvent('group.member_joined', { user_id: blocker.id }));
    await sentinel(users);
    expect(users[0][1].messages.filter((m) => (m.data as { user_id?: number }).user_id === blocked.id)).toEqual([]);
    expect(sBlocked.messages.filter((m) => (m.data as { user_id?: number }).user_id === blocker.id)).toEqual([]);
    expect(users[1][1].messages.filter(isEvent('group.member_left', { user_id: blocker.id }))).toHaveLength(1);
  });
});

describe('backpressure', () => {
  it('drops a stream whose reader does not read once its unsent data passes the bound; others keep receiving; it comes back to refetch', async () => {
    const [owner, slow, reader] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const group = await groupOf(owner, [slow, reader]);
    const sReader = await stream(reader);
    await sentinel([[reader, sReader]]);
    const cursor = sReader.messages.at(-1)!.id!;
    const stalled = await openStalledStream(server.url, '/v1/events', { authorization: `Bearer ${t.tokenFor(slow)}`, 'x-forwarded-for': freshIp() });
    opened.push(stalled);
    for (let i = 0; i < 50 && hub.streamCount(slow.id) === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(hub.streamCount(slow.id)).toBe(1);

    // 6 MB of events both may see, more than the kernel's buffers and the bound together; 3 kB
    // each (real ones are smaller), so one delivery batch (200 events) stays below the bound.
    const pad = 'x'.repeat(3_000);
    for (let batch = 0; batch < 10; batch += 1) {
      await t.db
        .insertInto('events')
        .columns(['type', 'group_id', 'user_id', 'data'])
        .expression(
          t.db
            .selectFrom(sql<{ g: number }>`generate_series(1, 200)`.as('g'))
            .select([
              sql<string>`'group.member_joined'`.as('type'),
              sql<number>`${group.id}::int`.as('group_id'),
              sql<number>`${owner.id}::int`.as('user_id'),
              sql`jsonb_build_object('group_id', ${group.id}::int, 'user_id', ${owner.id}::int, 'pad', ${pad}::text)`.as('data'),
            ]),
        )
        .execute();
      // The reader keeps up (it reads each batch before the next is written); the stalled one cannot.
      await sentinel([[reader, sReader]]);
    }
    expect(sReader.messages.filter(isEvent('group.member_joined', { user_id: owner.id, group_id: group.id }))).toHaveLength(2_000);
    // Dropped: its quota is free, and what it missed is not replayed but refetched.
    expect(hub.streamCount(slow.id)).toBe(0);
    const back = await stream(slow, { headers: { 'last-event-id': cursor } });
    expect((await back.waitFor(() => true)).event).toBe('refetch');
  }, 60_000);
});

/** Waits for a stream to end; answers how long it took (ms). */
async function endsWithin(s: SseStream, ms: number): Promise<number> {
  const started = Date.now();
  await Promise.race([s.ended, new Promise((_, fail) => setTimeout(() => fail(new Error(`the stream was still open after ${ms} ms`)), ms))]);
  return Date.now() - started;
}

describe('a stream follows its token', () => {
  it('a password reset ends every stream of the old token within 5 s; the quota frees at once for the new one', async () => {
    const user = await createUser(t.db);
    const streams: SseStream[] = [];
    for (let i = 0; i < LIMITS.eventStreamsPerUser; i += 1) streams.push(await stream(user));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const { token, hash } = newMailToken();
    await t.db.insertInto('user_tokens').values({ user_id: user.id, purpose: 'reset_password', token_hash: hash, expires_at: new Date(Date.now() + 3_600_000) }).execute();
    expect((await t.request.post('/v1/auth/reset').send({ token, password: 'a-new-password' })).status).toBe(200);
    for (const s of streams) await endsWithin(s, 5_000);
    expect(hub.streamCount(user.id)).toBe(0);
    const fresh = await stream(user, { token: t.tokenFor({ ...user, token_version: user.token_version + 1 }) });
    expect(fresh.status).toBe(200);
    expect((await stream(user)).status).toBe(401);
  });

  it('a deactivation ends the stream within 5 s; a token version bump from anywhere (here SQL) does too, not a stream of the new token', async () => {
    const [leaver, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const s = await stream(leaver);
    expect((await as(t, leaver).post('/v1/users/me/deactivate', { confirm: true })).status).toBe(200);
    await endsWithin(s, 5_000);
    expect(hub.streamCount(leaver.id)).toBe(0);

    const old = await stream(other);
    await t.db.updateTable('users').set({ token_version: sql`token_version + 1` }).where('id', '=', other.id).execute();
    await endsWithin(old, 5_000);
    const renewed = await stream(other, { token: t.tokenFor({ ...other, token_version: other.token_version + 1 }) });
    await t.db.updateTable('users').set({ bio: 'Still here' }).where('id', '=', other.id).execute();
    await sentinel([[other, renewed]]);
    expect(hub.streamCount(other.id)).toBe(1);
  });

  it('ends when the token expires', async () => {
    const user = await createUser(t.db);
    const token = jwt.sign({ sub: String(user.id), ver: user.token_version, sid: user.session_id }, t.config.jwtSecret, { algorithm: 'HS256', expiresIn: 2 });
    const s = await stream(user, { token });
    expect(s.status).toBe(200);
    await endsWithin(s, 2_000 + 5_000);
    expect(hub.streamCount(user.id)).toBe(0);
  });
});

describe('opening streams is throttled', () => {
  /** Opens a stream and closes it again once the hub has it; answers the status. */
  async function openAndClose(user: FactoryUser, ip: string): Promise<SseStream> {
    const s = await stream(user, { ip });
    s.close();
    for (let i = 0; i < 100 && hub.streamCount(user.id) > 0; i += 1) await new Promise((r) => setTimeout(r, 5));
    return s;
  }

  it(`per user: ${LIMITS.eventOpensPerUser} opens per window, then 429 with Retry-After; other users are not held back`, async () => {
    const [user, other] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const ip = freshIp();
    for (let i = 0; i < LIMITS.eventOpensPerUser; i += 1) expect((await openAndClose(user, ip)).status).toBe(200);
    const refused = await openAndClose(user, freshIp());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'Too many event streams opened. Please try again later.', code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await openAndClose(other, ip)).status).toBe(200);
  }, 60_000);

  it('opens at once never pass the per-user stream quota (it is checked again as a stream registers)', async () => {
    const user = await createUser(t.db);
    const ip = freshIp();
    const streams = await Promise.all(Array.from({ length: 2 * LIMITS.eventStreamsPerUser }, () => stream(user, { ip })));
    const statuses = streams.map((s) => s.status).sort();
    expect(statuses).toEqual([...Array(LIMITS.eventStreamsPerUser).fill(200), ...Array(LIMITS.eventStreamsPerUser).fill(429)]);
    expect(streams.filter((s) => s.status === 429).map((s) => (s.body as { code: string }).code)).toEqual(Array(LIMITS.eventStreamsPerUser).fill('TOO_MANY_STREAMS'));
    expect(hub.streamCount(user.id)).toBe(LIMITS.eventStreamsPerUser);
  });

  it(`per IP: ${LIMITS.eventOpensPerIp} opens per window, then 429 with Retry-After; other IPs are not held back`, async () => {
    const ip = freshIp();
    const perUser = LIMITS.eventOpensPerUser;
    const users = await Promise.all(Array.from({ length: Math.ceil(LIMITS.eventOpensPerIp / perUser) + 1 }, () => createUser(t.db)));
    // Users side by side, each opening one stream at a time, each within their own allowance.
    const statuses = await Promise.all(
      users.slice(0, -1).map(async (user, u) => {
        const answers: number[] = [];
        for (let i = 0; i < Math.min(perUser, LIMITS.eventOpensPerIp - u * perUser); i += 1) answers.push((await openAndClose(user, ip)).status);
        return answers;
      }),
    );
    expect(statuses.flat()).toEqual(Array.from({ length: LIMITS.eventOpensPerIp }, () => 200));
    const refused = await openAndClose(users.at(-1)!, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await openAndClose(users.at(-1)!, freshIp())).status).toBe(200);
  }, 120_000);
});

describe('a replay is bounded', () => {
  it('answers refetch within 1 s to ten clients at once with Last-Event-ID 0 over 200,000 events, and to any cursor more than eventReplayMax behind', async () => {
    const [owner, friend, outsider] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    await makeFriends(t, owner, friend);
    const id = await createFriendStack(t, owner, friend);
    // 200,000 edits of a stack the outsider cannot see: each one costs a replay its visibility check.
    // Cursors given in the statement (triggers off: the publish trigger would take 16 s for them).
    await t.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx
        .insertInto('events')
        .columns(['id', 'type', 'stack_id', 'user_id', 'snapshot', 'data'])
        .expression(
          trx
            .selectFrom(sql<{ g: number }>`generate_series(1, 200000)`.as('g'))
            .select([
              sql<number>`nextval('events_cursor_seq')`.as('id'),
              sql<string>`'stack.updated'`.as('type'),
              sql<number>`${id}::int`.as('stack_id'),
              sql<number>`${owner.id}::int`.as('user_id'),
              sql`'{"sandbox_changed": false}'::jsonb`.as('snapshot'),
              sql`jsonb_build_object('stack_id', ${id}::int, 'type', 'stack', 'original_id', null)`.as('data'),
            ]),
        )
        .execute();
    });
    const newest = Number((await t.db.selectFrom('events').select(sql<number>`max(id)`.as('id')).executeTakeFirstOrThrow()).id);

    // Ten clients at once (the finding: a loop of opens with Last-Event-ID 0 kept the database busy).
    const outsiders = [outsider, ...(await Promise.all(Array.from({ length: 9 }, () => createUser(t.db))))];
    const started = Date.now();
    const firsts = await Promise.all(
      outsiders.map(async (user) => {
        const s = await stream(user, { headers: { 'last-event-id': '0' } });
        const first = await s.waitFor(() => true, 60_000);
        return { first, ms: Date.now() - started };
      }),
    );
    for (const { first } of firsts) expect(first).toEqual({ id: String(newest), event: 'refetch', data: { reason: 'cursor_too_old' } });
    expect(Math.max(...firsts.map((f) => f.ms))).toBeLessThan(1_000);

    const behind = await stream(outsider, { headers: { 'last-event-id': String(newest - LIMITS.eventReplayMax - 1) } });
    expect((await behind.waitFor(() => true)).event).toBe('refetch');
    // Within the bound: replayed (the friend sees the edits).
    const within = await stream(friend, { headers: { 'last-event-id': String(newest - 3) } });
    const replayed = await within.waitFor(isEvent('stack.updated', { stack_id: id }));
    expect(Number(replayed.id)).toBe(newest - 2);
  }, 120_000);
});
