import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits';
import { as, createFriendStack, makeFriends } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * JSON answers above LIMITS.compressAboveBytes are gzipped for clients that accept it; smaller
 * ones and clients that do not are sent as they are. (Bundles are precompressed at build time:
 * tests/e2e/transfer.e2e.test.ts.)
 */
let t: TestApp;
let viewer: FactoryUser;
beforeAll(async () => {
  t = await createTestApp();
  viewer = await createUser(t.db);
  const friend = await createUser(t.db);
  await makeFriends(t, viewer, friend);
  for (let i = 0; i < 6; i += 1) await createFriendStack(t, friend, viewer);
});
afterAll(() => t.close());

describe('response compression', () => {
  it('gzips a feed page for a client that accepts gzip, and the body is the same JSON', async () => {
    const plain = await as(t, viewer).get('/v2/stacks').set('accept-encoding', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(JSON.stringify(plain.body))).toBeGreaterThan(LIMITS.compressAboveBytes);

    const gzipped = await as(t, viewer).get('/v2/stacks').set('accept-encoding', 'gzip');
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.body).toEqual(plain.body);
  });

  it('sends a small answer uncompressed', async () => {
    const res = await as(t, viewer).get('/v1/users/notifications/unread-count').set('accept-encoding', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
