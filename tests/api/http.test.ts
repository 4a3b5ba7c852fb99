import { rmSync } from 'node:fs';
import type { Response, Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What every error answer must look like: a sentence and a code, nothing from the server's insides. */
function expectCleanError(res: Response) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof res.body.detail).toBe('string');
  expect(res.body.detail.length).toBeGreaterThan(0);
  expect(res.body.code).toMatch(/^[A-Z][A-Z_]+$/);
  for (const key of Object.keys(res.body)) expect(['detail', 'code', 'errors']).toContain(key);
  expect(res.text).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+|stack/i);
}

describe('request bodies', () => {
  it('malformed JSON: 400 MALFORMED_JSON on REST and tRPC', async () => {
    for (const url of ['/v1/auth/login', '/v1/users/register', '/trpc/auth.login']) {
      const res = await t.request.post(url).set('Content-Type', 'application/json').send('{"username_or_email": "a",');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
    }
  });

  it('a JSON body that is not an object or array (null, a string): 400 MALFORMED_JSON', async () => {
    for (const raw of ['null', '"text"', '42']) {
      const res = await t.request.post('/v1/auth/login').set('Content-Type', 'application/json').send(raw);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
    }
  });

  it('a body over 100kb: 413 PAYLOAD_TOO_LARGE with a detail', async () => {
    const res = await t.request.post('/v1/auth/login').send({ username_or_email: 'a', password: 'x'.repeat(101 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'The request body is larger than 100kb', code: 'PAYLOAD_TOO_LARGE' });
  });

  it.each([
    ['login', '/v1/auth/login', { username_or_email: 'a\u0000b', password: 'password123' }],
    ['register', '/v1/users/register', { username: 'abc', email: 'a\u0000b@example.test', password: 'password123', registration_code: 'X' }],
    ['recovery', '/v1/auth/recovery', { email: 'a\u0000b@example.test' }],
    ['tRPC login', '/trpc/auth.login', { username_or_email: 'someone', password: 'pass\u0000word' }],
  ])('a NUL character in a %s body: 400 INVALID_BODY, not a database error', async (_label, url, payload) => {
    const res = await t.request.post(url).send(payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'The request body contains a NUL character, which is not allowed', code: 'INVALID_BODY' });
  });

  it.each([
    ['arrays', `${'['.repeat(40_000)}${']'.repeat(40_000)}`],
    ['objects', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
  ])('deeply nested %s (small enough to pass the size limit): 400 INVALID_BODY', async (_label, raw) => {
    for (const url of ['/v1/auth/login', '/trpc/auth.login']) {
      const res = await t.request.post(url).set('Content-Type', 'application/json').send(raw);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'The request body is nested too deeply', code: 'INVALID_BODY' });
    }
  });

  it('ordinary nesting is accepted', async () => {
    const res = await t.request.post('/v1/auth/login').send({ username_or_email: 'someone', password: 'password123', extra: { a: { b: { c: [1, [2, [3]]] } } } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('a body just under the limit is read (and refused for its content, not its size)', async () => {
    const res = await t.request.post('/v1/auth/login').send({ username_or_email: 'a', password: 'x'.repeat(90 * 1024) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/v1/nope'],
    ['POST', '/v1/users/nope'],
    ['GET', '/v1/auth/login'],
    ['DELETE', '/v1/users/me'],
    ['GET', '/v2/users/me'],
    ['GET', '/nothing-here'],
  ])('%s %s: 404 {detail, code: NOT_FOUND}', async (method, url) => {
    const res = await t.request[method.toLowerCase() as 'get' | 'post' | 'delete'](url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: `No such endpoint: ${method} ${url}`, code: 'NOT_FOUND' });
  });
});

describe('error bodies never leak internals', () => {
  const json = (req: Test, raw: string) => req.set('Content-Type', 'application/json').send(raw);
  const cases: [string, () => Test][] = [
    ['malformed JSON', () => json(t.request.post('/v1/auth/login'), '{')],
    ['a JSON array body', () => t.request.post('/v1/auth/login').send([1, 2, 3])],
    ['a text/plain body', () => t.request.post('/v1/auth/login').set('Content-Type', 'text/plain').send('hello')],
    ['a form body', () => t.request.post('/v1/users/register').type('form').send('username=abc&password=x')],
    ['fields of the wrong type', () => t.request.post('/v1/auth/login').send({ username_or_email: 5, password: { $gt: '' } })],
    ['nested objects in a register body', () => t.request.post('/v1/users/register').send({ username: { a: 1 }, email: ['x'], password: null, registration_code: 7 })],
    ['a huge username', () => t.request.post('/v1/auth/login').send({ username_or_email: 'a'.repeat(5000), password: 'password123' })],
    ['a huge password at login', () => t.request.post('/v1/auth/login').send({ username_or_email: 'someone', password: 'p'.repeat(5000) })],
    ['a huge token', () => t.request.post('/v1/users/verify-email').send({ token: 't'.repeat(5000) })],
    ['a NUL byte in the username', () => t.request.post('/v1/auth/login').send({ username_or_email: 'a\u0000b', password: 'password123' })],
    ['a NUL byte in the e-mail', () => t.request.post('/v1/auth/recovery').send({ email: 'a\u0000b@example.test' })],
    ['a NUL byte in the token', () => t.request.post('/v1/auth/reset').send({ token: 'a\u0000b', password: 'password123' })],
    ['a lone surrogate in the token', () => json(t.request.post('/v1/users/verify-email'), '{"token":"\\ud800abc"}')],
    ['deeply nested arrays', () => json(t.request.post('/v1/users/register'), `${'['.repeat(30_000)}${']'.repeat(30_000)}`)],
    ['SQL in the username', () => t.request.post('/v1/auth/login').send({ username_or_email: "' or 1=1 --", password: 'password123' })],
    ['a garbage bearer token', () => t.request.get('/v1/users/me').set('Authorization', 'Bearer \u00ff\u00fe')],
    ['a very long bearer token', () => t.request.get('/v1/users/me').set('Authorization', `Bearer ${'a'.repeat(6000)}`)],
    ['deactivate without a body', () => t.request.post('/v1/users/me/deactivate')],
    ['an unknown tRPC procedure', () => t.request.post('/trpc/nope.nope').send({})],
    ['a GET of a tRPC mutation', () => t.request.get('/trpc/auth.login')],
    ['a bad percent-encoding in the path', () => t.request.get('/v1/users/%E0%A4%A')],
  ];

  it.each(cases)('%s', async (_label, send) => {
    const res = await send();
    if (res.request.url.includes('/trpc/')) {
      // tRPC keeps its own envelope; the same fields sit in error.data.
      expect(res.status).toBeLessThan(500);
      expect(res.body.error.data).toMatchObject({ detail: expect.any(String), code: expect.stringMatching(/^[A-Z][A-Z_]+$/) });
      expect(res.text).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+|"stack"/i);
    } else {
      expectCleanError(res);
    }
  });
});

describe('GET /healthz', () => {
  it('answers 200 {status: ok} while the database answers', async () => {
    const res = await t.request.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database is gone', async () => {
    const broken = await createTestApp();
    try {
      await broken.testDb.close();
      const res = await broken.request.get('/healthz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', detail: 'The database does not answer', code: 'DATABASE_UNAVAILABLE' });
      expect(res.text).not.toMatch(/stack|node_modules/i);
    } finally {
      // testDb is already closed (and its database dropped): only the data folder is left.
      rmSync(broken.config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('security headers', () => {
  it.each([
    ['a JSON answer', () => t.request.get('/healthz')],
    ['an error answer', () => t.request.get('/v1/nope')],
    ['an authenticated answer', async () => t.request.get('/v1/users/me').set('Authorization', `Bearer ${t.tokenFor(await createUser(t.db))}`)],
  ])('are set on %s, and x-powered-by is not', async (_label, send) => {
    const res = await send();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });
});
