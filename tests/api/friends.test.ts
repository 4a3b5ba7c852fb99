import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (user: FactoryUser) => ({ Authorization: `Bearer ${t.tokenFor(user)}` });
const get = (user: FactoryUser, path: string) => t.request.get(path).set(bearer(user));
const send = (from: FactoryUser, userId: number | string) => t.request.post('/v1/users/friends/requests').set(bearer(from)).send({ user_id: userId });
const respond = (user: FactoryUser, requestId: number, status: string) =>
  t.request.put(`/v1/users/friends/requests/${requestId}`).set(bearer(user)).send({ status });
const blockUser = (blocker: FactoryUser, blocked: FactoryUser) => t.request.post('/v1/users/blocks').set(bearer(blocker)).send({ user_id: blocked.id });
const unfriend = (user: FactoryUser, friendId: number) => t.request.delete(`/v1/users/friends/${friendId}`).set(bearer(user));

/** A refusal: the status, the `{detail, code}` body, and never a stack trace. */
function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, detail: res.body?.detail, code: res.body?.code }).toEqual({ status, detail, code });
  expect(res.body).not.toHaveProperty('stack');
  expect(res.text).not.toMatch(/\n\s+at\s/);
}

async function sendOk(from: FactoryUser, to: FactoryUser) {
  const res = await send(from, to.id);
  expect(res.status).toBe(200);
  return res.body as { friend_status: 'pending' | 'friends'; request_id: number };
}

async function befriend(a: FactoryUser, b: FactoryUser) {
  const request = await sendOk(a, b);
  const res = await respond(b, request.request_id, 'ACCEPTED');
  expect(res.status).toBe(200);
}

async function statusBetween(viewer: FactoryUser, other: FactoryUser): Promise<string> {
  const res = await get(viewer, `/v1/users/${other.id}`);
  expect(res.status).toBe(200);
  return res.body.friend_status;
}

async function notificationsOf(user: FactoryUser) {
  const res = await get(user, '/v1/users/notifications');
  expect(res.status).toBe(200);
  return res.body as { id: number; type: string; data: Record<string, unknown>; is_read: boolean }[];
}

async function requestRowsBetween(a: FactoryUser, b: FactoryUser) {
  return t.db
    .selectFrom('friend_requests')
    .select(['id', 'from_user_id', 'to_user_id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('from_user_id', '=', a.id), eb('to_user_id', '=', b.id)]),
        eb.and([eb('from_user_id', '=', b.id), eb('to_user_id', '=', a.id)]),
      ]),
    )
    .orderBy('id')
    .execute();
}

async function friendshipRowsBetween(a: FactoryUser, b: FactoryUser) {
  return t.db
    .selectFrom('friendships')
    .select(['user_id', 'friend_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a.id), eb('friend_id', '=', b.id)]),
        eb.and([eb('user_id', '=', b.id), eb('friend_id', '=', a.id)]),
      ]),
    )
    .orderBy('user_id')
    .execute();
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('POST /v1/users/friends/requests', () => {
  it('sends a request: pending for the sender, incoming for the target, and a FRIEND_REQUEST notification', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const res = await send(alice, bob.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ friend_status: 'pending', request_id: expect.any(Number) });

    expect(await statusBetween(alice, bob)).toBe('pending');
    expect(await statusBetween(bob, alice)).toBe('incoming');
    expect(await notificationsOf(bob)).toEqual([
      {
        id: expect.any(Number),
        type: 'FRIEND_REQUEST',
        data: { from_user_id: alice.id, from_username: alice.username, request_id: res.body.request_id },
        is_read: false,
        created_at: expect.any(String),
      },
    ]);
    expect(await notificationsOf(alice)).toEqual([]);
  });

  it('refuses a request to yourself with 400', async () => {
    const alice = await createUser(t.db);
    expectError(await send(alice, alice.id), 400, 'SELF_REQUEST', 'You cannot send a friend request to yourself');
  });

  it('refuses an unknown or deactivated user with 404', async () => {
    const alice = await createUser(t.db);
    const dead = await createUser(t.db, { is_active: false });
    expectError(await send(alice, 2_000_000_000), 404, 'USER_NOT_FOUND', 'User not found');
    expectError(await send(alice, dead.id), 404, 'USER_NOT_FOUND', 'User not found');
    expect(await t.db.selectFrom('notifications').select('id').where('user_id', '=', dead.id).execute()).toEqual([]);
  });

  it('refuses a bad user_id with 400', async () => {
    const alice = await createUser(t.db);
    expectError(await send(alice, 'abc'), 400, 'VALIDATION_FAILED', 'user_id: must be a whole number written in plain digits, like 42');
    expectError(await send(alice, 0), 400, 'VALIDATION_FAILED', 'user_id: Too small: expected number to be >0');
  });

  it('refuses ids beyond the integer range with 400 on every friend and block route, not a server error', async () => {
    const alice = await createUser(t.db);
    const big = 9_999_999_999;
    expectError(await send(alice, big), 400, 'VALIDATION_FAILED', 'user_id: Too big: expected number to be <=2147483647');
    expectError(await t.request.post('/v1/users/blocks').set(bearer(alice)).send({ user_id: big }), 400, 'VALIDATION_FAILED', 'user_id: Too big: expected number to be <=2147483647');
    expectError(await respond(alice, big, 'ACCEPTED'), 400, 'VALIDATION_FAILED', 'id: Too big: expected number to be <=2147483647');
    expectError(await unfriend(alice, big), 400, 'VALIDATION_FAILED', 'id: Too big: expected number to be <=2147483647');
    expectError(await t.request.delete(`/v1/users/blocks/${big}`).set(bearer(alice)), 400, 'VALIDATION_FAILED', 'id: Too big: expected number to be <=2147483647');
  });

  it('refuses a duplicate with 409 REQUEST_PENDING, and keeps one request and one notification', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    await sendOk(alice, bob);
    expectError(await send(alice, bob.id), 409, 'REQUEST_PENDING', 'Friend request already sent');
    expect(await requestRowsBetween(alice, bob)).toHaveLength(1);
    expect(await notificationsOf(bob)).toHaveLength(1);
  });

  it('refuses a request between friends with 409 ALREADY_FRIENDS, from either side', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    await befriend(alice, bob);
    expectError(await send(alice, bob.id), 409, 'ALREADY_FRIENDS', 'You are already friends');
    expectError(await send(bob, alice.id), 409, 'ALREADY_FRIENDS', 'You are already friends');
  });

  it('sending to someone who already asked you makes you friends and accepts their request', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const first = await sendOk(alice, bob);
    const res = await send(bob, alice.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ friend_status: 'friends', request_id: first.request_id });

    expect(await requestRowsBetween(alice, bob)).toEqual([{ id: first.request_id, from_user_id: alice.id, to_user_id: bob.id, status: 'ACCEPTED' }]);
    expect(await statusBetween(alice, bob)).toBe('friends');
    expect(await statusBetween(bob, alice)).toBe('friends');
    // Bob answered alice's request by asking back: her notification to him is done with.
    expect((await notificationsOf(bob)).map((n) => [n.type, n.is_read])).toEqual([['FRIEND_REQUEST', true]]);
    expect(await notificationsOf(alice)).toEqual([]);
  });

  it('RACE: two people asking each other at the same moment end as friends, with no open request', async () => {
    for (let round = 0; round < 5; round += 1) {
      const alice = await createUser(t.db);
      const bob = await createUser(t.db);
      const [a, b] = await Promise.all([send(alice, bob.id), send(bob, alice.id)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect([a.body.friend_status, b.body.friend_status].sort()).toEqual(['friends', 'pending']);

      const requests = await requestRowsBetween(alice, bob);
      expect(requests.filter((r) => r.status === 'PENDING')).toEqual([]);
      expect(requests).toEqual([expect.objectContaining({ status: 'ACCEPTED' })]);
      expect(await friendshipRowsBetween(alice, bob)).toEqual(
        [
          { user_id: alice.id, friend_id: bob.id },
          { user_id: bob.id, friend_id: alice.id },
        ].sort((x, y) => x.user_id - y.user_id),
      );
      expect(await statusBetween(alice, bob)).toBe('friends');
      expect(await statusBetween(bob, alice)).toBe('friends');
    }
  });
});

describe('GET /v1/users/friends/requests', () => {
  it('lists incoming requests by default and outgoing with ?type=outgoing', async () => {
    const me = await createUser(t.db, { avatar_id: 2 });
    const asker = await createUser(t.db, { avatar_id: 6 });
    const asked = await createUser(t.db, { avatar_id: 8 });
    const incoming = await sendOk(asker, me);
    const outgoing = await sendOk(me, asked);

    const byDefault = await get(me, '/v1/users/friends/requests');
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toEqual([
      {
        id: incoming.request_id,
        from_user_id: asker.id,
        from_username: asker.username,
        from_avatar_id: 6,
        user_id: me.id,
        username: me.username,
        avatar_id: 2,
        status: 'PENDING',
        created_at: expect.any(String),
      },
    ]);
    expect((await get(me, '/v1/users/friends/requests?type=incoming')).body).toEqual(byDefault.body);

    const out = await get(me, '/v1/users/friends/requests?type=outgoing');
    expect(out.status).toBe(200);
    expect(out.body).toEqual([
      {
        id: outgoing.request_id,
        from_user_id: me.id,
        from_username: me.username,
        from_avatar_id: 2,
        user_id: asked.id,
        username: asked.username,
        avatar_id: 8,
        status: 'PENDING',
        created_at: expect.any(String),
      },
    ]);
  });

  it('refuses an unknown type with 400', async () => {
    const me = await createUser(t.db);
    expectError(await get(me, '/v1/users/friends/requests?type=all'), 400, 'VALIDATION_FAILED', 'type: Invalid option: expected one of "incoming"|"outgoing"');
  });

  it('answered requests leave both lists, but an ignored one stays in its sender\'s as pending (docs/friend-requests.md)', async () => {
    const me = await createUser(t.db);
    const one = await createUser(t.db);
    const two = await createUser(t.db);
    const r1 = await sendOk(one, me);
    const r2 = await sendOk(two, me);
    expect(ids((await get(me, '/v1/users/friends/requests')).body).sort()).toEqual([r1.request_id, r2.request_id].sort());
    expect((await respond(me, r1.request_id, 'ACCEPTED')).status).toBe(200);
    expect((await respond(me, r2.request_id, 'REJECTED')).status).toBe(200);
    expect((await get(me, '/v1/users/friends/requests')).body).toEqual([]);
    expect((await get(one, '/v1/users/friends/requests?type=outgoing')).body).toEqual([]);
    expect((await get(two, '/v1/users/friends/requests?type=outgoing')).body).toEqual([expect.objectContaining({ id: r2.request_id, status: 'PENDING' })]);
  });
});

describe('PUT /v1/users/friends/requests/{id}', () => {
  it('accepting makes both friends and marks the FRIEND_REQUEST notification read', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const request = await sendOk(alice, bob);
    const res = await respond(bob, request.request_id, 'ACCEPTED');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: request.request_id, status: 'ACCEPTED', friend_status: 'friends' });

    expect(await statusBetween(alice, bob)).toBe('friends');
    expect(await statusBetween(bob, alice)).toBe('friends');
    expect((await notificationsOf(bob)).map((n) => [n.type, n.data.request_id, n.is_read])).toEqual([['FRIEND_REQUEST', request.request_id, true]]);
    expect((await get(bob, '/v1/users/notifications/unread-count')).body).toMatchObject({ unread_count: 0, pending_friend_requests: 0 });
  });

  it('rejecting (Ignore) leaves both not friends and marks the notification read; the sender still sees it pending', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const request = await sendOk(alice, bob);
    const res = await respond(bob, request.request_id, 'REJECTED');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: request.request_id, status: 'REJECTED', friend_status: 'not_friends' });
    expect(await statusBetween(alice, bob)).toBe('pending');
    expect(await statusBetween(bob, alice)).toBe('not_friends');
    expect((await notificationsOf(bob)).map((n) => n.is_read)).toEqual([true]);
    expect(await friendshipRowsBetween(alice, bob)).toEqual([]);
  });

  it('only the target may answer: the sender gets 403, anyone else 404', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const carol = await createUser(t.db);
    const request = await sendOk(alice, bob);
    for (const status of ['ACCEPTED', 'REJECTED']) {
      expectError(await respond(alice, request.request_id, status), 403, 'FORBIDDEN', 'Only the person who received a friend request can answer it');
      expectError(await respond(carol, request.request_id, status), 404, 'FRIEND_REQUEST_NOT_FOUND', 'Friend request not found');
    }
    expect(await requestRowsBetween(alice, bob)).toEqual([expect.objectContaining({ status: 'PENDING' })]);
    expect(await statusBetween(alice, bob)).toBe('pending');
  });

  it('an unknown request is 404', async () => {
    const bob = await createUser(t.db);
    expectError(await respond(bob, 2_000_000_000, 'ACCEPTED'), 404, 'FRIEND_REQUEST_NOT_FOUND', 'Friend request not found');
  });

  it('answering twice is 409, whatever the second answer', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const request = await sendOk(alice, bob);
    expect((await respond(bob, request.request_id, 'REJECTED')).status).toBe(200);
    for (const status of ['ACCEPTED', 'REJECTED']) {
      expectError(await respond(bob, request.request_id, status), 409, 'REQUEST_ANSWERED', 'This friend request has already been answered');
    }
    expect(await statusBetween(bob, alice)).toBe('not_friends');
  });

  it('refuses a status other than ACCEPTED or REJECTED with 400', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    const request = await sendOk(alice, bob);
    expectError(await respond(bob, request.request_id, 'PENDING'), 400, 'VALIDATION_FAILED', 'status must be ACCEPTED or REJECTED');
    expectError(await respond(bob, request.request_id, 'CANCELLED'), 400, 'VALIDATION_FAILED', 'status must be ACCEPTED or REJECTED');
  });
});

describe('GET /v1/users/friends/me and DELETE /v1/users/friends/{id}', () => {
  it('lists my friends by username, each with friend_status friends', async () => {
    const me = await createUser(t.db);
    const zoe = await createUser(t.db, { username: `Zoe_${me.username}` });
    const adam = await createUser(t.db, { username: `adam_${me.username}`, bio: 'hi', avatar_id: 3 });
    const pending = await createUser(t.db);
    await befriend(me, zoe);
    await befriend(adam, me);
    await sendOk(me, pending);

    const res = await get(me, '/v1/users/friends/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: adam.id, username: adam.username, bio: 'hi', avatar_id: 3, friend_status: 'friends', last_login: null },
      { id: zoe.id, username: zoe.username, bio: '', avatar_id: 1, friend_status: 'friends', last_login: null },
    ]);
    expect(ids((await get(zoe, '/v1/users/friends/me')).body)).toEqual([me.id]);
  });

  it('unfriending ends the friendship on both sides; again is 404', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    await befriend(alice, bob);
    const res = await unfriend(alice, bob.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Friend removed' });

    expect(await statusBetween(alice, bob)).toBe('not_friends');
    expect(await statusBetween(bob, alice)).toBe('not_friends');
    expect((await get(alice, '/v1/users/friends/me')).body).toEqual([]);
    expect((await get(bob, '/v1/users/friends/me')).body).toEqual([]);
    expect(await friendshipRowsBetween(alice, bob)).toEqual([]);

    expectError(await unfriend(alice, bob.id), 404, 'NOT_FRIENDS', 'You are not friends with this user');
    expectError(await unfriend(bob, alice.id), 404, 'NOT_FRIENDS', 'You are not friends with this user');
  });

  it('unfriending a stranger or an unknown id is 404; a non-numeric id is 400', async () => {
    const alice = await createUser(t.db);
    const stranger = await createUser(t.db);
    expectError(await unfriend(alice, stranger.id), 404, 'NOT_FRIENDS', 'You are not friends with this user');
    expectError(await unfriend(alice, 2_000_000_000), 404, 'NOT_FRIENDS', 'You are not friends with this user');
    const res = await t.request.delete('/v1/users/friends/abc').set(bearer(alice));
    expectError(res, 400, 'VALIDATION_FAILED', 'id: must be a whole number written in plain digits, like 42');
  });

  it('after unfriending, a new request can be sent', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    await befriend(alice, bob);
    expect((await unfriend(bob, alice.id)).status).toBe(200);
    expect((await sendOk(alice, bob)).friend_status).toBe('pending');
  });
});

describe('blocks', () => {
  it('blocking ends the friendship', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    await befriend(alice, bob);
    const res = await blockUser(alice, bob);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User blocked' });
    expect(await friendshipRowsBetween(alice, bob)).toEqual([]);
    expect((await get(alice, '/v1/users/friends/me')).body).toEqual([]);
    expect((await get(bob, '/v1/users/friends/me')).body).toEqual([]);
  });

  it('blocking cancels open requests both ways', async () => {
    const me = await createUser(t.db);
    const asked = await createUser(t.db);
    const asker = await createUser(t.db);
    await sendOk(me, asked);
    const incoming = await sendOk(asker, me);
    expect((await get(me, '/v1/users/notifications/unread-count')).body.pending_friend_requests).toBe(1);

    expect((await blockUser(me, asked)).status).toBe(200);
    expect((await blockUser(me, asker)).status).toBe(200);
    for (const other of [asked, asker]) {
      expect((await requestRowsBetween(me, other)).map((r) => r.status)).toEqual(['CANCELLED']);
    }
    expect((await get(me, '/v1/users/friends/requests')).body).toEqual([]);
    expect((await get(me, '/v1/users/friends/requests?type=outgoing')).body).toEqual([]);
    expect((await get(asked, '/v1/users/friends/requests')).body).toEqual([]);
    expect((await get(asker, '/v1/users/friends/requests?type=outgoing')).body).toEqual([]);
    expect((await get(me, '/v1/users/notifications/unread-count')).body.pending_friend_requests).toBe(0);
    // The cancelled request can no longer be accepted.
    expectError(await respond(me, incoming.request_id, 'ACCEPTED'), 409, 'REQUEST_ANSWERED', 'This friend request has already been answered');
    expect(await friendshipRowsBetween(me, asker)).toEqual([]);
  });

  it('the blocked user no longer sees the blocker, and neither can send the other a request', async () => {
    const blocker = await createUser(t.db);
    const blocked = await createUser(t.db);
    expect((await blockUser(blocker, blocked)).status).toBe(200);

    const list = await get(blocked, '/v1/users').query({ q: blocker.username });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect((await get(blocker, '/v1/users').query({ q: blocked.username })).body).toEqual([]);
    expectError(await get(blocked, `/v1/users/${blocker.id}`), 404, 'USER_NOT_FOUND', 'User not found');
    expectError(await get(blocker, `/v1/users/${blocked.id}`), 404, 'USER_NOT_FOUND', 'User not found');

    expectError(await send(blocked, blocker.id), 404, 'USER_NOT_FOUND', 'User not found');
    expectError(await send(blocker, blocked.id), 404, 'USER_NOT_FOUND', 'User not found');
    expect(await requestRowsBetween(blocker, blocked)).toEqual([]);
    expect(await notificationsOf(blocker)).toEqual([]);
    expect(await notificationsOf(blocked)).toEqual([]);
  });

  it('lists the users I blocked, not those who blocked me', async () => {
    const me = await createUser(t.db);
    const first = await createUser(t.db, { username: `a_${me.username}`, avatar_id: 9 });
    const second = await createUser(t.db, { username: `B_${me.username}` });
    const blockedMe = await createUser(t.db);
    expect((await blockUser(me, second)).status).toBe(200);
    expect((await blockUser(me, first)).status).toBe(200);
    expect((await blockUser(blockedMe, me)).status).toBe(200);

    const res = await get(me, '/v1/users/blocks');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: first.id, username: first.username, avatar_id: 9, created_at: expect.any(String) },
      { id: second.id, username: second.username, avatar_id: 1, created_at: expect.any(String) },
    ]);
    expect(ids((await get(blockedMe, '/v1/users/blocks')).body)).toEqual([me.id]);
  });

  it('unblocking shows each to the other again (not as friends); again is 404', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    await befriend(alice, bob);
    expect((await blockUser(alice, bob)).status).toBe(200);

    const res = await t.request.delete(`/v1/users/blocks/${bob.id}`).set(bearer(alice));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User unblocked' });
    expect((await get(alice, '/v1/users/blocks')).body).toEqual([]);
    expect(await statusBetween(alice, bob)).toBe('not_friends');
    expect(await statusBetween(bob, alice)).toBe('not_friends');
    expect((await sendOk(bob, alice)).friend_status).toBe('pending');

    expectError(await t.request.delete(`/v1/users/blocks/${bob.id}`).set(bearer(alice)), 404, 'NOT_BLOCKED', 'This user is not blocked');
  });

  it('only the blocker can unblock', async () => {
    const alice = await createUser(t.db);
    const bob = await createUser(t.db);
    expect((await blockUser(alice, bob)).status).toBe(200);
    expectError(await t.request.delete(`/v1/users/blocks/${alice.id}`).set(bearer(bob)), 404, 'NOT_BLOCKED', 'This user is not blocked');
    expectError(await get(bob, `/v1/users/${alice.id}`), 404, 'USER_NOT_FOUND', 'User not found');
  });

  it('refuses to block yourself (400) and an unknown user (404)', async () => {
    const alice = await createUser(t.db);
    expectError(await blockUser(alice, alice), 400, 'SELF_BLOCK', 'You cannot block yourself');
    expectError(await t.request.post('/v1/users/blocks').set(bearer(alice)).send({ user_id: 2_000_000_000 }), 404, 'USER_NOT_FOUND', 'User not found');
  });
});

describe('literal paths are not taken for /v1/users/{id}', () => {
  it('blocks, notifications, friends/me and me answer their own shapes', async () => {
    const me = await createUser(t.db);
    const friend = await createUser(t.db);
    const blocked = await createUser(t.db);
    await befriend(friend, me);
    expect((await blockUser(me, blocked)).status).toBe(200);

    const blocks = await get(me, '/v1/users/blocks');
    expect(blocks.status).toBe(200);
    expect(blocks.body).toEqual([{ id: blocked.id, username: blocked.username, avatar_id: 1, created_at: expect.any(String) }]);

    const notifications = await get(me, '/v1/users/notifications');
    expect(notifications.status).toBe(200);
    expect(notifications.body).toEqual([expect.objectContaining({ type: 'FRIEND_REQUEST', data: expect.objectContaining({ from_user_id: friend.id }) })]);

    const unread = await get(me, '/v1/users/notifications/unread-count');
    expect(unread.status).toBe(200);
    expect(unread.body).toEqual({ unread_count: 0, pending_friend_requests: 0, pending_group_requests: 0 });

    const friends = await get(me, '/v1/users/friends/me');
    expect(friends.status).toBe(200);
    expect(friends.body).toEqual([expect.objectContaining({ id: friend.id, friend_status: 'friends' })]);

    const requests = await get(me, '/v1/users/friends/requests');
    expect(requests.status).toBe(200);
    expect(requests.body).toEqual([]);

    const current = await get(me, '/v1/users/me');
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ id: me.id, username: me.username, email: me.email, role: 'USER' });
  });
});
