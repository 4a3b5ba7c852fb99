/**
 * Mute (docs/mute.md): POST/GET/DELETE /v1/users/mutes. A muted user's stacks, twists, comments,
 * answer banners, notifications and live events leave the muter's views, at read time (an unmute
 * restores everything); friendship and group membership stay; the muted user sees no change.
 */
import { sql } from 'kysely';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { createEventHub, type EventHub } from '../../server/modules/events/event-hub';
import { addMemberInDb, as, createGroup } from '../factories/groups';
import {
  answer,
  block,
  comment,
  createFriendStack,
  createGroupStack,
  feed,
  getStack,
  groupWith,
  makeFriends,
  RANKINGS,
  stackItem,
  twist,
  twistedItem,
} from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { listen, openSse, type SseMessage, type SseStream } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let hub: EventHub;
let server: { url: string; close(): Promise<void> };
const opened: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  hub = createEventHub({ handle: t.testDb.handle, logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'), heartbeatMs: 5_000, pruneEveryMs: 0 });
  await hub.start();
  server = await listen(createApp({ ...t.deps, events: hub }));
});

afterAll(async () => {
  for (const stream of opened) stream.close();
  await hub?.stop();
  await server?.close();
  await t?.close();
});

const bearer = (user: FactoryUser) => ({ Authorization: `Bearer ${t.tokenFor(user)}` });
const get = (user: FactoryUser, path: string) => t.request.get(path).set(bearer(user));
const muteReq = (muter: FactoryUser, userId: unknown) => t.request.post('/v1/users/mutes').set(bearer(muter)).send({ user_id: userId });
const unmuteReq = (muter: FactoryUser, userId: number | string) => t.request.delete(`/v1/users/mutes/${userId}`).set(bearer(muter));

function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, detail: res.body?.detail, code: res.body?.code }, JSON.stringify(res.body)).toEqual({ status, detail, code });
}

async function mute(muter: FactoryUser, muted: FactoryUser) {
  const res = await muteReq(muter, muted.id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual({ message: 'User muted' });
}

async function unmute(muter: FactoryUser, muted: FactoryUser) {
  const res = await unmuteReq(muter, muted.id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual({ message: 'User unmuted' });
}

async function notifications(user: FactoryUser) {
  const res = await get(user, '/v1/users/notifications');
  expect(res.status).toBe(200);
  return res.body as { id: number; type: string; data: Record<string, unknown>; is_read: boolean }[];
}

async function unread(user: FactoryUser) {
  const res = await get(user, '/v1/users/notifications/unread-count');
  expect(res.status).toBe(200);
  return res.body as { unread_count: number; pending_friend_requests: number; pending_group_requests: number };
}

const feedIds = async (user: FactoryUser, query = '') => (await feed(t, user, query)).map((i) => `${i.type}:${i.type === 'twisted' ? i.twist?.id : i.id}`);

describe('POST, GET, DELETE /v1/users/mutes', () => {
  it('mutes (idempotently), lists my muted users with when, and unmutes; the muted user lists nothing', async () => {
    const [me, them] = await Promise.all([createUser(t.db, { avatar_id: 4 }), createUser(t.db)]);
    await mute(me, them);
    await mute(me, them);
    const list = await get(me, '/v1/users/mutes');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id: them.id, username: them.username, avatar_id: 1, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect((await get(them, '/v1/users/mutes')).body).toEqual([]);

    await unmute(me, them);
    expect((await get(me, '/v1/users/mutes')).body).toEqual([]);
    expectError(await unmuteReq(me, them.id), 404, 'NOT_MUTED', 'This user is not muted');
  });

  it('lists by username, without deactivated users or users blocked either way (their mute stays)', async () => {
    const me = await createUser(t.db);
    const [zed, amy, gone, blockedByMe, blocksMe] = await Promise.all([
      createUser(t.db, { username: `zed_${me.id}` }),
      createUser(t.db, { username: `Amy_${me.id}` }),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
    ]);
    for (const u of [zed, amy, gone, blockedByMe, blocksMe]) await mute(me, u);
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', gone.id).execute();
    await block(t, me, blockedByMe);
    await block(t, blocksMe, me);
    expect((await get(me, '/v1/users/mutes')).body.map((u: { id: number }) => u.id)).toEqual([amy.id, zed.id]);
    // Unblocking brings the mute back: it was never removed.
    expect((await t.request.delete(`/v1/users/blocks/${blockedByMe.id}`).set(bearer(me))).status).toBe(200);
    expect((await get(me, '/v1/users/mutes')).body.map((u: { id: number }) => u.id)).toEqual([amy.id, blockedByMe.id, zed.id].sort((a, b) => {
      const name = (id: number) => [amy, blockedByMe, zed].find((u) => u.id === id)!.username.toLowerCase();
      return name(a) < name(b) ? -1 : 1;
    }));
  });

  it('refuses myself (400), unknown, deactivated and blocked users either way (404), bad ids (400), and no token (401)', async () => {
    const [me, gone, blockedByMe, blocksMe] = await Promise.all([createUser(t.db), createUser(t.db, { is_active: false }), createUser(t.db), createUser(t.db)]);
    await block(t, me, blockedByMe);
    await block(t, blocksMe, me);
    expectError(await muteReq(me, me.id), 400, 'SELF_MUTE', 'You cannot mute yourself');
    for (const id of [2_000_000_000, gone.id, blockedByMe.id, blocksMe.id]) expectError(await muteReq(me, id), 404, 'USER_NOT_FOUND', 'User not found');
    expect((await muteReq(me, 'abc')).status).toBe(400);
    expect((await muteReq(me, 0)).status).toBe(400);
    expectError(await muteReq(me, 2_147_483_648), 400, 'VALIDATION_FAILED', 'user_id: Too big: expected number to be <=2147483647');
    expect((await t.request.post('/v1/users/mutes').set(bearer(me)).send({})).status).toBe(400);
    expect((await unmuteReq(me, 'abc')).status).toBe(400);
    expectError(await unmuteReq(me, gone.id), 404, 'NOT_MUTED', 'This user is not muted');
    expect((await t.request.post('/v1/users/mutes').send({ user_id: gone.id })).status).toBe(401);
    expect((await t.request.get('/v1/users/mutes')).status).toBe(401);
    expect((await t.request.delete(`/v1/users/mutes/${gone.id}`)).status).toBe(401);
    expect(await t.db.selectFrom('mutes').select('muted_id').where('muter_id', '=', me.id).execute()).toEqual([]);
  });

  it(`holds at most ${LIMITS.mutesMax} muted users: one more is 409 MUTE_LIMIT, muting again still 200, an unmute frees a place`, async () => {
    const me = await createUser(t.db);
    const [last, extra] = await Promise.all([createUser(t.db), createUser(t.db)]);
    // All but one place taken by users made in one statement.
    await sql`with made as (
        insert into users (username, email, password_hash)
        select 'mutecap_' || ${me.id} || '_' || g, 'mutecap_' || ${me.id} || '_' || g || '@example.test', 'x' from generate_series(1, ${LIMITS.mutesMax - 1}) g
        returning id)
      insert into mutes (muter_id, muted_id) select ${me.id}, id from made`.execute(t.db);
    await mute(me, last);
    expectError(await muteReq(me, extra.id), 409, 'MUTE_LIMIT', `You can mute at most ${LIMITS.mutesMax} users. Unmute someone first.`);
    await mute(me, last);
    await unmute(me, last);
    await mute(me, extra);
  });

  it('shows `muted` on the profile to the muter only; friendship stays', async () => {
    const [me, them] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await makeFriends(t, me, them);
    expect((await get(me, `/v1/users/${them.id}`)).body).not.toHaveProperty('muted');
    await mute(me, them);
    const mine = (await get(me, `/v1/users/${them.id}`)).body;
    expect(mine).toMatchObject({ muted: true, friend_status: 'friends' });
    const theirs = (await get(them, `/v1/users/${me.id}`)).body;
    expect(theirs).toMatchObject({ friend_status: 'friends' });
    expect(theirs).not.toHaveProperty('muted');
    expect((await get(me, '/v1/users/friends/me')).body.map((u: { id: number }) => u.id)).toContain(them.id);
    await unmute(me, them);
    expect((await get(me, `/v1/users/${them.id}`)).body).not.toHaveProperty('muted');
  });
});

describe('the muter\'s feed and lists', () => {
  it('drops their stacks and twists from my feed, keeps the muted user\'s own feed unchanged, and an unmute restores it', async () => {
    const [me, them, other] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    await makeFriends(t, me, them, other);
    const group = await groupWith(t, me, [them, other]);
    const toMe = await createFriendStack(t, them, me, { name: 'To me' });
    const theirGroupStack = await createGroupStack(t, them, group.id, { name: 'Theirs' });
    const otherGroupStack = await createGroupStack(t, other, group.id, { name: 'Other' });
    const mineStack = await createGroupStack(t, me, group.id, { name: 'Mine' });
    // Their twist of my stack; another's twist of their stack.
    for (const u of [me, them, other]) await answer(t, u, mineStack);
    const theirTwistOfMine = await twist(t, them, mineStack);
    for (const u of [me, them, other]) await answer(t, u, theirGroupStack);
    const otherTwistOfTheirs = await twist(t, other, theirGroupStack);
    for (const u of [me, them, other]) await answer(t, u, otherTwistOfTheirs, RANKINGS.identity, 'twisted');

    const before = await feedIds(me);
    expect(before).toEqual(expect.arrayContaining([`stack:${toMe}`, `stack:${theirGroupStack}`, `stack:${otherGroupStack}`, `stack:${mineStack}`, `twisted:${theirTwistOfMine}`, `twisted:${otherTwistOfTheirs}`]));
    const theirsBefore = await feed(t, them);

    await mute(me, them);
    const after = await feedIds(me);
    expect(after.sort()).toEqual([`stack:${otherGroupStack}`, `stack:${mineStack}`].sort());
    expect(await feedIds(me, 'filter_friends=true')).toEqual([]);
    expect((await t.request.get('/v1/twisted_stacks').set(bearer(me))).body).toEqual([]);
    // The muted user: nothing changed.
    expect(await feed(t, them)).toEqual(theirsBefore);
    // Opened by id, their stack still answers (mute is not a block).
    expect((await getStack(t, me, toMe)).name).toBe('To me');

    await unmute(me, them);
    expect((await feedIds(me)).sort()).toEqual(before.sort());
  });

  it('keeps a group stack with their answer, counts it in the consensus, but gives it no banner; their comments are hidden', async () => {
    const [me, them, other] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const group = await groupWith(t, other, [me, them]);
    const stack = await createGroupStack(t, other, group.id);
    await answer(t, me, stack, RANKINGS.identity);
    await answer(t, them, stack, RANKINGS.reversed);
    await answer(t, other, stack, RANKINGS.reversed);
    const theirComment = await comment(t, them, stack, 'Muted words');
    const otherComment = await comment(t, other, stack, 'Other words');

    // Before: their answer is news, and so are the comments.
    await as(t, me).post(`/v1/stacks/${stack}/viewed`, {});
    await t.db.updateTable('stack_views').set({ viewed_at: new Date(0), comments_viewed_at: new Date(0) }).where('user_id', '=', me.id).execute();
    let item = stackItem(await feed(t, me), stack)!;
    expect(item.users.find((u) => u.user_id === them.id)?.is_viewed).toBe(false);

    await mute(me, them);
    item = stackItem(await feed(t, me), stack)!;
    expect(item.users.map((u) => u.user_id)).toContain(them.id);
    expect(item.users.find((u) => u.user_id === them.id)?.is_viewed).toBe(true);
    expect(item.users.find((u) => u.user_id === other.id)?.is_viewed).toBe(false);
    const detail = await getStack(t, me, stack);
    expect(detail.comments.map((c: { id: number }) => c.id)).toEqual([otherComment]);
    expect(detail.users.map((u: { user_id: number }) => u.user_id)).toContain(them.id);
    // Two reversed answers against one identity: the consensus is reversed, their answer counted.
    expect(detail.consensus).toEqual([...detail.positions].reverse());
    // The muted user sees both comments.
    expect((await getStack(t, them, stack)).comments.map((c: { id: number }) => c.id)).toEqual([theirComment, otherComment]);

    // Only their comment left unseen: no 'New comments!' for me.
    await as(t, me).post(`/v1/stacks/${stack}/viewed`, {});
    await comment(t, them, stack, 'More muted words');
    expect(stackItem(await feed(t, me), stack)!.me.viewed_comments).toBe(true);
    // Only their answer is unseen: Clear Updates has nothing to clear.
    const late = await createGroupStack(t, other, group.id);
    await answer(t, me, late);
    await answer(t, them, late);
    expect((await as(t, me).post('/v1/stacks/clear_updates', {})).body).toEqual({ count: 0 });

    await unmute(me, them);
    expect(stackItem(await feed(t, me), stack)!.me.viewed_comments).toBe(false);
    expect((await getStack(t, me, stack, 'stack', '?mark_viewed=false')).comments).toHaveLength(3);
    expect((await as(t, me).post('/v1/stacks/clear_updates', {})).body.count).toBeGreaterThanOrEqual(1);
  });

  it('Hide New Stacks leaves their stacks alone (not in my feed), so an unmute shows them again', async () => {
    const [me, them, other] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const group = await groupWith(t, other, [me, them]);
    const theirs = await createGroupStack(t, them, group.id);
    const others = await createGroupStack(t, other, group.id);
    await mute(me, them);
    expect((await as(t, me).post('/v1/stacks/hide_new', {})).body).toEqual({ count: 1, batch_id: expect.any(Number) });
    expect(await feedIds(me)).toEqual([]);
    await unmute(me, them);
    expect(await feedIds(me)).toEqual([`stack:${theirs}`]);
    expect(others).not.toBe(theirs);
  });

  it('hides their comments on a twisted stack\'s page as well', async () => {
    const [me, them, other] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const group = await groupWith(t, other, [me, them]);
    const stack = await createGroupStack(t, other, group.id);
    for (const u of [me, them, other]) await answer(t, u, stack);
    const twisted = await twist(t, other, stack);
    await comment(t, them, twisted, 'Muted', 'twisted');
    const kept = await comment(t, other, twisted, 'Kept', 'twisted');
    await mute(me, them);
    expect((await getStack(t, me, twisted, 'twisted')).comments.map((c: { id: number }) => c.id)).toEqual([kept]);
    expect(twistedItem(await feed(t, me), twisted)).toBeDefined();
  });
});

describe('notifications from a muted user', () => {
  it('drops their friend request and group invitation from my list and counts; an unmute brings them back', async () => {
    const [me, them, friend] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    await mute(me, them);
    expect((await t.request.post('/v1/users/friends/requests').set(bearer(them)).send({ user_id: me.id })).status).toBe(200);
    await makeFriends(t, them, me);
    const group = await createGroup(t, them);
    expect((await as(t, them).post(`/v1/groups/${group.id}/invite/${me.id}`, {})).status).toBe(200);
    await t.db.deleteFrom('friendships').where('user_id', 'in', [me.id, them.id]).where('friend_id', 'in', [me.id, them.id]).execute();
    // A notification from someone else still arrives.
    expect((await t.request.post('/v1/users/friends/requests').set(bearer(friend)).send({ user_id: me.id })).status).toBe(200);

    expect((await notifications(me)).map((n) => [n.type, n.data.from_user_id])).toEqual([['FRIEND_REQUEST', friend.id]]);
    expect(await unread(me)).toEqual({ unread_count: 1, pending_friend_requests: 1, pending_group_requests: 0 });
    expect((await get(me, '/v1/users/notifications?unread_only=true')).body).toHaveLength(1);
    // The request itself stays open: mute is not a block.
    expect((await get(me, '/v1/users/friends/requests?type=incoming')).body.map((r: { from_user_id: number }) => r.from_user_id).sort()).toEqual([them.id, friend.id].sort());
    // The muted user's own side is unchanged.
    expect((await get(them, '/v1/users/friends/requests?type=outgoing')).body.map((r: { user_id: number }) => r.user_id)).toEqual([me.id]);

    await unmute(me, them);
    expect((await notifications(me)).map((n) => n.type).sort()).toEqual(['FRIEND_REQUEST', 'FRIEND_REQUEST', 'GROUP_INVITE']);
    expect(await unread(me)).toEqual({ unread_count: 3, pending_friend_requests: 2, pending_group_requests: 1 });
  });
});

describe('GET /v1/events for the muter', () => {
  async function stream(user: FactoryUser): Promise<SseStream> {
    const s = await openSse(server.url, '/v1/events', { authorization: `Bearer ${t.tokenFor(user)}` });
    expect(s.status).toBe(200);
    opened.push(s);
    return s;
  }
  const isEvent = (event: string, match: Record<string, unknown> = {}) => (m: SseMessage) =>
    m.event === event && Object.entries(match).every(([k, v]) => (m.data as Record<string, unknown>)[k] === v);
  let sentinels = 0;
  /** A notification for each user; once a stream has its own, every earlier event meant for it has arrived. */
  async function sentinel(streams: [FactoryUser, SseStream][]) {
    sentinels += 1;
    const type = `MUTE_SENTINEL_${sentinels}`;
    await t.db.insertInto('notifications').values(streams.map(([user]) => ({ user_id: user.id, type, data: '{}' }))).execute();
    await Promise.all(streams.map(([, s]) => s.waitFor(isEvent('notification.created', { type }))));
  }

  it('does not tell me of their stacks, answers, comments or notifications; others and the muted user still hear; an unmute restores', async () => {
    const [me, them, other, stranger] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db), createUser(t.db)]);
    await makeFriends(t, me, them, other);
    const group = await groupWith(t, other, [me, them]);
    const shared = await createGroupStack(t, other, group.id);
    await mute(me, them);
    await mute(me, stranger);
    const [sMe, sThem, sOther] = [await stream(me), await stream(them), await stream(other)];

    const toMe = await createFriendStack(t, them, me);
    const theirGroupStack = await createGroupStack(t, them, group.id);
    await answer(t, them, shared);
    const theirComment = await comment(t, them, shared, 'Muted');
    expect((await t.request.post('/v1/users/friends/requests').set(bearer(stranger)).send({ user_id: me.id })).status).toBe(200);
    // My own comment reaches the muted user: nothing changes for them.
    const myComment = await comment(t, me, shared, 'Mine');
    await sentinel([
      [me, sMe],
      [them, sThem],
      [other, sOther],
    ]);

    const mine = sMe.messages.filter((m) => m.event !== 'notification.created' || (m.data as { type: string }).type === 'FRIEND_REQUEST');
    expect(mine.filter((m) => [toMe, theirGroupStack].includes((m.data as { stack_id?: number }).stack_id ?? -1))).toEqual([]);
    expect(mine.filter(isEvent('stack.answered', { user_id: them.id }))).toEqual([]);
    expect(mine.filter(isEvent('comment.created', { comment_id: theirComment }))).toEqual([]);
    expect(mine.filter(isEvent('notification.created', { type: 'FRIEND_REQUEST' }))).toEqual([]);
    expect(sMe.messages.find(isEvent('comment.created', { comment_id: myComment }))).toBeDefined();
    // Others hear the muted user; the muted user hears me.
    expect(sOther.messages.find(isEvent('stack.created', { stack_id: theirGroupStack }))).toBeDefined();
    expect(sOther.messages.find(isEvent('comment.created', { comment_id: theirComment }))).toBeDefined();
    expect(sThem.messages.find(isEvent('comment.created', { comment_id: myComment }))).toBeDefined();

    await unmute(me, them);
    await unmute(me, stranger);
    const again = await comment(t, them, shared, 'Heard again');
    await as(t, stranger).post(`/v1/groups/${group.id}/join`, {});
    await t.db.insertInto('notifications').values({ user_id: me.id, type: 'FRIEND_REQUEST', data: JSON.stringify({ from_user_id: stranger.id, from_username: stranger.username, request_id: 1 }) }).execute();
    const heard = await sMe.waitFor(isEvent('comment.created', { comment_id: again }));
    expect(heard).toBeDefined();
    const note = await sMe.waitFor(isEvent('notification.created', { type: 'FRIEND_REQUEST' }));
    // The unread count it carries is GET /v1/users/notifications/unread-count's, mutes included.
    expect((note.data as { unread: { unread_count: number } }).unread.unread_count).toBe((await unread(me)).unread_count);
  });

  it('replays by Last-Event-ID without the muted user\'s events', async () => {
    const [me, them] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await makeFriends(t, me, them);
    const first = await stream(me);
    await t.db.insertInto('notifications').values({ user_id: me.id, type: 'MUTE_CURSOR', data: '{}' }).execute();
    const cursor = (await first.waitFor(isEvent('notification.created', { type: 'MUTE_CURSOR' }))).id!;
    first.close();
    await mute(me, them);
    const muted = await createFriendStack(t, them, me);
    const replay = await openSse(server.url, '/v1/events', { authorization: `Bearer ${t.tokenFor(me)}`, 'last-event-id': cursor });
    opened.push(replay);
    await t.db.insertInto('notifications').values({ user_id: me.id, type: 'MUTE_DONE', data: '{}' }).execute();
    await replay.waitFor(isEvent('notification.created', { type: 'MUTE_DONE' }));
    expect(replay.messages.filter(isEvent('stack.created', { stack_id: muted }))).toEqual([]);
  });
});

describe('group membership stays', () => {
  it('a muted member stays in the group and may still post there', async () => {
    const [me, them] = await Promise.all([createUser(t.db), createUser(t.db)]);
    const group = await createGroup(t, me);
    await addMemberInDb(t.db, group.id, them);
    await mute(me, them);
    const res = await get(me, `/v1/groups/${group.id}`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(them.username);
    await createGroupStack(t, them, group.id);
  });
});
