import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_MESSAGES } from '../../shared/schemas/stacks';
import { score } from '../../shared/scoring';
import { addMemberInDb, type GroupOptions } from '../factories/groups';
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
  expectTwistedNotFound,
  feed,
  friendPair,
  getStack,
  makeBotStack,
  stackCast,
  stackItem,
  twist,
  twistedItem,
} from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = '/v1/twisted_stacks';
const createTwist = (user: FactoryUser, body: object) => as(t, user).post(BASE, body);
const EDIT_CLOSED = 'This stack can no longer be edited. It may have been created more than an hour ago or someone has already responded.';

/**
 * A group stack by `owner` answered by owner (identity), a (reversed) and b (mixed), then twisted
 * by `a`; `c` is a member who did not answer, `outsider` is not a member.
 */
async function twistedGroupStack(description = 'But for breakfast', groupOptions: GroupOptions = {}) {
  const cast = await stackCast(t, groupOptions);
  const c = await createUser(t.db, { avatar_id: 7 });
  await addMemberInDb(t.db, cast.group.id, c);
  const stackId = await createGroupStack(t, cast.owner, cast.group.id, { name: 'Fruit' });
  await answer(t, cast.owner, stackId, RANKINGS.identity);
  await answer(t, cast.a, stackId, RANKINGS.reversed);
  await answer(t, cast.b, stackId, RANKINGS.mixed);
  const twistedId = await twist(t, cast.a, stackId, description);
  return { ...cast, c, stackId, twistedId };
}

describe('POST /v1/twisted_stacks', () => {
  it.each([
    ['no description', {}],
    ['an empty description', { twist_description: '' }],
    ['a blank description', { twist_description: '   ' }],
    ['a 37-character description', { twist_description: 't'.repeat(37) }],
  ])('refuses %s with 400 and the spec message', async (_label, body) => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    await answer(t, me, id);
    await answer(t, friend, id);
    expectError(await createTwist(me, { stack_id: id, ...body }), 400, 'VALIDATION_FAILED', STACK_MESSAGES.twistRequired);
    expect((await getStack(t, me, id)).twist).toBeNull();
  });

  it('twists a friend stack both answered, trimming the description (36 characters fit)', async () => {
    const { me, friend } = await friendPair(t);
    const id = await createFriendStack(t, me, friend);
    await answer(t, me, id);
    expectError(await createTwist(me, { stack_id: id, twist_description: 'Too early' }), 403, 'TWIST_NOT_QUALIFIED', 'This stack cannot be twisted yet: a friend stack needs both answers, a group stack two other responders');
    expectError(await createTwist(friend, { stack_id: id, twist_description: 'Not answered' }), 403, 'NOT_ANSWERED', 'Answer the stack before twisting it');
    expect((await getStack(t, me, id)).me.can_twist).toBe(false);
    await answer(t, friend, id, RANKINGS.reversed);
    expect((await getStack(t, me, id)).me.can_twist).toBe(true);
    expect((await getStack(t, friend, id)).me.can_twist).toBe(true);

    const description = 'd'.repeat(36);
    const res = await createTwist(friend, { stack_id: id, twist_description: `  ${description}  ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const twisted = await getStack(t, me, res.body.id, 'twisted');
    expect(twisted).toMatchObject({ id: res.body.id, stack_id: id, twist_description: description, name: 'Fruit', owner_id: friend.id, owner_username: friend.username });
    expect((await getStack(t, me, id)).twist).toEqual({ id: res.body.id, twist_description: description, owner_id: friend.id, owner_username: friend.username });
  });

  it('twists a group stack only with at least two other responders; a second twist is 409', async () => {
    const { owner, a, b, outsider, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await answer(t, a, id);
    await answer(t, b, id);
    // a has one other responder (b): not yet. owner has not answered.
    expectError(await createTwist(a, { stack_id: id, twist_description: 'x' }), 403, 'TWIST_NOT_QUALIFIED', 'This stack cannot be twisted yet: a friend stack needs both answers, a group stack two other responders');
    expectError(await createTwist(owner, { stack_id: id, twist_description: 'x' }), 403, 'NOT_ANSWERED', 'Answer the stack before twisting it');
    expectStackNotFound(await createTwist(outsider, { stack_id: id, twist_description: 'x' }));
    expectStackNotFound(await createTwist(a, { stack_id: 999_999, twist_description: 'x' }));

    await answer(t, owner, id);
    expect((await getStack(t, a, id)).me.can_twist).toBe(true);
    const twistedId = await twist(t, b, id, 'At night');
    expectError(await createTwist(a, { stack_id: id, twist_description: 'Again' }), 409, 'ALREADY_TWISTED', 'This stack has already been twisted');
    expectError(await createTwist(b, { stack_id: id, twist_description: 'Again' }), 409, 'ALREADY_TWISTED', 'This stack has already been twisted');
    expect((await getStack(t, a, id)).me.can_twist).toBe(false);
    // A twisted stack cannot itself be twisted: it is not a stack.
    expectStackNotFound(await createTwist(b, { stack_id: twistedId, twist_description: 'Deeper' }));
  });

  it('two twists at once end with exactly one twisted stack', async () => {
    const { owner, a, b, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    for (const user of [owner, a, b]) await answer(t, user, id);
    const results = await Promise.all([
      createTwist(a, { stack_id: id, twist_description: 'First' }),
      createTwist(b, { stack_id: id, twist_description: 'Second' }),
      createTwist(owner, { stack_id: id, twist_description: 'Third' }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([200, 409, 409]);
    for (const res of results.filter((r) => r.status === 409)) expectError(res, 409, 'ALREADY_TWISTED', 'This stack has already been twisted');
    const rows = await t.db.selectFrom('stacks').select('id').where('parent_id', '=', id).execute();
    expect(rows).toEqual([{ id: results.find((r) => r.status === 200)!.body.id }]);
  });
});

describe('who sees a twisted stack', () => {
  let w: Awaited<ReturnType<typeof twistedGroupStack>>;
  beforeAll(async () => {
    w = await twistedGroupStack();
  });

  it('everyone who answered the original gets it in GET /v2/stacks as a new twisted item', async () => {
    for (const user of [w.owner, w.a, w.b]) {
      const items = await feed(t, user);
      const item = twistedItem(items, w.twistedId);
      expect(item, user.username).toMatchObject({
        id: w.stackId,
        type: 'twisted',
        name: 'Fruit',
        twist: { id: w.twistedId, twist_description: 'But for breakfast', owner_id: w.a.id, owner_username: w.a.username },
        users: [],
        me: { is_answered: false, viewed: false },
      });
      // The twisted item comes first (newest), the original is still listed as a stack.
      expect(items[0].type).toBe('twisted');
      expect(stackItem(items, w.stackId)).toBeDefined();
      expect(twistedItem(await feed(t, user, 'filter_new=true'), w.twistedId)).toBeDefined();
    }
  });

  it("members who did not answer the original, outsiders, and the wrong kind of path get 404", async () => {
    expect(twistedItem(await feed(t, w.c), w.twistedId)).toBeUndefined();
    expect(stackItem(await feed(t, w.c), w.stackId)).toBeDefined();
    expectTwistedNotFound(await as(t, w.c).get(`${BASE}/${w.twistedId}`));
    expectTwistedNotFound(await as(t, w.outsider).get(`${BASE}/${w.twistedId}`));
    expectError(await as(t, w.c).post(`${BASE}/${w.twistedId}/complete`, { position_ids: RANKINGS.identity }), 404, 'STACK_NOT_FOUND', 'Twisted stack not found');
    expectError(await as(t, w.c).post(`${BASE}/${w.twistedId}/comments`, { description: 'hi' }), 404, 'STACK_NOT_FOUND', 'Twisted stack not found');
    // Ids of the other kind.
    expectStackNotFound(await as(t, w.a).get(`/v1/stacks/${w.twistedId}`));
    expectStackNotFound(await as(t, w.a).post(`/v1/stacks/${w.twistedId}/complete`, { position_ids: RANKINGS.identity }));
    expectTwistedNotFound(await as(t, w.a).get(`${BASE}/${w.stackId}`));
  });

  it('GET /v1/twisted_stacks lists only twisted stacks I may see', async () => {
    const list = await as(t, w.b).get(BASE);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: w.stackId, type: 'twisted', twist: { id: w.twistedId } });
    expect((await as(t, w.c).get(BASE)).body).toEqual([]);
    expect((await as(t, w.outsider).get(BASE)).body).toEqual([]);
    expectError(await as(t, w.b).get(`${BASE}?limit=101`), 400, 'VALIDATION_FAILED', 'limit: Too big: expected number to be <=100');
  });

  it('there is no DELETE and no stack-level sandbox for twisted stacks', async () => {
    const del = await as(t, w.a).del(`${BASE}/${w.twistedId}`);
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ detail: `No such endpoint: DELETE ${BASE}/${w.twistedId}`, code: 'NOT_FOUND' });
    const sandbox = await as(t, w.admin).post(`${BASE}/${w.twistedId}/sandbox`, { sandbox: true });
    expect(sandbox.status).toBe(404);
    expect(sandbox.body.code).toBe('NOT_FOUND');
    expect((await getStack(t, w.a, w.twistedId, 'twisted')).id).toBe(w.twistedId);
  });

  it('a twisted bot stack offers admins no delete (there is no such call)', async () => {
    const { owner, a, b, admin, group } = await stackCast(t);
    const id = await createGroupStack(t, owner, group.id);
    await makeBotStack(t, id);
    for (const user of [owner, a, b]) await answer(t, user, id);
    const twistedId = await twist(t, a, id);
    expect((await getStack(t, admin, twistedId, 'twisted')).me.can_delete).toBe(false);
    expectError(await as(t, admin).del(`/v1/stacks/${twistedId}`), 404, 'STACK_NOT_FOUND', 'Stack not found');
  });
});

describe('GET /v1/twisted_stacks/{id} and re-answering', () => {
  it('shows the original rankings and the re-answers side by side once I re-answered', async () => {
    const w = await twistedGroupStack();
    const before = await getStack(t, w.b, w.twistedId, 'twisted');
    expect(before).toMatchObject({ id: w.twistedId, stack_id: w.stackId, twist_description: 'But for breakfast', positions: (await getStack(t, w.b, w.stackId)).positions, users: [], consensus: null });
    expect(before.me.is_answered).toBe(false);
    expect(before.original.users.map((u: { user_id: number }) => u.user_id).sort()).toEqual([w.owner.id, w.a.id, w.b.id].sort());

    await answer(t, w.a, w.twistedId, RANKINGS.middle, 'twisted');
    await answer(t, w.b, w.twistedId, RANKINGS.swapFirst, 'twisted');
    expectError(await as(t, w.b).post(`${BASE}/${w.twistedId}/complete`, { position_ids: RANKINGS.identity }), 409, 'ALREADY_ANSWERED', 'You have already answered this stack');
    expectError(await as(t, w.owner).post(`${BASE}/${w.twistedId}/complete`, { position_ids: [0, 1, 2, 3, 4, 4] }), 400, 'VALIDATION_FAILED', STACK_MESSAGES.ranking);

    const detail = await getStack(t, w.b, w.twistedId, 'twisted');
    expect(detail.me.is_answered).toBe(true);
    expect(detail.users.map((u: { user_id: number; position_ids: number[]; score: number | null }) => [u.user_id, u.position_ids, u.score])).toEqual([
      [w.b.id, [...RANKINGS.swapFirst], null],
      [w.a.id, [...RANKINGS.middle], score(RANKINGS.swapFirst, RANKINGS.middle)],
    ]);
    const original = Object.fromEntries(detail.original.users.map((u: { user_id: number; position_ids: number[] }) => [u.user_id, u.position_ids]));
    expect(original).toEqual({ [w.owner.id]: [...RANKINGS.identity], [w.a.id]: [...RANKINGS.reversed], [w.b.id]: [...RANKINGS.mixed] });
    expect(detail.original.users[0].user_id).toBe(w.b.id);

    // The feed flags follow the twisted stack's own answers.
    const forB = twistedItem(await feed(t, w.b), w.twistedId)!;
    expect(forB.me.is_answered).toBe(true);
    expect(forB.users.map((u) => u.user_id)).toEqual([w.a.id, w.b.id]);
    expect(twistedItem(await feed(t, w.b, 'filter_new=true'), w.twistedId)).toBeUndefined();
    expect(twistedItem(await feed(t, w.owner), w.twistedId)!.me.is_answered).toBe(false);
  });

  it('viewed and hide work on the twisted stack alone', async () => {
    const w = await twistedGroupStack();
    const viewed = await as(t, w.b).post(`${BASE}/${w.twistedId}/viewed`);
    expect(viewed.status).toBe(200);
    expect(twistedItem(await feed(t, w.b), w.twistedId)!.me.viewed).toBe(true);
    expect(stackItem(await feed(t, w.b), w.stackId)!.me.viewed).toBe(true); // from answering the original
    expectTwistedNotFound(await as(t, w.c).post(`${BASE}/${w.twistedId}/viewed`));

    await getStack(t, w.owner, w.twistedId, 'twisted', '?mark_viewed=true');
    expect(twistedItem(await feed(t, w.owner), w.twistedId)!.me.viewed).toBe(true);

    const hidden = await as(t, w.b).del(`${BASE}/${w.twistedId}/hide`);
    expect(hidden.status).toBe(200);
    const items = await feed(t, w.b);
    expect(twistedItem(items, w.twistedId)).toBeUndefined();
    expect(stackItem(items, w.stackId)).toBeDefined();
    expect(twistedItem(await feed(t, w.a), w.twistedId)).toBeDefined();
    expectTwistedNotFound(await as(t, w.c).del(`${BASE}/${w.twistedId}/hide`));
  });
});

describe('POST /v1/twisted_stacks/{id}/edit', () => {
  it('lets the twister change the twist within the hour while nobody else answered', async () => {
    const w = await twistedGroupStack();
    expect((await getStack(t, w.a, w.twistedId, 'twisted')).me.can_edit).toBe(true);
    expect((await getStack(t, w.owner, w.twistedId, 'twisted')).me.can_edit).toBe(false);
    // The original's owner is not the twisted stack's owner.
    expectError(await as(t, w.owner).post(`${BASE}/${w.twistedId}/edit`, { twist_description: 'Mine' }), 403, 'NOT_OWNER', 'Only the owner can edit this stack');
    expectError(await as(t, w.a).post(`${BASE}/${w.twistedId}/edit`, { twist_description: 'x'.repeat(37) }), 400, 'VALIDATION_FAILED', STACK_MESSAGES.twistRequired);

    await answer(t, w.a, w.twistedId, RANKINGS.identity, 'twisted');
    const res = await as(t, w.a).post(`${BASE}/${w.twistedId}/edit`, { twist_description: '  At a wedding  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await getStack(t, w.b, w.twistedId, 'twisted')).twist_description).toBe('At a wedding');
    expect(twistedItem(await feed(t, w.b), w.twistedId)!.twist!.twist_description).toBe('At a wedding');

    await answer(t, w.b, w.twistedId, RANKINGS.identity, 'twisted');
    expectError(await as(t, w.a).post(`${BASE}/${w.twistedId}/edit`, { twist_description: 'Too late' }), 403, 'EDIT_WINDOW_CLOSED', EDIT_CLOSED);
    expectTwistedNotFound(await as(t, w.c).post(`${BASE}/${w.twistedId}/edit`, { twist_description: 'Hidden' }));
  });

  it('closes an hour after the twist', async () => {
    const w = await twistedGroupStack();
    await backdate(t, w.twistedId, 2);
    expectError(await as(t, w.a).post(`${BASE}/${w.twistedId}/edit`, { twist_description: 'Too late' }), 403, 'EDIT_WINDOW_CLOSED', EDIT_CLOSED);
    expect((await getStack(t, w.a, w.twistedId, 'twisted')).twist_description).toBe('But for breakfast');
  });
});

describe('comments on twisted stacks', () => {
  it('create, update, sandbox and delete under /v1/twisted_stacks/{id}/comments', async () => {
    const w = await twistedGroupStack();
    const cid = await comment(t, w.b, w.twistedId, '  twisted thoughts  ', 'twisted');
    expect((await getStack(t, w.a, w.twistedId, 'twisted')).comments).toEqual([
      expect.objectContaining({ id: cid, user_id: w.b.id, username: w.b.username, description: 'twisted thoughts', is_sandboxed: false }),
    ]);
    // Comments stay with their stack.
    expect((await getStack(t, w.a, w.stackId)).comments).toEqual([]);
    expectError(await as(t, w.a).put(`/v1/stacks/${w.stackId}/comments/${cid}`, { description: 'x' }), 404, 'COMMENT_NOT_FOUND', 'Comment not found');

    expectError(await as(t, w.a).put(`${BASE}/${w.twistedId}/comments/${cid}`, { description: 'x' }), 403, 'NOT_AUTHOR', 'You can only edit your own comments');
    expect((await as(t, w.b).put(`${BASE}/${w.twistedId}/comments/${cid}`, { description: 'edited' })).body).toEqual({ message: 'Updated successfully' });
    expectError(await as(t, w.b).post(`${BASE}/${w.twistedId}/comments`, { description: 'c'.repeat(201) }), 400, 'VALIDATION_FAILED', STACK_MESSAGES.commentMax);

    expect((await as(t, w.b).post(`${BASE}/${w.twistedId}/comments/${cid}/sandbox`, {})).body).toEqual({ id: cid, is_sandboxed: true });
    expect((await getStack(t, w.a, w.twistedId, 'twisted')).comments).toEqual([]);
    expect((await getStack(t, w.b, w.twistedId, 'twisted')).comments.map((c: { description: string }) => c.description)).toEqual(['edited']);
    expect((await as(t, w.admin).post(`${BASE}/${w.twistedId}/comments/${cid}/sandbox`, { sandbox: false })).body).toEqual({ id: cid, is_sandboxed: false });

    expectError(await as(t, w.a).del(`${BASE}/${w.twistedId}/comments/${cid}`), 403, 'NOT_AUTHOR', 'You can only delete your own comments');
    expect((await as(t, w.b).del(`${BASE}/${w.twistedId}/comments/${cid}`)).body).toEqual({ message: 'Comment deleted' });
    expect((await getStack(t, w.a, w.twistedId, 'twisted')).comments).toEqual([]);
  });
});

describe('Admins outside the audience of a twisted stack moderate it but neither re-answer nor comment', () => {
  const NO_ANSWER = "Only the stack's audience can answer it";
  const NO_COMMENT = "Only the stack's audience can comment on it";

  it('a private group: the admin (no member) reads it, and gets 403 NOT_IN_AUDIENCE on complete and comment', async () => {
    const w = await twistedGroupStack('But for breakfast', { is_public: false });
    const cid = await comment(t, w.b, w.twistedId, 'From b', 'twisted');
    const seen = await getStack(t, w.admin, w.twistedId, 'twisted');
    expect(seen.me).toMatchObject({ is_answered: false, can_answer: false, can_comment: false });
    expect(seen.comments.map((c: { id: number }) => c.id)).toEqual([cid]);

    expectError(await as(t, w.admin).post(`${BASE}/${w.twistedId}/complete`, { position_ids: RANKINGS.identity }), 403, 'NOT_IN_AUDIENCE', NO_ANSWER);
    expectError(await as(t, w.admin).post(`${BASE}/${w.twistedId}/comments`, { description: 'Admin here' }), 403, 'NOT_IN_AUDIENCE', NO_COMMENT);
    const forB = await getStack(t, w.b, w.twistedId, 'twisted');
    expect(forB.users).toEqual([]);
    expect(forB.comments.map((c: { id: number }) => c.id)).toEqual([cid]);
    // Comment moderation still works.
    expect((await as(t, w.admin).post(`${BASE}/${w.twistedId}/comments/${cid}/sandbox`, { sandbox: true })).body).toEqual({ id: cid, is_sandboxed: true });
    // The original too stays out of reach for answers.
    expectError(await as(t, w.admin).post(`/v1/stacks/${w.stackId}/complete`, { position_ids: RANKINGS.identity }), 403, 'NOT_IN_AUDIENCE', NO_ANSWER);
  });

  it('an admin who is a member and answered the original re-answers and comments like anyone', async () => {
    const w = await twistedGroupStack('But for breakfast', { is_public: false });
    await addMemberInDb(t.db, w.group.id, w.admin);
    await answer(t, w.admin, w.stackId, RANKINGS.swapFirst);
    expect((await getStack(t, w.admin, w.twistedId, 'twisted')).me).toMatchObject({ can_answer: true, can_comment: true });
    await answer(t, w.admin, w.twistedId, RANKINGS.identity, 'twisted');
    expect((await as(t, w.admin).post(`${BASE}/${w.twistedId}/comments`, { description: 'Member here' })).status).toBe(200);
  });

  it('a member admin who did not answer the original sees it (moderation) but may not re-answer or comment', async () => {
    const w = await twistedGroupStack('But for breakfast', { is_public: false });
    await addMemberInDb(t.db, w.group.id, w.admin);
    expect((await getStack(t, w.admin, w.twistedId, 'twisted')).me).toMatchObject({ can_answer: false, can_comment: false });
    expectError(await as(t, w.admin).post(`${BASE}/${w.twistedId}/complete`, { position_ids: RANKINGS.identity }), 403, 'NOT_IN_AUDIENCE', NO_ANSWER);
    expectError(await as(t, w.admin).post(`${BASE}/${w.twistedId}/comments`, { description: 'Admin here' }), 403, 'NOT_IN_AUDIENCE', NO_COMMENT);
    // Like c, a plain member who did not answer the original, who cannot see it at all.
    expectTwistedNotFound(await as(t, w.c).post(`${BASE}/${w.twistedId}/comments`, { description: 'hi' }));
  });
});
