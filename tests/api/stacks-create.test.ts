import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_MESSAGES } from '../../shared/schemas/stacks';
import { as, block, expectError, friendPair, getStack, groupWith, makeFriends, positions, stackCast } from '../factories/stacks';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (user: Parameters<typeof as>[1], body: object) => as(t, user).post('/v1/stacks', body);

describe('POST /v1/stacks: friend stacks', () => {
  it('creates a friend stack for a friend; both see it with its audience', async () => {
    const { me, friend } = await friendPair(t);
    const res = await create(me, { name: 'Fruit', mode: 'friend', target_id: friend.id, positions: positions() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number) });
    for (const viewer of [me, friend]) {
      const stack = await getStack(t, viewer, res.body.id);
      expect(stack).toMatchObject({
        id: res.body.id,
        name: 'Fruit',
        positions: positions(),
        owner_id: me.id,
        owner_username: me.username,
        owner_avatar_id: 2,
        is_sandboxed: false,
        group_id: null,
        audience: { type: 'friend', user: { id: friend.id, username: friend.username, avatar_id: 3 }, group: null },
        bot: null,
        users: [],
        consensus: null,
        comments: [],
        twist: null,
      });
      // Creating is not answering (DESIGN §3).
      expect(stack.me.is_answered).toBe(false);
    }
  });

  it('refuses a stranger with 403 NOT_FRIENDS and the owner themself with 400', async () => {
    const { me, third } = await friendPair(t);
    expectError(await create(me, { mode: 'friend', target_id: third.id, positions: positions() }), 403, 'NOT_FRIENDS', 'Friend stacks can only be sent to friends');
    expectError(await create(me, { mode: 'friend', target_id: 999_999, positions: positions() }), 403, 'NOT_FRIENDS', 'Friend stacks can only be sent to friends');
    expectError(await create(me, { mode: 'friend', target_id: me.id, positions: positions() }), 400, 'SELF_STACK', 'Choose a friend to send the stack to');
  });

  it('refuses a former friend once either one blocked the other', async () => {
    const { me, friend } = await friendPair(t);
    await block(t, friend, me);
    expectError(await create(me, { mode: 'friend', target_id: friend.id, positions: positions() }), 403, 'NOT_FRIENDS', 'Friend stacks can only be sent to friends');
    expectError(await create(friend, { mode: 'friend', target_id: me.id, positions: positions() }), 403, 'NOT_FRIENDS', 'Friend stacks can only be sent to friends');
  });
});

describe('POST /v1/stacks: group stacks', () => {
  it('lets members (owner or not) create group stacks; the audience names the group', async () => {
    const { owner, a, group } = await stackCast(t);
    for (const user of [owner, a]) {
      const res = await create(user, { name: 'G', mode: 'group', target_id: group.id, positions: positions() });
      expect(res.status).toBe(200);
      const stack = await getStack(t, user, res.body.id);
      expect(stack).toMatchObject({ owner_id: user.id, group_id: group.id, audience: { type: 'group', user: null, group: { id: group.id, name: group.name } } });
    }
  });

  it('refuses a non-member of a public group with 403 and a stranger to a private group with 404', async () => {
    const { owner, outsider } = await stackCast(t);
    const publicGroup = await groupWith(t, owner, []);
    const privateGroup = await groupWith(t, owner, [], { is_public: false });
    expectError(await create(outsider, { mode: 'group', target_id: publicGroup.id, positions: positions() }), 403, 'NOT_A_MEMBER', 'Only members can create stacks in this group');
    expectError(await create(outsider, { mode: 'group', target_id: privateGroup.id, positions: positions() }), 404, 'GROUP_NOT_FOUND', 'Group not found');
    expectError(await create(outsider, { mode: 'group', target_id: 999_999, positions: positions() }), 404, 'GROUP_NOT_FOUND', 'Group not found');
  });

  it('refuses someone invited to a private group (who may see it) with 403, not 404', async () => {
    const { owner, outsider } = await stackCast(t);
    const privateGroup = await groupWith(t, owner, [], { is_public: false });
    expect((await as(t, owner).post(`/v1/groups/${privateGroup.id}/invite/${outsider.id}`)).status).toBe(200);
    expect((await as(t, outsider).get(`/v1/groups/${privateGroup.id}`)).status).toBe(200);
    expectError(await create(outsider, { mode: 'group', target_id: privateGroup.id, positions: positions() }), 403, 'NOT_A_MEMBER', 'Only members can create stacks in this group');
  });

  it('refuses a retired group with 404', async () => {
    const owner = await createUser(t.db);
    const group = await groupWith(t, owner, []);
    expect((await as(t, owner).del(`/v1/groups/${group.id}`)).status).toBe(200);
    expectError(await create(owner, { mode: 'group', target_id: group.id, positions: positions() }), 404, 'GROUP_NOT_FOUND', 'Group not found');
  });

  it('in a read-only group only the owner creates stacks (a member gets 403 READ_ONLY_GROUP)', async () => {
    const { owner, a, group } = await stackCast(t, { is_readonly: true });
    expectError(await create(a, { mode: 'group', target_id: group.id, positions: positions() }), 403, 'READ_ONLY_GROUP', 'Only the owner can create stacks in this read-only group');
    expect((await create(owner, { mode: 'group', target_id: group.id, positions: positions() })).status).toBe(200);
  });
});

describe('POST /v1/stacks: validation', () => {
  let me: Awaited<ReturnType<typeof friendPair>>['me'];
  let friend: Awaited<ReturnType<typeof friendPair>>['friend'];
  beforeAll(async () => {
    ({ me, friend } = await friendPair(t));
  });
  const body = (overrides: object) => ({ name: 'Fruit', mode: 'friend', target_id: friend.id, positions: positions(), ...overrides });
  const six = positions();

  it.each([
    ['a 33-character name', { name: 'n'.repeat(33) }, STACK_MESSAGES.nameMax],
    ['five positions', { positions: six.slice(0, 5) }, STACK_MESSAGES.positionsCount],
    ['seven positions', { positions: [...six, 'Grapes'] }, STACK_MESSAGES.positionsCount],
    ['no positions', { positions: undefined }, STACK_MESSAGES.positionsCount],
    ['an empty position', { positions: ['', ...six.slice(1)] }, STACK_MESSAGES.positionRequired],
    ['a blank position', { positions: [...six.slice(0, 5), '   '] }, STACK_MESSAGES.positionRequired],
    ['a 33-character position', { positions: [...six.slice(0, 5), 'p'.repeat(33)] }, STACK_MESSAGES.positionMax],
    ['two identical positions', { positions: [...six.slice(0, 5), six[0]] }, 'Identical positions not supported.'],
    ['positions identical after trimming and ignoring case', { positions: [...six.slice(0, 5), `  ${six[0].toUpperCase()} `] }, 'Identical positions not supported.'],
    ['an unknown mode', { mode: 'bot' }, 'mode must be friend or group'],
  ])('refuses %s with 400 and the rule as detail', async (_label, overrides, detail) => {
    const before = await as(t, me).get('/v2/stacks');
    expectError(await create(me, body(overrides)), 400, 'VALIDATION_FAILED', detail);
    expect((await as(t, me).get('/v2/stacks')).body).toEqual(before.body);
  });

  it('accepts a 32-character name and 32-character positions, trimming both', async () => {
    const name = 'N'.repeat(32);
    const long = [...six.slice(0, 5), 'P'.repeat(32)];
    const res = await create(me, body({ name: `  ${name}  `, positions: long.map((p) => ` ${p}\t`) }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stack = await getStack(t, me, res.body.id);
    expect(stack.name).toBe(name);
    expect(stack.positions).toEqual(long);
  });

  it.each([
    ['an empty name', ''],
    ['a blank name', '   '],
    ['a null name', null],
    ['no name', undefined],
  ])('stores %s as null', async (_label, name) => {
    const payload: Record<string, unknown> = body({});
    if (name === undefined) delete payload.name;
    else payload.name = name;
    const res = await create(me, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await getStack(t, friend, res.body.id)).name).toBeNull();
  });

  it('keeps friend stacks apart: a third user cannot be a target even with a copy of the payload', async () => {
    const other = await createUser(t.db);
    await makeFriends(t, other, friend);
    const res = await create(other, body({}));
    expect(res.status).toBe(200);
    // `me` is not a party to other's stack with friend.
    expectError(await as(t, me).get(`/v1/stacks/${res.body.id}`), 404, 'STACK_NOT_FOUND', 'Stack not found');
  });
});
