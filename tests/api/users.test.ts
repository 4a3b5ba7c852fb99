import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_MESSAGES } from '../../shared/schemas/users';
import { createUser, uniqueName, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (user: FactoryUser) => ({ Authorization: `Bearer ${t.tokenFor(user)}` });
const get = (user: FactoryUser, path: string) => t.request.get(path).set(bearer(user));
const listUsers = (user: FactoryUser, query: Record<string, string | number> = {}) => get(user, '/v1/users').query(query);
const profile = (viewer: FactoryUser, id: number | string) => get(viewer, `/v1/users/${id}`);
const putSocial = (user: FactoryUser, body: Record<string, unknown>) => t.request.put('/v1/users/me/socials').set(bearer(user)).send(body);

/** A refusal: the status, the `{detail, code}` body, and never a stack trace. */
function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, detail: res.body?.detail, code: res.body?.code }).toEqual({ status, detail, code });
  expect(res.body).not.toHaveProperty('stack');
  expect(res.text).not.toMatch(/\n\s+at\s/);
}

async function sendRequest(from: FactoryUser, to: FactoryUser) {
  const res = await t.request.post('/v1/users/friends/requests').set(bearer(from)).send({ user_id: to.id });
  expect(res.status).toBe(200);
  return res.body as { friend_status: string; request_id: number };
}

/** a asks b, b asks back: the second request accepts the first (DESIGN §3). */
async function befriend(a: FactoryUser, b: FactoryUser) {
  await sendRequest(a, b);
  expect((await sendRequest(b, a)).friend_status).toBe('friends');
}

async function block(blocker: FactoryUser, blocked: FactoryUser) {
  const res = await t.request.post('/v1/users/blocks').set(bearer(blocker)).send({ user_id: blocked.id });
  expect(res.status).toBe(200);
}

describe('GET /v1/users', () => {
  it('lists other active users the viewer may see, with friend status from the viewer side, in the spec order', async () => {
    const prefix = uniqueName('ord');
    const viewer = await createUser(t.db, { username: `${prefix}_viewer` });
    const make = (suffix: string, extra: Parameters<typeof createUser>[1] = {}) => createUser(t.db, { username: `${prefix}_${suffix}`, ...extra });
    const zed = await make('zed');
    const amy = await make('Amy');
    const yan = await make('yan');
    const bob = await make('Bob');
    const carl = await make('carl');
    const xavier = await make('Xavier');
    const dead = await make('dead', { is_active: false });
    const iBlocked = await make('blockedbyme');
    const blockedMe = await make('blockedme');

    await befriend(viewer, zed);
    await befriend(amy, viewer);
    await sendRequest(viewer, yan);
    await sendRequest(bob, viewer);
    await block(viewer, iBlocked);
    await block(blockedMe, viewer);

    const res = await listUsers(viewer, { q: prefix });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { username: string; friend_status: string }) => [u.username, u.friend_status])).toEqual([
      [amy.username, 'friends'],
      [zed.username, 'friends'],
      [bob.username, 'incoming'],
      [yan.username, 'pending'],
      [carl.username, 'not_friends'],
      [xavier.username, 'not_friends'],
    ]);
    const ids = res.body.map((u: { id: number }) => u.id);
    for (const hidden of [viewer, dead, iBlocked, blockedMe]) expect(ids).not.toContain(hidden.id);

    // The other side sees the mirror image.
    const fromBob = await listUsers(bob, { q: `${prefix}_viewer` });
    expect(fromBob.body).toEqual([expect.objectContaining({ id: viewer.id, friend_status: 'pending' })]);
    const fromYan = await listUsers(yan, { q: `${prefix}_viewer` });
    expect(fromYan.body).toEqual([expect.objectContaining({ id: viewer.id, friend_status: 'incoming' })]);
  });

  it('shows each user as {id, username, bio, avatar_id, friend_status, last_login} and nothing private', async () => {
    const viewer = await createUser(t.db);
    const other = await createUser(t.db, { bio: 'Hello there', avatar_id: 7 });
    await t.db.updateTable('users').set({ last_login_at: new Date('2024-03-05T23:30:00Z') }).where('id', '=', other.id).execute();
    const res = await listUsers(viewer, { q: other.username });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: other.id, username: other.username, bio: 'Hello there', avatar_id: 7, friend_status: 'not_friends', last_login: '2024-03-05' },
    ]);
  });

  it('q matches a username substring in any letter case', async () => {
    const prefix = uniqueName('Srch');
    const viewer = await createUser(t.db);
    const one = await createUser(t.db, { username: `${prefix}_MiXeD` });
    const two = await createUser(t.db, { username: `x${prefix}_mixedtail` });
    const none = await createUser(t.db, { username: `${prefix}_other` });
    for (const q of [`${prefix}_mixed`, `${prefix}_MIXED`.toUpperCase(), `${prefix}_MiXeD`, `  ${prefix}_mixed  `]) {
      const res = await listUsers(viewer, { q });
      expect(res.status).toBe(200);
      expect(res.body.map((u: { id: number }) => u.id)).toEqual([one.id, two.id]);
    }
    const res = await listUsers(viewer, { q: prefix.toUpperCase() });
    expect(res.body.map((u: { id: number }) => u.id).sort()).toEqual([one.id, two.id, none.id].sort());
  });

  it('q matches % and _ literally, not as wildcards', async () => {
    const prefix = uniqueName('lit');
    const viewer = await createUser(t.db);
    const percent = await createUser(t.db, { username: `${prefix}a%b` });
    const plain = await createUser(t.db, { username: `${prefix}axxb` });
    const underscore = await createUser(t.db, { username: `${prefix}c_d` });
    const letter = await createUser(t.db, { username: `${prefix}cxd` });

    const byPercent = await listUsers(viewer, { q: 'a%b' });
    expect(byPercent.status).toBe(200);
    const percentIds = byPercent.body.map((u: { id: number }) => u.id);
    expect(percentIds).toContain(percent.id);
    expect(percentIds).not.toContain(plain.id);

    const byUnderscore = await listUsers(viewer, { q: `${prefix}c_d` });
    expect(byUnderscore.body.map((u: { id: number }) => u.id)).toEqual([underscore.id]);
    expect(byUnderscore.body.map((u: { id: number }) => u.id)).not.toContain(letter.id);

    const onlyPercent = await listUsers(viewer, { q: '%' });
    expect(onlyPercent.body.map((u: { id: number }) => u.id)).toEqual([percent.id]);
  });

  it('pages with offset and limit', async () => {
    const prefix = uniqueName('page');
    const viewer = await createUser(t.db);
    const users = [];
    for (const suffix of ['a', 'b', 'c', 'd', 'e']) users.push(await createUser(t.db, { username: `${prefix}_${suffix}` }));
    const page = async (offset: number, limit: number) => {
      const res = await listUsers(viewer, { q: prefix, offset, limit });
      expect(res.status).toBe(200);
      return res.body.map((u: { id: number }) => u.id);
    };
    expect(await page(0, 2)).toEqual([users[0].id, users[1].id]);
    expect(await page(2, 2)).toEqual([users[2].id, users[3].id]);
    expect(await page(4, 2)).toEqual([users[4].id]);
    expect(await page(5, 2)).toEqual([]);
    expect(await page(0, 100)).toHaveLength(5);
  });

  it.each([
    ['limit 101', { limit: 101 }, 'limit: Too big: expected number to be <=100'],
    ['limit 0', { limit: 0 }, 'limit: Too small: expected number to be >=1'],
    ['a negative offset', { offset: -1 }, 'offset: Too small: expected number to be >=0'],
  ])('refuses %s with 400', async (_label, query, detail) => {
    const viewer = await createUser(t.db);
    expectError(await listUsers(viewer, query), 400, 'VALIDATION_FAILED', detail);
  });

  it('needs a token', async () => {
    expectError(await t.request.get('/v1/users'), 401, 'UNAUTHORIZED', 'Not authenticated');
  });
});

describe('GET /v1/users/{id}', () => {
  it('returns the profile fields, with last_login as a date and no e-mail', async () => {
    const viewer = await createUser(t.db);
    const other = await createUser(t.db, { bio: 'About me', avatar_id: 4 });
    const before = await profile(viewer, other.id);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      id: other.id,
      username: other.username,
      bio: 'About me',
      avatar_id: 4,
      friend_status: 'not_friends',
      last_login: null,
      socials: [],
      friend_request_id: null,
    });

    await t.db.updateTable('users').set({ last_login_at: new Date('2025-01-31T08:15:00Z') }).where('id', '=', other.id).execute();
    expect((await profile(viewer, other.id)).body.last_login).toBe('2025-01-31');
  });

  it('friend_request_id is the open request for pending and incoming, null once friends', async () => {
    const viewer = await createUser(t.db);
    const asked = await createUser(t.db);
    const asker = await createUser(t.db);
    const sent = await sendRequest(viewer, asked);
    const received = await sendRequest(asker, viewer);

    expect((await profile(viewer, asked.id)).body).toMatchObject({ friend_status: 'pending', friend_request_id: sent.request_id });
    expect((await profile(viewer, asker.id)).body).toMatchObject({ friend_status: 'incoming', friend_request_id: received.request_id });
    expect((await profile(asked, viewer.id)).body).toMatchObject({ friend_status: 'incoming', friend_request_id: sent.request_id });

    await sendRequest(viewer, asker);
    expect((await profile(viewer, asker.id)).body).toMatchObject({ friend_status: 'friends', friend_request_id: null });
  });

  it('answers 404 User not found for unknown, deactivated and blocked users (either way)', async () => {
    const viewer = await createUser(t.db);
    const dead = await createUser(t.db, { is_active: false });
    const iBlocked = await createUser(t.db);
    const blockedMe = await createUser(t.db);
    await block(viewer, iBlocked);
    await block(blockedMe, viewer);
    for (const id of [2_000_000_000, dead.id, iBlocked.id, blockedMe.id]) {
      expectError(await profile(viewer, id), 404, 'USER_NOT_FOUND', 'User not found');
    }
    expectError(await profile(blockedMe, viewer.id), 404, 'USER_NOT_FOUND', 'User not found');
    expectError(await profile(iBlocked, viewer.id), 404, 'USER_NOT_FOUND', 'User not found');
  });

  it('refuses a non-numeric or non-positive id with 400', async () => {
    const viewer = await createUser(t.db);
    expectError(await profile(viewer, 'abc'), 400, 'VALIDATION_FAILED', 'id: must be a whole number written in plain digits, like 42');
    expectError(await profile(viewer, 0), 400, 'VALIDATION_FAILED', 'id: Too small: expected number to be >0');
  });

  it('refuses an id beyond the integer range with 400, not a server error', async () => {
    const viewer = await createUser(t.db);
    const tooBig = 'id: Too big: expected number to be <=2147483647';
    expectError(await profile(viewer, 2_147_483_648), 400, 'VALIDATION_FAILED', tooBig);
    expectError(await profile(viewer, '9999999999'), 400, 'VALIDATION_FAILED', tooBig);
    expectError(await get(viewer, '/v1/users/9999999999/shared'), 400, 'VALIDATION_FAILED', tooBig);
    expectError(await profile(viewer, 2_147_483_647), 404, 'USER_NOT_FOUND', 'User not found');
  });
});

describe('socials visibility', () => {
  const socialsOf = async (viewer: FactoryUser, owner: FactoryUser) => {
    const res = await profile(viewer, owner.id);
    expect(res.status).toBe(200);
    return res.body.socials.map((s: { platform: string; visibility: string }) => `${s.platform}:${s.visibility}`);
  };

  it('public is seen by everyone, friends only by friends, private only by the owner', async () => {
    const owner = await createUser(t.db);
    const friend = await createUser(t.db);
    const stranger = await createUser(t.db);
    const asker = await createUser(t.db);
    await befriend(owner, friend);
    await sendRequest(asker, owner);

    expect((await putSocial(owner, { platform: 'telegram', value: 'owner_tg', visibility: 'public' })).status).toBe(200);
    expect((await putSocial(owner, { platform: 'signal', value: 'owner.01', visibility: 'friends' })).status).toBe(200);
    expect(await socialsOf(friend, owner)).toEqual(['signal:friends', 'telegram:public']);
    expect(await socialsOf(stranger, owner)).toEqual(['telegram:public']);
    // An open request is not friendship.
    expect(await socialsOf(asker, owner)).toEqual(['telegram:public']);

    expect((await putSocial(owner, { platform: 'signal', value: 'owner.01', visibility: 'private' })).status).toBe(200);
    expect((await putSocial(owner, { platform: 'telegram', value: 'owner_tg', visibility: 'friends' })).status).toBe(200);
    expect(await socialsOf(friend, owner)).toEqual(['telegram:friends']);
    expect(await socialsOf(stranger, owner)).toEqual([]);

    const me = await get(owner, '/v1/users/me');
    expect(me.status).toBe(200);
    expect(me.body.socials).toEqual([
      { id: expect.any(Number), platform: 'signal', value: 'owner.01', visibility: 'private', link: 'https://signal.me/#u/owner.01', is_verified: false },
      { id: expect.any(Number), platform: 'telegram', value: 'owner_tg', visibility: 'friends', link: 'https://t.me/owner_tg', is_verified: false },
    ]);
  });

  it('an unfriended user no longer sees friends-only socials', async () => {
    const owner = await createUser(t.db);
    const friend = await createUser(t.db);
    await befriend(owner, friend);
    await putSocial(owner, { platform: 'telegram', value: 'only_friends', visibility: 'friends' });
    expect(await socialsOf(friend, owner)).toEqual(['telegram:friends']);
    expect((await t.request.delete(`/v1/users/friends/${owner.id}`).set(bearer(friend))).status).toBe(200);
    expect(await socialsOf(friend, owner)).toEqual([]);
  });
});

describe('GET /v1/users/{id}/shared', () => {
  it('returns the four counts, zero without shared stacks', async () => {
    const viewer = await createUser(t.db);
    const other = await createUser(t.db);
    const res = await get(viewer, `/v1/users/${other.id}/shared`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ friend_stacks_shared: 0, friend_twisted_stacks_shared: 0, group_stacks_shared: 0, group_twisted_stacks_shared: 0 });
  });

  it('answers 404 for a blocked (either way), deactivated or unknown user', async () => {
    const viewer = await createUser(t.db);
    const iBlocked = await createUser(t.db);
    const blockedMe = await createUser(t.db);
    const dead = await createUser(t.db, { is_active: false });
    await block(viewer, iBlocked);
    await block(blockedMe, viewer);
    for (const id of [iBlocked.id, blockedMe.id, dead.id, 2_000_000_000]) {
      expectError(await get(viewer, `/v1/users/${id}/shared`), 404, 'USER_NOT_FOUND', 'User not found');
    }
  });
});

describe('POST /v1/users/me/avatar', () => {
  it('accepts 1 to 9 and shows the choice on /me and to others', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    for (let id = 1; id <= 9; id += 1) {
      const res = await t.request.post('/v1/users/me/avatar').set(bearer(user)).send({ avatar_id: id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ avatar_id: id });
      expect((await get(user, '/v1/users/me')).body.avatar_id).toBe(id);
    }
    expect((await profile(other, user.id)).body.avatar_id).toBe(9);
  });

  it.each([
    [0, 'avatar_id must be from 1 to 9'],
    [10, 'avatar_id must be from 1 to 9'],
    ['x', 'avatar_id must be a number from 1 to 9'],
    [1.5, 'avatar_id must be a whole number from 1 to 9'],
  ])('refuses %s with 400 and leaves the avatar as it was', async (avatarId, detail) => {
    const user = await createUser(t.db, { avatar_id: 5 });
    const res = await t.request.post('/v1/users/me/avatar').set(bearer(user)).send({ avatar_id: avatarId });
    expectError(res, 400, 'VALIDATION_FAILED', detail);
    expect((await get(user, '/v1/users/me')).body.avatar_id).toBe(5);
  });
});

describe('PUT /v1/users/me/bio', () => {
  it('accepts up to 120 characters and trims the text', async () => {
    const user = await createUser(t.db);
    const res = await t.request.put('/v1/users/me/bio').set(bearer(user)).send({ bio: '  Ranking things since 1999.  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bio: 'Ranking things since 1999.' });
    expect((await get(user, '/v1/users/me')).body.bio).toBe('Ranking things since 1999.');

    const full = 'b'.repeat(120);
    const long = await t.request.put('/v1/users/me/bio').set(bearer(user)).send({ bio: `  ${full}  ` });
    expect(long.status).toBe(200);
    expect(long.body).toEqual({ bio: full });

    const empty = await t.request.put('/v1/users/me/bio').set(bearer(user)).send({ bio: '' });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ bio: '' });
  });

  it('refuses 121 characters with 400 and the rule in detail', async () => {
    const user = await createUser(t.db, { bio: 'unchanged' });
    const res = await t.request.put('/v1/users/me/bio').set(bearer(user)).send({ bio: 'x'.repeat(121) });
    expectError(res, 400, 'VALIDATION_FAILED', 'Bio must be no more than 120 characters');
    expect(res.body.errors).toEqual([{ field: 'bio', message: 'Bio must be no more than 120 characters' }]);
    expect((await get(user, '/v1/users/me')).body.bio).toBe('unchanged');
  });
});

describe('PUT /v1/users/me/socials', () => {
  it('Telegram: strips spaces and @, lower-cases, and links to t.me', async () => {
    const user = await createUser(t.db);
    const res = await putSocial(user, { platform: 'telegram', value: ' @Some_Name ', visibility: 'public' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      platform: 'telegram',
      value: 'some_name',
      visibility: 'public',
      link: 'https://t.me/some_name',
      is_verified: false,
    });
  });

  it('Telegram accepts the 5- and 32-character boundaries', async () => {
    const user = await createUser(t.db);
    expect((await putSocial(user, { platform: 'telegram', value: 'abcde' })).body.value).toBe('abcde');
    const longest = `a${'b1_'.repeat(10)}c`;
    expect(longest).toHaveLength(32);
    expect((await putSocial(user, { platform: 'telegram', value: longest })).body.link).toBe(`https://t.me/${longest}`);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['only @', '@'],
  ])('Telegram %s -> 400 Telegram username cannot be empty', async (_label, value) => {
    const user = await createUser(t.db);
    expectError(await putSocial(user, { platform: 'telegram', value }), 400, 'INVALID_SOCIAL', SOCIAL_MESSAGES.telegramEmpty);
  });

  it.each([
    ['starts with a digit', '1abcde'],
    ['too short (4)', 'abcd'],
    ['too long (33)', `a${'b'.repeat(32)}`],
    ['has a hyphen', 'ab-cdef'],
    ['starts with an underscore', '_abcde'],
  ])('Telegram that %s -> 400 with the spec message', async (_label, value) => {
    const user = await createUser(t.db);
    const res = await putSocial(user, { platform: 'telegram', value });
    expectError(res, 400, 'INVALID_SOCIAL', 'Invalid Telegram username. It must start with a letter, be 5–32 characters, and contain only letters, digits, or underscores.');
    expect(SOCIAL_MESSAGES.telegramInvalid).toBe(res.body.detail);
    expect((await get(user, '/v1/users/me')).body.socials).toEqual([]);
  });

  it('Signal: empty and bare @ are refused with their messages; the link is signal.me/#u/', async () => {
    const user = await createUser(t.db);
    expectError(await putSocial(user, { platform: 'signal', value: '' }), 400, 'INVALID_SOCIAL', 'Signal value cannot be empty');
    expectError(await putSocial(user, { platform: 'signal', value: '   ' }), 400, 'INVALID_SOCIAL', 'Signal value cannot be empty');
    expectError(await putSocial(user, { platform: 'signal', value: '@' }), 400, 'INVALID_SOCIAL', 'Signal username cannot be empty');
    const res = await putSocial(user, { platform: 'signal', value: ' @alice.42 ', visibility: 'friends' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      platform: 'signal',
      value: 'alice.42',
      visibility: 'friends',
      link: 'https://signal.me/#u/alice.42',
      is_verified: false,
    });
  });

  it('refuses another platform with 400 Unsupported platform', async () => {
    const user = await createUser(t.db);
    expectError(await putSocial(user, { platform: 'facebook', value: 'someone' }), 400, 'INVALID_SOCIAL', 'Unsupported platform');
    expectError(await putSocial(user, { platform: 'Telegram', value: 'someone' }), 400, 'INVALID_SOCIAL', 'Unsupported platform');
  });

  it('refuses an unknown visibility with 400', async () => {
    const user = await createUser(t.db);
    const res = await putSocial(user, { platform: 'telegram', value: 'abcdef', visibility: 'everyone' });
    expectError(res, 400, 'VALIDATION_FAILED', 'visibility: Invalid option: expected one of "public"|"friends"|"private"');
  });

  it('replaces the entry of a platform (one per platform); a new value is no longer verified', async () => {
    const user = await createUser(t.db);
    const first = await putSocial(user, { platform: 'telegram', value: 'first_name', visibility: 'public' });
    expect(first.status).toBe(200);
    await t.db.updateTable('socials').set({ verified_at: new Date() }).where('id', '=', first.body.id).execute();

    const sameValue = await putSocial(user, { platform: 'telegram', value: '@First_Name', visibility: 'friends' });
    expect(sameValue.body).toMatchObject({ id: first.body.id, value: 'first_name', visibility: 'friends', is_verified: true });

    const changed = await putSocial(user, { platform: 'telegram', value: 'second_name', visibility: 'private' });
    expect(changed.body).toEqual({
      id: first.body.id,
      platform: 'telegram',
      value: 'second_name',
      visibility: 'private',
      link: 'https://t.me/second_name',
      is_verified: false,
    });
    const rows = await t.db.selectFrom('socials').select(['platform', 'value']).where('user_id', '=', user.id).execute();
    expect(rows).toEqual([{ platform: 'telegram', value: 'second_name' }]);
    expect((await get(user, '/v1/users/me')).body.socials).toEqual([changed.body]);
  });
});

describe('DELETE /v1/users/me/socials/{id}', () => {
  it('removes by platform name and by numeric id', async () => {
    const user = await createUser(t.db);
    await putSocial(user, { platform: 'telegram', value: 'tele_gram' });
    const signal = await putSocial(user, { platform: 'signal', value: 'sig.nal' });

    const byName = await t.request.delete('/v1/users/me/socials/telegram').set(bearer(user));
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual({ message: 'Removed telegram social' });
    expect((await get(user, '/v1/users/me')).body.socials.map((s: { platform: string }) => s.platform)).toEqual(['signal']);

    const byId = await t.request.delete(`/v1/users/me/socials/${signal.body.id}`).set(bearer(user));
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ message: 'Removed signal social' });
    expect((await get(user, '/v1/users/me')).body.socials).toEqual([]);

    expectError(await t.request.delete('/v1/users/me/socials/telegram').set(bearer(user)), 404, 'SOCIAL_NOT_FOUND', 'Social not found');
  });

  it("refuses another user's social id with 404 and leaves it in place", async () => {
    const owner = await createUser(t.db);
    const intruder = await createUser(t.db);
    const social = await putSocial(owner, { platform: 'telegram', value: 'keep_this' });
    const res = await t.request.delete(`/v1/users/me/socials/${social.body.id}`).set(bearer(intruder));
    expectError(res, 404, 'SOCIAL_NOT_FOUND', 'Social not found');
    const row = await t.db.selectFrom('socials').select(['user_id', 'value']).where('id', '=', social.body.id).executeTakeFirst();
    expect(row).toEqual({ user_id: owner.id, value: 'keep_this' });
  });

  it('refuses an id that is neither a number nor a platform with 400', async () => {
    const user = await createUser(t.db);
    const res = await t.request.delete('/v1/users/me/socials/abc').set(bearer(user));
    expectError(res, 400, 'INVALID_SOCIAL_ID', 'id must be a social id, "telegram" or "signal"');
    for (const id of ['0', '-1', '1.5', '9999999999', '2147483648']) {
      expectError(await t.request.delete(`/v1/users/me/socials/${id}`).set(bearer(user)), 400, 'INVALID_SOCIAL_ID', 'id must be a social id, "telegram" or "signal"');
    }
    expectError(await t.request.delete('/v1/users/me/socials/2147483647').set(bearer(user)), 404, 'SOCIAL_NOT_FOUND', 'Social not found');
  });
});
