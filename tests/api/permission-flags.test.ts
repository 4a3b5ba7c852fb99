import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberInDb, groupCast } from '../factories/groups';
import { RANKINGS, answer, as, comment, createGroupStack, expectError, getStack, positions, stackCast, twist } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every flag the client shows instead of deciding (docs/decisions/0025-permission-flags-from-server.md): where the flag is false the call is
 * refused, where it is true the call succeeds. Each rule is one server function behind both.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const createIn = (user: FactoryUser, groupId: number) => as(t, user).post('/v1/stacks', { mode: 'group', target_id: groupId, positions: positions() });
const groupOf = async (user: FactoryUser, id: number) => (await as(t, user).get(`/v1/groups/${id}`)).body;
const myGroup = async (user: FactoryUser, id: number) => ((await as(t, user).get('/v1/users/groups/me')).body as { id: number; can_create_stack: boolean }[]).find((g) => g.id === id);
const hideFor = (user: FactoryUser, id: number, userIds: number[]) =>
  t.request.delete(`/v1/stacks/${id}/hide`).set('Authorization', `Bearer ${t.tokenFor(user)}`).send({ user_ids: userIds });

describe('can_create_stack (GroupSummary and GroupDetail) matches POST /v1/stacks', () => {
  it('a read-only group: false and 403 for a plain member, true and 200 for its owner', async () => {
    const { owner, member, group } = await groupCast(t, { is_readonly: true });
    expect((await groupOf(member, group.id)).can_create_stack).toBe(false);
    expect((await myGroup(member, group.id))?.can_create_stack).toBe(false);
    expectError(await createIn(member, group.id), 403, 'READ_ONLY_GROUP', 'Only the owner can create stacks in this read-only group');

    expect((await groupOf(owner, group.id)).can_create_stack).toBe(true);
    expect((await myGroup(owner, group.id))?.can_create_stack).toBe(true);
    expect((await createIn(owner, group.id)).status).toBe(200);
  });

  it('an open group: true and 200 for a member, false and 403 for a non-member', async () => {
    const { member, stranger, group } = await groupCast(t);
    expect((await myGroup(member, group.id))?.can_create_stack).toBe(true);
    expect((await createIn(member, group.id)).status).toBe(200);
    const listed = ((await as(t, stranger).get('/v1/groups')).body as { id: number; can_create_stack: boolean }[]).find((g) => g.id === group.id);
    expect(listed?.can_create_stack).toBe(false);
    expect((await groupOf(stranger, group.id)).can_create_stack).toBe(false);
    expectError(await createIn(stranger, group.id), 403, 'NOT_A_MEMBER', 'Only members can create stacks in this group');
  });
});

describe('can_retire (GroupDetail) matches DELETE /v1/groups/{id}', () => {
  it('false with another member (409) and for a member (403); true and 200 for the sole owner', async () => {
    const { owner, member, group } = await groupCast(t);
    expect((await groupOf(owner, group.id)).can_retire).toBe(false);
    expectError(await as(t, owner).del(`/v1/groups/${group.id}`), 409, 'GROUP_HAS_MEMBERS', 'A group can be retired only when its owner is the only member');
    expect((await groupOf(member, group.id)).can_retire).toBe(false);
    expectError(await as(t, member).del(`/v1/groups/${group.id}`), 403, 'NOT_THE_OWNER', 'Only the group owner can retire a group');

    expect((await as(t, member).del(`/v1/groups/${group.id}/leave`)).status).toBe(200);
    expect((await groupOf(owner, group.id)).can_retire).toBe(true);
    expect((await as(t, owner).del(`/v1/groups/${group.id}`)).status).toBe(200);
  });
});

describe('me.can_hide_for_users and me.hideable_user_ids match DELETE /v1/stacks/{id}/hide with user_ids', () => {
  it('an admin on a group stack: true, the members who have not answered (not the admin); each id succeeds, others fail', async () => {
    const { owner, a, b, admin, group } = await stackCast(t);
    await addMemberInDb(t.db, group.id, admin);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, a, id);
    const { me } = await getStack(t, admin, id);
    expect(me.can_hide_for_users).toBe(true);
    expect([...me.hideable_user_ids].sort((x: number, y: number) => x - y)).toEqual([owner.id, b.id].sort((x, y) => x - y));
    expectError(await hideFor(admin, id, [a.id]), 400, 'NOT_HIDEABLE', `Only group members who have not answered can be chosen (not user ${a.id})`);
    expectError(await hideFor(admin, id, [admin.id]), 400, 'SELF_HIDE', 'Choose members other than yourself');
    expect((await hideFor(admin, id, me.hideable_user_ids)).status).toBe(200);
  });

  it('a non-admin (even the owner): false, an empty list, and 403', async () => {
    const { owner, b, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    expect((await getStack(t, owner, id)).me).toMatchObject({ can_hide_for_users: false, hideable_user_ids: [] });
    expectError(await hideFor(owner, id, [b.id]), 403, 'NOT_ADMIN', 'Only admins can hide a stack for other users');
  });

  it('a twisted stack: false even for an admin (its hide call takes no user_ids)', async () => {
    const { owner, a, b, admin, group } = await stackCast(t);
    await addMemberInDb(t.db, group.id, admin);
    const id = await createGroupStack(t, owner, group.id);
    for (const user of [owner, a, b]) await answer(t, user, id);
    const twistedId = await twist(t, owner, id);
    expect((await getStack(t, admin, twistedId, 'twisted')).me).toMatchObject({ can_hide_for_users: false, hideable_user_ids: [] });
  });
});

describe('me.sees_responses matches POST /v1/stacks/{id}/complete', () => {
  it('false while the viewer may answer (and answering succeeds); true once answered, and for an admin who may not answer (refused)', async () => {
    const { owner, a, admin, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    expect((await getStack(t, a, id)).me).toMatchObject({ sees_responses: false, can_answer: true });
    await answer(t, a, id);
    expect((await getStack(t, a, id)).me).toMatchObject({ sees_responses: true, is_answered: true });

    expect((await getStack(t, admin, id)).me).toMatchObject({ sees_responses: true, is_answered: false, can_answer: false });
    expectError(await as(t, admin).post(`/v1/stacks/${id}/complete`, { position_ids: RANKINGS.identity }), 403, 'NOT_IN_AUDIENCE', "Only the stack's audience can answer it");
  });
});

describe('Comment.me flags match the comment calls', () => {
  const base = (id: number, cid: number) => `/v1/stacks/${id}/comments/${cid}`;
  const flagsOf = async (user: FactoryUser, id: number, cid: number) => (await getStack(t, user, id)).comments.find((c: { id: number }) => c.id === cid).me;

  it("others: no flag, every call refused; the author: all four, each call allowed", async () => {
    const { owner, a, b, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    const cid = await comment(t, a, id, 'Mine');
    expect(await flagsOf(b, id, cid)).toEqual({ can_edit: false, can_delete: false, can_sandbox: false, can_unsandbox: false });
    expectError(await as(t, b).put(base(id, cid), { description: 'x' }), 403, 'NOT_AUTHOR', 'You can only edit your own comments');
    expectError(await as(t, b).del(base(id, cid)), 403, 'NOT_AUTHOR', 'You can only delete your own comments');
    expectError(await as(t, b).post(`${base(id, cid)}/sandbox`, { sandbox: true }), 403, 'NOT_AUTHOR', 'You can only sandbox your own comments');

    expect(await flagsOf(a, id, cid)).toEqual({ can_edit: true, can_delete: true, can_sandbox: true, can_unsandbox: true });
    expect((await as(t, a).put(base(id, cid), { description: 'Mine, edited' })).status).toBe(200);
    expect((await as(t, a).post(`${base(id, cid)}/sandbox`, { sandbox: true })).status).toBe(200);
    expect((await as(t, a).post(`${base(id, cid)}/sandbox`, { sandbox: false })).status).toBe(200);
    expect((await as(t, a).del(base(id, cid))).status).toBe(200);
  });

  it('a sandbox an admin set: can_unsandbox false and 403 for the author; true and 200 for the admin', async () => {
    const { owner, a, group } = await stackCast(t);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const id = await createGroupStack(t, owner, group.id);
    const cid = await comment(t, a, id, 'Mine');
    expect(await flagsOf(admin, id, cid)).toEqual({ can_edit: false, can_delete: false, can_sandbox: true, can_unsandbox: true });
    expect((await as(t, admin).post(`${base(id, cid)}/sandbox`, { sandbox: true })).status).toBe(200);

    expect(await flagsOf(a, id, cid)).toEqual({ can_edit: true, can_delete: true, can_sandbox: true, can_unsandbox: false });
    expectError(await as(t, a).post(`${base(id, cid)}/sandbox`, { sandbox: false }), 403, 'SANDBOXED_BY_ADMIN', 'Only an admin can unsandbox a comment an admin sandboxed');
    expect((await as(t, admin).post(`${base(id, cid)}/sandbox`, { sandbox: false })).status).toBe(200);
  });
});
