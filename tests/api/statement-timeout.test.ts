import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/modules/auth/auth.tokens';
import { createUser } from '../factories/users';
import { startServerProcess, type ServerProcess, callAs, within } from '../helpers/server-process';
import { createTestDb, postgresServerUrl, type TestDb } from '../helpers/test-db';

/**
 * Every statement has a time limit, and abandoned work stops (docs/limits-and-faults.md), against
 * real server processes on a PostgreSQL server: PGlite cannot interrupt a statement, so this file
 * always uses a server. A statement is made slow the way a runaway one behaves for everyone else:
 * another connection holds an exclusive lock on the table the feed reads, so the feed's statement
 * waits (its backend busy, its pool connection taken) until it is stopped.
 */
const JWT_SECRET = randomBytes(32).toString('hex');
const TIMEOUT_DETAIL = 'The request took too long and was stopped. Please try again.';

let testDb: TestDb;
let token: string;
let databaseUrl: string;
let database: string;
beforeAll(async () => {
  testDb = await createTestDb({ serverUrl: postgresServerUrl() });
  databaseUrl = testDb.handle.databaseUrl!;
  database = new URL(databaseUrl).pathname.slice(1);
  const user = await createUser(testDb.db);
  token = signAccessToken(JWT_SECRET, user, user.session_id);
});
afterAll(() => testDb.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const call = (server: ServerProcess, path: string, init: RequestInit = {}) => callAs(server, token, path, { signal: AbortSignal.timeout(8_000), ...init });

/** A connection of the test's own holding an access exclusive lock on `table` until `release`. */
async function lockTable(table: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${table} in access exclusive mode`);
  const { rows } = await client.query('select pg_backend_pid() as pid');
  return {
    pid: rows[0].pid as number,
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Backends of the test database (other than `except`) waiting for a lock, as PostgreSQL sees them. */
async function lockWaiters(except: number): Promise<number> {
  const client = new pg.Client({ connectionString: postgresServerUrl() });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> $2 and wait_event_type = 'Lock'", [database, except]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

const feedOverTrpc = `/trpc/stacks.list?input=${encodeURIComponent(JSON.stringify({}))}`;
const setBio = (server: ServerProcess, bio: string) => call(server, '/v1/users/me/bio', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bio }) });

describe('PG_STATEMENT_TIMEOUT_MS: a statement running past it is stopped with a clear answer', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ DATABASE_URL: databaseUrl, JWT_SECRET, PG_POOL_MAX: '4', PG_STATEMENT_TIMEOUT_MS: '300' });
  });
  afterAll(() => server.kill());

  it('answers 503 STATEMENT_TIMEOUT with Retry-After and a detail within about the limit, over REST and tRPC', async () => {
    const lock = await lockTable('stacks');
    try {
      const started = Date.now();
      const rest = await call(server, '/v2/stacks');
      const took = Date.now() - started;
      expect(rest).toEqual({ status: 503, body: { detail: TIMEOUT_DETAIL, code: 'STATEMENT_TIMEOUT' }, retryAfter: '5' });
      expect(took).toBeLessThan(1_500);

      const trpc = await call(server, feedOverTrpc);
      expect(trpc.status).toBe(503);
      expect(trpc.retryAfter).toBe('5');
      expect(trpc.body).toMatchObject({ error: { message: TIMEOUT_DETAIL, data: { code: 'STATEMENT_TIMEOUT', detail: TIMEOUT_DETAIL, httpStatus: 503 } } });
    } finally {
      await lock.release();
    }
  });

  it('ten stuck calls on a pool of four all stop; the database is not taken for down, and calls and writes succeed right after', async () => {
    const lock = await lockTable('stacks');
    let stuck: Awaited<ReturnType<typeof call>>[];
    try {
      const started = Date.now();
      const calls = Promise.all(Array.from({ length: 10 }, () => call(server, '/v2/stacks')));
      // Meanwhile the health check answers: a timeout says nothing about the database's health.
      const health = await call(server, '/healthz');
      expect(health.status).toBe(200);
      stuck = await calls;
      // Three rounds of 300 ms on four connections, and some slack for a loaded machine.
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await lockWaiters(lock.pid)).toBe(0);
    } finally {
      await lock.release();
    }
    for (const res of stuck) expect(res).toEqual({ status: 503, body: { detail: TIMEOUT_DETAIL, code: 'STATEMENT_TIMEOUT' }, retryAfter: '5' });

    // No lingering damage: every connection of the pool works at once.
    const after = await Promise.all([...Array.from({ length: 8 }, () => call(server, '/v2/stacks')), ...Array.from({ length: 8 }, (_, i) => setBio(server, `after the timeouts ${i}`))]);
    expect(after.map((res) => res.status)).toEqual(Array(16).fill(200));
    expect((await call(server, '/v1/users/me')).body).toMatchObject({ bio: expect.stringMatching(/^after the timeouts \d$/) });
    expect(server.output()).not.toContain('database connection lost');
    expect(server.alive()).toBe(true);
  });
});

describe('a client that hangs up cancels its running statement', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // One connection, and a limit far beyond the test: only the cancel can stop the statement.
    server = await startServerProcess({ DATABASE_URL: databaseUrl, JWT_SECRET, PG_POOL_MAX: '1', PG_STATEMENT_TIMEOUT_MS: '60000', PG_CANCEL_ON_HANGUP: 'true' });
  });
  afterAll(() => server.kill());

  it('its backend stops waiting within a second, and the connection serves the next request', async () => {
    const lock = await lockTable('stacks');
    try {
      const { port } = new URL(server.url);
      const abandoned = httpRequest({ host: '127.0.0.1', port, path: '/v2/stacks', headers: { authorization: `Bearer ${token}` } });
      const closed = new Promise<void>((resolve) => abandoned.on('close', () => resolve()));
      abandoned.on('error', () => undefined); // the hang-up below
      abandoned.end();
      await within(5_000, async () => (await lockWaiters(lock.pid)) === 1);

      // Waits for the only connection, which the stuck statement holds.
      const next = call(server, '/v1/users/me');
      await sleep(100);
      const hungUp = Date.now();
      abandoned.destroy();
      await closed;
      const stopped = await within(1_000, async () => (await lockWaiters(lock.pid)) === 0);
      const answer = await next;
      expect(answer.status).toBe(200);
      expect(Date.now() - hungUp).toBeLessThan(1_500);
      expect(stopped).toBeLessThan(1_000);
    } finally {
      await lock.release();
    }
    expect((await call(server, '/v2/stacks')).status).toBe(200);
    expect((await setBio(server, 'still writing')).status).toBe(200);
    expect(server.output()).not.toMatch(/unhandled|database connection lost/);
    expect(server.alive()).toBe(true);
  });
});
