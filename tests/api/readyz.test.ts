/**
 * GET /readyz (docs/metrics.md): 200 while the database answers, every migration is applied and
 * the live-event listener is connected; 503 naming the failing check otherwise. Runs on the suite's
 * database (PGlite by default, or DATABASE_URL); the database really going away is in
 * metrics-process.test.ts.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { createEventHub } from '../../server/modules/events/event-hub';
import { migrations } from '../../migrations/index';
import { createTestApp, type TestApp } from '../helpers/test-app';

const silent = createLogger('silent');
const NOT_APPLICABLE = { ok: true, applicable: false, detail: 'This instance runs no live events' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /readyz', () => {
  it('200 with every check ok; the live events check is not applicable on an instance without them; not cached', async () => {
    const res = await t.request.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ status: 'ok', checks: { database: { ok: true }, migrations: { ok: true }, events: NOT_APPLICABLE } });
  });

  it('with live events: ok while the listener is connected, 503 once it is not', async () => {
    const hub = createEventHub({ handle: t.testDb.handle, logger: silent, pruneEveryMs: 0 });
    await hub.start();
    const request = supertest(createApp({ ...t.deps, events: hub }));
    try {
      expect((await request.get('/readyz')).body).toEqual({ status: 'ok', checks: { database: { ok: true }, migrations: { ok: true }, events: { ok: true } } });
    } finally {
      await hub.stop();
    }
    const res = await request.get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'unavailable',
      checks: { database: { ok: true }, migrations: { ok: true }, events: { ok: false, detail: 'The live-event listener is not connected to the database' } },
    });
  });

  it('503 when the database does not answer; the migrations are then not checked', async () => {
    const request = supertest(
      createApp({
        ...t.deps,
        ping: async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        },
      }),
    );
    const res = await request.get('/readyz');
    expect(res.status).toBe(503);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.body).toEqual({
      status: 'unavailable',
      checks: {
        database: { ok: false, detail: 'The database does not answer: connect ECONNREFUSED 127.0.0.1:5432' },
        migrations: { ok: false, detail: 'Not checked: the database does not answer' },
        events: NOT_APPLICABLE,
      },
    });
  });

  it('503 while a migration is pending, 200 once it is applied; once current, not read again', async () => {
    const newest = Object.keys(migrations).at(-1)!;
    const row = await t.db.selectFrom('kysely_migration' as never).select(['name', 'timestamp'] as never).where('name' as never, '=', newest as never).executeTakeFirstOrThrow();
    await t.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', newest as never).execute();
    const request = supertest(createApp(t.deps));
    try {
      const pending = await request.get('/readyz');
      expect(pending.status).toBe(503);
      expect(pending.body).toEqual({
        status: 'unavailable',
        checks: { database: { ok: true }, migrations: { ok: false, detail: `1 migration(s) not applied: ${newest}` }, events: NOT_APPLICABLE },
      });
    } finally {
      await t.db.insertInto('kysely_migration' as never).values(row as never).execute();
    }
    expect((await request.get('/readyz')).status).toBe(200);
    const { count } = await t.testDb.countQueries(async () => {
      for (let i = 0; i < 3; i += 1) expect((await request.get('/readyz')).status).toBe(200);
    });
    expect(count).toBe(0);
  });
});
