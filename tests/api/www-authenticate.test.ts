import jwt from 'jsonwebtoken';
import type { Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every 401 carries a Bearer challenge (RFC 6750 §3): `WWW-Authenticate: Bearer` when no token was
 * sent, with `error="invalid_token"` when one was sent but is invalid, expired or revoked. The
 * same on REST, tRPC, the event stream and the share image, since every writer applies the 401's
 * headers.
 */
let t: TestApp;
let revoked: string;
let expired: string;
let user: FactoryUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.db);
  revoked = t.tokenFor(user);
  await t.db.updateTable('users').set({ token_version: 1 }).where('id', '=', user.id).execute();
  expired = jwt.sign({ sub: String(user.id), ver: 1, exp: Math.floor(Date.now() / 1000) - 60 }, t.config.jwtSecret, { algorithm: 'HS256' });
});
afterAll(() => t.close());

const ROUTES: [string, () => Test][] = [
  ['GET /v1/users/me', () => t.request.get('/v1/users/me')],
  ['GET /v2/stacks', () => t.request.get('/v2/stacks')],
  ['POST /v1/stacks', () => t.request.post('/v1/stacks').send({ name: 'Fruit', mode: 'friend', target_id: 1, positions: ['a', 'b', 'c', 'd', 'e', 'f'] })],
  ['DELETE /v1/users/me/socials/{id}', () => t.request.delete('/v1/users/me/socials/telegram')],
  ['GET /v1/events (Server-Sent Events)', () => t.request.get('/v1/events')],
  ['GET /v1/stacks/{id}/image.png', () => t.request.get('/v1/stacks/1/image.png')],
  ['GET /v1/twisted_stacks/{id}/image.png', () => t.request.get('/v1/twisted_stacks/1/image.png')],
  ['GET /trpc/users.me', () => t.request.get('/trpc/users.me')],
  ['POST /trpc/stacks.create', () => t.request.post('/trpc/stacks.create').send({ name: 'Fruit', mode: 'friend', target_id: 1, positions: ['a', 'b', 'c', 'd', 'e', 'f'] })],
];

const INVALID = (detail: string) => `Bearer error="invalid_token", error_description="${detail}"`;
const CREDENTIALS: [string, () => string | undefined, string][] = [
  ['no token', () => undefined, 'Bearer'],
  ['not a Bearer header', () => 'Basic dXNlcjpwYXNz', 'Bearer'],
  ['a bad token', () => 'Bearer not-a-token', INVALID('The token is invalid or has expired')],
  ['an expired token', () => `Bearer ${expired}`, INVALID('The token is invalid or has expired')],
  ['a revoked token', () => `Bearer ${revoked}`, INVALID('The token has been revoked')],
];

describe('every 401 carries WWW-Authenticate: Bearer', () => {
  for (const [route, request] of ROUTES) {
    it(`${route}: no token, a bad, an expired and a revoked one`, async () => {
      for (const [name, header, challenge] of CREDENTIALS) {
        const value = header();
        const res = await (value ? request().set('Authorization', value) : request());
        expect({ name, status: res.status, challenge: res.headers['www-authenticate'] }).toEqual({ name, status: 401, challenge });
      }
    });
  }

  it('a failed login answers 401 with the challenge too', async () => {
    const res = await t.request.post('/v1/auth/login').send({ username_or_email: user.username, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('other answers do not carry it', async () => {
    const res = await t.request.get('/v1/users/me').set('Authorization', `Bearer ${t.tokenFor({ ...user, token_version: 1 })}`);
    expect(res.status).toBe(200);
    expect(res.headers['www-authenticate']).toBeUndefined();
  });
});
