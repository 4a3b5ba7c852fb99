import { request as httpRequest, Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/limits';
import { signAccessToken } from '../../server/modules/auth/auth.tokens';
import { createUser, type FactoryUser } from '../factories/users';
import { startServerProcess, type ServerProcess, callAs, within } from '../helpers/server-process';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createTestDb, postgresServerUrl, type TestDb } from '../helpers/test-db';

/**
 * Database faults and shutdown, against real server processes on a real PostgreSQL server (these
 * faults do not exist on the embedded database, so this file always uses a server).
 */
const JWT_SECRET = randomBytes(32).toString('hex');
const UNAVAILABLE = 'DATABASE_UNAVAILABLE';

let testDb: TestDb;
let user: FactoryUser;
let token: string;
let databaseUrl: string;
beforeAll(async () => {
  testDb = await createTestDb({ serverUrl: postgresServerUrl() });
  databaseUrl = testDb.handle.databaseUrl!;
  user = await createUser(testDb.db);
  token = signAccessToken(JWT_SECRET, user, user.session_id);
});
afterAll(() => testDb.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const call = (server: ServerProcess, path: string, init: RequestInit = {}) => callAs(server, token, path, init);

/** Terminates the app's connections the way a restart, failover or idle timeout does. */
async function terminateBackends(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: postgresServerUrl() });
  await admin.connect();
  try {
    const { rows } = await admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
    return rows[0].n;
  } finally {
    await admin.end();
  }
}

describe('a dropped database connection never kills the process', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ DATABASE_URL: databaseUrl, JWT_SECRET, PG_POOL_MAX: '4' });
  });
  afterAll(() => server.kill());

  it('idle connections killed: the process stays up, logs a warning, and the next call works', async () => {
    expect((await call(server, '/v1/users/me')).status).toBe(200);
    expect((await call(server, '/healthz')).status).toBe(200);
    const killed = await terminateBackends(new URL(databaseUrl).pathname.slice(1));
    expect(killed).toBeGreaterThan(0);
    await within(5_000, async () => server.output().includes('database connection lost'));
    expect(server.alive()).toBe(true);
    await within(5_000, async () => (await call(server, '/healthz')).status === 200);
    await within(5_000, async () => (await call(server, '/v1/users/me')).status === 200);
  });

  it('requests Node refuses before the app (oversized headers, broken framing) still get {detail, code}', async () => {
    const raw = (payload: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
        socket.write(payload);
      });
    const huge = await raw(`GET /v1/users/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(huge.split('\r\n\r\n')[1])).toEqual({ detail: 'The request headers (or URL) are too large', code: 'HEADERS_TOO_LARGE' });
    const broken = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(broken.split('\r\n\r\n')[1])).toMatchObject({ code: 'BAD_REQUEST' });
    expect(server.alive()).toBe(true);
  });

  it('connections killed under load: only 200s and 503s, and calls work again within 5 s', async () => {
    const statuses = new Map<number, number>();
    let running = true;
    const load = Array.from({ length: 12 }, async (_, i) => {
      while (running) {
        const res = await call(server, i % 2 ? '/v1/users/me' : '/v2/stacks');
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 503) expect(res.body).toMatchObject({ code: UNAVAILABLE, detail: expect.any(String) });
      }
    });
    const answered = () => [...statuses.values()].reduce((sum, n) => sum + n, 0);
    /** Until the load has had `n` more answers: each kill lands on connections in use. */
    const moreAnswers = async (n: number) => {
      const seen = answered();
      await within(10_000, async () => answered() >= seen + n);
    };
    await moreAnswers(12);
    const database = new URL(databaseUrl).pathname.slice(1);
    for (let i = 0; i < 3; i += 1) {
      await terminateBackends(database);
      await moreAnswers(12);
    }
    const recovery = within(5_000, async () => (await call(server, '/v1/users/me')).status === 200);
    // On a loaded machine the load may need longer to reach its count: wait for it (bounded).
    const until = Date.now() + 10_000;
    while ((statuses.get(200) ?? 0) <= 50 && Date.now() < until) await sleep(50);
    running = false;
    await Promise.all(load);
    await recovery;
    expect(server.alive()).toBe(true);
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(50);
    expect((await call(server, '/healthz')).status).toBe(200);
  });
});

describe('database down: 503 DATABASE_UNAVAILABLE with Retry-After, and recovery by itself', () => {
  let proxy: TcpProxy;
  let server: ServerProcess;
  beforeAll(async () => {
    const target = new URL(postgresServerUrl());
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(databaseUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startServerProcess({ DATABASE_URL: viaProxy.toString(), JWT_SECRET, PG_POOL_TIMEOUT_MS: '1000' });
  });
  afterAll(async () => {
    server.kill();
    await proxy.close();
  });

  it('answers every kind of call with 503 while the database is away, then recovers', async () => {
    expect((await call(server, '/v1/users/me')).status).toBe(200);
    await proxy.stop();

    const calls = [
      await call(server, '/v1/users/me'),
      await call(server, '/v2/stacks'),
      await call(server, '/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username_or_email: user.username, password: user.password }) }),
      await call(server, '/v1/users/me', { headers: { authorization: '' } }),
    ];
    for (const res of calls.slice(0, 3)) {
      expect(res).toEqual({ status: 503, body: { detail: 'The database is unavailable. Please try again shortly.', code: UNAVAILABLE }, retryAfter: '5' });
    }
    // No token, no database needed: the refusal is still a 401.
    expect(calls[3].status).toBe(401);

    const trpc = await call(server, '/trpc/users.me');
    expect(trpc.status).toBe(503);
    expect(trpc.retryAfter).toBe('5');
    expect(trpc.body).toMatchObject({ error: { data: { code: UNAVAILABLE, httpStatus: 503 } } });
    const health = await call(server, '/healthz');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ code: UNAVAILABLE });
    expect(server.alive()).toBe(true);

    await proxy.start();
    await within(5_000, async () => (await call(server, '/v1/users/me')).status === 200);
    expect((await call(server, '/healthz')).status).toBe(200);
  });
});

describe('pool exhaustion sheds load', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { serverUrl: postgresServerUrl(), poolMax: 2, poolTimeoutMs: 400 });
  });
  afterAll(() => t.close());

  it('a call that waits longer than the bound for a connection gets 503; /healthz does not wait', async () => {
    const auth = { Authorization: `Bearer ${t.tokenFor(await createUser(t.db))}` };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    // Both pool connections are taken by work that does not end.
    const holders = [0, 1].map(() =>
      t.db.connection().execute(async () => {
        holding += 1;
        await held;
      }),
    );
    await within(2_000, async () => holding === 2);
    try {
      const started = Date.now();
      const [shed, health] = await Promise.all([t.request.get('/v1/users/me').set(auth), t.request.get('/healthz')]);
      expect(health.status).toBe(200);
      expect(shed.status).toBe(503);
      expect(shed.body).toEqual({ detail: 'No database connection became available in time. Please try again shortly.', code: UNAVAILABLE });
      expect(shed.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      release();
      await Promise.all(holders);
    }
    expect((await t.request.get('/v1/users/me').set(auth)).status).toBe(200);
  });

  it("200 concurrent feed calls of one user on a pool of 2: each answers 200 or 503 (or 429 past the user's line at the feed's gate), and /healthz answers at once meanwhile", async () => {
    const auth = { Authorization: `Bearer ${t.tokenFor(await createUser(t.db))}` };
    const flood = Promise.all(Array.from({ length: 200 }, () => t.request.get('/v2/stacks').set(auth)));
    // The health check is asked once the flood holds the pool's two connections.
    await within(10_000, async () => (t.testDb.handle.poolStats?.().inUse ?? 0) >= 2, 5);
    const started = Date.now();
    const health = await t.request.get('/healthz');
    const healthMs = Date.now() - started;
    const answers = await flood;
    expect(health.status).toBe(200);
    // The 200 callers run in this process too, on a machine whose other core runs another test
    // file: "at once" is judged with room for that.
    expect(healthMs).toBeLessThan(2_000);
    expect(answers.filter((res) => res.status !== 200 && res.status !== 503 && res.status !== 429)).toEqual([]);
    // The feed's gate (docs/decisions/0056-heavy-reads-gate.md) refuses only what is past one user's line.
    const refused = answers.filter((res) => res.status === 429);
    expect(refused.every((res) => res.headers['retry-after'] === '1')).toBe(true);
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(LIMITS.feedReadsPerUser + LIMITS.feedReadsWaitingPerUser);
  });
});

describe('SIGTERM under keep-alive load', () => {
  it('answers in flight with Connection: close, lets no busy connection keep it alive, and exits in time', async () => {
    const server = await startServerProcess({ DATABASE_URL: databaseUrl, JWT_SECRET, SHUTDOWN_TIMEOUT_MS: '3000', LOG_LEVEL: 'info' });
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const { port } = new URL(server.url);
    type Answer = { status: number; connection?: string; at: number };
    const answers: Answer[] = [];
    let failures = 0;
    const get = (path: string) =>
      new Promise<Answer>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, at: Date.now() }));
        });
        req.on('error', reject);
        req.end();
      });
    let running = true;
    const load = Array.from({ length: 8 }, async () => {
      while (running) {
        try {
          answers.push(await get('/v1/users/me'));
        } catch {
          // After SIGTERM new connections are refused: that is the point.
          failures += 1;
          await sleep(20);
        }
      }
    });
    try {
      // The load must be flowing before the signal (on a busy machine the first answers take longer).
      const until = Date.now() + 10_000;
      while (answers.length <= 20 && Date.now() < until) await sleep(50);
      const before = answers.length;
      expect(before).toBeGreaterThan(20);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const code = await Promise.race([server.exited, sleep(5_000).then(() => 'timeout')]);
      const exitMs = Date.now() - signalled;
      running = false;
      await Promise.all(load);
      expect(code).toBe(0);
      expect(exitMs).toBeLessThan(3_000);
      // The signal takes a moment to arrive: answers sent after that tell their client to close.
      const after = answers.filter((a) => a.at > signalled + 200);
      for (const answer of after) expect(answer).toMatchObject({ status: 200, connection: 'close' });
      expect(after.length).toBeLessThanOrEqual(16);
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(failures).toBeGreaterThan(0);
      expect(server.output()).toContain('"msg":"stopped"');
    } finally {
      running = false;
      agent.destroy();
      server.kill();
    }
  });
});
