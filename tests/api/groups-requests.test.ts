import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, groupCast, makeFriendsInDb } from '../factories/groups';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, detail: res.body.detail, code: res.body.code }).toEqual({ status, detail, code });
}

const invite = (user: FactoryUser, groupId: number, userId: number) => as(t, user).post(`/v1/groups/${groupId}/invite/${userId}`);
const requests = (user: FactoryUser, type?: string) => as(t, user).get(`/v1/users/groups/requests${type ? `?type=${type}` : ''}`);
const answer = (user: FactoryUser, id: number, status: unknown) => as(t, user).put(`/v1/users/groups/requests/${id}`, { status });
const unreadCount = async (user: FactoryUser) => {
  const res = await as(t, user).get('/v1/users/notifications/unread-count');
  expect(res.status).toBe(200);
  return res.body;
};
const groupInvites = async (user: FactoryUser) => {
  const res = await as(t, user).get('/v1/users/notifications');
  expect(res.status).toBe(200);
  return res.body.filter((n: { type: string }) => n.type === 'GROUP_INVITE') as { id: number; is_read: boolean; data: { request_id: number } }[];
};

/** An owner's private group, a member, and a friend of both with an open invitation from the owner. */
async function invitedCast(options = {}) {
  const cast = await groupCast(t, { is_public: false, ...options });
  const res = await invite(cast.owner, cast.group.id, cast.friend.id);
  expect(res.status).toBe(200);
  return { ...cast, requestId: res.body.request_id as number };
}

describe('GET /v1/users/groups/requests', () => {
  it('incoming (the default) for the invited user, outgoing for the inviter; only open ones', async () => {
    const { owner, member, friend, group, requestId } = await invitedCast();
    const expected = {
      id: requestId,
      group_id: group.id,
      group_name: group.name,
      from_user_id: owner.id,
      from_username: owner.username,
      user_id: friend.id,
      username: friend.username,
      status: 'PENDING',
      created_at: expect.any(String),
    };
    for (const res of [await requests(friend), await requests(friend, 'incoming')]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual([expected]);
    }
    expect((await requests(owner, 'outgoing')).body).toEqual([expected]);
    expect((await requests(owner, 'incoming')).body).toEqual([]);
    expect((await requests(friend, 'outgoing')).body).toEqual([]);
    // Another member sees neither side.
    expect((await requests(member, 'incoming')).body).toEqual([]);
    expect((await requests(member, 'outgoing')).body).toEqual([]);
    const createdAt = (await requests(friend)).body[0].created_at;
    expect(new Date(createdAt).toISOString()).toBe(createdAt);

    expect((await answer(friend, requestId, 'REJECTED')).status).toBe(200);
    expect((await requests(friend)).body).toEqual([]);
    expect((await requests(owner, 'outgoing')).body).toEqual([]);
  });

  it('lists several invitations newest first', async () => {
    const invitee = await createUser(t.db);
    const first = await invitedCast();
    const second = await invitedCast();
    await makeFriendsInDb(t.db, first.owner, invitee);
    await makeFriendsInDb(t.db, second.owner, invitee);
    const a = await invite(first.owner, first.group.id, invitee.id);
    const b = await invite(second.owner, second.group.id, invitee.id);
    const ids = (await requests(invitee)).body.map((r: { id: number }) => r.id);
    expect(ids).toEqual([b.body.request_id, a.body.request_id]);
  });

  it('refuses an unknown type with 400', async () => {
    const user = await createUser(t.db);
    expectError(await requests(user, 'sideways'), 400, 'VALIDATION_FAILED', 'type: Invalid option: expected one of "incoming"|"outgoing"');
  });
});

describe('PUT /v1/users/groups/requests/{id}', () => {
  it('ACCEPTED makes the invited user a member and marks the GROUP_INVITE notification read', async () => {
    const { owner, friend, group, requestId } = await invitedCast();
    expect(await unreadCount(friend)).toEqual({ unread_count: 1, pending_friend_requests: 0, pending_group_requests: 1 });
    expect((await groupInvites(friend)).map((n) => [n.data.request_id, n.is_read])).toEqual([[requestId, false]]);

    const res = await answer(friend, requestId, 'ACCEPTED');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: requestId, status: 'ACCEPTED', group_id: group.id });

    const detail = await as(t, friend).get(`/v1/groups/${group.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ is_member: true, is_invited: false, member_count: 3 });
    expect(detail.body.members).toContainEqual({ id: friend.id, user_id: friend.id, role: 'MEMBER', user: { username: friend.username, avatar_id: 4 } });
    expect((await as(t, owner).get(`/v1/groups/${group.id}`)).body.pending_invitation_user_ids).toEqual([]);
    expect((await groupInvites(friend)).map((n) => n.is_read)).toEqual([true]);
    expect(await unreadCount(friend)).toEqual({ unread_count: 0, pending_friend_requests: 0, pending_group_requests: 0 });
    expect((await as(t, friend).get('/v1/users/groups/me')).body.map((g: { id: number }) => g.id)).toContain(group.id);
  });

  it('REJECTED does not make a member; the invitation ends (its notification is read) and a new one may be sent', async () => {
    const { owner, friend, group, requestId } = await invitedCast();
    const res = await answer(friend, requestId, 'REJECTED');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: requestId, status: 'REJECTED', group_id: group.id });

    // No longer invited, not a member: the private group is hidden again.
    expectError(await as(t, friend).get(`/v1/groups/${group.id}`), 404, 'GROUP_NOT_FOUND', 'Group not found');
    expect((await as(t, owner).get(`/v1/groups/${group.id}`)).body).toMatchObject({ member_count: 2, pending_invitation_user_ids: [] });
    expect(await unreadCount(friend)).toMatchObject({ unread_count: 0, pending_group_requests: 0 });
    expect((await groupInvites(friend)).map((n) => n.is_read)).toEqual([true]);

    const again = await invite(owner, group.id, friend.id);
    expect(again.status).toBe(200);
    expect(again.body.request_id).not.toBe(requestId);
    expect(await unreadCount(friend)).toMatchObject({ unread_count: 1, pending_group_requests: 1 });
  });

  it('only the invited user may answer: the inviter gets 403, anyone else 404', async () => {
    const { owner, member, stranger, friend, requestId } = await invitedCast();
    expectError(await answer(owner, requestId, 'ACCEPTED'), 403, 'FORBIDDEN', 'Only the invited user can answer an invitation');
    for (const outsider of [stranger, member]) {
      expectError(await answer(outsider, requestId, 'ACCEPTED'), 404, 'GROUP_REQUEST_NOT_FOUND', 'Group request not found');
    }
    expectError(await answer(friend, 999_999, 'ACCEPTED'), 404, 'GROUP_REQUEST_NOT_FOUND', 'Group request not found');
    expect((await requests(friend)).body.map((r: { status: string }) => r.status)).toEqual(['PENDING']);
  });

  it('answering twice is 409, whichever the answers', async () => {
    const accepted = await invitedCast();
    expect((await answer(accepted.friend, accepted.requestId, 'ACCEPTED')).status).toBe(200);
    for (const status of ['ACCEPTED', 'REJECTED']) {
      expectError(await answer(accepted.friend, accepted.requestId, status), 409, 'REQUEST_ANSWERED', 'This invitation has already been answered');
    }
    const rejected = await invitedCast();
    expect((await answer(rejected.friend, rejected.requestId, 'REJECTED')).status).toBe(200);
    expectError(await answer(rejected.friend, rejected.requestId, 'ACCEPTED'), 409, 'REQUEST_ANSWERED', 'This invitation has already been answered');
    expectError(await as(t, rejected.friend).get(`/v1/groups/${rejected.group.id}`), 404, 'GROUP_NOT_FOUND', 'Group not found');
  });

  it.each([['MAYBE'], ['PENDING'], ['accepted'], [''], [null]])('refuses status %j with 400', async (status) => {
    const { friend, requestId } = await invitedCast();
    expectError(await answer(friend, requestId, status), 400, 'VALIDATION_FAILED', 'status must be ACCEPTED or REJECTED');
    expect((await requests(friend)).body.map((r: { status: string }) => r.status)).toEqual(['PENDING']);
  });

  it('an accepted invitation to a restricted or read-only group gives a plain member', async () => {
    const { friend, group, requestId } = await invitedCast({ is_restricted: true, is_readonly: true });
    expect((await answer(friend, requestId, 'ACCEPTED')).status).toBe(200);
    expect((await as(t, friend).get(`/v1/groups/${group.id}`)).body).toMatchObject({ is_member: true, is_owner: false, can_invite: false, can_create_stack: false });
  });
});

describe('GET /v1/users/notifications/unread-count', () => {
  it('counts open group invitations in pending_group_requests, beside unread notifications', async () => {
    const invitee = await createUser(t.db);
    expect(await unreadCount(invitee)).toEqual({ unread_count: 0, pending_friend_requests: 0, pending_group_requests: 0 });
    const casts = [await groupCast(t), await groupCast(t, { is_public: false }), await groupCast(t)];
    const ids: number[] = [];
    for (const cast of casts) {
      await makeFriendsInDb(t.db, cast.owner, invitee);
      const res = await invite(cast.owner, cast.group.id, invitee.id);
      ids.push(res.body.request_id);
    }
    expect(await unreadCount(invitee)).toEqual({ unread_count: 3, pending_friend_requests: 0, pending_group_requests: 3 });

    // Marking the notifications read leaves the invitations open.
    const notes = await groupInvites(invitee);
    expect((await as(t, invitee).post('/v1/users/notifications/mark-read', { notification_ids: notes.map((n) => n.id) })).status).toBe(200);
    expect(await unreadCount(invitee)).toEqual({ unread_count: 0, pending_friend_requests: 0, pending_group_requests: 3 });

    expect((await answer(invitee, ids[0], 'ACCEPTED')).status).toBe(200);
    expect((await answer(invitee, ids[1], 'REJECTED')).status).toBe(200);
    expect(await unreadCount(invitee)).toMatchObject({ pending_group_requests: 1 });
    // Retiring a group ends its invitations (its member leaves first, so the owner is alone).
    expect((await as(t, casts[2].member).del(`/v1/groups/${casts[2].group.id}/leave`)).status).toBe(200);
    expect((await as(t, casts[2].owner).del(`/v1/groups/${casts[2].group.id}`)).status).toBe(200);
    expect(await unreadCount(invitee)).toMatchObject({ pending_group_requests: 0 });
  });
});
