/**
 * Metrics and readiness as a real server process reads its settings and meets real faults
 * (docs/metrics.md): METRICS_PORT beside METRICS_TOKEN, the statement-timeout counter, and /readyz
 * while the database goes away and comes back. On a PostgreSQL server always: PGlite cannot
 * interrupt a statement, and cannot go away (statement-timeout.test.ts and faults.test.ts set up
 * the same faults).
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/modules/auth/auth.tokens';
import { createUser } from '../factories/users';
import { parseMetrics, valueOf } from '../helpers/metrics-text';
import { callAs, freePort, startServerProcess, within, type ServerProcess } from '../helpers/server-process';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { createTestDb, postgresServerUrl, type TestDb } from '../helpers/test-db';

const JWT_SECRET = randomBytes(32).toString('hex');
const METRICS_TOKEN = randomBytes(24).toString('base64url');

let testDb: TestDb;
let proxy: TcpProxy;
let server: ServerProcess;
let metricsUrl: string;
let token: string;
beforeAll(async () => {
  testDb = await createTestDb({ serverUrl: postgresServerUrl() });
  const user = await createUser(testDb.db);
  token = signAccessToken(JWT_SECRET, user, user.session_id);
  const target = new URL(postgresServerUrl());
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(testDb.handle.databaseUrl!);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  server = await startServerProcess({
    DATABASE_URL: viaProxy.toString(),
    JWT_SECRET,
    METRICS_TOKEN,
    METRICS_PORT: String(metricsPort),
    PG_POOL_MAX: '4',
    PG_POOL_TIMEOUT_MS: '1000',
    PG_STATEMENT_TIMEOUT_MS: '300',
  });
});
afterAll(async () => {
  server?.kill();
  await proxy?.close();
  await testDb?.close();
});

const call = (path: string, init: RequestInit = {}) => callAs(server, token, path, { signal: AbortSignal.timeout(8_000), ...init });

async function scrape() {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

/** A connection of the test's own holding an access exclusive lock on `table` until `release`. */
async function lockTable(table: string) {
  const client = new pg.Client({ connectionString: testDb.handle.databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${table} in access exclusive mode`);
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}

describe('a server process with METRICS_TOKEN and METRICS_PORT', () => {
  it('serves /metrics on METRICS_PORT without a token and on its own port for the token only', async () => {
    expect((await scrape()).some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
    const withToken = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('stacks_db_pool_connections_in_use');
    const refused = await call('/metrics');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('is ready with every check, the live-event listener included', async () => {
    expect(await call('/readyz')).toMatchObject({ status: 200, body: { status: 'ok', checks: { database: { ok: true }, migrations: { ok: true }, events: { ok: true } } } });
  });

  it('counts each statement stopped by PG_STATEMENT_TIMEOUT_MS once, over REST and tRPC', async () => {
    const before = valueOf(await scrape(), 'stacks_db_statement_timeouts_total');
    const release = await lockTable('stacks');
    try {
      expect(await call('/v2/stacks')).toMatchObject({ status: 503, body: { code: 'STATEMENT_TIMEOUT' } });
      expect((await call(`/trpc/stacks.list?input=${encodeURIComponent('{}')}`)).status).toBe(503);
    } finally {
      await release();
    }
    expect(valueOf(await scrape(), 'stacks_db_statement_timeouts_total') - before).toBe(2);
    expect((await call('/v2/stacks')).status).toBe(200);
  });

  it('readiness fails while the database is away, naming the check, and comes back by itself', async () => {
    await proxy.stop();
    try {
      const away = await call('/readyz');
      expect(away.status).toBe(503);
      expect(away.body).toMatchObject({ status: 'unavailable', checks: { database: { ok: false }, migrations: { ok: true } } });
      // The listener's connection was cut with the others: it is reported once the hub sees it.
      await within(5_000, async () => ((await call('/readyz')).body as { checks: { events: { ok: boolean } } }).checks.events.ok === false);
      expect((await call('/healthz')).status).toBe(503);
      // The child's log reaches this process through a pipe, on its own time: wait for the line.
      await within(5_000, async () => server.output().includes('readiness: not ready'));
      expect(server.output()).toContain('readiness: not ready');
    } finally {
      await proxy.start();
    }
    await within(15_000, async () => (await call('/readyz')).status === 200, 200);
  });
});

describe('METRICS_PORT taken', () => {
  it('stops the start with a message naming the setting', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    let output: string;
    try {
      const other = await startServerProcess({ DATABASE_URL: testDb.handle.databaseUrl, JWT_SECRET, METRICS_PORT: String((taken.address() as AddressInfo).port) });
      expect(await other.exited).toBe(1);
      output = other.output();
    } catch (error) {
      // It may stop before it says it is running: startServerProcess then fails with the output.
      output = (error as Error).message;
    } finally {
      taken.close();
    }
    expect(output).toContain('metrics: cannot listen on METRICS_HOST:METRICS_PORT');
    expect(output).toContain('EADDRINUSE');
  });
});
