import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_MESSAGES } from '../../shared/schemas/stacks';
import { answer, as, comment, createFriendStack, createGroupStack, expectError, expectStackNotFound, feed, friendPair, getStack, stackCast, twist } from '../factories/stacks';
import type { FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (user: FactoryUser, id: number, body: object) => as(t, user).post(`/v1/stacks/${id}/comments`, body);
const put = (user: FactoryUser, id: number, cid: number, body: object) => as(t, user).put(`/v1/stacks/${id}/comments/${cid}`, body);
const del = (user: FactoryUser, id: number, cid: number) => as(t, user).del(`/v1/stacks/${id}/comments/${cid}`);
const sandbox = (user: FactoryUser, id: number, cid: number, body: object = {}) => as(t, user).post(`/v1/stacks/${id}/comments/${cid}/sandbox`, body);
const descriptions = async (user: FactoryUser, id: number) => (await getStack(t, user, id)).comments.map((c: { description: string }) => c.description);
const expectCommentNotFound = (res: Parameters<typeof expectError>[0]) => expectError(res, 404, 'COMMENT_NOT_FOUND', 'Comment not found');

let cast: Awaited<ReturnType<typeof stackCast>>;
let stackId: number;
let otherStackId: number;
beforeAll(async () => {
  cast = await stackCast(t);
  stackId = await createGroupStack(t, cast.owner, cast.group.id);
  otherStackId = await createGroupStack(t, cast.owner, cast.group.id);
});

describe('POST /v1/stacks/{id}/comments', () => {
  it('stores the comment trimmed, in order, with its author', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    const res = await post(friend, id, { description: '  first!  \n' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number) });
    await comment(t, me, id, 'second');
    const { comments } = await getStack(t, me, id);
    expect(comments).toEqual([
      { id: res.body.id, user_id: friend.id, username: friend.username, avatar_id: 3, description: 'first!', created_at: expect.any(String), updated_at: expect.any(String), is_sandboxed: false, sandboxed_by_admin: false, me: { can_edit: false, can_delete: false, can_sandbox: false, can_unsandbox: false } },
      expect.objectContaining({ user_id: me.id, description: 'second', me: { can_edit: true, can_delete: true, can_sandbox: true, can_unsandbox: true } }),
    ]);
  });

  it('accepts 200 characters (after trimming) and 3 newlines', async () => {
    const long = 'c'.repeat(200);
    expect((await post(cast.a, stackId, { description: `   ${long}   ` })).status).toBe(200);
    expect((await post(cast.a, stackId, { description: 'one\ntwo\nthree\nfour' })).status).toBe(200);
    expect(await descriptions(cast.b, stackId)).toEqual(expect.arrayContaining([long, 'one\ntwo\nthree\nfour']));
  });

  it.each([
    ['201 characters', { description: 'c'.repeat(201) }, STACK_MESSAGES.commentMax],
    ['4 newlines', { description: 'one\ntwo\nthree\nfour\nfive' }, 'Too many new line characters.'],
    ['whitespace only', { description: ' \n\t  ' }, STACK_MESSAGES.commentEmpty],
    ['an empty text', { description: '' }, STACK_MESSAGES.commentEmpty],
    ['no text', {}, STACK_MESSAGES.commentEmpty],
  ])('refuses %s with 400', async (_label, body, detail) => {
    const before = await descriptions(cast.b, otherStackId);
    expectError(await post(cast.b, otherStackId, body), 400, 'VALIDATION_FAILED', detail);
    expect(await descriptions(cast.b, otherStackId)).toEqual(before);
  });

  it('is 404 for a stack the caller may not see', async () => {
    expectStackNotFound(await post(cast.outsider, stackId, { description: 'let me in' }));
  });
});

describe('PUT and DELETE /v1/stacks/{id}/comments/{cid}', () => {
  it("edits only one's own comment (trimmed, validated); others get 403 NOT_AUTHOR", async () => {
    const cid = await comment(t, cast.a, stackId, 'original text');
    const res = await put(cast.a, stackId, cid, { description: '  edited text  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Updated successfully' });
    expect(await descriptions(cast.b, stackId)).toContain('edited text');

    expectError(await put(cast.b, stackId, cid, { description: 'hijack' }), 403, 'NOT_AUTHOR', 'You can only edit your own comments');
    expectError(await put(cast.owner, stackId, cid, { description: 'hijack' }), 403, 'NOT_AUTHOR', 'You can only edit your own comments');
    expectError(await put(cast.admin, stackId, cid, { description: 'hijack' }), 403, 'NOT_AUTHOR', 'You can only edit your own comments');
    expectError(await put(cast.a, stackId, cid, { description: 'c'.repeat(201) }), 400, 'VALIDATION_FAILED', STACK_MESSAGES.commentMax);
    expectError(await put(cast.a, stackId, cid, { description: '1\n2\n3\n4\n5' }), 400, 'VALIDATION_FAILED', 'Too many new line characters.');
    expectError(await put(cast.a, stackId, cid, { description: '   ' }), 400, 'VALIDATION_FAILED', STACK_MESSAGES.commentEmpty);
    expect(await descriptions(cast.b, stackId)).toContain('edited text');
  });

  it('is 404 for an unknown comment, a comment of another stack, or a stack the caller may not see', async () => {
    const cid = await comment(t, cast.a, stackId, 'lives on stack one');
    expectCommentNotFound(await put(cast.a, stackId, 999_999, { description: 'x' }));
    expectCommentNotFound(await del(cast.a, stackId, 999_999));
    expectCommentNotFound(await put(cast.a, otherStackId, cid, { description: 'x' }));
    expectCommentNotFound(await del(cast.a, otherStackId, cid));
    expectCommentNotFound(await sandbox(cast.a, otherStackId, cid));
    expectStackNotFound(await put(cast.outsider, stackId, cid, { description: 'x' }));
    expectStackNotFound(await del(cast.outsider, stackId, cid));
  });

  it("deletes only one's own comment", async () => {
    const cid = await comment(t, cast.b, stackId, 'short-lived');
    expectError(await del(cast.a, stackId, cid), 403, 'NOT_AUTHOR', 'You can only delete your own comments');
    expectError(await del(cast.owner, stackId, cid), 403, 'NOT_AUTHOR', 'You can only delete your own comments');
    const res = await del(cast.b, stackId, cid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Comment deleted' });
    expect(await descriptions(cast.b, stackId)).not.toContain('short-lived');
    expectCommentNotFound(await del(cast.b, stackId, cid));
  });
});

describe('POST /v1/stacks/{id}/comments/{cid}/sandbox', () => {
  it('the author sandboxes (default true) and unsandboxes; others get 403 NOT_AUTHOR', async () => {
    const cid = await comment(t, cast.a, stackId, 'second thoughts');
    expectError(await sandbox(cast.b, stackId, cid), 403, 'NOT_AUTHOR', 'You can only sandbox your own comments');
    expectError(await sandbox(cast.owner, stackId, cid, { sandbox: true }), 403, 'NOT_AUTHOR', 'You can only sandbox your own comments');
    expectError(await sandbox(cast.a, stackId, cid, { sandbox: 'yes' }), 400, 'VALIDATION_FAILED', 'sandbox: Invalid input: expected boolean, received string');

    const res = await sandbox(cast.a, stackId, cid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: cid, is_sandboxed: true });
    expect((await sandbox(cast.a, stackId, cid, { sandbox: false })).body).toEqual({ id: cid, is_sandboxed: false });
    expect(await descriptions(cast.b, stackId)).toContain('second thoughts');
  });

  it('a sandboxed comment is hidden from other users, still shown to its author and admins', async () => {
    const cid = await comment(t, cast.b, stackId, 'hidden gem');
    expect((await sandbox(cast.admin, stackId, cid, { sandbox: true })).body).toEqual({ id: cid, is_sandboxed: true });

    expect(await descriptions(cast.a, stackId)).not.toContain('hidden gem');
    expect(await descriptions(cast.owner, stackId)).not.toContain('hidden gem');
    const forAuthor = (await getStack(t, cast.b, stackId)).comments.find((c: { id: number }) => c.id === cid);
    const forAdmin = (await getStack(t, cast.admin, stackId)).comments.find((c: { id: number }) => c.id === cid);
    expect(forAuthor).toMatchObject({ description: 'hidden gem', is_sandboxed: true });
    expect(forAdmin).toMatchObject({ description: 'hidden gem', is_sandboxed: true });
    // Others cannot reach it at all.
    expectCommentNotFound(await put(cast.a, stackId, cid, { description: 'x' }));
    expectCommentNotFound(await sandbox(cast.a, stackId, cid, { sandbox: false }));
    // The author still edits it, but cannot lift an admin's sandbox; an admin brings it back.
    expect((await put(cast.b, stackId, cid, { description: 'hidden gem!' })).status).toBe(200);
    expect(forAuthor).toMatchObject({ sandboxed_by_admin: true });
    expectError(await sandbox(cast.b, stackId, cid, { sandbox: false }), 403, 'SANDBOXED_BY_ADMIN', 'Only an admin can unsandbox a comment an admin sandboxed');
    expect((await getStack(t, cast.b, stackId)).comments.find((c: { id: number }) => c.id === cid)).toMatchObject({ is_sandboxed: true });
    expect((await sandbox(cast.admin, stackId, cid, { sandbox: false })).body).toEqual({ id: cid, is_sandboxed: false });
    expect(await descriptions(cast.a, stackId)).toContain('hidden gem!');
  });

  it('a sandboxed comment makes nothing unread in the feed', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    expect((await as(t, me).post(`/v1/stacks/${id}/viewed`)).status).toBe(200);
    const cid = await comment(t, friend, id, 'oops');
    expect((await feed(t, me)).find((i) => i.id === id)!.me.viewed_comments).toBe(false);
    expect((await sandbox(friend, id, cid)).status).toBe(200);
    expect((await feed(t, me)).find((i) => i.id === id)!.me.viewed_comments).toBe(true);
  });
});

describe('POST comments: at most 30 a minute per user (429)', () => {
  const TOO_MANY = 'You can post at most 30 comments a minute. Please wait a moment.';
  const count = async (stackIds: number[], userId: number) =>
    Number((await t.db.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).where('stack_id', 'in', stackIds).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

  it('the 31st comment in a minute is 429 with Retry-After and {detail, code}; over all stacks; others are not held back', async () => {
    const { me, friend } = await friendPair(t);
    const first = await createFriendStack(t, me, friend);
    const second = await createFriendStack(t, friend, me);
    for (let i = 0; i < 30; i += 1) expect((await post(me, i % 2 ? first : second, { description: `comment ${i}` })).status).toBe(200);
    for (const id of [first, second]) {
      const res = await post(me, id, { description: 'one too many' });
      expectError(res, 429, 'TOO_MANY_REQUESTS', TOO_MANY);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect(await count([first, second], me.id)).toBe(30);
    expect((await post(friend, first, { description: 'my turn' })).status).toBe(200);
  });

  it('refused comments (invalid text, a stack one may not see) do not use up the allowance', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    for (let i = 0; i < 5; i += 1) {
      expectError(await post(me, id, { description: '   ' }), 400, 'VALIDATION_FAILED', STACK_MESSAGES.commentEmpty);
      // The cast's group stack: me is no member.
      expectStackNotFound(await post(me, stackId, { description: 'not mine' }));
    }
    for (let i = 0; i < 30; i += 1) expect((await post(me, id, { description: `comment ${i}` })).status).toBe(200);
    expectError(await post(me, id, { description: 'one too many' }), 429, 'TOO_MANY_REQUESTS', TOO_MANY);
  });

  it('40 sent at once create at most 30; the rest are 429', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => post(me, id, { description: `burst ${i}` })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const res of results.filter((r) => r.status === 429)) expect(res.body).toEqual({ detail: TOO_MANY, code: 'TOO_MANY_REQUESTS' });
    expect(await count([id], me.id)).toBe(30);
  });

  it('counts twisted-stack comments too', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    await answer(t, me, id);
    await answer(t, friend, id);
    const twistedId = await twist(t, me, id);
    for (let i = 0; i < 30; i += 1) await comment(t, me, twistedId, `twisted ${i}`, 'twisted');
    expectError(await post(me, id, { description: 'one too many' }), 429, 'TOO_MANY_REQUESTS', TOO_MANY);
  });
});
