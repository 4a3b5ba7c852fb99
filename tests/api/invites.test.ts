import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITES } from '../../shared/limits';
import { createUser, uniqueName, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bearer = (user: FactoryUser) => ({ Authorization: `Bearer ${t.tokenFor(user)}` });
const createInvite = (user: FactoryUser) => t.request.post('/v1/users/me/invites').set(bearer(user));
const listInvites = (user: FactoryUser) => t.request.get('/v1/users/me/invites').set(bearer(user));
const QUOTA_DETAIL = 'You have 5 unused invites. Wait until one is used or expires.';

async function invite(user: FactoryUser): Promise<{ id: number; code: string; link: string }> {
  const res = await createInvite(user);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Registers a new account through the API; answers the response and the chosen username. */
async function registerWith(code: string) {
  const username = uniqueName('inv');
  const res = await t.request
    .post('/v1/users/register')
    .send({ username, email: `${username.toLowerCase()}@example.test`, password: 'password123', registration_code: code });
  return { res, username };
}

async function userIdOf(username: string): Promise<number> {
  return (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}

async function friendshipRows(a: number, b: number) {
  return t.db
    .selectFrom('friendships')
    .select(['user_id', 'friend_id'])
    .where((eb) => eb.or([eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]), eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)])]))
    .orderBy('user_id')
    .execute();
}

const expireInvite = (id: number) => t.db.updateTable('registration_codes').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', '=', id).execute();

describe('POST /v1/users/me/invites', () => {
  it('answers 201 with a single-use code, its register link, state unused and a 7-day expiry', async () => {
    const alice = await createUser(t.db);
    const before = Date.now();
    const res = await createInvite(alice);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code: expect.stringMatching(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/),
      link: `http://stacks.test/register?code=${res.body.code}`,
      state: 'unused',
      expires_at: expect.any(String),
      created_at: expect.any(String),
      joined: null,
    });
    const expiresIn = new Date(res.body.expires_at).getTime() - before;
    expect(expiresIn).toBeGreaterThan(INVITES.ttlDays * 86_400_000 - 60_000);
    expect(expiresIn).toBeLessThan(INVITES.ttlDays * 86_400_000 + 60_000);
    const row = await t.db.selectFrom('registration_codes').select(['is_invite', 'max_uses', 'uses', 'created_by']).where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_invite: true, max_uses: 1, uses: 0, created_by: alice.id });
  });

  it('refuses a sixth unused invite with 409 and a clear detail; a used or expired one frees a place', async () => {
    const bob = await createUser(t.db);
    const made = [];
    for (let i = 0; i < INVITES.unusedMax; i += 1) made.push(await invite(bob));
    const refused = await createInvite(bob);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: QUOTA_DETAIL, code: 'INVITE_QUOTA_REACHED' });

    // One is used: a place frees up.
    expect((await registerWith(made[0].code)).res.status).toBe(200);
    await invite(bob);
    expect((await createInvite(bob)).status).toBe(409);

    // One expires: another place.
    await expireInvite(made[1].id);
    await invite(bob);
    expect((await createInvite(bob)).status).toBe(409);
  });

  it('gives admins no limit', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    for (let i = 0; i < INVITES.unusedMax + 3; i += 1) await invite(admin);
    expect((await listInvites(admin)).body.filter((i: { state: string }) => i.state === 'unused')).toHaveLength(INVITES.unusedMax + 3);
  });

  it('holds the quota under 10 parallel requests: exactly 5 made, the rest 409', async () => {
    const carol = await createUser(t.db);
    const results = await Promise.all(Array.from({ length: 10 }, () => createInvite(carol)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    const count = await t.db
      .selectFrom('registration_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_by', '=', carol.id)
      .where('is_invite', '=', true)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(INVITES.unusedMax);
  });

  it('needs a token (401)', async () => {
    const res = await t.request.post('/v1/users/me/invites');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
    expect((await t.request.get('/v1/users/me/invites')).status).toBe(401);
  });
});

describe('GET /v1/users/me/invites', () => {
  it('lists mine newest first with state unused, used (with who joined) or expired, and nobody else\'s', async () => {
    const dana = await createUser(t.db);
    const other = await createUser(t.db);
    await invite(other);
    const first = await invite(dana);
    const second = await invite(dana);
    const third = await invite(dana);
    const { username } = await registerWith(first.code);
    await expireInvite(second.id);

    const res = await listInvites(dana);
    expect(res.status).toBe(200);
    expect(res.body.map((i: { id: number; state: string; joined: string | null }) => [i.id, i.state, i.joined])).toEqual([
      [third.id, 'unused', null],
      [second.id, 'expired', null],
      [first.id, 'used', username],
    ]);
    expect(res.body[2]).toMatchObject({ code: first.code, link: first.link });
  });

  it('hides who joined once they deactivate or either blocks the other (the invite stays used)', async () => {
    const erin = await createUser(t.db);
    const a = await invite(erin);
    const b = await invite(erin);
    const joinedA = await registerWith(a.code);
    const joinedB = await registerWith(b.code);
    await t.db.updateTable('users').set({ is_active: false }).where('username', '=', joinedA.username).execute();
    await t.db.insertInto('blocks').values({ blocker_id: await userIdOf(joinedB.username), blocked_id: erin.id }).execute();
    const res = await listInvites(erin);
    expect(res.body.map((i: { state: string; joined: string | null }) => [i.state, i.joined])).toEqual([
      ['used', null],
      ['used', null],
    ]);
  });

  it('runs the same statements for 1 and for 8 invites', async () => {
    const few = await createUser(t.db, { role: 'ADMIN' });
    const many = await createUser(t.db, { role: 'ADMIN' });
    await invite(few);
    for (let i = 0; i < 8; i += 1) {
      const made = await invite(many);
      if (i % 2 === 0) await registerWith(made.code);
    }
    const small = await t.testDb.countQueries(() => listInvites(few));
    const large = await t.testDb.countQueries(() => listInvites(many));
    expect(large.result.body).toHaveLength(8);
    expect(large.count).toBe(small.count);
    expect(large.count).toBeLessThanOrEqual(2);
  });
});

describe('registering with an invite', () => {
  it('makes the inviter and the new user friends both ways, and the inviter gets NEW_USER', async () => {
    const frank = await createUser(t.db);
    const made = await invite(frank);
    const { res, username } = await registerWith(made.code);
    expect(res.status).toBe(200);
    const newId = await userIdOf(username);
    expect(await friendshipRows(frank.id, newId)).toEqual(
      [
        { user_id: frank.id, friend_id: newId },
        { user_id: newId, friend_id: frank.id },
      ].sort((x, y) => x.user_id - y.user_id),
    );

    const friends = await t.request.get('/v1/users/friends/me').set('Authorization', `Bearer ${res.body.access_token}`);
    expect(friends.body.map((f: { username: string }) => f.username)).toEqual([frank.username]);
    const profile = await t.request.get(`/v1/users/${newId}`).set(bearer(frank));
    expect(profile.body.friend_status).toBe('friends');

    const notifications = await t.request.get('/v1/users/notifications').set(bearer(frank));
    expect(notifications.body).toContainEqual(expect.objectContaining({ type: 'NEW_USER', data: { user_id: newId, username } }));
  });

  it('an ordinary registration code makes no friendship', async () => {
    const grace = await createUser(t.db);
    const code = await t.db
      .insertInto('registration_codes')
      .values({ code: uniqueName('PLAIN'), max_uses: 1, created_by: grace.id, expires_at: null })
      .returning('code')
      .executeTakeFirstOrThrow();
    const { res, username } = await registerWith(code.code);
    expect(res.status).toBe(200);
    expect(await friendshipRows(grace.id, await userIdOf(username))).toEqual([]);
  });

  it('works once: a second registration with the same invite is refused', async () => {
    const heidi = await createUser(t.db);
    const made = await invite(heidi);
    expect((await registerWith(made.code)).res.status).toBe(200);
    const second = await registerWith(made.code);
    expect(second.res.status).toBe(400);
    expect(second.res.body).toEqual({ detail: 'This registration code has already been used', code: 'REGISTRATION_CODE_USED' });
    expect(await t.db.selectFrom('users').select('id').where('username', '=', second.username).executeTakeFirst()).toBeUndefined();
  });

  it('is refused after the invite expired', async () => {
    const ivan = await createUser(t.db);
    const made = await invite(ivan);
    await expireInvite(made.id);
    const { res } = await registerWith(made.code);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'This registration code has expired', code: 'REGISTRATION_CODE_EXPIRED' });
    expect((await listInvites(ivan)).body[0].state).toBe('expired');
  });

  it('is refused when the inviter has deactivated their account (their invites are void)', async () => {
    const judy = await createUser(t.db);
    const made = await invite(judy);
    const off = await t.request.post('/v1/users/me/deactivate').set(bearer(judy)).send({ confirm: true });
    expect(off.status).toBe(200);
    const { res } = await registerWith(made.code);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Invalid registration code', code: 'INVALID_REGISTRATION_CODE' });
    const row = await t.db.selectFrom('registration_codes').select('uses').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.uses).toBe(0);
  });

  it('parallel registrations with one invite admit exactly one account', async () => {
    const kim = await createUser(t.db);
    const made = await invite(kim);
    const results = await Promise.all(Array.from({ length: 4 }, () => registerWith(made.code)));
    expect(results.map((r) => r.res.status).sort()).toEqual([200, 400, 400, 400]);
    const friends = await t.db.selectFrom('friendships').select('friend_id').where('user_id', '=', kim.id).execute();
    expect(friends).toHaveLength(1);
  });
});

describe('who invited whom on a profile', () => {
  it('admins see invited_by and invited; other viewers, the user included, see neither field', async () => {
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const larry = await createUser(t.db);
    const made = await invite(larry);
    const { username } = await registerWith(made.code);
    const newcomer = await userIdOf(username);

    const asAdmin = await t.request.get(`/v1/users/${newcomer}`).set(bearer(admin));
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.invited_by).toEqual({ id: larry.id, username: larry.username });
    expect(asAdmin.body.invited).toEqual([]);
    const inviterAsAdmin = await t.request.get(`/v1/users/${larry.id}`).set(bearer(admin));
    expect(inviterAsAdmin.body.invited_by).toBeNull();
    expect(inviterAsAdmin.body.invited).toEqual([{ id: newcomer, username }]);

    for (const viewer of [larry, await createUser(t.db)]) {
      const res = await t.request.get(`/v1/users/${newcomer}`).set(bearer(viewer));
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('invited_by');
      expect(res.body).not.toHaveProperty('invited');
    }
    const self = await t.request.get(`/v1/users/${larry.id}`).set(bearer(larry));
    expect(self.body).not.toHaveProperty('invited');
  });
});
