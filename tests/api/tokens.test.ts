import jwt from 'jsonwebtoken';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DEACTIVATED } from '../../server/modules/auth/auth.service';
import { createUser } from '../factories/users';
import { createTestApp, linkIn, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (authorization?: string) => {
  const req = t.request.get('/v1/users/me');
  return authorization === undefined ? req : req.set('Authorization', authorization);
};
const login = (username_or_email: string, password: string) => t.request.post('/v1/auth/login').send({ username_or_email, password });

function expectError(res: Response, status: number, code: string, detail: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { detail, code } });
}

const NOT_AUTHENTICATED = 'Not authenticated';
const BAD_HEADER = 'The Authorization header must be "Bearer <token>"';
const INVALID_TOKEN = 'The token is invalid or has expired';
const REVOKED = 'The token has been revoked';

describe('GET /v1/users/me: bearer tokens', () => {
  it('answers with the user for a valid token, whatever the case of "Bearer"', async () => {
    const user = await createUser(t.db);
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await me(`${scheme} ${t.tokenFor(user)}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, username: user.username, email: user.email });
      expect(res.body).not.toHaveProperty('password_hash');
      expect(res.body).not.toHaveProperty('token_version');
    }
  });

  it('without a token: 401 UNAUTHORIZED', async () => {
    expectError(await me(), 401, 'UNAUTHORIZED', NOT_AUTHENTICATED);
  });

  it.each([
    ['a Basic header', 'Basic dXNlcjpwYXNz'],
    ['the token without the scheme', 'eyJhbGciOiJIUzI1NiJ9.e30.x'],
    ['a scheme without a token', 'Bearer'],
    ['two tokens', 'Bearer one two'],
  ])('with a malformed header (%s): 401', async (_label, header) => {
    expectError(await me(header), 401, 'UNAUTHORIZED', BAD_HEADER);
  });

  it.each([
    ['garbage', () => 'not-a-jwt'],
    ['three garbage parts', () => 'aaa.bbb.ccc'],
    ['a token signed by another secret', (id: number) => jwt.sign({ sub: String(id), ver: 0, sid: 1 }, 'another-secret-another-secret-1234', { expiresIn: 60 })],
    ['an expired token', (id: number, secret: string) => jwt.sign({ sub: String(id), ver: 0, sid: 1 }, secret, { expiresIn: -10 })],
    ['an unsigned token (alg none)', (id: number) => jwt.sign({ sub: String(id), ver: 0, sid: 1 }, '', { algorithm: 'none' })],
    ['a token signed with HS512', (id: number, secret: string) => jwt.sign({ sub: String(id), ver: 0, sid: 1 }, secret, { algorithm: 'HS512' })],
    ['a token with a non-numeric subject', (_id: number, secret: string) => jwt.sign({ sub: 'admin', ver: 0, sid: 1 }, secret, { expiresIn: 60 })],
    ['a token whose subject is beyond the id range', (_id: number, secret: string) => jwt.sign({ sub: '2147483648', ver: 0, sid: 1 }, secret, { expiresIn: 60 })],
    ['a token whose subject is a huge number', (_id: number, secret: string) => jwt.sign({ sub: '99999999999999999999', ver: 0, sid: 1 }, secret, { expiresIn: 60 })],
    ['a token whose subject is not canonical (leading zero)', (id: number, secret: string) => jwt.sign({ sub: `0${id}`, ver: 0, sid: 1 }, secret, { expiresIn: 60 })],
    ['a token whose subject is not canonical (exponent)', (_id: number, secret: string) => jwt.sign({ sub: '1e3', ver: 0, sid: 1 }, secret, { expiresIn: 60 })],
    ['a token whose subject is a number, not a string', (id: number, secret: string) => jwt.sign({ sub: id, ver: 0, sid: 1 } as object, secret, { expiresIn: 60 })],
    ['a token without exp', (id: number, secret: string) => jwt.sign({ sub: String(id), ver: 0, sid: 1 }, secret)],
    ['a token whose version is not an integer', (id: number, secret: string) => jwt.sign({ sub: String(id), ver: '0', sid: 1 }, secret, { expiresIn: 60 })],
    ['a token without a session (as issued before sessions)', (id: number, secret: string) => jwt.sign({ sub: String(id), ver: 0 }, secret, { expiresIn: 60 })],
    ['a token whose session is not a positive integer', (id: number, secret: string) => jwt.sign({ sub: String(id), ver: 0, sid: '1' }, secret, { expiresIn: 60 })],
  ])('with %s: 401', async (_label, make) => {
    const user = await createUser(t.db);
    expectError(await me(`Bearer ${make(user.id, t.config.jwtSecret)}`), 401, 'UNAUTHORIZED', INVALID_TOKEN);
  });

  it('with a well-signed token for a user that does not exist: 401', async () => {
    expectError(await me(`Bearer ${t.tokenFor({ id: 999_999 })}`), 401, 'UNAUTHORIZED', REVOKED);
  });

  it('with a well-signed token of an older token version: 401', async () => {
    const user = await createUser(t.db);
    await t.db.updateTable('users').set({ token_version: 3 }).where('id', '=', user.id).execute();
    expectError(await me(`Bearer ${t.tokenFor({ ...user, token_version: 2 })}`), 401, 'UNAUTHORIZED', REVOKED);
    expect((await me(`Bearer ${t.tokenFor({ ...user, token_version: 3 })}`)).status).toBe(200);
  });

  it('the same 401 over tRPC', async () => {
    const res = await t.request.get('/trpc/users.me');
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ message: NOT_AUTHENTICATED, data: { httpStatus: 401, code: 'UNAUTHORIZED' } });
  });
});

describe('POST /v1/users/me/deactivate', () => {
  it('needs a token', async () => {
    expectError(await t.request.post('/v1/users/me/deactivate').send({ confirm: true }), 401, 'UNAUTHORIZED', NOT_AUTHENTICATED);
  });

  it.each([
    ['confirm false', { confirm: false }],
    ['no confirm', {}],
    ['confirm as a string', { confirm: 'true' }],
  ])('refuses %s with 400 and leaves the account active', async (_label, payload) => {
    const user = await createUser(t.db);
    const token = t.tokenFor(user);
    const res = await t.request.post('/v1/users/me/deactivate').set('Authorization', `Bearer ${token}`).send(payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'confirm must be true', code: 'VALIDATION_FAILED' });
    expect((await me(`Bearer ${token}`)).status).toBe(200);
    expect((await login(user.username, user.password)).status).toBe(200);
  });

  it('with confirm true: 200, the same token is refused at once, and login with its password answers ACCOUNT_DEACTIVATED', async () => {
    const user = await createUser(t.db);
    const session = await login(user.username, user.password);
    const token = session.body.access_token as string;
    const otherToken = t.tokenFor(user);

    const res = await t.request.post('/v1/users/me/deactivate').set('Authorization', `Bearer ${token}`).send({ confirm: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your account has been deactivated' });

    expectError(await me(`Bearer ${token}`), 401, 'UNAUTHORIZED', REVOKED);
    expectError(await me(`Bearer ${otherToken}`), 401, 'UNAUTHORIZED', REVOKED);
    // Even a token signed with the new token version does not bring a deactivated account back.
    expectError(await me(`Bearer ${t.tokenFor({ ...user, token_version: user.token_version + 1 })}`), 401, 'UNAUTHORIZED', REVOKED);
    expectError(await login(user.username, user.password), 403, 'ACCOUNT_DEACTIVATED', ACCOUNT_DEACTIVATED);
    expectError(await login(user.username, 'not-the-password'), 401, 'INVALID_CREDENTIALS', 'Incorrect username/email or password');
    expectError(await t.request.post('/v1/users/me/deactivate').set('Authorization', `Bearer ${token}`).send({ confirm: true }), 401, 'UNAUTHORIZED', REVOKED);
  });

  it('a deactivated account gets no password reset mail', async () => {
    const user = await createUser(t.db);
    await t.request.post('/v1/users/me/deactivate').set('Authorization', `Bearer ${t.tokenFor(user)}`).send({ confirm: true }).expect(200);
    const before = t.mails.length;
    const res = await t.request.post('/v1/auth/recovery').send({ email: user.email });
    expect(res.status).toBe(200);
    await t.flushMail();
    expect(t.mails.length).toBe(before);
  });
});

describe('password reset ends earlier sessions', () => {
  it('after a reset the old token is 401, the new password works and the old one fails', async () => {
    const user = await createUser(t.db);
    const oldToken = (await login(user.username, user.password)).body.access_token as string;
    expect((await me(`Bearer ${oldToken}`)).status).toBe(200);

    await t.request.post('/v1/auth/recovery').send({ email: user.email }).expect(200);
    await t.flushMail();
    const mail = t.mails.at(-1);
    expect(mail?.to).toBe(user.email);
    const token = linkIn(mail, '/reset-password').searchParams.get('token');
    const reset = await t.request.post('/v1/auth/reset').send({ token, password: 'a-brand-new-password' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Your password has been reset. You can now log in.' });

    expectError(await me(`Bearer ${oldToken}`), 401, 'UNAUTHORIZED', REVOKED);
    const fresh = await login(user.username, 'a-brand-new-password');
    expect(fresh.status).toBe(200);
    expect((await me(`Bearer ${fresh.body.access_token}`)).body.id).toBe(user.id);
    expectError(await login(user.username, user.password), 401, 'INVALID_CREDENTIALS', 'Incorrect username/email or password');
  });
});
