/**
 * GET /v1/events (docs/live-events.md): Server-Sent Events for the signed-in user, only of what
 * that user may see now (the REST reads' rules), resumable with Last-Event-ID, with heartbeats and
 * a per-user stream limit. Runs on the suite's database (PGlite by default, or DATABASE_URL).
 *
 * A refusal is checked with a sentinel: after the event under test, every user gets a
 * notification. Events reach a stream in cursor order, so once a stream has the sentinel, any
 * event before it that was meant for it has arrived too.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { createEventHub, type EventHub } from '../../server/modules/events/event-hub';
import { pruneEvents } from '../../server/modules/events/events.repo';
import { LIMITS } from '../../shared/limits';
import { addMemberInDb, as, createGroup } from '../factories/groups';
import { answer, block, comment, createFriendStack, createGroupStack, makeFriends } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { listen, openSse, type SseMessage, type SseStream } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

const HEARTBEAT_MS = 300;

let t: TestApp;
let hub: EventHub;
let server: { url: string; close(): Promise<void> };
const opened: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  hub = createEventHub({ handle: t.testDb.handle, logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'), heartbeatMs: HEARTBEAT_MS, pruneEveryMs: 0 });
  await hub.start();
  server = await listen(createApp({ ...t.deps, events: hub }));
});

afterAll(async () => {
  for (const stream of opened) stream.close();
  await hub?.stop();
  await server?.close();
  await t?.close();
});

async function stream(user: FactoryUser | null, headers: Record<string, string> = {}, query = ''): Promise<SseStream> {
  const s = await openSse(server.url, `/v1/events${query}`, { ...(user ? { authorization: `Bearer ${t.tokenFor(user)}` } : {}), ...headers });
  opened.push(s);
  return s;
}

const isEvent = (event: string, match: Record<string, unknown> = {}) => (m: SseMessage) =>
  m.event === event && Object.entries(match).every(([k, v]) => (m.data as Record<string, unknown>)[k] === v);

let sentinelCount = 0;
/** A notification for each user, straight in the database; waits until every stream has its own. */
async function sentinel(streams: [FactoryUser, SseStream][]): Promise<void> {
  sentinelCount += 1;
  const type = `SENTINEL_${sentinelCount}`;
  await t.db
    .insertInto('notifications')
    .values(streams.map(([user]) => ({ user_id: user.id, type, data: '{}' })))
    .execute();
  await Promise.all(streams.map(([, s]) => s.waitFor(isEvent('notification.created', { type }))));
}

const about = (events: SseMessage[], key: string, id: number) => events.filter((m) => (m.data as Record<string, unknown>)[key] === id);

describe('GET /v1/events: access', () => {
  it('answers 401 with the API error body without a token, or with a bad one', async () => {
    const none = await stream(null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: 'Not authenticated', code: 'UNAUTHORIZED' });
    const bad = await stream(null, { authorization: 'Bearer nonsense' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ detail: 'The token is invalid or has expired', code: 'UNAUTHORIZED' });
  });

  it('opens a text/event-stream, and refuses a sixth stream of one user with 429 until one closes', async () => {
    const user = await createUser(t.db);
    const streams: SseStream[] = [];
    for (let i = 0; i < LIMITS.eventStreamsPerUser; i += 1) {
      const s = await stream(user);
      expect(s.status).toBe(200);
      expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
      streams.push(s);
    }
    const sixth = await stream(user);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ detail: `At most ${LIMITS.eventStreamsPerUser} event streams per user; close one first`, code: 'TOO_MANY_STREAMS' });
    expect(sixth.headers['retry-after']).toBeDefined();
    // Another user is not limited by this one's streams.
    expect((await stream(await createUser(t.db))).status).toBe(200);

    streams[0].close();
    for (let i = 0; i < 50 && hub.streamCount(user.id) === LIMITS.eventStreamsPerUser; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect((await stream(user)).status).toBe(200);
    for (const s of streams) s.close();
  });

  it('sends a heartbeat comment on an idle stream, with no SQL for it', async () => {
    const user = await createUser(t.db);
    const s = await stream(user);
    const { count } = await t.testDb.countQueries(async () => {
      await s.waitForComment('ping', HEARTBEAT_MS * 5);
      await new Promise((r) => setTimeout(r, HEARTBEAT_MS * 2));
    });
    expect(s.comments.filter((c) => c === 'ping').length).toBeGreaterThanOrEqual(2);
    expect(count).toBe(0);
    s.close();
  });
});

describe('GET /v1/events: only to those who may see it', () => {
  it('tells a friend of a new friend stack, and not an outsider, a non-member or anyone after a block either way', async () => {
    const [owner, friend, outsider, other] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db), createUser(t.db)]);
    await makeFriends(t, owner, friend);
    await makeFriends(t, owner, other);
    const users: [FactoryUser, SseStream][] = [];
    for (const u of [owner, friend, outsider, other]) users.push([u, await stream(u)]);
    const [sOwner, sFriend, sOutsider, sOther] = users.map(([, s]) => s);

    const id = await createFriendStack(t, owner, friend);
    const created = await sFriend.waitFor(isEvent('stack.created', { stack_id: id }));
    expect(created.data).toEqual({ stack_id: id, type: 'stack', original_id: null });
    expect(created.id).toMatch(/^\d+$/);
    await sOwner.waitFor(isEvent('stack.created', { stack_id: id }));
    await sentinel(users);
    expect(about(sOutsider.messages, 'stack_id', id)).toEqual([]);
    expect(about(sOther.messages, 'stack_id', id)).toEqual([]);

    // The friend blocks the owner: the stack is gone for both, so are its events.
    await block(t, friend, owner);
    await t.db.updateTable('stacks').set({ name: 'Renamed' }).where('id', '=', id).execute();
    // The other way round on a second pair.
    const second = await createFriendStack(t, owner, other);
    await sOther.waitFor(isEvent('stack.created', { stack_id: second }));
    await block(t, owner, other);
    await t.db.updateTable('stacks').set({ name: 'Renamed' }).where('id', '=', second).execute();
    await sentinel(users);
    for (const s of [sOwner, sFriend]) expect(about(s.messages, 'stack_id', id).filter((m) => m.event === 'stack.updated')).toEqual([]);
    for (const s of [sOwner, sOther]) expect(about(s.messages, 'stack_id', second).filter((m) => m.event === 'stack.updated')).toEqual([]);
  });

  it('tells the members of a private group of a group stack, not a non-member; not one it is hidden for; not others once sandboxed', async () => {
    const [owner, answered, waiting, hiddenFor, nonMember, admin] = await Promise.all([
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db, { role: 'ADMIN' }),
    ]);
    await makeFriends(t, owner, nonMember);
    const group = await createGroup(t, owner, { is_public: false });
    for (const m of [answered, waiting, hiddenFor]) await addMemberInDb(t.db, group.id, m);
    const users: [FactoryUser, SseStream][] = [];
    for (const u of [owner, answered, waiting, hiddenFor, nonMember, admin]) users.push([u, await stream(u)]);
    const [, sAnswered, sWaiting, sHidden, sNonMember, sAdmin] = users.map(([, s]) => s);

    const id = await createGroupStack(t, owner, group.id);
    for (const s of [sAnswered, sWaiting, sHidden, sAdmin]) await s.waitFor(isEvent('stack.created', { stack_id: id }));

    // An admin hides it for one member: that member is told to drop it, the others that it changed.
    expect((await as(t, admin).del(`/v1/stacks/${id}/hide`).send({ user_ids: [hiddenFor.id] })).status).toBe(200);
    expect((await sHidden.waitFor(isEvent('stack.hidden', { stack_id: id }))).data).toEqual({ stack_id: id, type: 'stack', original_id: null });
    await sWaiting.waitFor(isEvent('stack.updated', { stack_id: id }));

    await answer(t, answered, id);
    await sWaiting.waitFor(isEvent('stack.answered', { stack_id: id, user_id: answered.id }));
    // Sandboxed: everyone who saw it hears of the change, then only the owner, answerers and admins.
    expect((await as(t, owner).post(`/v1/stacks/${id}/sandbox`, { sandbox: true })).status).toBe(200);
    await sWaiting.waitFor((m) => m.event === 'stack.updated' && (m.data as { stack_id: number }).stack_id === id && sWaiting.messages.filter(isEvent('stack.updated', { stack_id: id })).length === 2);
    const before = sWaiting.messages.length;
    const commentId = await comment(t, owner, id);
    await sAnswered.waitFor(isEvent('comment.created', { comment_id: commentId }));
    await sAdmin.waitFor(isEvent('comment.created', { comment_id: commentId }));
    await sentinel(users);
    expect(about(sWaiting.messages.slice(before), 'stack_id', id)).toEqual([]);
    expect(about(sNonMember.messages, 'stack_id', id)).toEqual([]);
    expect(about(sHidden.messages, 'stack_id', id).map((m) => m.event)).toEqual(['stack.created', 'stack.hidden']);
  });

  it('tells of answers and comments, but not those of a user blocked either way, nor a sandboxed comment to others', async () => {
    const [owner, member, blocker, blocked] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db), createUser(t.db)]);
    const group = await createGroup(t, owner);
    for (const m of [member, blocker, blocked]) await addMemberInDb(t.db, group.id, m);
    await block(t, blocker, blocked);
    const users: [FactoryUser, SseStream][] = [];
    for (const u of [owner, member, blocker, blocked]) users.push([u, await stream(u)]);
    const [sOwner, sMember, sBlocker, sBlocked] = users.map(([, s]) => s);
    const id = await createGroupStack(t, owner, group.id);

    await answer(t, blocked, id);
    const answered = await sOwner.waitFor(isEvent('stack.answered', { stack_id: id }));
    expect(answered.data).toEqual({ stack_id: id, type: 'stack', original_id: null, user_id: blocked.id });
    const fromBlocked = await comment(t, blocked, id, 'From the blocked');
    const fromBlocker = await comment(t, blocker, id, 'From the blocker');
    expect((await sMember.waitFor(isEvent('comment.created', { comment_id: fromBlocked }))).data).toEqual({ stack_id: id, type: 'stack', comment_id: fromBlocked });
    await sMember.waitFor(isEvent('comment.created', { comment_id: fromBlocker }));

    // A sandboxed comment: its author and admins only (written as the moderation path leaves it).
    const hidden = await t.db.insertInto('comments').values({ stack_id: id, user_id: member.id, description: 'Sandboxed', is_sandboxed: true }).returning('id').executeTakeFirstOrThrow();
    await sMember.waitFor(isEvent('comment.created', { comment_id: hidden.id }));
    // Sandboxing a visible comment is told to those who saw it, so they drop it.
    expect((await as(t, blocker).post(`/v1/stacks/${id}/comments/${fromBlocker}/sandbox`, { sandbox: true })).status).toBe(200);
    await sOwner.waitFor(isEvent('comment.updated', { comment_id: fromBlocker }));
    await sMember.waitFor(isEvent('comment.updated', { comment_id: fromBlocker }));
    await sentinel(users);

    expect(about(sBlocker.messages, 'user_id', blocked.id).filter((m) => m.event === 'stack.answered')).toEqual([]);
    expect(about(sBlocker.messages, 'comment_id', fromBlocked)).toEqual([]);
    expect(about(sBlocked.messages, 'comment_id', fromBlocker)).toEqual([]);
    for (const s of [sOwner, sBlocker, sBlocked]) expect(about(s.messages, 'comment_id', hidden.id)).toEqual([]);
  });

  it('tells a user of their notification with their unread counts, and nobody else', async () => {
    const [sender, target] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const sSender = await stream(sender);
    const sTarget = await stream(target);
    expect((await as(t, sender).post('/v1/users/friends/requests', { user_id: target.id })).status).toBe(200);
    const event = await sTarget.waitFor((m) => m.event === 'notification.created' && (m.data as { type: string }).type === 'FRIEND_REQUEST');
    const unread = (await as(t, target).get('/v1/users/notifications/unread-count')).body;
    expect(unread.pending_friend_requests).toBe(1);
    expect(event.data).toEqual({ notification_id: expect.any(Number), type: 'FRIEND_REQUEST', unread });
    await sentinel([[sender, sSender]]);
    expect(sSender.messages.filter((m) => m.event === 'notification.created' && (m.data as { type: string }).type === 'FRIEND_REQUEST')).toEqual([]);
  });

  it('tells the members of a group, and the user, that someone joined or left; not outsiders', async () => {
    const [owner, joiner, outsider] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const group = await createGroup(t, owner, { is_public: false });
    const users: [FactoryUser, SseStream][] = [];
    for (const u of [owner, joiner, outsider]) users.push([u, await stream(u)]);
    const [sOwner, sJoiner, sOutsider] = users.map(([, s]) => s);
    await addMemberInDb(t.db, group.id, joiner);
    // The owner's own joining (at creation) may still reach a stream opened just after it: match the joiner.
    const joined = await sOwner.waitFor(isEvent('group.member_joined', { group_id: group.id, user_id: joiner.id }));
    expect(joined.data).toEqual({ group_id: group.id, user_id: joiner.id });
    await sJoiner.waitFor(isEvent('group.member_joined', { group_id: group.id, user_id: joiner.id }));
    await t.db.deleteFrom('group_members').where('group_id', '=', group.id).where('user_id', '=', joiner.id).execute();
    await sOwner.waitFor(isEvent('group.member_left', { group_id: group.id, user_id: joiner.id }));
    await sJoiner.waitFor(isEvent('group.member_left', { group_id: group.id, user_id: joiner.id }));
    await sentinel(users);
    expect(about(sOutsider.messages, 'group_id', group.id)).toEqual([]);
  });

  it('tells those who could see a deleted stack, and not others', async () => {
    const [owner, friend, outsider] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    await makeFriends(t, owner, friend);
    const users: [FactoryUser, SseStream][] = [];
    for (const u of [owner, friend, outsider]) users.push([u, await stream(u)]);
    const id = await createFriendStack(t, owner, friend);
    await t.db.deleteFrom('stacks').where('id', '=', id).execute();
    const deleted = await users[1][1].waitFor(isEvent('stack.deleted', { stack_id: id }));
    expect(deleted.data).toEqual({ stack_id: id, type: 'stack', original_id: null });
    await users[0][1].waitFor(isEvent('stack.deleted', { stack_id: id }));
    await sentinel(users);
    expect(about(users[2][1].messages, 'stack_id', id)).toEqual([]);
  });
});

describe('GET /v1/events: resume without loss', () => {
  it('replays what was missed since Last-Event-ID, in order, once, then goes on live', async () => {
    const [owner, friend, outsider] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    await makeFriends(t, owner, friend);
    const first = await stream(friend);
    const id = await createFriendStack(t, owner, friend);
    const seen = await first.waitFor(isEvent('stack.created', { stack_id: id }));
    first.close();

    // Missed while away: two events for the friend, and one that is not theirs.
    await answer(t, owner, id);
    const commentId = await comment(t, owner, id);
    await createFriendStack(t, owner, outsider).catch(() => undefined);

    const resumed = await stream(friend, { 'last-event-id': seen.id! });
    await resumed.waitFor(isEvent('comment.created', { comment_id: commentId }));
    const later = await comment(t, owner, id, 'Live again');
    await resumed.waitFor(isEvent('comment.created', { comment_id: later }));
    const events = resumed.messages.filter((m) => (m.data as { stack_id?: number }).stack_id === id);
    expect(events.map((m) => m.event)).toEqual(['stack.answered', 'comment.created', 'comment.created']);
    const ids = resumed.messages.map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((n) => n > Number(seen.id))).toBe(true);

    // The same through ?last_event_id= (clients that cannot set headers).
    const byQuery = await stream(friend, {}, `?last_event_id=${seen.id}`);
    await byQuery.waitFor(isEvent('comment.created', { comment_id: later }));
    expect(byQuery.messages.filter((m) => (m.data as { stack_id?: number }).stack_id === id).map((m) => m.event)).toEqual(['stack.answered', 'comment.created', 'comment.created']);
  });

  it('replays a notification with the unread counts of now', async () => {
    const user = await createUser(t.db);
    const s = await stream(user);
    await sentinel([[user, s]]);
    const cursor = s.messages.at(-1)!.id!;
    s.close();
    await t.db.insertInto('notifications').values({ user_id: user.id, type: 'RELEASE_NOTES', data: '{}' }).execute();
    const resumed = await stream(user, { 'last-event-id': cursor });
    const event = await resumed.waitFor(isEvent('notification.created', { type: 'RELEASE_NOTES' }));
    expect((event.data as { unread: unknown }).unread).toEqual((await as(t, user).get('/v1/users/notifications/unread-count')).body);
  });

  it('sends one refetch event first for a cursor older than the events kept, or not one of ours', async () => {
    const [owner, friend] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await makeFriends(t, owner, friend);
    const s = await stream(friend);
    const id = await createFriendStack(t, owner, friend);
    const seen = await s.waitFor(isEvent('stack.created', { stack_id: id }));
    s.close();
    await answer(t, owner, id);
    // Pruning passed the cursor (as after eventReplayMinutes with more than eventReplayMinCount newer).
    await t.db.deleteFrom('events').where('id', '<=', Number(seen.id) + 1).execute();

    const resumed = await stream(friend, { 'last-event-id': seen.id! });
    const refetch = await resumed.waitFor(isEvent('refetch'));
    expect(resumed.messages[0]).toEqual(refetch);
    expect(refetch.data).toEqual({ reason: 'cursor_too_old' });
    expect(Number(refetch.id)).toBeGreaterThan(Number(seen.id));
    // Then live from there.
    const commentId = await comment(t, owner, id);
    await resumed.waitFor(isEvent('comment.created', { comment_id: commentId }));
    expect(resumed.messages.filter((m) => m.event === 'stack.answered')).toEqual([]);

    const foreign = await stream(friend, { 'last-event-id': 'not-a-cursor' });
    expect((await foreign.waitFor(() => true)).event).toBe('refetch');
  });

  it('prunes events older than the replay window but keeps the newest ones', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i += 1) await t.db.insertInto('notifications').values({ user_id: user.id, type: 'PRUNE_ME', data: '{}' }).execute();
    await t.db.updateTable('events').set({ created_at: sql`now() - interval '1 hour'` }).execute();
    const total = Number((await t.db.selectFrom('events').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    expect(total).toBeGreaterThan(3);
    // The suite's count of events is below eventReplayMinCount: nothing goes.
    expect(await pruneEvents(t.db, LIMITS.eventReplayMinutes, LIMITS.eventReplayMinCount)).toBe(0);
    expect(await pruneEvents(t.db, LIMITS.eventReplayMinutes, 3)).toBe(total - 3);
    const kept = await t.db.selectFrom('events').select('id').orderBy('id').execute();
    expect(kept).toHaveLength(3);
    // Young events stay whatever their number.
    await t.db.updateTable('events').set({ created_at: sql`now()` }).execute();
    expect(await pruneEvents(t.db, LIMITS.eventReplayMinutes, 1)).toBe(0);
  });
});
