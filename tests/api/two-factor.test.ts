/**
 * Two-factor sign-in (docs/two-factor.md) over REST, as a third-party client uses it, with codes
 * computed here by otplib from the secret the server gives: turning it on (and the 10 recovery
 * codes), the two-step sign-in, replayed, expired and wrong codes, recovery codes used twice, the
 * throttle on the second step, turning it off, password reset, and REQUIRE_ADMIN_2FA.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY } from '../../shared/limits';
import { newMailToken } from '../../server/modules/auth/auth.tokens';
import { createGroupStack, groupWith } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { freshIps } from '../helpers/fresh-ip';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ trustProxy: true });
});
afterAll(() => t.close());

const freshIp = freshIps(7);

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The code of the time step `steps` away from now (tolerance is one step either side). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: nowSeconds() + steps * 30 });

function as(token: string, ip = freshIp()) {
  return {
    get: (path: string) => t.request.get(path).set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', ip),
    post: (path: string, body: object = {}) => t.request.post(path).set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', ip).send(body),
  };
}

const login = (user: FactoryUser, ip = freshIp()) =>
  t.request.post('/v1/auth/login').set('X-Forwarded-For', ip).send({ username_or_email: user.username, password: user.password });
const secondStep = (mfaToken: string, code: string, ip = freshIp()) => t.request.post('/v1/auth/login/mfa').set('X-Forwarded-For', ip).send({ mfa_token: mfaToken, code });

async function passwordToken(user: FactoryUser): Promise<string> {
  const res = await login(user);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.access_token).toEqual(expect.any(String));
  return res.body.access_token;
}

/** A user with two-factor sign-in on: its secret, its recovery codes, and a password-only token. */
async function userWithTwoFactor(role: 'USER' | 'ADMIN' = 'USER') {
  const user = await createUser(t.db, { role });
  const token = await passwordToken(user);
  const setup = await as(token).post('/v1/users/me/two-factor/setup');
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const secret = setup.body.secret as string;
  const confirmed = await as(token).post('/v1/users/me/two-factor/confirm', { code: await codeAt(secret) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { user, token, secret, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

async function mfaTokenFor(user: FactoryUser): Promise<string> {
  const res = await login(user);
  expect(res.status).toBe(200);
  return res.body.mfa_token as string;
}

describe('turning two-factor sign-in on', () => {
  it('answers a secret, its otpauth address and a QR code; a wrong code is refused; the right one turns it on and gives 10 single-use recovery codes once', async () => {
    const user = await createUser(t.db);
    const me = as(await passwordToken(user));
    expect((await me.get('/v1/users/me/two-factor')).body).toEqual({ enabled: false, recovery_codes_left: 0 });

    const setup = await me.post('/v1/users/me/two-factor/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauth_url).toBe(`otpauth://totp/Stacks:${user.username}?secret=${setup.body.secret}&issuer=Stacks`);
    expect(Buffer.from(setup.body.qr_code.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');

    const wrong = await me.post('/v1/users/me/two-factor/confirm', { code: '000000' === (await codeAt(setup.body.secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CODE', detail: 'Incorrect code' });
    expect((await me.get('/v1/users/me/two-factor')).body.enabled).toBe(false);

    const confirmed = await me.post('/v1/users/me/two-factor/confirm', { code: await codeAt(setup.body.secret) });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await me.get('/v1/users/me/two-factor')).body).toEqual({ enabled: true, recovery_codes_left: 10 });
    // Stored hashed: no code appears in the table.
    const stored = await t.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const code of codes) expect(stored.map((row) => row.code_hash)).not.toContain(code);

    expect((await me.post('/v1/users/me/two-factor/setup')).body.code).toBe('TWO_FACTOR_ON');
  });

  it('confirming before any setup is refused (409), and a new setup replaces an unconfirmed secret', async () => {
    const user = await createUser(t.db);
    const me = as(await passwordToken(user));
    const early = await me.post('/v1/users/me/two-factor/confirm', { code: '123456' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('TWO_FACTOR_NOT_STARTED');
    const first = (await me.post('/v1/users/me/two-factor/setup')).body.secret;
    const second = (await me.post('/v1/users/me/two-factor/setup')).body.secret;
    expect(second).not.toBe(first);
    expect((await me.post('/v1/users/me/two-factor/confirm', { code: await codeAt(first) })).status).toBe(400);
    expect((await me.post('/v1/users/me/two-factor/confirm', { code: await codeAt(second) })).status).toBe(200);
  });
});

describe('signing in in two steps', () => {
  it('the password answers {mfa_required, mfa_token} and no access token; the mfa_token is not an access token', async () => {
    const { user } = await userWithTwoFactor();
    const res = await login(user);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const asBearer = await t.request.get('/v1/users/me').set('Authorization', `Bearer ${res.body.mfa_token}`);
    expect(asBearer.status).toBe(401);
  });

  it('a current code completes it with a session marked as signed in with a second factor; the same code cannot be used again', async () => {
    const { user, secret } = await userWithTwoFactor();
    // The confirmation used this step's code: the next step's is the first one left.
    const code = await codeAt(secret, 1);
    const done = await secondStep(await mfaTokenFor(user), code);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.token_type).toBe('bearer');
    const sessions = await as(done.body.access_token).get('/v1/users/me/sessions');
    expect(sessions.body.find((s: { current: boolean }) => s.current)).toMatchObject({ second_factor: true, sign_in_method: 'two_factor' });

    const replay = await secondStep(await mfaTokenFor(user), code);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'INVALID_CODE', detail: 'Incorrect code' });
    // The code of the confirmation's own step is older than the last used: refused too.
    expect((await secondStep(await mfaTokenFor(user), await codeAt(secret, 0))).status).toBe(401);
  });

  it('a wrong code, and a code from minutes ago, are refused and keep the mfa_token usable', async () => {
    const { user, secret } = await userWithTwoFactor();
    const mfaToken = await mfaTokenFor(user);
    const right = await codeAt(secret, 1);
    expect((await secondStep(mfaToken, right === '123456' ? '654321' : '123456')).status).toBe(401);
    expect((await secondStep(mfaToken, await codeAt(secret, -4))).status).toBe(401);
    expect((await secondStep(mfaToken, 'not a code')).status).toBe(401);
    expect((await secondStep(mfaToken, right)).status).toBe(200);
    // Used up by the success.
    expect((await secondStep(mfaToken, await codeAt(secret, -1))).body.code).toBe('MFA_EXPIRED');
  });

  it('an unknown or expired mfa_token is refused with MFA_EXPIRED', async () => {
    const { user, secret } = await userWithTwoFactor();
    const unknown = await secondStep('made-up-token', await codeAt(secret, 1));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ code: 'MFA_EXPIRED', detail: 'The sign-in has expired. Please log in again.' });
    const mfaToken = await mfaTokenFor(user);
    await t.db.updateTable('sign_in_challenges').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).execute();
    expect((await secondStep(mfaToken, await codeAt(secret, 1))).body.code).toBe('MFA_EXPIRED');
  });

  it('a recovery code works once (any case, with or without its dash); the second use is refused', async () => {
    const { user, token, recoveryCodes } = await userWithTwoFactor();
    const [first] = recoveryCodes;
    const ok = await secondStep(await mfaTokenFor(user), first.toUpperCase().replace('-', ''));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const again = await secondStep(await mfaTokenFor(user), first);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('INVALID_CODE');
    expect((await as(token).get('/v1/users/me/two-factor')).body.recovery_codes_left).toBe(9);
  });

  it('five different recovery codes sent at once with one mfa_token: one signs in, the others are refused as expired with their codes unspent', async () => {
    const { user, token, recoveryCodes } = await userWithTwoFactor();
    const mfaToken = await mfaTokenFor(user);
    const answers = await Promise.all(recoveryCodes.slice(0, 5).map((code) => secondStep(mfaToken, code)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.status !== 200).map((res) => res.body.code)).toEqual(Array(4).fill('MFA_EXPIRED'));
    expect((await as(token).get('/v1/users/me/two-factor')).body.recovery_codes_left).toBe(9);
    // The codes of the refused attempts still work.
    const unspent = recoveryCodes.slice(0, 5).filter((_, i) => statuses[i] !== 200);
    for (const code of unspent) expect((await secondStep(await mfaTokenFor(user), code)).status).toBe(200);
  });

  it('a wrong code racing a right one on one mfa_token: the right one signs in either way, and only its code is spent', async () => {
    const { user, token, recoveryCodes } = await userWithTwoFactor();
    const mfaToken = await mfaTokenFor(user);
    const [wrong, right] = await Promise.all([secondStep(mfaToken, 'aaaaa-aaaaa'), secondStep(mfaToken, recoveryCodes[0])]);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(wrong.status).toBe(401);
    expect(['INVALID_CODE', 'MFA_EXPIRED']).toContain(wrong.body.code);
    expect((await as(token).get('/v1/users/me/two-factor')).body.recovery_codes_left).toBe(9);
  });

  it('wrong codes are throttled per account and IP like passwords: 429 with Retry-After, even for the right code', async () => {
    const { user, secret } = await userWithTwoFactor();
    const ip = freshIp();
    const mfaToken = await mfaTokenFor(user);
    for (let i = 0; i < SECURITY.codeFailuresPerAccountAndIp; i += 1) expect((await secondStep(mfaToken, '00000a', ip)).status).toBe(401);
    const throttled = await secondStep(mfaToken, await codeAt(secret, 1), ip);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // The owner elsewhere is not locked out.
    expect((await secondStep(mfaToken, await codeAt(secret, 1), freshIp())).status).toBe(200);
  });

  it('parallel guesses count like sequential ones: at most the limit reach the check', async () => {
    const { user } = await userWithTwoFactor();
    const ip = freshIp();
    const mfaToken = await mfaTokenFor(user);
    const answers = await Promise.all(Array.from({ length: 12 }, () => secondStep(mfaToken, '999999', ip)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(SECURITY.codeFailuresPerAccountAndIp);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(12 - SECURITY.codeFailuresPerAccountAndIp);
  });

  it('a password reset does not bypass it: the next sign-in still asks for a code, and a second step begun before the reset is void', async () => {
    const { user, secret } = await userWithTwoFactor();
    const pending = await mfaTokenFor(user);
    const { token, hash } = newMailToken();
    await t.db.insertInto('user_tokens').values({ user_id: user.id, purpose: 'reset_password', token_hash: hash, expires_at: new Date(Date.now() + 3_600_000) }).execute();
    const reset = await t.request.post('/v1/auth/reset').set('X-Forwarded-For', freshIp()).send({ token, password: 'a brand new password' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.access_token).toBeUndefined();
    expect((await secondStep(pending, await codeAt(secret, 1))).body.code).toBe('MFA_EXPIRED');
    const after = await t.request.post('/v1/auth/login').set('X-Forwarded-For', freshIp()).send({ username_or_email: user.username, password: 'a brand new password' });
    expect(after.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
  });
});

describe('turning it off, and new recovery codes', () => {
  it('needs a current code: without one, or with a wrong one, it stays on', async () => {
    const { user, token, secret } = await userWithTwoFactor();
    const me = as(token);
    expect((await me.post('/v1/users/me/two-factor/disable', {})).status).toBe(400);
    expect((await me.post('/v1/users/me/two-factor/disable', { code: 'abcde-fghij' })).status).toBe(400);
    expect((await me.get('/v1/users/me/two-factor')).body.enabled).toBe(true);
    const off = await me.post('/v1/users/me/two-factor/disable', { code: await codeAt(secret, 1) });
    expect(off.status).toBe(204);
    expect((await me.get('/v1/users/me/two-factor')).body).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect((await login(user)).body.access_token).toEqual(expect.any(String));
    expect((await me.post('/v1/users/me/two-factor/disable', { code: '123456' })).body.code).toBe('TWO_FACTOR_OFF');
  });

  it('new recovery codes replace the old ones, which stop working', async () => {
    const { user, token, secret, recoveryCodes } = await userWithTwoFactor();
    const fresh = await as(token).post('/v1/users/me/two-factor/recovery-codes', { code: await codeAt(secret, 1) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    expect((await secondStep(await mfaTokenFor(user), recoveryCodes[0])).status).toBe(401);
    expect((await secondStep(await mfaTokenFor(user), fresh.body.recovery_codes[0])).status).toBe(200);
  });

  it('turning it off while a second step is pending voids that step', async () => {
    const { user, token, recoveryCodes } = await userWithTwoFactor();
    const pending = await mfaTokenFor(user);
    expect((await as(token).post('/v1/users/me/two-factor/disable', { code: recoveryCodes[0] })).status).toBe(204);
    expect((await secondStep(pending, recoveryCodes[1])).body.code).toBe('MFA_EXPIRED');
  });
});

describe('REQUIRE_ADMIN_2FA', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ trustProxy: true, requireAdmin2fa: true });
  });
  afterAll(() => strict.close());

  it('refuses admin powers to a password-only session (403 ADMIN_2FA_REQUIRED); the admin turns a second factor on, signs in with it, and the powers work', async () => {
    const admin = await createUser(strict.db, { role: 'ADMIN' });
    const ip = freshIp();
    const password = await strict.request.post('/v1/auth/login').set('X-Forwarded-For', ip).send({ username_or_email: admin.username, password: admin.password });
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip });
    const plain = password.body.access_token as string;
    const refused = await strict.request.get('/v1/admin/audit').set(bearer(plain));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'ADMIN_2FA_REQUIRED', detail: 'Sign in with two-factor sign-in or a passkey to use admin powers' });
    // A power the policy module checks refuses the same way (deleting a stack is an admin's).
    const owner = await createUser(strict.db);
    const group = await groupWith(strict, owner, [admin]);
    const stackId = await createGroupStack(strict, owner, group.id);
    const deleting = await strict.request.delete(`/v1/stacks/${stackId}`).set(bearer(plain));
    expect(deleting.status).toBe(403);
    expect(deleting.body.code).toBe('ADMIN_2FA_REQUIRED');
    // Everything that is not an admin power works as for anyone.
    expect((await strict.request.get('/v1/users/me').set(bearer(plain))).status).toBe(200);

    const setup = await strict.request.post('/v1/users/me/two-factor/setup').set(bearer(plain)).send({});
    const confirmed = await strict.request.post('/v1/users/me/two-factor/confirm').set(bearer(plain)).send({ code: await codeAt(setup.body.secret) });
    expect(confirmed.status).toBe(200);
    // Turning it on does not lift the refusal for the session that was signed in without it.
    expect((await strict.request.get('/v1/admin/audit').set(bearer(plain))).status).toBe(403);

    const first = await strict.request.post('/v1/auth/login').set('X-Forwarded-For', ip).send({ username_or_email: admin.username, password: admin.password });
    const done = await strict.request.post('/v1/auth/login/mfa').set('X-Forwarded-For', ip).send({ mfa_token: first.body.mfa_token, code: await codeAt(setup.body.secret, 1) });
    expect(done.status).toBe(200);
    expect((await strict.request.get('/v1/admin/audit').set(bearer(done.body.access_token))).status).toBe(200);
  });

  it('a plain user still gets the ordinary 403, and without the setting a password-only admin keeps the powers', async () => {
    const user = await createUser(strict.db);
    const token = (await strict.request.post('/v1/auth/login').set('X-Forwarded-For', freshIp()).send({ username_or_email: user.username, password: user.password })).body.access_token;
    const refused = await strict.request.get('/v1/admin/audit').set('Authorization', `Bearer ${token}`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const admin = await createUser(t.db, { role: 'ADMIN' });
    expect((await as(await passwordToken(admin)).get('/v1/admin/audit')).status).toBe(200);
  });
});
