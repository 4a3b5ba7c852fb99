import { sql } from 'kysely';
import type { Response } from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashMailToken, newMailToken } from '../../server/modules/auth/auth.tokens';
import { createCode, createUser, uniqueName, type FactoryUser } from '../factories/users';
import { createTestApp, linkIn, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Recovery requests count per IP and every request here comes from one IP: start each test at zero.
beforeEach(async () => {
  await t.db.deleteFrom('rate_limits').execute();
});

const RECOVERY_MESSAGE = 'If the email address exists, a password reset link has been sent.';
const RESET_DONE = 'Your password has been reset. You can now log in.';

/** Recovery answers before its mail is sent (timing must not reveal accounts); wait for the mail. */
async function recovery(email: unknown) {
  const res = await t.request.post('/v1/auth/recovery').send({ email });
  await t.flushMail();
  return res;
}
const reset = (token: unknown, password: unknown) => t.request.post('/v1/auth/reset').send({ token, password });
const verify = (token: unknown) => t.request.post('/v1/users/verify-email').send({ token });
const login = (username_or_email: string, password: string) => t.request.post('/v1/auth/login').send({ username_or_email, password });

function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.objectContaining({ detail, code }) });
}

/** Asks for a reset link over HTTP and returns the token from the mail. */
async function resetTokenFor(user: FactoryUser, typed = user.email): Promise<string> {
  const before = t.mails.length;
  const res = await recovery(typed);
  expect(res.status).toBe(200);
  expect(t.mails.length).toBe(before + 1);
  const mail = t.mails.at(-1)!;
  expect(mail.to).toBe(user.email);
  return linkIn(mail, '/reset-password').searchParams.get('token')!;
}

async function expireTokens(userId: number, purpose: 'verify_email' | 'reset_password') {
  await t.db
    .updateTable('user_tokens')
    .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}

describe('POST /v1/auth/recovery', () => {
  it('answers an existing and an unknown address identically, and mails only the existing one', async () => {
    const user = await createUser(t.db);
    const before = t.mails.length;

    const known = await recovery(user.email);
    const unknown = await recovery(`${uniqueName('nobody')}@example.test`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: RECOVERY_MESSAGE });
    expect(unknown.text).toBe(known.text);

    expect(t.mails.length).toBe(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe('Reset your Stacks password');
    const link = linkIn(mail, '/reset-password');
    expect(link.origin).toBe(t.config.appUrl);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('finds the account whatever the letter case of the address', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user, `  ${user.email.toUpperCase()} `);
    expect(token).toBeTruthy();
  });

  it.each([
    ['an invalid address', 'not-an-email', 'Please enter a valid email address'],
    ['an address without a dot in the domain', 'someone@localhost', 'Please enter a valid email address'],
    ['an empty address', '', 'Email is required'],
    ['no address', undefined, 'Email is required'],
  ])('refuses %s with 400', async (_label, email, detail) => {
    const before = t.mails.length;
    const res = await recovery(email);
    expectError(res, 400, 'VALIDATION_FAILED', detail);
    expect(t.mails.length).toBe(before);
  });

  it('is throttled per IP: the 11th request within the window is 429 with Retry-After', async () => {
    const user = await createUser(t.db);
    const before = t.mails.length;
    for (let i = 0; i < 10; i += 1) {
      const res = await recovery(i % 2 ? user.email : `${uniqueName('nobody')}@example.test`);
      expect(res.status).toBe(200);
    }
    const blocked = await recovery(user.email);
    expectError(blocked, 429, 'TOO_MANY_REQUESTS', 'Too many attempts. Please try again later.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.mails.length).toBe(before + 5);
  });
});

describe('POST /v1/auth/reset', () => {
  it('sets the new password once; a second use is 400 TOKEN_USED', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);

    const first = await reset(token, 'new-password-1');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: RESET_DONE });
    expect((await login(user.username, 'new-password-1')).status).toBe(200);

    expectError(await reset(token, 'new-password-2'), 400, 'TOKEN_USED', 'This password reset link has already been used');
    expect((await login(user.username, 'new-password-1')).status).toBe(200);
    expect((await login(user.username, 'new-password-2')).status).toBe(401);
  });

  it('refuses an unknown token with 400 INVALID_TOKEN', async () => {
    expectError(await reset(newMailToken().token, 'new-password-1'), 400, 'INVALID_TOKEN', 'Invalid password reset link');
  });

  it('refuses a verification token: the purposes do not mix', async () => {
    const user = await createUser(t.db, { verified: false });
    const { token, hash } = newMailToken();
    await t.db.insertInto('user_tokens').values({ user_id: user.id, purpose: 'verify_email', token_hash: hash, expires_at: new Date(Date.now() + 60_000) }).execute();
    expectError(await reset(token, 'new-password-1'), 400, 'INVALID_TOKEN', 'Invalid password reset link');
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('refuses an expired token with 400 TOKEN_EXPIRED and keeps the old password', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);
    await expireTokens(user.id, 'reset_password');
    expectError(await reset(token, 'new-password-1'), 400, 'TOKEN_EXPIRED', 'This password reset link has expired');
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('reset links expire after one hour', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);
    const row = await t.db
      .selectFrom('user_tokens')
      .select(['expires_at', 'created_at'])
      .where('token_hash', '=', hashMailToken(token))
      .executeTakeFirstOrThrow();
    const ttl = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.abs(ttl - 3600_000)).toBeLessThan(60_000);
  });

  it.each([
    ['too short', 'short', 'Password must be at least 8 characters'],
    ['empty', '', 'Password is required'],
    ['over 72 bytes', 'ü'.repeat(37), 'Password must be no more than 72 bytes'],
  ])('refuses a %s new password with 400 and does not consume the token', async (_label, password, detail) => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);
    expectError(await reset(token, password), 400, 'VALIDATION_FAILED', detail);
    const retry = await reset(token, 'long-enough-password');
    expect(retry.status).toBe(200);
    expect((await login(user.username, 'long-enough-password')).status).toBe(200);
  });

  it('refuses a missing token with 400', async () => {
    expectError(await reset(undefined, 'long-enough-password'), 400, 'VALIDATION_FAILED', 'Token is required');
    expectError(await reset('   ', 'long-enough-password'), 400, 'VALIDATION_FAILED', 'Token is required');
  });

  it('using one of two reset links makes the other unusable', async () => {
    const user = await createUser(t.db);
    const first = await resetTokenFor(user);
    const second = await resetTokenFor(user);
    expect(second).not.toBe(first);

    expect((await reset(second, 'second-password')).status).toBe(200);
    expectError(await reset(first, 'first-password'), 400, 'TOKEN_USED', 'This password reset link has already been used');
    expect((await login(user.username, 'second-password')).status).toBe(200);
    expect((await login(user.username, 'first-password')).status).toBe(401);
  });

  it('two simultaneous uses of one link: exactly one succeeds', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);
    const results = await Promise.all([reset(token, 'password-one-1'), reset(token, 'password-two-2')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0].status === 200 ? 'password-one-1' : 'password-two-2';
    expectError(results.find((r) => r.status === 400)!, 400, 'TOKEN_USED', 'This password reset link has already been used');
    expect((await login(user.username, winner)).status).toBe(200);
  });
});

describe('POST /v1/users/verify-email', () => {
  /** Registers through HTTP and returns the token of the mailed verification link. */
  async function registerAndGetToken() {
    const code = await createCode(t.db);
    const username = uniqueName('verify');
    const res = await t.request
      .post('/v1/users/register')
      .send({ username, email: `${username}@example.test`, password: 'password123', registration_code: code.code });
    expect(res.status).toBe(200);
    const token = linkIn(t.mails.at(-1), '/verify-email').searchParams.get('token')!;
    return { token, accessToken: res.body.access_token as string, username };
  }

  const isVerified = async (accessToken: string) =>
    (await t.request.get('/v1/users/me').set('Authorization', `Bearer ${accessToken}`)).body.is_email_verified;

  it('verifies with the mailed token once; a second use is 400', async () => {
    const { token, accessToken } = await registerAndGetToken();
    expect(await isVerified(accessToken)).toBe(false);

    const res = await verify(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Email verified successfully' });
    expect(await isVerified(accessToken)).toBe(true);

    expectError(await verify(token), 400, 'TOKEN_USED', 'This verification link has already been used');
    expect(await isVerified(accessToken)).toBe(true);
  });

  it("a deactivated account's verification link no longer verifies", async () => {
    const { token, accessToken, username } = await registerAndGetToken();
    const deactivated = await t.request.post('/v1/users/me/deactivate').set('Authorization', `Bearer ${accessToken}`).send({ confirm: true });
    expect(deactivated.status).toBe(200);
    expectError(await verify(token), 400, 'INVALID_TOKEN', 'Invalid verification link');
    const row = await t.db.selectFrom('users').select('email_verified_at').where('username', '=', username).executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeNull();
  });

  it('refuses an unknown token with 400 INVALID_TOKEN', async () => {
    expectError(await verify(newMailToken().token), 400, 'INVALID_TOKEN', 'Invalid verification link');
  });

  it('refuses a password reset token: the purposes do not mix', async () => {
    const user = await createUser(t.db, { verified: false });
    const token = await resetTokenFor(user);
    expectError(await verify(token), 400, 'INVALID_TOKEN', 'Invalid verification link');
    expect((await reset(token, 'still-usable-password')).status).toBe(200);
  });

  it('refuses an expired token with 400 TOKEN_EXPIRED and leaves the address unverified', async () => {
    const { token, accessToken, username } = await registerAndGetToken();
    const user = await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    await expireTokens(user.id, 'verify_email');
    expectError(await verify(token), 400, 'TOKEN_EXPIRED', 'This verification link has expired');
    expect(await isVerified(accessToken)).toBe(false);
  });

  it('verification links expire after 24 hours', async () => {
    const { token } = await registerAndGetToken();
    const row = await t.db
      .selectFrom('user_tokens')
      .select(['expires_at', 'created_at'])
      .where('token_hash', '=', hashMailToken(token))
      .executeTakeFirstOrThrow();
    const ttl = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.abs(ttl - 24 * 3600_000)).toBeLessThan(60_000);
  });

  it.each([
    ['no token', {}],
    ['an empty token', { token: '' }],
    ['a blank token', { token: '   ' }],
  ])('refuses %s with 400 Token is required', async (_label, payload) => {
    const res = await t.request.post('/v1/users/verify-email').send(payload);
    expectError(res, 400, 'VALIDATION_FAILED', 'Token is required');
  });

  it('stores only a hash of the mailed token', async () => {
    const { token } = await registerAndGetToken();
    const plain = await t.db.selectFrom('user_tokens').select('id').where('token_hash', '=', token).execute();
    expect(plain).toHaveLength(0);
    const hashed = await t.db.selectFrom('user_tokens').select('id').where('token_hash', '=', hashMailToken(token)).execute();
    expect(hashed).toHaveLength(1);
  });
});

describe('GET /v1/auth/reset/check', () => {
  const check = (token: string) => t.request.get(`/v1/auth/reset/check?token=${encodeURIComponent(token)}`);

  it('answers 200 for a usable link and does not use it: the reset still works after', async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);
    for (let i = 0; i < 2; i += 1) {
      const res = await check(token);
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { message: 'This password reset link can be used' } });
    }
    expect((await reset(token, 'checked-then-reset')).status).toBe(200);
    expect((await login(user.username, 'checked-then-reset')).status).toBe(200);
  });

  it('reports a used, an expired and an unknown link as the reset would', async () => {
    const user = await createUser(t.db);
    const used = await resetTokenFor(user);
    expect((await reset(used, 'first-new-password')).status).toBe(200);
    expectError(await check(used), 400, 'TOKEN_USED', 'This password reset link has already been used');

    const expired = await resetTokenFor(user);
    await expireTokens(user.id, 'reset_password');
    expectError(await check(expired), 400, 'TOKEN_EXPIRED', 'This password reset link has expired');

    expectError(await check(newMailToken().token), 400, 'INVALID_TOKEN', 'Invalid password reset link');
    // A verification token is no reset token.
    const { token: verifyToken, hash } = newMailToken();
    await t.db.insertInto('user_tokens').values({ user_id: user.id, purpose: 'verify_email', token_hash: hash, expires_at: new Date(Date.now() + 60_000) }).execute();
    expectError(await check(verifyToken), 400, 'INVALID_TOKEN', 'Invalid password reset link');
  });

  it('refuses a missing token with the field named (400)', async () => {
    const res = await t.request.get('/v1/auth/reset/check');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: expect.stringContaining('Token is required') });
  });

  it("a deactivated account's link is as unknown as a made-up one", async () => {
    const user = await createUser(t.db);
    const token = await resetTokenFor(user);
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    expectError(await check(token), 400, 'INVALID_TOKEN', 'Invalid password reset link');
  });
});
