import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberInDb } from '../factories/groups';
import {
  RANKINGS,
  answer,
  as,
  backdate,
  comment,
  createFriendStack,
  createGroupStack,
  expectError,
  expectStackNotFound,
  feed,
  friendPair,
  getStack,
  makeBotStack,
  makeFriends,
  positions,
  stackCast,
  stackItem,
} from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** DELETE /v1/stacks/{id}/hide with a JSON body (admins hiding for members). */
const hideFor = (user: FactoryUser, id: number, userIds: number[]) =>
  t.request.delete(`/v1/stacks/${id}/hide`).set('Authorization', `Bearer ${t.tokenFor(user)}`).send({ user_ids: userIds });
const sandbox = (user: FactoryUser, id: number, body: object) => as(t, user).post(`/v1/stacks/${id}/sandbox`, body);
const edit = (user: FactoryUser, id: number, body: object) => as(t, user).post(`/v1/stacks/${id}/edit`, body);

const EDIT_CLOSED = 'This stack can no longer be edited. It may have been created more than an hour ago or someone has already responded.';

describe('DELETE /v1/stacks/{id}/hide with user_ids (admins)', () => {
  it('refuses a non-admin, even the stack owner, with 403 NOT_ADMIN', async () => {
    const { owner, a, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    expectError(await hideFor(owner, id, [a.id]), 403, 'NOT_ADMIN', 'Only admins can hide a stack for other users');
    expectError(await hideFor(a, id, [a.id]), 403, 'NOT_ADMIN', 'Only admins can hide a stack for other users');
    expect(stackItem(await feed(t, a), id)).toBeDefined();
  });

  it('refuses members who already answered, non-members, the admin themself and an empty choice with 400', async () => {
    const { owner, a, b, outsider, admin, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, a, id);
    expectError(await hideFor(admin, id, [b.id, a.id]), 400, 'NOT_HIDEABLE', `Only group members who have not answered can be chosen (not user ${a.id})`);
    expectError(await hideFor(admin, id, [outsider.id]), 400, 'NOT_HIDEABLE', `Only group members who have not answered can be chosen (not user ${outsider.id})`);
    expectError(await hideFor(admin, id, [admin.id]), 400, 'SELF_HIDE', 'Choose members other than yourself');
    expectError(await hideFor(admin, id, []), 400, 'NO_USERS', 'Choose at least one user');
    // Nothing was hidden by the refused calls.
    expect(stackItem(await feed(t, b), id)).toBeDefined();
    expect((await getStack(t, admin, id)).hidden_user_ids).toEqual([]);
  });

  it('refuses a friend stack with 400 NOT_GROUP_STACK', async () => {
    const [admin, friend] = await Promise.all([createUser(t.db, { role: 'ADMIN' }), createUser(t.db)]);
    await makeFriends(t, admin, friend);
    const id = await createFriendStack(t, friend, admin);
    expectError(await hideFor(admin, id, [friend.id]), 400, 'NOT_GROUP_STACK', 'Only group stacks can be hidden for other users');
    expect(stackItem(await feed(t, friend), id)).toBeDefined();
  });

  it("hides it from the chosen members' feeds only; admins see the list in hidden_user_ids", async () => {
    const { owner, a, b, admin, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    const res = await hideFor(admin, id, [a.id, b.id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'Stack hidden for 2 users' });
    expect(stackItem(await feed(t, a), id)).toBeUndefined();
    expect(stackItem(await feed(t, b), id)).toBeUndefined();
    expect(stackItem(await feed(t, owner), id)).toBeDefined();
    expect(stackItem(await feed(t, admin), id)).toBeUndefined(); // admins are not members: no feed entry anyway
    expect((await getStack(t, admin, id)).hidden_user_ids).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect((await getStack(t, owner, id)).hidden_user_ids).toEqual([]);
    // DESIGN §3: a group stack is for the members "minus those it is hidden for".
    const hidden = await t.request.get(`/v1/stacks/${id}`).set('Authorization', `Bearer ${t.tokenFor(a)}`);
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: 404, body: { detail: 'Stack not found', code: 'STACK_NOT_FOUND' } });
    expect((await hideFor(admin, id, [a.id])).body).toEqual({ message: 'Stack hidden for 1 user' });
  });
});

describe('DELETE /v1/stacks/{id}', () => {
  it('refuses non-admins with 403 NOT_ADMIN and non-bot stacks with 403 NOT_BOT_STACK', async () => {
    const { owner, a, admin, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    expectError(await as(t, owner).del(`/v1/stacks/${id}`), 403, 'NOT_ADMIN', 'Only admins can delete stacks');
    expectError(await as(t, admin).del(`/v1/stacks/${id}`), 403, 'NOT_BOT_STACK', 'Only bot stacks can be deleted');
    await makeBotStack(t, id);
    expectError(await as(t, a).del(`/v1/stacks/${id}`), 403, 'NOT_ADMIN', 'Only admins can delete stacks');
    expect((await getStack(t, a, id)).id).toBe(id);
  });

  it('lets an admin delete a bot stack nobody answered; 409 HAS_RESPONSES once someone did', async () => {
    const { owner, a, admin, group } = await stackCast(t);
    const fresh = await createGroupStack(t, owner, group.id);
    const answered = await createGroupStack(t, owner, group.id);
    await makeBotStack(t, fresh);
    await makeBotStack(t, answered);
    await answer(t, a, answered);
    expect((await getStack(t, admin, fresh)).me.can_delete).toBe(true);
    expect((await getStack(t, admin, answered)).me.can_delete).toBe(false);
    expect((await getStack(t, owner, fresh)).me.can_delete).toBe(false);

    const res = await as(t, admin).del(`/v1/stacks/${fresh}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Stack deleted' });
    expectStackNotFound(await as(t, a).get(`/v1/stacks/${fresh}`));
    expectStackNotFound(await as(t, admin).del(`/v1/stacks/${fresh}`));
    expect(stackItem(await feed(t, a), fresh)).toBeUndefined();

    expectError(await as(t, admin).del(`/v1/stacks/${answered}`), 409, 'HAS_RESPONSES', 'A stack that has responses cannot be deleted');
    expect((await getStack(t, a, answered)).id).toBe(answered);
  });
});

describe('POST /v1/stacks/{id}/sandbox', () => {
  it('refuses a friend stack with 400 NOT_GROUP_STACK', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    expectError(await sandbox(me, id, { sandbox: true }), 400, 'NOT_GROUP_STACK', 'Only group stacks can be sandboxed');
    expect((await getStack(t, me, id)).me).toMatchObject({ can_sandbox: false, can_unsandbox: false });
  });

  it('the owner sandboxes once (again → 409) but cannot unsandbox; other members can do neither', async () => {
    const { owner, a, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, a, id);
    expect((await getStack(t, owner, id)).me).toMatchObject({ can_sandbox: true, can_unsandbox: false });
    expect((await getStack(t, a, id)).me).toMatchObject({ can_sandbox: false, can_unsandbox: false });
    expectError(await sandbox(a, id, { sandbox: true }), 403, 'NOT_ALLOWED', 'Only the owner or an admin can sandbox this stack');

    const res = await sandbox(owner, id, { sandbox: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, is_sandboxed: true });
    expect((await getStack(t, owner, id)).me).toMatchObject({ can_sandbox: false, can_unsandbox: false });
    expectError(await sandbox(owner, id, { sandbox: true }), 409, 'ALREADY_SANDBOXED', 'This stack is already sandboxed');
    expectError(await sandbox(owner, id, { sandbox: false }), 403, 'NOT_ADMIN', 'Only admins can unsandbox a stack');
    expectError(await sandbox(a, id, { sandbox: false }), 403, 'NOT_ADMIN', 'Only admins can unsandbox a stack');
    expect((await getStack(t, owner, id)).is_sandboxed).toBe(true);
  });

  it('admins sandbox and unsandbox any group stack (409 when already in that state)', async () => {
    const { owner, b, admin, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    expectError(await sandbox(admin, id, { sandbox: false }), 409, 'NOT_SANDBOXED', 'This stack is not sandboxed');
    expect((await sandbox(admin, id, { sandbox: true })).body).toEqual({ id, is_sandboxed: true });
    expectStackNotFound(await as(t, b).get(`/v1/stacks/${id}`));
    expect((await getStack(t, admin, id)).me).toMatchObject({ can_sandbox: false, can_unsandbox: true });
    expect((await sandbox(admin, id, { sandbox: false })).body).toEqual({ id, is_sandboxed: false });
    expect((await getStack(t, b, id)).is_sandboxed).toBe(false);
  });

  it.each([
    ['no sandbox value', {}],
    ['a string', { sandbox: 'true' }],
  ])('refuses %s with 400', async (_label, body) => {
    const { owner, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    expectError(await sandbox(owner, id, body), 400, 'VALIDATION_FAILED', 'sandbox must be true or false');
  });
});

describe('POST /v1/stacks/{id}/edit', () => {
  const edited = positions('New ');

  it('lets the owner edit within the hour while nobody else answered, even after answering it', async () => {
    const { owner, a, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    expect((await getStack(t, owner, id)).me.can_edit).toBe(true);
    expect((await getStack(t, a, id)).me.can_edit).toBe(false);

    const res = await edit(owner, id, { name: '  Renamed  ', positions: edited });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ message: 'Stack updated' });
    expect(await getStack(t, a, id)).toMatchObject({ name: 'Renamed', positions: edited });

    await answer(t, owner, id);
    expect((await getStack(t, owner, id)).me.can_edit).toBe(true);
    expect((await edit(owner, id, { name: null, positions: positions() })).status).toBe(200);
    expect(await getStack(t, a, id)).toMatchObject({ name: null, positions: positions() });
  });

  it('closes once another user answered: 403 EDIT_WINDOW_CLOSED with the spec sentence', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    await answer(t, friend, id);
    expect((await getStack(t, me, id)).me.can_edit).toBe(false);
    expectError(await edit(me, id, { name: 'Too late', positions: edited }), 403, 'EDIT_WINDOW_CLOSED', EDIT_CLOSED);
    expect((await getStack(t, me, id)).name).toBe('Fruit');
  });

  it('closes an hour after creation: 403 EDIT_WINDOW_CLOSED', async () => {
    const { owner, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await backdate(t, id, 2);
    expect((await getStack(t, owner, id)).me.can_edit).toBe(false);
    expectError(await edit(owner, id, { name: 'Too late', positions: edited }), 403, 'EDIT_WINDOW_CLOSED', EDIT_CLOSED);
  });

  it('refuses a member who is not the owner with 403 NOT_OWNER, and a stranger with 404', async () => {
    const { owner, a, outsider, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    expectError(await edit(a, id, { name: 'Mine now', positions: edited }), 403, 'NOT_OWNER', 'Only the owner can edit this stack');
    expectStackNotFound(await edit(outsider, id, { name: 'Mine now', positions: edited }));
  });

  it('validates like creation', async () => {
    const { owner, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    expectError(await edit(owner, id, { name: 'x', positions: [...edited.slice(0, 5), edited[1].toLowerCase()] }), 400, 'VALIDATION_FAILED', 'Identical positions not supported.');
    expectError(await edit(owner, id, { name: 'n'.repeat(33), positions: edited }), 400, 'VALIDATION_FAILED', 'Stack name must be no more than 32 characters');
    expectError(await edit(owner, id, { name: 'x', positions: edited.slice(1) }), 400, 'VALIDATION_FAILED', 'Exactly six positions are required');
  });
});

describe('Admins outside the audience moderate a stack but neither answer nor comment', () => {
  const complete = (user: FactoryUser, id: number) => as(t, user).post(`/v1/stacks/${id}/complete`, { position_ids: RANKINGS.identity });
  const postComment = (user: FactoryUser, id: number) => as(t, user).post(`/v1/stacks/${id}/comments`, { description: 'Admin here' });
  const NO_ANSWER = "Only the stack's audience can answer it";
  const NO_COMMENT = "Only the stack's audience can comment on it";

  it.each([
    ['private', false],
    ['public', true],
  ])('a %s group: the admin (no member) reads the stack, gets 403 NOT_IN_AUDIENCE on answer and comment, and still moderates', async (_label, isPublic) => {
    const { owner, a, admin, outsider, group } = await stackCast(t, { is_public: isPublic });
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, a, id);
    const cid = await comment(t, a, id, 'From a member');

    const seen = await getStack(t, admin, id);
    expect(seen.me).toMatchObject({ is_answered: false, can_answer: false, can_comment: false });
    expect(seen.comments.map((c: { id: number }) => c.id)).toEqual([cid]);
    expectError(await complete(admin, id), 403, 'NOT_IN_AUDIENCE', NO_ANSWER);
    expectError(await postComment(admin, id), 403, 'NOT_IN_AUDIENCE', NO_COMMENT);
    // Nothing was written.
    const forOwner = await getStack(t, owner, id);
    expect(forOwner.users.map((u: { user_id: number }) => u.user_id)).toEqual([a.id]);
    expect(forOwner.comments.map((c: { id: number }) => c.id)).toEqual([cid]);
    // Moderation is untouched: sandbox a comment, sandbox the stack, hide it for a member.
    expect((await as(t, admin).post(`/v1/stacks/${id}/comments/${cid}/sandbox`, { sandbox: true })).body).toEqual({ id: cid, is_sandboxed: true });
    expect((await sandbox(admin, id, { sandbox: true })).body).toEqual({ id, is_sandboxed: true });
    expect((await hideFor(admin, id, [owner.id])).status).toBe(200);
    // A non-admin outsider still cannot tell the stack exists.
    expectStackNotFound(await complete(outsider, id));
    expectStackNotFound(await postComment(outsider, id));
  });

  it('over tRPC too: 403 with the same detail and code', async () => {
    const { owner, admin, group } = await stackCast(t, { is_public: false });
    const id = await createGroupStack(t, owner, group.id);
    const res = await t.request
      .post('/trpc/stacks.complete')
      .set('Authorization', `Bearer ${t.tokenFor(admin)}`)
      .send({ id, position_ids: RANKINGS.identity });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ message: NO_ANSWER, data: { code: 'NOT_IN_AUDIENCE', detail: NO_ANSWER } });
  });

  it('an admin who is a member answers and comments like any member', async () => {
    const { owner, admin, group } = await stackCast(t, { is_public: false });
    await addMemberInDb(t.db, group.id, admin);
    const id = await createGroupStack(t, owner, group.id);
    expect((await getStack(t, admin, id)).me).toMatchObject({ can_answer: true, can_comment: true });
    expect((await complete(admin, id)).status).toBe(200);
    expect((await postComment(admin, id)).status).toBe(200);
    expect((await getStack(t, admin, id)).me).toMatchObject({ is_answered: true, can_answer: false, can_comment: true });
  });

  it('a member admin sees a sandboxed stack to moderate it, but does not answer it before others like them could', async () => {
    const { owner, a, admin, group } = await stackCast(t, { is_public: false });
    await addMemberInDb(t.db, group.id, admin);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, a, id);
    expect((await sandbox(owner, id, { sandbox: true })).status).toBe(200);
    expect((await getStack(t, admin, id)).me).toMatchObject({ can_answer: false, can_comment: false });
    expectError(await complete(admin, id), 403, 'NOT_IN_AUDIENCE', NO_ANSWER);
    expectError(await postComment(admin, id), 403, 'NOT_IN_AUDIENCE', NO_COMMENT);
    // Those who answered before keep commenting.
    expect((await postComment(a, id)).status).toBe(200);
  });

  it('members and friends see can_answer and can_comment as they are', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    expect((await getStack(t, friend, id)).me).toMatchObject({ is_answered: false, can_answer: true, can_comment: true });
    await answer(t, friend, id);
    expect((await getStack(t, friend, id)).me).toMatchObject({ is_answered: true, can_answer: false, can_comment: true });
  });
});
