import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits';
import { heavyReadsOf } from '../../server/trpc/context';
import { createUser, type FactoryUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * The feed's pages pass a gate (docs/decisions/0056-heavy-reads-gate.md), as a REST client sees it: one
 * user's flood of pages holds at most LIMITS.feedReadsPerUser places, so another user's page is
 * answered meanwhile; past their waiting bound the flooder gets 429, and a page that cannot start
 * within the wait bound gets 503, both with Retry-After and the API's error body.
 */

const WAIT_MS = 300;

/** Places in the gate held by `userId` until `release()` (reads that do nothing until then). */
function hold(t: TestApp, userId: number, count: number) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: count }, () => heavyReadsOf(t.deps).run(userId, () => released));
  return { release: async () => (release(), await Promise.allSettled(held)) };
}

describe('the feed gate: one user cannot hold the feed for everyone', () => {
  let t: TestApp;
  let flooder: FactoryUser;
  let other: FactoryUser;
  beforeAll(async () => {
    t = await createTestApp({ feedReads: { concurrency: LIMITS.feedReadsPerUser + 1, maxWaitMs: WAIT_MS } });
    flooder = await createUser(t.db);
    other = await createUser(t.db);
  });
  afterAll(() => t.close());

  it("answers another user's page while one user's pages fill their places and their waiting line", async () => {
    // The flooder's pages: as many running as a user may, and a full waiting line behind them.
    const flood = hold(t, flooder.id, LIMITS.feedReadsPerUser + LIMITS.feedReadsWaitingPerUser);
    try {
      const started = Date.now();
      const res = await t.request.get('/v2/stacks').set('Authorization', `Bearer ${t.tokenFor(other)}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      // Not after the flood's wait bound: it never waited behind it.
      expect(Date.now() - started).toBeLessThan(WAIT_MS);

      const refused = await t.request.get('/v1/twisted_stacks').set('Authorization', `Bearer ${t.tokenFor(flooder)}`);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.body).toEqual({ detail: 'Too many feed pages asked for at once. Please wait for the ones on their way.', code: 'TOO_MANY_REQUESTS' });
    } finally {
      await flood.release();
    }
    const after = await t.request.get('/v2/stacks').set('Authorization', `Bearer ${t.tokenFor(flooder)}`);
    expect(after.status).toBe(200);
    expect(heavyReadsOf(t.deps).stats()).toEqual({ running: 0, waiting: 0, users: 0 });
  });

  it('answers 503 with Retry-After when a page cannot start within the wait bound, and serves again once places free', async () => {
    // Every place taken, by three users (each within their own bound).
    const users = await Promise.all(Array.from({ length: LIMITS.feedReadsPerUser + 1 }, () => createUser(t.db)));
    const holds = users.map((u) => hold(t, u.id, 1));
    try {
      const started = Date.now();
      const res = await t.request.get('/v2/stacks?filter_new=true').set('Authorization', `Bearer ${t.tokenFor(other)}`);
      expect(res.status).toBe(503);
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 20);
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(res.body).toEqual({ detail: 'Too many feed pages are being read right now. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' });
    } finally {
      for (const h of holds) await h.release();
    }
    const res = await t.request.get('/v2/stacks?filter_new=true').set('Authorization', `Bearer ${t.tokenFor(other)}`);
    expect(res.status).toBe(200);
  });

  it('still refuses a page without a valid token before it takes a place', async () => {
    const res = await t.request.get('/v2/stacks');
    expect(res.status).toBe(401);
    expect(heavyReadsOf(t.deps).stats().users).toBe(0);
  });
});
