/**
 * Live events across app processes (docs/live-events.md): two apps, each with its own database
 * handle and event hub, on one PostgreSQL server database. A write through one reaches a stream
 * held by the other within 2 s, through LISTEN/NOTIFY; a revocation through one ends the
 * user's stream on the other; the listener comes back after its connection is killed and catches
 * up by cursor.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openDatabase, type DbHandle } from '../../server/db/client';
import { createLogger } from '../../server/logger';
import { createEventHub, type EventHub } from '../../server/modules/events/event-hub';
import { createFriendStack, makeFriends, comment } from '../factories/stacks';
import { createUser } from '../factories/users';
import { listen, openSse, type SseStream } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { postgresServerUrl } from '../helpers/test-db';

const logger = createLogger('silent');

describe('live events across two app instances on one PostgreSQL database', () => {
  let t: TestApp;
  let handleB: DbHandle;
  let hubA: EventHub;
  let hubB: EventHub;
  let serverA: { url: string; close(): Promise<void> };
  let serverB: { url: string; close(): Promise<void> };
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { serverUrl: postgresServerUrl() });
    handleB = await openDatabase({ databaseUrl: t.testDb.handle.databaseUrl, poolMax: 4 });
    hubA = createEventHub({ handle: t.testDb.handle, logger, pruneEveryMs: 0 });
    hubB = createEventHub({ handle: handleB, logger, pruneEveryMs: 0 });
    await Promise.all([hubA.start(), hubB.start()]);
    serverA = await listen(createApp({ ...t.deps, events: hubA }));
    serverB = await listen(createApp({ ...t.deps, db: handleB.db, ping: handleB.ping, events: hubB }));
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([hubA?.stop(), hubB?.stop()]);
    await Promise.all([serverA?.close(), serverB?.close()]);
    await handleB?.close();
    await t?.close();
  });

  const open = async (url: string, user: { id: number }) => {
    const s = await openSse(url, '/v1/events', { authorization: `Bearer ${t.tokenFor(user)}` });
    expect(s.status).toBe(200);
    streams.push(s);
    return s;
  };

  it('delivers a write made through app A to a stream on app B within 2 s, and the other way', async () => {
    const [owner, friend] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await makeFriends(t, owner, friend);
    const onB = await open(serverB.url, friend);
    const onA = await open(serverA.url, owner);

    const started = Date.now();
    // t.request is a third app on handle A's pool: the write is not made by either hub's process part.
    const id = await createFriendStack(t, owner, friend);
    await onB.waitFor((m) => m.event === 'stack.created' && (m.data as { stack_id: number }).stack_id === id, 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);

    // A write through app B's own database handle reaches the stream on A.
    const row = await handleB.db.insertInto('comments').values({ stack_id: id, user_id: friend.id, description: 'From B' }).returning('id').executeTakeFirstOrThrow();
    await onA.waitFor((m) => m.event === 'comment.created' && (m.data as { comment_id: number }).comment_id === row.id, 2_000);
  });

  it('ends a stream on app B within 5 s of a deactivation through app A, and frees its quota there', async () => {
    const user = await createUser(t.db);
    const onB = await open(serverB.url, user);
    expect(hubB.streamCount(user.id)).toBe(1);
    const started = Date.now();
    const res = await t.request.post('/v1/users/me/deactivate').set('Authorization', `Bearer ${t.tokenFor(user)}`).send({ confirm: true });
    expect(res.status).toBe(200);
    await Promise.race([onB.ended, new Promise((_, fail) => setTimeout(() => fail(new Error('the stream on B was still open after 5 s')), 5_000))]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hubB.streamCount(user.id)).toBe(0);
  });

  it('reconnects a killed listener and catches up on what was committed meanwhile', async () => {
    const [owner, friend] = await Promise.all([createUser(t.db), createUser(t.db)]);
    await makeFriends(t, owner, friend);
    const onB = await open(serverB.url, friend);
    const id = await createFriendStack(t, owner, friend);
    await onB.waitFor((m) => m.event === 'stack.created' && (m.data as { stack_id: number }).stack_id === id, 2_000);

    const admin = new pg.Client({ connectionString: postgresServerUrl() });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'stacks-events' and datname = $1`,
        [new URL(t.testDb.handle.databaseUrl!).pathname.slice(1)],
      );
      expect(rowCount).toBeGreaterThanOrEqual(1);
    } finally {
      await admin.end();
    }
    // Written while the listeners are away: no NOTIFY reaches them.
    const commentId = await comment(t, owner, id, 'While away');
    await onB.waitFor((m) => m.event === 'comment.created' && (m.data as { comment_id: number }).comment_id === commentId, 10_000);
  });
});
