import type { Response } from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DEACTIVATED } from '../../server/modules/auth/auth.service';
import { createUser, uniqueName, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Every request of this file comes from the same IP: each test starts with no failures counted.
beforeEach(async () => {
  await t.db.deleteFrom('rate_limits').execute();
});

const INVALID = 'Incorrect username/email or password';
const TOO_MANY = 'Too many attempts. Please try again later.';

const login = (username_or_email: unknown, password: unknown) => t.request.post('/v1/auth/login').send({ username_or_email, password });
const me = (token: string) => t.request.get('/v1/users/me').set('Authorization', `Bearer ${token}`);

function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { detail, code } });
}

function expectThrottled(res: Response) {
  expectError(res, 429, 'TOO_MANY_REQUESTS', TOO_MANY);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

async function expectLoggedIn(res: Response, user: FactoryUser) {
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer' });
  const profile = await me(res.body.access_token);
  expect(profile.status).toBe(200);
  expect(profile.body.id).toBe(user.id);
}

const utcToday = () => new Date().toISOString().slice(0, 10);

describe('POST /v1/auth/login', () => {
  it('logs in by username and by e-mail, in any letter case', async () => {
    const user = await createUser(t.db, { username: uniqueName('Mixed') });
    for (const name of [user.username, user.username.toUpperCase(), user.username.toLowerCase(), user.email, user.email.toUpperCase(), `  ${user.email}  `]) {
      await expectLoggedIn(await login(name, user.password), user);
    }
  });

  it('wrong password and unknown user get the same 401 INVALID_CREDENTIALS', async () => {
    const user = await createUser(t.db);
    const wrongPassword = await login(user.username, 'not-the-password');
    const unknownUser = await login(uniqueName('ghost'), user.password);
    const unknownEmail = await login(`${uniqueName('ghost')}@example.test`, user.password);
    for (const res of [wrongPassword, unknownUser, unknownEmail]) expectError(res, 401, 'INVALID_CREDENTIALS', INVALID);
    expect(wrongPassword.text).toBe(unknownUser.text);
  });

  it('the password is case-sensitive and not trimmed', async () => {
    const user = await createUser(t.db);
    expectError(await login(user.username, user.password.toUpperCase()), 401, 'INVALID_CREDENTIALS', INVALID);
    expectError(await login(user.username, ` ${user.password}`), 401, 'INVALID_CREDENTIALS', INVALID);
  });

  it.each([
    ['no body fields', {}, 'Username or email is required'],
    ['an empty username_or_email', { username_or_email: '', password: 'password123' }, 'Username or email is required'],
    ['a blank username_or_email', { username_or_email: '   ', password: 'password123' }, 'Username or email is required'],
    ['no password', { username_or_email: 'someone' }, 'Password is required'],
    ['an empty password', { username_or_email: 'someone', password: '' }, 'Password is required'],
  ])('refuses %s with 400 and the field message', async (_label, payload, detail) => {
    const res = await t.request.post('/v1/auth/login').send(payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail, code: 'VALIDATION_FAILED' });
  });

  it('a deactivated account: the right password answers 403 ACCOUNT_DEACTIVATED with its own message, and no token', async () => {
    const user = await createUser(t.db, { is_active: false });
    const right = await login(user.username, user.password);
    expectError(right, 403, 'ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED);
    expect(right.body.access_token).toBeUndefined();
    expectError(await login(user.email.toUpperCase(), user.password), 403, 'ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED);
  });

  it('REFUSAL: a wrong password on a deactivated account answers exactly as on an active one or an unknown name (its state is not told)', async () => {
    const [deactivated, active] = await Promise.all([createUser(t.db, { is_active: false }), createUser(t.db)]);
    const onDeactivated = await login(deactivated.username, 'wrong-password');
    expectError(onDeactivated, 401, 'INVALID_CREDENTIALS', INVALID);
    expect(onDeactivated.body).toEqual((await login(active.username, 'wrong-password')).body);
    expect(onDeactivated.body).toEqual((await login('nobody-at-all', 'wrong-password')).body);
  });

  it('an account deactivated through the API: its own password then answers ACCOUNT_DEACTIVATED', async () => {
    const user = await createUser(t.db);
    expect((await t.request.post('/v1/users/me/deactivate').set('Authorization', `Bearer ${t.tokenFor(user)}`).send({ confirm: true })).status).toBe(200);
    expectError(await login(user.username, user.password), 403, 'ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED);
  });

  it('sets last_login: null before the first login, today (UTC) after it', async () => {
    const user = await createUser(t.db);
    const before = await me(t.tokenFor(user));
    expect(before.status).toBe(200);
    expect(before.body.last_login).toBeNull();

    const res = await login(user.username, user.password);
    expect(res.status).toBe(200);
    const after = await me(res.body.access_token);
    expect(after.body.last_login).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(after.body.last_login).toBe(utcToday());
  });

  it('a failed login does not set last_login', async () => {
    const user = await createUser(t.db);
    expect((await login(user.username, 'wrong-password')).status).toBe(401);
    expect((await me(t.tokenFor(user))).body.last_login).toBeNull();
  });
});

describe('login throttling', () => {
  it('after 5 failures for one account the 6th attempt is 429 with Retry-After, even with the right password', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i += 1) expectError(await login(user.username, `wrong-${i}`), 401, 'INVALID_CREDENTIALS', INVALID);
    expectThrottled(await login(user.username, user.password));
    expectThrottled(await login(user.username.toUpperCase(), user.password));
  });

  it('counts failures per name as typed, in any case, so a throttled username says nothing about its e-mail', async () => {
    const user = await createUser(t.db, { username: uniqueName('Both') });
    const names = [user.username, user.username.toUpperCase(), user.username.toLowerCase(), ` ${user.username}`, user.username];
    for (const name of names) expectError(await login(name, 'wrong-password'), 401, 'INVALID_CREDENTIALS', INVALID);
    expectThrottled(await login(user.username, user.password));
    // Not an ownership oracle: the account's e-mail answers like an unknown e-mail (401, not 429).
    const owned = await login(user.email, 'wrong-password');
    const unknown = await login(`${uniqueName('nobody')}@example.com`, 'wrong-password');
    expectError(owned, 401, 'INVALID_CREDENTIALS', INVALID);
    expect(owned.body).toEqual(unknown.body);
  });

  it('a throttled account does not block other accounts from the same IP', async () => {
    const victim = await createUser(t.db);
    const other = await createUser(t.db);
    for (let i = 0; i < 5; i += 1) expect((await login(victim.username, 'wrong-password')).status).toBe(401);
    expectThrottled(await login(victim.username, victim.password));
    await expectLoggedIn(await login(other.username, other.password), other);
  });

  it('an unknown name is throttled the same way, so throttling does not reveal which accounts exist', async () => {
    const ghost = uniqueName('ghost');
    for (let i = 0; i < 5; i += 1) expectError(await login(ghost, 'wrong-password'), 401, 'INVALID_CREDENTIALS', INVALID);
    expectThrottled(await login(ghost, 'wrong-password'));
  });

  it('after 20 failures from one IP across different names the next login is 429', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 20; i += 1) {
      expectError(await login(uniqueName('spray'), 'password123'), 401, 'INVALID_CREDENTIALS', INVALID);
    }
    expectThrottled(await login(user.username, user.password));
    expectThrottled(await login(uniqueName('spray'), 'password123'));
  });

  it('a successful login resets the account counter', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 4; i += 1) expect((await login(user.username, 'wrong-password')).status).toBe(401);
    await expectLoggedIn(await login(user.username, user.password), user);
    for (let i = 0; i < 4; i += 1) expectError(await login(user.username, 'wrong-password'), 401, 'INVALID_CREDENTIALS', INVALID);
    await expectLoggedIn(await login(user.username, user.password), user);
  });

  it('validation failures do not count against the account', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 6; i += 1) expect((await login(user.username, '')).status).toBe(400);
    await expectLoggedIn(await login(user.username, user.password), user);
  });
});

describe('the same procedure over tRPC (POST /trpc/auth.login)', () => {
  it('returns the token in result.data, and it works on REST and tRPC', async () => {
    const user = await createUser(t.db);
    const res = await t.request.post('/trpc/auth.login').send({ username_or_email: user.email.toUpperCase(), password: user.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { data: { access_token: expect.any(String), token_type: 'bearer' } } });
    const token = res.body.result.data.access_token;
    expect((await me(token)).body.id).toBe(user.id);
    const viaTrpc = await t.request.get('/trpc/users.me').set('Authorization', `Bearer ${token}`);
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data).toMatchObject({ id: user.id, username: user.username, last_login: utcToday() });
  });

  it('answers a wrong password with 401 and the same detail and code', async () => {
    const user = await createUser(t.db);
    const res = await t.request.post('/trpc/auth.login').send({ username_or_email: user.username, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ message: INVALID, data: { httpStatus: 401, detail: INVALID, code: 'INVALID_CREDENTIALS' } });
  });

  it('answers missing fields with 400 and the field message', async () => {
    const res = await t.request.post('/trpc/auth.login').send({ password: 'password123' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ message: 'Username or email is required', data: { httpStatus: 400, code: 'VALIDATION_FAILED' } });
  });

  it('shares the throttle with REST and sends Retry-After', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i += 1) expect((await login(user.username, 'wrong-password')).status).toBe(401);
    const res = await t.request.post('/trpc/auth.login').send({ username_or_email: user.username, password: user.password });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ message: TOO_MANY, data: { httpStatus: 429, code: 'TOO_MANY_REQUESTS' } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
