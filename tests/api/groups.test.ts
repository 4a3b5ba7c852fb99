import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createGroup, groupCast, groupName, makeFriendsInDb, makeFriendsViaApi } from '../factories/groups';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A refusal: status, `detail` and `code` (validation answers also carry `errors`). */
function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, detail: res.body.detail, code: res.body.code }).toEqual({ status, detail, code });
}

const NOT_FOUND = 'Group not found';
const expectGroupNotFound = (res: Response) => expectError(res, 404, 'GROUP_NOT_FOUND', NOT_FOUND);

const getGroup = (user: FactoryUser, id: number) => as(t, user).get(`/v1/groups/${id}`);
const invite = (user: FactoryUser, id: number, userId: number) => as(t, user).post(`/v1/groups/${id}/invite/${userId}`);
const join = (user: FactoryUser, id: number) => as(t, user).post(`/v1/groups/${id}/join`);
const leave = (user: FactoryUser, id: number) => as(t, user).del(`/v1/groups/${id}/leave`);
const retire = (user: FactoryUser, id: number) => as(t, user).del(`/v1/groups/${id}`);
const blockInGroup = (user: FactoryUser, id: number, body: object) => as(t, user).post(`/v1/groups/${id}/blocks`, body);
const unblockInGroup = (user: FactoryUser, id: number, userId: number) => as(t, user).del(`/v1/groups/${id}/blocks/${userId}`);
const listBlocks = (user: FactoryUser, id: number) => as(t, user).get(`/v1/groups/${id}/blocks`);
const setDescription = (user: FactoryUser, id: number, description: unknown) => as(t, user).post(`/v1/groups/${id}/description`, { description });
const listBots = (user: FactoryUser, id: number) => as(t, user).get(`/v1/groups/${id}/bots`);
const incoming = (user: FactoryUser) => as(t, user).get('/v1/users/groups/requests?type=incoming');

async function memberCount(viewer: FactoryUser, id: number): Promise<number> {
  const res = await getGroup(viewer, id);
  expect(res.status).toBe(200);
  return res.body.member_count;
}

const candidate = (u: FactoryUser, avatar_id: number) => ({ id: u.id, username: u.username, avatar_id });

describe('POST /v1/groups', () => {
  it('answers {id, name} with the name trimmed; the creator is the OWNER and only member', async () => {
    const owner = await createUser(t.db, { avatar_id: 7 });
    const name = groupName('Club');
    const res = await as(t, owner).post('/v1/groups', { name: `  ${name}  ` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), name });

    const detail = await getGroup(owner, res.body.id);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: res.body.id,
      name,
      description: '',
      owner_id: owner.id,
      owner: owner.username,
      member_count: 1,
      board_count: 0,
      is_public: true,
      is_restricted: false,
      is_readonly: false,
      is_member: true,
      is_owner: true,
      current_user_id: owner.id,
      can_invite: true,
      can_create_stack: true,
      bots: [],
      non_members: [],
      pending_invitation_user_ids: [],
      blocks: [],
    });
    expect(detail.body.members).toEqual([{ id: owner.id, user_id: owner.id, role: 'OWNER', user: { username: owner.username, avatar_id: 7 } }]);
  });

  it('keeps the flags and the description it is given (trimmed)', async () => {
    const owner = await createUser(t.db);
    const res = await as(t, owner).post('/v1/groups', { name: groupName(), description: '  a place  ', is_public: false, is_restricted: true, is_readonly: true });
    expect(res.status).toBe(200);
    const detail = await getGroup(owner, res.body.id);
    expect(detail.body).toMatchObject({ description: 'a place', is_public: false, is_restricted: true, is_readonly: true, can_invite: true, can_create_stack: true });
  });

  it('accepts a 24-character name and a 64-character description, padded with spaces', async () => {
    const owner = await createUser(t.db);
    const name = `N${'x'.repeat(23)}`;
    const description = 'd'.repeat(64);
    const res = await as(t, owner).post('/v1/groups', { name: ` ${name} `, description: ` ${description} ` });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(name);
    expect((await getGroup(owner, res.body.id)).body.description).toBe(description);
  });

  it.each([
    ['no name', {}, 'Group name is required'],
    ['an empty name', { name: '' }, 'Group name is required'],
    ['a blank name', { name: '    ' }, 'Group name is required'],
    ['a 25-character name', { name: 'n'.repeat(25) }, 'Group name must be no more than 24 characters'],
    ['a 65-character description', { name: 'Fine', description: 'd'.repeat(65) }, 'Description must be no more than 64 characters'],
  ])('refuses %s with 400 and the rule as detail', async (_label, body, detail) => {
    const owner = await createUser(t.db);
    const before = await as(t, owner).get('/v1/users/groups/me');
    expectError(await as(t, owner).post('/v1/groups', body), 400, 'VALIDATION_FAILED', detail);
    expect((await as(t, owner).get('/v1/users/groups/me')).body).toEqual(before.body);
  });

  it.each([
    ['is_public', 'false'],
    ['is_public', 'yes'],
    ['is_public', 0],
    ['is_restricted', 'true'],
    ['is_readonly', 1],
  ])('refuses %s = %j (not a boolean) instead of guessing', async (field, value) => {
    const owner = await createUser(t.db);
    const res = await as(t, owner).post('/v1/groups', { name: 'Flags', [field]: value });
    expectError(res, 400, 'VALIDATION_FAILED', `${field}: Invalid input: expected boolean, received ${typeof value}`);
    expect((await as(t, owner).get('/v1/users/groups/me')).body).toEqual([]);
    // The same over tRPC, also after the REST call above.
    const trpc = await t.request.post('/trpc/groups.create').set('Authorization', `Bearer ${t.tokenFor(owner)}`).send({ name: 'Flags', [field]: value });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.data).toMatchObject({ httpStatus: 400, code: 'VALIDATION_FAILED', detail: `${field}: Invalid input: expected boolean, received ${typeof value}` });
    expect((await as(t, owner).get('/v1/users/groups/me')).body).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expectError(await t.request.post('/v1/groups').send({ name: 'Anon' }), 401, 'UNAUTHORIZED', 'Not authenticated');
    expectError(await t.request.get('/v1/users/groups/overview'), 401, 'UNAUTHORIZED', 'Not authenticated');
  });
});

describe('GET /v1/groups/{id}', () => {
  it('members see members with roles, the viewer-relative candidates and open invitations; blocks only for the owner', async () => {
    const { owner, member, friend, stranger, group } = await groupCast(t);
    const removed = await createUser(t.db);
    await makeFriendsInDb(t.db, owner, removed);
    expect((await blockInGroup(owner, group.id, { user_id: removed.id })).status).toBe(200);
    const invited = await createUser(t.db, { avatar_id: 6 });
    await makeFriendsInDb(t.db, member, invited);
    expect((await invite(member, group.id, invited.id)).status).toBe(200);

    const members = [
      { id: owner.id, user_id: owner.id, role: 'OWNER', user: { username: owner.username, avatar_id: 2 } },
      { id: member.id, user_id: member.id, role: 'MEMBER', user: { username: member.username, avatar_id: 3 } },
    ];

    const asMember = await getGroup(member, group.id);
    expect(asMember.status).toBe(200);
    expect(asMember.body).toMatchObject({
      id: group.id,
      owner_id: owner.id,
      owner: owner.username,
      member_count: 2,
      is_member: true,
      is_owner: false,
      is_invited: false,
      current_user_id: member.id,
      can_invite: true,
      can_create_stack: true,
      members,
      bots: [],
      pending_invitation_user_ids: [invited.id],
      blocks: [],
    });
    // The member's friends outside the group: the friend and the invited user, never the stranger.
    expect(asMember.body.non_members).toHaveLength(2);
    expect(asMember.body.non_members).toEqual(expect.arrayContaining([candidate(friend, 4), candidate(invited, 6)]));

    const asOwner = await getGroup(owner, group.id);
    expect(asOwner.body).toMatchObject({ is_owner: true, members, pending_invitation_user_ids: [invited.id] });
    // The owner's friends: the member is in, the removed user is blocked, so only the friend.
    expect(asOwner.body.non_members).toEqual([candidate(friend, 4)]);
    expect(asOwner.body.blocks).toEqual([{ user_id: removed.id, username: removed.username, avatar_id: 1, created_at: expect.any(String) }]);
    expect(new Date(asOwner.body.blocks[0].created_at).toISOString()).toBe(asOwner.body.blocks[0].created_at);
    expect(asOwner.body.non_members.map((c: { id: number }) => c.id)).not.toContain(stranger.id);
  });

  it('a plain member of a restricted group cannot invite; of a read-only group cannot create stacks; the owner can both', async () => {
    const restricted = await groupCast(t, { is_restricted: true });
    expect((await getGroup(restricted.member, restricted.group.id)).body).toMatchObject({ is_restricted: true, can_invite: false, can_create_stack: true });
    expect((await getGroup(restricted.owner, restricted.group.id)).body).toMatchObject({ can_invite: true, can_create_stack: true });

    const readonly = await groupCast(t, { is_readonly: true });
    expect((await getGroup(readonly.member, readonly.group.id)).body).toMatchObject({ is_readonly: true, can_invite: true, can_create_stack: false });
    expect((await getGroup(readonly.owner, readonly.group.id)).body).toMatchObject({ can_invite: true, can_create_stack: true });
  });

  it('a non-member of a public group sees the summary only', async () => {
    const { owner, friend, stranger, group } = await groupCast(t, { description: 'hello' });
    for (const viewer of [friend, stranger]) {
      const res = await getGroup(viewer, group.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: group.id,
        name: group.name,
        description: 'hello',
        owner_id: owner.id,
        owner: owner.username,
        member_count: 2,
        board_count: 0,
        is_public: true,
        is_restricted: false,
        is_readonly: false,
        is_member: false,
        current_user_id: viewer.id,
        members: [],
        bots: [],
        non_members: [],
        pending_invitation_user_ids: [],
        blocks: [],
        is_owner: false,
        is_invited: false,
        can_invite: false,
        can_create_stack: false,
        can_retire: false,
      });
    }
  });

  it('a private group is 404 to outsiders, visible (summary, is_invited) to an invited user', async () => {
    const { owner, member, friend, stranger, group } = await groupCast(t, { is_public: false });
    expectGroupNotFound(await getGroup(stranger, group.id));
    expectGroupNotFound(await getGroup(friend, group.id));
    expect((await getGroup(member, group.id)).body).toMatchObject({ is_public: false, is_member: true });

    expect((await invite(owner, group.id, friend.id)).status).toBe(200);
    const res = await getGroup(friend, group.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: group.id, is_public: false, is_member: false, is_invited: true, members: [], non_members: [], bots: [], blocks: [], pending_invitation_user_ids: [] });
    expectGroupNotFound(await getGroup(stranger, group.id));
  });

  it('an unknown id is 404; an id that is not a positive integer is 400', async () => {
    const user = await createUser(t.db);
    expectGroupNotFound(await getGroup(user, 999_999));
    for (const [bad, detail] of [
      ['0', 'id: Too small: expected number to be >0'],
      ['-3', 'id: Too small: expected number to be >0'],
      ['1.5', 'id: must be a whole number written in plain digits, like 42'],
      ['abc', 'id: must be a whole number written in plain digits, like 42'],
    ]) {
      expectError(await as(t, user).get(`/v1/groups/${bad}`), 400, 'VALIDATION_FAILED', detail);
    }
    expectError(await as(t, user).post('/v1/groups/1/invite/abc'), 400, 'VALIDATION_FAILED', 'userId: must be a whole number written in plain digits, like 42');
  });

  it('a retired group is 404 on every call', async () => {
    const owner = await createUser(t.db);
    const friend = await createUser(t.db);
    await makeFriendsInDb(t.db, owner, friend);
    const group = await createGroup(t, owner);
    expect((await retire(owner, group.id)).status).toBe(200);

    for (const viewer of [owner, friend]) {
      expectGroupNotFound(await getGroup(viewer, group.id));
      expectGroupNotFound(await join(viewer, group.id));
      expectGroupNotFound(await leave(viewer, group.id));
      expectGroupNotFound(await retire(viewer, group.id));
      expectGroupNotFound(await listBots(viewer, group.id));
      expectGroupNotFound(await listBlocks(viewer, group.id));
      expectGroupNotFound(await setDescription(viewer, group.id, 'x'));
      expectGroupNotFound(await blockInGroup(viewer, group.id, { user_id: friend.id }));
      expectGroupNotFound(await unblockInGroup(viewer, group.id, friend.id));
    }
    expectGroupNotFound(await invite(owner, group.id, friend.id));
  });
});

describe('POST /v1/groups/{id}/invite/{userId}', () => {
  it('a member invites a friend: a PENDING group request and a GROUP_INVITE notification for the invitee', async () => {
    const { member, friend, group } = await groupCast(t);
    const res = await invite(member, group.id, friend.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Invitation sent', request_id: expect.any(Number) });
    const requestId = res.body.request_id;

    const notifications = await as(t, friend).get('/v1/users/notifications');
    expect(notifications.status).toBe(200);
    const invites = notifications.body.filter((n: { type: string }) => n.type === 'GROUP_INVITE');
    expect(invites).toEqual([
      {
        id: expect.any(Number),
        type: 'GROUP_INVITE',
        is_read: false,
        created_at: expect.any(String),
        data: { from_user_id: member.id, from_username: member.username, group_id: group.id, group_name: group.name, request_id: requestId },
      },
    ]);

    const requests = await incoming(friend);
    expect(requests.body).toEqual([
      {
        id: requestId,
        group_id: group.id,
        group_name: group.name,
        from_user_id: member.id,
        from_username: member.username,
        user_id: friend.id,
        username: friend.username,
        status: 'PENDING',
        created_at: expect.any(String),
      },
    ]);
    expect((await getGroup(member, group.id)).body.pending_invitation_user_ids).toEqual([friend.id]);
    // An invitation is not membership.
    expect(await memberCount(member, group.id)).toBe(2);
  });

  it('works with friends made through the friend-request API', async () => {
    const owner = await createUser(t.db);
    const pal = await createUser(t.db);
    await makeFriendsViaApi(t, owner, pal);
    const group = await createGroup(t, owner);
    expect((await invite(owner, group.id, pal.id)).status).toBe(200);
  });

  it('in a restricted group only the owner may invite', async () => {
    const { owner, member, friend, group } = await groupCast(t, { is_restricted: true });
    expectError(await invite(member, group.id, friend.id), 403, 'NOT_THE_OWNER', 'Only the group owner can invite to a restricted group');
    expect((await incoming(friend)).body).toEqual([]);
    const res = await invite(owner, group.id, friend.id);
    expect(res.status).toBe(200);
    expect((await incoming(friend)).body).toHaveLength(1);
  });

  it('only friends can be invited', async () => {
    const { owner, member, stranger, group } = await groupCast(t);
    expectError(await invite(owner, group.id, stranger.id), 403, 'NOT_FRIENDS', 'You can only invite your friends');
    expectError(await invite(member, group.id, stranger.id), 403, 'NOT_FRIENDS', 'You can only invite your friends');
    expect((await incoming(stranger)).body).toEqual([]);
  });

  it('a non-member cannot invite (403 in a public group, 404 in a private one)', async () => {
    const { friend, group } = await groupCast(t);
    const palOfFriend = await createUser(t.db);
    await makeFriendsInDb(t.db, friend, palOfFriend);
    expectError(await invite(friend, group.id, palOfFriend.id), 403, 'NOT_A_MEMBER', 'Only members can invite to a group');

    const hidden = await groupCast(t, { is_public: false });
    await makeFriendsInDb(t.db, hidden.friend, palOfFriend);
    expectGroupNotFound(await invite(hidden.friend, hidden.group.id, palOfFriend.id));
    expect((await incoming(palOfFriend)).body).toEqual([]);
  });

  it('refuses a member (409), a second invitation (409), a removed user (403) and oneself (400)', async () => {
    const { owner, member, friend, group } = await groupCast(t);
    expectError(await invite(owner, group.id, member.id), 409, 'ALREADY_MEMBER', 'This user is already a member');

    expect((await invite(owner, group.id, friend.id)).status).toBe(200);
    expectError(await invite(owner, group.id, friend.id), 409, 'ALREADY_INVITED', 'This user has already been invited');
    expectError(await invite(member, group.id, friend.id), 409, 'ALREADY_INVITED', 'This user has already been invited');
    expect((await incoming(friend)).body).toHaveLength(1);

    const removed = await createUser(t.db);
    await makeFriendsInDb(t.db, owner, removed);
    await makeFriendsInDb(t.db, member, removed);
    expect((await blockInGroup(owner, group.id, { user_id: removed.id })).status).toBe(200);
    const blockedDetail = 'This user was removed from the group and cannot be invited';
    expectError(await invite(owner, group.id, removed.id), 403, 'GROUP_BLOCKED', blockedDetail);
    expectError(await invite(member, group.id, removed.id), 403, 'GROUP_BLOCKED', blockedDetail);

    expectError(await invite(owner, group.id, owner.id), 400, 'SELF_INVITE', 'You cannot invite yourself');
    expectError(await invite(member, group.id, member.id), 400, 'SELF_INVITE', 'You cannot invite yourself');
  });

  it('an unknown user, or one who blocked the inviter, is 404; an unknown group is 404', async () => {
    const { owner, friend, group } = await groupCast(t);
    expectError(await invite(owner, group.id, 999_999), 404, 'USER_NOT_FOUND', 'User not found');
    expect((await as(t, friend).post('/v1/users/blocks', { user_id: owner.id })).status).toBe(200);
    expectError(await invite(owner, group.id, friend.id), 404, 'USER_NOT_FOUND', 'User not found');
    expectGroupNotFound(await invite(owner, 999_999, friend.id));
  });
});

describe('POST /v1/groups/{id}/join', () => {
  it('anyone may join a public group', async () => {
    const { member, stranger, group } = await groupCast(t);
    const res = await join(stranger, group.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Joined the group' });
    const detail = await getGroup(stranger, group.id);
    expect(detail.body).toMatchObject({ is_member: true, member_count: 3 });
    expect(detail.body.members).toContainEqual({ id: stranger.id, user_id: stranger.id, role: 'MEMBER', user: { username: stranger.username, avatar_id: 5 } });
    expect((await getGroup(member, group.id)).body.members).toHaveLength(3);
  });

  it('a private group: 404 to a stranger, 403 PRIVATE_GROUP to an invited user (who must accept instead)', async () => {
    const { owner, friend, stranger, group } = await groupCast(t, { is_public: false });
    expectGroupNotFound(await join(stranger, group.id));
    expectGroupNotFound(await join(friend, group.id));
    expect((await invite(owner, group.id, friend.id)).status).toBe(200);
    expectError(await join(friend, group.id), 403, 'PRIVATE_GROUP', 'This group is private: accept your invitation to join it');
    expect(await memberCount(owner, group.id)).toBe(2);
  });

  it('a member or the owner joining again is 409', async () => {
    const { owner, member, group } = await groupCast(t);
    expectError(await join(member, group.id), 409, 'ALREADY_MEMBER', 'You are already a member of this group');
    expectError(await join(owner, group.id), 409, 'ALREADY_MEMBER', 'You are already a member of this group');
    expect(await memberCount(owner, group.id)).toBe(2);
  });

  it('a removed (group-blocked) user cannot rejoin', async () => {
    const { owner, member, group } = await groupCast(t);
    expect((await blockInGroup(owner, group.id, { user_id: member.id })).status).toBe(200);
    expectError(await join(member, group.id), 403, 'GROUP_BLOCKED', 'You were removed from this group and cannot rejoin it');
    expect(await memberCount(owner, group.id)).toBe(1);
  });

  it('joining with a pending invitation marks it ACCEPTED and its notification read', async () => {
    const { owner, friend, group } = await groupCast(t);
    const { body } = await invite(owner, group.id, friend.id);
    expect((await as(t, friend).get('/v1/users/notifications/unread-count')).body).toMatchObject({ unread_count: 1, pending_group_requests: 1 });

    expect((await join(friend, group.id)).status).toBe(200);
    const row = await t.db.selectFrom('group_requests').select('status').where('id', '=', body.request_id).executeTakeFirstOrThrow();
    expect(row.status).toBe('ACCEPTED');
    expect((await incoming(friend)).body).toEqual([]);
    expect((await as(t, owner).get('/v1/users/groups/requests?type=outgoing')).body).toEqual([]);
    expect((await getGroup(owner, group.id)).body.pending_invitation_user_ids).toEqual([]);
    expect((await as(t, friend).get('/v1/users/notifications/unread-count')).body).toMatchObject({ unread_count: 0, pending_group_requests: 0 });
    expectError(
      await as(t, friend).put(`/v1/users/groups/requests/${body.request_id}`, { status: 'ACCEPTED' }),
      409,
      'REQUEST_ANSWERED',
      'This invitation has already been answered',
    );
  });
});

describe('DELETE /v1/groups/{id}/leave', () => {
  it('a member leaves, then sees the summary only, and may join the public group again', async () => {
    const { owner, member, group } = await groupCast(t);
    const res = await leave(member, group.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Left the group' });
    expect((await getGroup(member, group.id)).body).toMatchObject({ is_member: false, members: [], member_count: 1 });
    expect((await getGroup(owner, group.id)).body.members).toHaveLength(1);
    expect((await join(member, group.id)).status).toBe(200);
  });

  it('a member of a private group who leaves can no longer see it', async () => {
    const { member, group } = await groupCast(t, { is_public: false });
    expect((await leave(member, group.id)).status).toBe(200);
    expectGroupNotFound(await getGroup(member, group.id));
  });

  it('the owner cannot leave; a non-member gets 403 (404 for a private group)', async () => {
    const { owner, friend, stranger, group } = await groupCast(t);
    expectError(await leave(owner, group.id), 403, 'OWNER_CANNOT_LEAVE', 'The owner cannot leave the group; retire it instead');
    expectError(await leave(friend, group.id), 403, 'NOT_A_MEMBER', 'You are not a member of this group');
    expectError(await leave(stranger, group.id), 403, 'NOT_A_MEMBER', 'You are not a member of this group');
    expect(await memberCount(owner, group.id)).toBe(2);

    const hidden = await groupCast(t, { is_public: false });
    expectGroupNotFound(await leave(hidden.stranger, hidden.group.id));
  });
});

describe('DELETE /v1/groups/{id} (retire)', () => {
  it('the owner alone retires it: 404 everywhere after, its open invitations are gone', async () => {
    const owner = await createUser(t.db);
    const pal = await createUser(t.db);
    await makeFriendsInDb(t.db, owner, pal);
    const group = await createGroup(t, owner, { is_public: false });
    const { body } = await invite(owner, group.id, pal.id);
    expect((await incoming(pal)).body).toHaveLength(1);

    const res = await retire(owner, group.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Group retired' });

    expectGroupNotFound(await getGroup(owner, group.id));
    expectGroupNotFound(await getGroup(pal, group.id));
    expect((await incoming(pal)).body).toEqual([]);
    expect((await as(t, owner).get('/v1/users/groups/requests?type=outgoing')).body).toEqual([]);
    expect((await as(t, pal).get('/v1/users/notifications/unread-count')).body).toMatchObject({ pending_group_requests: 0 });
    expectError(
      await as(t, pal).put(`/v1/users/groups/requests/${body.request_id}`, { status: 'ACCEPTED' }),
      404,
      'GROUP_REQUEST_NOT_FOUND',
      'Group request not found',
    );
    const ids = (list: { id: number }[]) => list.map((g) => g.id);
    expect(ids((await as(t, owner).get('/v1/users/groups/me')).body)).not.toContain(group.id);
    expect(ids((await as(t, owner).get('/v1/groups')).body)).not.toContain(group.id);
    expect(ids((await as(t, owner).get('/v1/users/groups/overview')).body.my_groups)).not.toContain(group.id);
  });

  it('not while other members remain (409); a member cannot (403)', async () => {
    const { owner, member, group } = await groupCast(t);
    expectError(await retire(owner, group.id), 409, 'GROUP_HAS_MEMBERS', 'A group can be retired only when its owner is the only member');
    expectError(await retire(member, group.id), 403, 'NOT_THE_OWNER', 'Only the group owner can retire a group');
    expect((await getGroup(owner, group.id)).status).toBe(200);

    expect((await leave(member, group.id)).status).toBe(200);
    expect((await retire(owner, group.id)).status).toBe(200);
  });

  it('a non-member of a public group gets 403; of a private group 404', async () => {
    const { stranger, group } = await groupCast(t);
    expectError(await retire(stranger, group.id), 403, 'NOT_THE_OWNER', 'Only the group owner can retire a group');
    const hidden = await groupCast(t, { is_public: false });
    expectGroupNotFound(await retire(hidden.stranger, hidden.group.id));
  });
});

describe('group blocks', () => {
  it('removing a member keeps them out (no rejoin, no invitation) until unblocked', async () => {
    const { owner, member, group } = await groupCast(t);
    const res = await blockInGroup(owner, group.id, { user_id: member.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Member removed' });
    expect(await memberCount(owner, group.id)).toBe(1);
    expect((await getGroup(member, group.id)).body).toMatchObject({ is_member: false, members: [] });

    expectError(await join(member, group.id), 403, 'GROUP_BLOCKED', 'You were removed from this group and cannot rejoin it');
    expectError(await invite(owner, group.id, member.id), 403, 'GROUP_BLOCKED', 'This user was removed from the group and cannot be invited');

    const blocks = await listBlocks(owner, group.id);
    expect(blocks.status).toBe(200);
    expect(blocks.body).toEqual([{ user_id: member.id, username: member.username, avatar_id: 3, created_at: expect.any(String) }]);

    const unblocked = await unblockInGroup(owner, group.id, member.id);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body).toEqual({ message: 'Member unblocked' });
    expect((await listBlocks(owner, group.id)).body).toEqual([]);
    expect((await join(member, group.id)).status).toBe(200);
    expect(await memberCount(owner, group.id)).toBe(2);
  });

  it('after unblocking, the owner may invite the user again', async () => {
    const { owner, member, group } = await groupCast(t, { is_public: false });
    expect((await blockInGroup(owner, group.id, { group_id: group.id, user_id: member.id })).status).toBe(200);
    expectGroupNotFound(await getGroup(member, group.id));
    expect((await unblockInGroup(owner, group.id, member.id)).status).toBe(200);
    expect((await invite(owner, group.id, member.id)).status).toBe(200);
  });

  it('removing an invited user cancels the invitation', async () => {
    const { owner, friend, group } = await groupCast(t);
    const { body } = await invite(owner, group.id, friend.id);
    expect((await blockInGroup(owner, group.id, { user_id: friend.id })).status).toBe(200);
    expect((await incoming(friend)).body).toEqual([]);
    expect((await getGroup(owner, group.id)).body.pending_invitation_user_ids).toEqual([]);
    expectError(
      await as(t, friend).put(`/v1/users/groups/requests/${body.request_id}`, { status: 'ACCEPTED' }),
      409,
      'REQUEST_ANSWERED',
      'This invitation has already been answered',
    );
    expect(await memberCount(owner, group.id)).toBe(2);
  });

  it('only the owner lists, adds and lifts blocks', async () => {
    const { owner, member, friend, stranger, group } = await groupCast(t);
    expectError(await listBlocks(member, group.id), 403, 'NOT_THE_OWNER', 'Only the group owner can see removed members');
    expectError(await listBlocks(stranger, group.id), 403, 'NOT_THE_OWNER', 'Only the group owner can see removed members');
    expectError(await blockInGroup(member, group.id, { user_id: owner.id }), 403, 'NOT_THE_OWNER', 'Only the group owner can remove members');
    expectError(await blockInGroup(member, group.id, { user_id: friend.id }), 403, 'NOT_THE_OWNER', 'Only the group owner can remove members');
    expectError(await blockInGroup(stranger, group.id, { user_id: member.id }), 403, 'NOT_THE_OWNER', 'Only the group owner can remove members');
    expect(await memberCount(owner, group.id)).toBe(2);

    expect((await blockInGroup(owner, group.id, { user_id: friend.id })).status).toBe(200);
    expectError(await unblockInGroup(member, group.id, friend.id), 403, 'NOT_THE_OWNER', 'Only the group owner can let removed members back');
    expect((await listBlocks(owner, group.id)).body).toHaveLength(1);
  });

  it('refuses a group_id that differs from the path (400), the owner blocking themself (400), unknown users (404)', async () => {
    const { owner, member, group } = await groupCast(t);
    const other = await createGroup(t, owner);
    expectError(await blockInGroup(owner, group.id, { group_id: other.id, user_id: member.id }), 400, 'GROUP_MISMATCH', 'group_id must match the group in the path');
    expect(await memberCount(owner, group.id)).toBe(2);
    expectError(await blockInGroup(owner, group.id, { user_id: owner.id }), 400, 'SELF_BLOCK', 'The owner cannot be removed from the group');
    expectError(await blockInGroup(owner, group.id, { user_id: 999_999 }), 404, 'USER_NOT_FOUND', 'User not found');
    expectError(await unblockInGroup(owner, group.id, member.id), 404, 'NOT_BLOCKED', 'This user is not blocked in this group');
    expectError(await blockInGroup(owner, group.id, {}), 400, 'VALIDATION_FAILED', 'user_id: must be a whole number written in plain digits, like 42');
    expect(await memberCount(owner, group.id)).toBe(2);
  });

  it('blocking twice is harmless', async () => {
    const { owner, member, group } = await groupCast(t);
    expect((await blockInGroup(owner, group.id, { user_id: member.id })).status).toBe(200);
    expect((await blockInGroup(owner, group.id, { user_id: member.id })).status).toBe(200);
    expect((await listBlocks(owner, group.id)).body).toHaveLength(1);
  });
});

describe('POST /v1/groups/{id}/description', () => {
  it('the owner sets it (trimmed, 64 characters at most)', async () => {
    const { owner, member, group } = await groupCast(t);
    const res = await setDescription(owner, group.id, '  Board games on Fridays  ');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: group.id, description: 'Board games on Fridays' });
    expect((await getGroup(member, group.id)).body.description).toBe('Board games on Fridays');

    const longest = 'x'.repeat(64);
    expect((await setDescription(owner, group.id, ` ${longest} `)).body).toEqual({ id: group.id, description: longest });
    expect((await setDescription(owner, group.id, '')).body).toEqual({ id: group.id, description: '' });
  });

  it('refuses 65 characters (400) and anyone but the owner (403)', async () => {
    const { owner, member, stranger, group } = await groupCast(t, { description: 'original' });
    expectError(await setDescription(owner, group.id, 'x'.repeat(65)), 400, 'VALIDATION_FAILED', 'Description must be no more than 64 characters');
    expectError(await setDescription(member, group.id, 'mine now'), 403, 'NOT_THE_OWNER', 'Only the group owner can edit the description');
    expectError(await setDescription(stranger, group.id, 'mine now'), 403, 'NOT_THE_OWNER', 'Only the group owner can edit the description');
    expectError(await as(t, owner).post(`/v1/groups/${group.id}/description`, {}), 400, 'VALIDATION_FAILED', 'description must be text');
    expect((await getGroup(owner, group.id)).body.description).toBe('original');
  });
});

describe('GET /v1/groups/{id}/bots', () => {
  it('members get the list (none yet); non-members of a public group 403; outsiders of a private group 404', async () => {
    const { owner, member, friend, group } = await groupCast(t);
    for (const viewer of [owner, member]) {
      const res = await listBots(viewer, group.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
    expectError(await listBots(friend, group.id), 403, 'NOT_A_MEMBER', 'Only members can see the bots of a group');

    const hidden = await groupCast(t, { is_public: false });
    expectGroupNotFound(await listBots(hidden.stranger, hidden.group.id));
    expect((await listBots(hidden.member, hidden.group.id)).body).toEqual([]);
  });
});
