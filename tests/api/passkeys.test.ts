/**
 * Passkeys (docs/passkeys.md) over REST, with a software authenticator built in this test
 * (tests/helpers/soft-authenticator.ts): add with a name, list, sign in without a username (a
 * session with a second factor), remove; single-use challenges, a wrong origin, unknown and removed
 * credentials, the limits, and REQUIRE_ADMIN_2FA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY } from '../../shared/limits';
import { PASSKEYS } from '../../shared/schemas/passkeys';
import { createUser, type FactoryUser } from '../factories/users';
import { SoftAuthenticator } from '../helpers/soft-authenticator';
import { freshIps } from '../helpers/fresh-ip';
import { createTestApp, type TestApp } from '../helpers/test-app';

const ORIGIN = 'http://stacks.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
});
afterAll(() => t.close());

const freshIp = freshIps(8);

function as(app: TestApp, user: FactoryUser) {
  const auth = { Authorization: `Bearer ${app.tokenFor(user)}`, 'X-Forwarded-For': freshIp() };
  return {
    get: (path: string) => app.request.get(path).set(auth),
    post: (path: string, body: object = {}) => app.request.post(path).set(auth).send(body),
    del: (path: string) => app.request.delete(path).set(auth),
  };
}

/** Registers a passkey for the user with the authenticator; answers the new passkey. */
async function addPasskey(user: FactoryUser, authenticator: SoftAuthenticator, name = 'Laptop', app = t) {
  const me = as(app, user);
  const options = await me.post('/v1/users/me/passkeys/options');
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const added = await me.post('/v1/users/me/passkeys', { name, response: authenticator.create(options.body) });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body as { id: number; name: string; last_used_at: string | null };
}

async function signInOptions(app = t, ip = freshIp()) {
  const res = await app.request.post('/v1/auth/passkey/options').set('X-Forwarded-For', ip).send({});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const signIn = (response: object, app = t, ip = freshIp()) => app.request.post('/v1/auth/passkey').set('X-Forwarded-For', ip).send({ response });

describe('adding and listing passkeys', () => {
  it('options name this site as relying party and ask for a discoverable credential with user verification; the new passkey is listed with its name', async () => {
    const user = await createUser(t.db);
    const options = (await as(t, user).post('/v1/users/me/passkeys/options')).body;
    expect(options.rp).toEqual({ name: 'Stacks', id: 'stacks.test' });
    expect(options.user.name).toBe(user.username);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const added = await as(t, user).post('/v1/users/me/passkeys', { name: '  Work laptop ', response: new SoftAuthenticator(ORIGIN).create(options) });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(Number), name: 'Work laptop', created_at: expect.any(String), last_used_at: null });
    expect((await as(t, user).get('/v1/users/me/passkeys')).body.items).toEqual([added.body]);
  });

  it('a registration answers its own options only once, and only for the account that asked', async () => {
    const [owner, other] = [await createUser(t.db), await createUser(t.db)];
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = (await as(t, owner).post('/v1/users/me/passkeys/options')).body;
    const response = authenticator.create(options);
    const stolen = await as(t, other).post('/v1/users/me/passkeys', { name: 'Mine now', response });
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    expect((await as(t, owner).post('/v1/users/me/passkeys', { name: 'Phone', response })).status).toBe(201);
    const again = await as(t, owner).post('/v1/users/me/passkeys', { name: 'Phone', response });
    expect(again.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
  });

  it('a response made for another origin is refused, and bad input is a 400 with a detail', async () => {
    const user = await createUser(t.db);
    const options = (await as(t, user).post('/v1/users/me/passkeys/options')).body;
    const forged = await as(t, user).post('/v1/users/me/passkeys', { name: 'Phish', response: new SoftAuthenticator('https://evil.example').create(options) });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ code: 'PASSKEY_REFUSED', detail: 'The passkey could not be verified' });
    const nameless = await as(t, user).post('/v1/users/me/passkeys', { name: '', response: {} });
    expect(nameless.status).toBe(400);
    expect(nameless.body.detail).toBe('Name is required');
  });

  it(`holds at most ${PASSKEYS.perUser} passkeys an account`, async () => {
    const user = await createUser(t.db);
    const authenticator = new SoftAuthenticator(ORIGIN);
    for (let i = 0; i < PASSKEYS.perUser; i += 1) await addPasskey(user, authenticator, `Key ${i}`);
    const full = await as(t, user).post('/v1/users/me/passkeys/options');
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('PASSKEY_LIMIT');
  });
});

describe('signing in with a passkey', () => {
  it('needs no username; the session is labelled a passkey sign-in (a second factor too), and the passkey shows when it was last used', async () => {
    const user = await createUser(t.db);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(user, authenticator);
    const options = await signInOptions();
    expect(options.rpId).toBe('stacks.test');
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await signIn(authenticator.get(options));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const token = res.body.access_token as string;
    const me = await t.request.get('/v1/users/me').set('Authorization', `Bearer ${token}`);
    expect(me.body.username).toBe(user.username);
    const sessions = await t.request.get('/v1/users/me/sessions').set('Authorization', `Bearer ${token}`);
    expect(sessions.body.find((s: { current: boolean }) => s.current)).toMatchObject({ second_factor: true, sign_in_method: 'passkey' });
    expect((await as(t, user).get('/v1/users/me/passkeys')).body.items[0].last_used_at).toEqual(expect.any(String));
  });

  it('a response cannot be replayed: its challenge was used up', async () => {
    const user = await createUser(t.db);
    const authenticator = new SoftAuthenticator(ORIGIN);
    await addPasskey(user, authenticator);
    const response = authenticator.get(await signInOptions());
    expect((await signIn(response)).status).toBe(200);
    const replay = await signIn(response);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
  });

  it('a wrong origin, an unknown credential, a removed passkey and a deactivated account all get the same 401', async () => {
    const user = await createUser(t.db);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const passkey = await addPasskey(user, authenticator);
    const expectRefused = async (response: object) => {
      const res = await signIn(response);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'PASSKEY_REFUSED', detail: 'The passkey could not be verified' });
    };
    await expectRefused(authenticator.get(await signInOptions(), 0, { origin: 'https://evil.example' }));
    await expectRefused(authenticator.get(await signInOptions(), 0, { rpId: 'evil.example' }));
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create((await as(t, await createUser(t.db)).post('/v1/users/me/passkeys/options')).body);
    await expectRefused(stranger.get(await signInOptions()));

    // A response whose user handle names another account than the passkey's.
    const otherHandle = authenticator.get(await signInOptions());
    await expectRefused({ ...otherHandle, response: { ...otherHandle.response, userHandle: Buffer.from(String(user.id + 1)).toString('base64url') } });

    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    await expectRefused(authenticator.get(await signInOptions()));
    await t.db.updateTable('users').set({ is_active: true }).where('id', '=', user.id).execute();
    expect((await signIn(authenticator.get(await signInOptions()))).status).toBe(200);

    expect((await as(t, user).del(`/v1/users/me/passkeys/${passkey.id}`)).status).toBe(204);
    await expectRefused(authenticator.get(await signInOptions()));
    expect((await as(t, user).get('/v1/users/me/passkeys')).body.items).toEqual([]);
  });

  it('sign-in options are throttled per IP; failed sign-ins too', async () => {
    const ip = freshIp();
    for (let i = 0; i < SECURITY.passkeySignInOptionsPerIp; i += 1) await signInOptions(t, ip);
    const throttled = await t.request.post('/v1/auth/passkey/options').set('X-Forwarded-For', ip).send({});
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    const failing = freshIp();
    const bogus = new SoftAuthenticator(ORIGIN);
    bogus.create({ challenge: 'x', rp: { id: 'stacks.test' }, user: { id: 'eA' } } as never);
    const options = await signInOptions();
    const statuses: number[] = [];
    for (let i = 0; i <= SECURITY.passkeyFailuresPerIp; i += 1) statuses.push((await signIn(bogus.get(options), t, failing)).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('removing', () => {
  it("answers 404 for another account's passkey, which stays", async () => {
    const [owner, other] = [await createUser(t.db), await createUser(t.db)];
    const passkey = await addPasskey(owner, new SoftAuthenticator(ORIGIN));
    const res = await as(t, other).del(`/v1/users/me/passkeys/${passkey.id}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('PASSKEY_NOT_FOUND');
    expect((await as(t, owner).get('/v1/users/me/passkeys')).body.items).toHaveLength(1);
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  it('a passkey sign-in gives an admin the powers a password alone does not', async () => {
    const strict = await createTestApp({ trustProxy: true, requireAdmin2fa: true });
    try {
      const admin = await createUser(strict.db, { role: 'ADMIN' });
      // The factory's session has no second factor: the console refuses it.
      expect((await as(strict, admin).get('/v1/admin/audit')).body.code).toBe('ADMIN_2FA_REQUIRED');
      const authenticator = new SoftAuthenticator(ORIGIN);
      await addPasskey(admin, authenticator, 'Key', strict);
      const res = await signIn(authenticator.get(await signInOptions(strict)), strict);
      expect(res.status).toBe(200);
      expect((await strict.request.get('/v1/admin/audit').set('Authorization', `Bearer ${res.body.access_token}`)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
