/**
 * GET /metrics (docs/metrics.md): the Prometheus text on the app's port behind METRICS_TOKEN or on
 * a port of its own, request counts by route template with a bounded set of label values, and the
 * counters and gauges of the pool, live events, share images and mails. Runs on the suite's
 * database (PGlite by default, or DATABASE_URL). The statement-timeout counter and the settings as
 * a real process reads them are in metrics-process.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadEnv } from '../../server/env';
import { defaultBotsConfig } from '../../server/config';
import { jobQueueStats } from '../../server/jobs/job-queue.repo';
import { startScheduler } from '../../server/jobs/scheduler';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { createMetricsServer } from '../../server/metrics/metrics-route';
import { metricsText, watchFeedReads, watchJobQueue, watchPool, type JobQueueStats } from '../../server/metrics/metrics';
import { HeavyReadGate } from '../../server/db/heavy-read-gate';
import { createEventHub } from '../../server/modules/events/event-hub';
import { shareImageBudget, shareImageCache } from '../../server/modules/stacks/share-image.service';
import { OBSERVABILITY } from '../../shared/limits';
import { answer, createFriendStack, makeFriends } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { parseMetrics, valueOf, type MetricSample } from '../helpers/metrics-text';
import { listen, openSse } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { within } from '../helpers/server-process';

const TOKEN = randomBytes(24).toString('hex');
const REQUESTS = 'stacks_http_requests_total';
const silent = createLogger('silent');

let t: TestApp;
let me: FactoryUser;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  me = await createUser(t.db);
});
afterAll(() => t.close());

const auth = (user: FactoryUser) => ({ Authorization: `Bearer ${t.tokenFor(user)}` });

async function scrape(): Promise<MetricSample[]> {
  const res = await t.request.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return parseMetrics(res.text);
}

/** The series of the request metrics: what a client could try to multiply. */
const requestSeries = (samples: MetricSample[]) => samples.filter((s) => s.name.startsWith('stacks_http_')).length;

describe('who may read the metrics', () => {
  it('with METRICS_TOKEN: the Prometheus text for the token, with the stacks_ metrics and the process metrics', async () => {
    const res = await t.request.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    for (const name of ['stacks_http_requests_total', 'stacks_http_request_duration_seconds', 'stacks_db_statement_timeouts_total', 'stacks_event_streams_open', 'stacks_events_delivered_total', 'stacks_share_image_renders_total', 'stacks_share_image_cache_hits_total', 'stacks_mails_sent_total', 'stacks_mails_failed_total', 'stacks_db_pool_connections_in_use', 'stacks_db_pool_waiting', 'stacks_feed_reads_running', 'stacks_feed_reads_waiting', 'stacks_job_queue_depth', 'stacks_job_queue_failed', 'process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds']) {
      expect(res.text, name).toContain(`# TYPE ${name} `);
    }
  });

  it('without the token, or with another: 401 with WWW-Authenticate and {detail, code}', async () => {
    for (const header of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, `Bearer ${t.tokenFor(me)}`]) {
      const request = t.request.get('/metrics');
      const res = header ? await request.set('Authorization', header) : await request;
      expect(res.status, header).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
      expect(res.body).toEqual({ detail: 'The metrics need the metrics token (Authorization: Bearer)', code: 'UNAUTHORIZED' });
      expect(res.text).not.toContain('stacks_');
    }
  });

  it('without METRICS_TOKEN: /metrics is an unknown path on the app\'s port', async () => {
    const bare = createApp({ ...t.deps, config: { ...t.config, metricsToken: undefined } });
    for (const accept of ['application/json', 'text/html']) {
      const res = await supertest(bare).get('/metrics').set('Accept', accept).set('Authorization', `Bearer ${TOKEN}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'No such endpoint: GET /metrics', code: 'NOT_FOUND' });
    }
  });

  it('METRICS_TOKEN shorter than 32 characters stops the start with a clear message; METRICS_HOST is 127.0.0.1 unless set', () => {
    expect(() => loadEnv({ METRICS_TOKEN: 'x'.repeat(OBSERVABILITY.metricsTokenMin - 1) })).toThrow(`METRICS_TOKEN: METRICS_TOKEN must be at least ${OBSERVABILITY.metricsTokenMin} characters`);
    expect(loadEnv({ METRICS_TOKEN: 'x'.repeat(OBSERVABILITY.metricsTokenMin) }).METRICS_TOKEN).toHaveLength(32);
    expect(() => loadEnv({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(loadEnv({ METRICS_PORT: '9464' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    const unset = loadEnv({});
    expect([unset.METRICS_PORT, unset.METRICS_TOKEN]).toEqual([undefined, undefined]);
  });

  it('METRICS_PORT\'s server answers GET /metrics without a token, and 404 for anything else', async () => {
    const server = createMetricsServer(silent);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${url}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(await res.text()).toContain('# TYPE stacks_http_requests_total counter');
      for (const [path, method] of [['/', 'GET'], ['/v1/users/me', 'GET'], ['/metrics', 'POST'], ['/healthz', 'GET']]) {
        const other = await fetch(`${url}${path}`, { method });
        expect(other.status, `${method} ${path}`).toBe(404);
        expect(await other.json()).toEqual({ detail: 'This port serves GET /metrics only', code: 'NOT_FOUND' });
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('request metrics', () => {
  it('a burst of N calls of GET /v1/users/{id} moves that route\'s counter by exactly N, and its histogram with it', async () => {
    const other = await createUser(t.db);
    const labels = { method: 'GET', route: '/v1/users/{id}', status: '200' };
    const before = await scrape();
    const N = 25;
    const answers = await Promise.all(Array.from({ length: N }, () => t.request.get(`/v1/users/${other.id}`).set(auth(me))));
    expect(answers.map((res) => res.status)).toEqual(Array(N).fill(200));
    const after = await scrape();
    expect(valueOf(after, REQUESTS, labels) - valueOf(before, REQUESTS, labels)).toBe(N);
    expect(valueOf(after, 'stacks_http_request_duration_seconds_count', labels) - valueOf(before, 'stacks_http_request_duration_seconds_count', labels)).toBe(N);
    expect(valueOf(after, 'stacks_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(valueOf(after, REQUESTS, labels));
  });

  it('names a literal path before a template (/v1/users/me), a refusal by its status, and the app\'s own routes', async () => {
    const before = await scrape();
    await t.request.get('/v1/users/me').set(auth(me));
    await t.request.get('/v1/users/abc').set(auth(me));
    await t.request.get('/healthz');
    await t.request.get('/openapi.json');
    const after = await scrape();
    const moved = (labels: Record<string, string>) => valueOf(after, REQUESTS, labels) - valueOf(before, REQUESTS, labels);
    expect(moved({ method: 'GET', route: '/v1/users/me', status: '200' })).toBe(1);
    expect(moved({ method: 'GET', route: '/v1/users/{id}', status: '400' })).toBe(1);
    expect(moved({ method: 'GET', route: '/healthz', status: '200' })).toBe(1);
    expect(moved({ method: 'GET', route: '/openapi.json', status: '200' })).toBe(1);
  });

  it('tRPC calls by procedure: trpc:<path> for one procedure, trpc:batch for several, other for unknown names', async () => {
    const before = await scrape();
    expect((await t.request.get('/trpc/users.me').set(auth(me))).status).toBe(200);
    expect((await t.request.get(`/trpc/users.me,users.me?batch=1&input=${encodeURIComponent('{}')}`).set(auth(me))).status).toBe(200);
    expect((await t.request.get(`/trpc/users.me,notifications.unreadCount?batch=1&input=${encodeURIComponent('{}')}`).set(auth(me))).status).toBeLessThan(500);
    expect((await t.request.get(`/trpc/no.such${randomBytes(4).toString('hex')}`)).status).toBe(404);
    const after = await scrape();
    const moved = (route: string) => after.filter((s) => s.name === REQUESTS && s.labels.route === route).reduce((sum, s) => sum + s.value, 0) - before.filter((s) => s.name === REQUESTS && s.labels.route === route).reduce((sum, s) => sum + s.value, 0);
    expect(moved('trpc:users.me')).toBe(2);
    expect(moved('trpc:batch')).toBe(1);
    expect(moved('other')).toBe(1);
    expect(after.some((s) => s.labels.route?.includes('no.such'))).toBe(false);
  });

  it('1,000 requests to random paths (and random procedures, methods and ids) leave the number of series unchanged', async () => {
    // Each kind once, so that every series they fall into exists before the count.
    const random = (i: number) => {
      const noise = randomBytes(6).toString('hex');
      switch (i % 5) {
        case 0:
          return t.request.get(`/${noise}`);
        case 1:
          return t.request.get(`/v1/${noise}/${i}`);
        case 2:
          return t.request.get(`/trpc/${noise}.x,${noise}`);
        case 3:
          return t.request.post(`/v9/${noise}?a=${noise}`).send({});
        default:
          return t.request.get(`/static/${noise}.js`).set('Accept', 'text/html');
      }
    };
    for (let i = 0; i < 5; i += 1) expect((await random(i)).status).toBe(404);
    const before = requestSeries(await scrape());
    for (let batch = 0; batch < 50; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => random(batch * 20 + i)));
      for (const res of answers) expect(res.status).toBe(404);
    }
    const after = await scrape();
    // The scrapes themselves are one more series (GET /metrics 200), there before the count too.
    expect(requestSeries(after)).toBe(before);
    expect(new Set(after.filter((s) => s.name === REQUESTS).map((s) => s.labels.route)).has('other')).toBe(true);
  });
});

describe('request ids', () => {
  it('a sane X-Request-Id is answered back; a missing or insane one is replaced by a new UUID', async () => {
    const kept = await t.request.get('/healthz').set('X-Request-Id', 'lb-1:abc.DEF_9-z');
    expect(kept.headers['x-request-id']).toBe('lb-1:abc.DEF_9-z');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const fresh = await t.request.get('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(uuid);
    expect((await t.request.get('/healthz')).headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    const longest = 'a'.repeat(OBSERVABILITY.requestIdMax);
    expect((await t.request.get('/healthz').set('X-Request-Id', longest)).headers['x-request-id']).toBe(longest);
    for (const insane of [`${longest}a`, 'has space', 'new\\nline', 'quote"d', 'é', '']) {
      expect((await t.request.get('/healthz').set('X-Request-Id', insane)).headers['x-request-id'], insane).toMatch(uuid);
    }
  });

  it('is on every kind of answer: REST, tRPC, errors, 404s, the reference, metrics refusals', async () => {
    const answers = await Promise.all([
      t.request.get('/v1/users/me').set(auth(me)),
      t.request.get('/v1/users/me'),
      t.request.get('/trpc/users.me').set(auth(me)),
      t.request.get('/trpc/nothing.here'),
      t.request.post('/v1/auth/login').set('Content-Type', 'application/json').send('{not json'),
      t.request.get('/no/such/path'),
      t.request.get('/openapi.json'),
      t.request.get('/robots.txt'),
      t.request.get('/metrics'),
      t.request.get('/readyz'),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 401, 200, 404, 400, 404, 200, 200, 401, 200]);
    answers.forEach((res, i) => expect(res.headers['x-request-id'], `answer ${i}`).toMatch(/^[0-9a-f-]{36}$/));
  });

  it('is on the built client\'s files and pages too, which count as route "other"', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'stacks-dist-'));
    try {
      mkdirSync(path.join(dist, 'static'));
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Stacks</title>');
      writeFileSync(path.join(dist, 'static', 'app-1234.js'), 'console.log(1)');
      const request = supertest(createApp({ ...t.deps, config: { ...t.config, clientDistDir: dist } }));
      const before = await scrape();
      const answers = [await request.get('/static/app-1234.js'), await request.get('/favicon-missing.svg').set('Accept', 'image/svg+xml'), await request.get('/stacks/12').set('Accept', 'text/html')];
      expect(answers.map((res) => res.status)).toEqual([200, 404, 200]);
      for (const res of answers) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const after = await scrape();
      const moved = (status: string) => valueOf(after, REQUESTS, { method: 'GET', route: 'other', status }) - valueOf(before, REQUESTS, { method: 'GET', route: 'other', status });
      expect([moved('200'), moved('404')]).toEqual([2, 1]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('the request\'s log line carries the same id', async () => {
    const lines: Record<string, any>[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    const request = supertest(createApp({ ...t.deps, logger }));
    const given = await request.get('/v1/users/me').set(auth(me)).set('X-Request-Id', 'trace-42');
    const made = await request.get('/no/such/path');
    await within(2_000, async () => lines.length >= 2);
    const logged = lines.filter((line) => line.msg === 'request completed');
    expect(logged.map((line) => [line.req.id, line.req.url, line.res.statusCode])).toEqual([
      ['trace-42', '/v1/users/me', given.status],
      [made.headers['x-request-id'], '/no/such/path', 404],
    ]);
  });

  it('the request log: a mailed link\'s token is not written, probes write no line, a 5xx is an error line, a client gone is "aborted", a quiet level writes none', async () => {
    const { default: express } = await import('express');
    const { requestId } = await import('../../server/http/request-id');
    const { requestLog } = await import('../../server/http/request-log');
    const lines: Record<string, any>[] = [];
    const appLogging = (level: string) => {
      const app = express();
      app.use(requestId());
      app.use(requestLog(createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line)) }), new Set(['/healthz'])));
      app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
      app.get('/broken', (_req, res) => void res.status(503).json({ detail: 'down' }));
      app.get('/verify', (_req, res) => void res.json({}));
      app.get('/slow', () => undefined); // never answers: the client gives up
      return supertest(app);
    };
    const info = appLogging('info');
    await info.get('/verify?token=s3cret&x=1').set('X-Request-Id', 'trace-50');
    await info.get('/healthz');
    await info.get('/broken').set('X-Request-Id', 'trace-51');
    await expect(info.get('/slow').set('X-Request-Id', 'trace-54').timeout(200)).rejects.toThrow();
    await within(2_000, async () => lines.length >= 3);
    const quiet = appLogging('warn');
    await quiet.get('/verify').set('X-Request-Id', 'trace-52');
    await quiet.get('/broken').set('X-Request-Id', 'trace-53');
    await within(2_000, async () => lines.length >= 4);
    expect(lines.map((line) => [line.level, line.msg, line.req.id, line.req.url, line.res.statusCode, typeof line.responseTime])).toEqual([
      [30, 'request completed', 'trace-50', '/verify?token=[redacted]&x=1', 200, 'number'],
      [50, 'request errored', 'trace-51', '/broken', 503, 'number'],
      [30, 'request aborted', 'trace-54', '/slow', 200, 'number'],
      [50, 'request errored', 'trace-53', '/broken', 503, 'number'],
    ]);
  });

  it('a server error\'s log line of a procedure carries the request\'s id', async () => {
    const { TRPCError } = await import('@trpc/server');
    const { logServerError } = await import('../../server/http/trpc-hooks');
    const lines: Record<string, any>[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    logServerError(logger)({ error: new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'boom' }), path: 'users.me', req: { id: 'trace-43' } });
    logServerError(logger)({ error: new TRPCError({ code: 'NOT_FOUND' }), path: 'users.me', req: { id: 'trace-44' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request failed', path: 'users.me', req: { id: 'trace-43' } });
  });
});

describe('what the app did', () => {
  it('the pool gauges read the handle when scraped: a held connection is in use, a query behind it waits', async () => {
    const unwatch = watchPool(t.testDb.handle.poolStats!);
    try {
      const idle = await scrape();
      expect(valueOf(idle, 'stacks_db_pool_connections_in_use')).toBe(0);
      expect(valueOf(idle, 'stacks_db_pool_waiting')).toBe(0);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding = false;
      const holder = t.db.connection().execute(async () => {
        holding = true;
        await held;
      });
      await within(2_000, async () => holding);
      // On the embedded database the second query queues behind the held connection; on a server it gets one of its own.
      const queued = t.testDb.handle.kind === 'pglite' ? t.db.selectFrom('users').select('id').execute() : undefined;
      const busy = await scrape();
      expect(valueOf(busy, 'stacks_db_pool_connections_in_use')).toBe(1);
      expect(valueOf(busy, 'stacks_db_pool_waiting')).toBe(queued ? 1 : 0);
      release();
      await holder;
      await queued;
      expect(valueOf(await scrape(), 'stacks_db_pool_connections_in_use')).toBe(0);
    } finally {
      unwatch();
    }
  });

  it('the feed-read gauges read the gate when scraped: a page past it runs, the next one waits', async () => {
    const gate = new HeavyReadGate({ concurrency: 1, perUser: 4, waitingPerUser: 4, maxWaitMs: 5_000 });
    const unwatch = watchFeedReads(() => gate.stats());
    try {
      expect(valueOf(await scrape(), 'stacks_feed_reads_running')).toBe(0);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const pages = [gate.run(1, () => held), gate.run(2, async () => undefined)];
      await within(2_000, async () => gate.stats().running === 1);
      const busy = await scrape();
      expect(valueOf(busy, 'stacks_feed_reads_running')).toBe(1);
      expect(valueOf(busy, 'stacks_feed_reads_waiting')).toBe(1);
      release();
      await Promise.all(pages);
      expect(valueOf(await scrape(), 'stacks_feed_reads_waiting')).toBe(0);
    } finally {
      unwatch();
    }
  });

  it('the job queue is read at most every jobQueueStatsSeconds however often it is scraped; no queue: no series, no failure', async () => {
    let reads = 0;
    let clock = 0;
    const stats: JobQueueStats[] = [{ queue: 'bot-run', queued: 3, failed: 1 }];
    const unwatch = watchJobQueue(async () => ((reads += 1), stats), silent, () => clock);
    try {
      for (let i = 0; i < 5; i += 1) await scrape();
      expect(reads).toBe(1);
      const samples = await scrape();
      expect(valueOf(samples, 'stacks_job_queue_depth', { queue: 'bot-run' })).toBe(3);
      expect(valueOf(samples, 'stacks_job_queue_failed', { queue: 'bot-run' })).toBe(1);
      clock += OBSERVABILITY.jobQueueStatsSeconds * 1000;
      stats[0] = { queue: 'bot-run', queued: 0, failed: 2 };
      expect(valueOf(await scrape(), 'stacks_job_queue_failed', { queue: 'bot-run' })).toBe(2);
      expect(reads).toBe(2);
    } finally {
      unwatch();
    }
    // This database has no job queue: the real read answers nothing, and the scrape still works.
    expect(await jobQueueStats(t.db)).toEqual([]);
    const stop = watchJobQueue(() => jobQueueStats(t.db), silent);
    try {
      const { text } = await metricsText();
      expect(parseMetrics(text).filter((s) => s.name.startsWith('stacks_job_queue_'))).toEqual([]);
    } finally {
      stop();
    }
  });

  it('the job queue\'s figures come from pg-boss\'s table: jobs waiting and jobs failed, by queue', async () => {
    const scheduler = await startScheduler({ handle: t.testDb.handle, bots: defaultBotsConfig(), logger: silent });
    const queue = 'metrics-probe';
    try {
      await scheduler.boss.createQueue(queue, { name: queue, retryLimit: 0 });
      await scheduler.boss.send(queue, { n: 1 });
      await scheduler.boss.send(queue, { n: 2 });
      const failed = await scheduler.boss.send(queue, { n: 3 });
      await scheduler.boss.fail(queue, failed!, { why: 'test' });
      expect((await jobQueueStats(t.db)).find((stats) => stats.queue === queue)).toEqual({ queue, queued: 2, failed: 1 });
      const stop = watchJobQueue(() => jobQueueStats(t.db), silent);
      try {
        const samples = await scrape();
        expect(valueOf(samples, 'stacks_job_queue_depth', { queue })).toBe(2);
        expect(valueOf(samples, 'stacks_job_queue_failed', { queue })).toBe(1);
      } finally {
        stop();
      }
    } finally {
      await scheduler.stop();
    }
  });

  it('an event stream counts while open, and its events as delivered', async () => {
    const hub = createEventHub({ handle: t.testDb.handle, logger: silent, pruneEveryMs: 0 });
    await hub.start();
    const server = await listen(createApp({ ...t.deps, events: hub }));
    try {
      const friend = await createUser(t.db);
      await makeFriends(t, me, friend);
      const before = await scrape();
      const stream = await openSse(server.url, '/v1/events', auth(me));
      expect(stream.status).toBe(200);
      const open = await scrape();
      expect(valueOf(open, 'stacks_event_streams_open') - valueOf(before, 'stacks_event_streams_open')).toBe(1);
      await createFriendStack(t, friend, me);
      await stream.waitFor((m) => m.event === 'stack.created');
      const delivered = valueOf(await scrape(), 'stacks_events_delivered_total') - valueOf(before, 'stacks_events_delivered_total');
      expect(delivered).toBe(stream.messages.length);
      stream.close();
      await within(2_000, async () => valueOf(await scrape(), 'stacks_event_streams_open') === valueOf(before, 'stacks_event_streams_open'));
    } finally {
      await hub.stop();
      await server.close();
    }
  });

  it('a share image drawn counts as a render, the same one asked again as a cache hit', async () => {
    shareImageCache.clear();
    shareImageBudget.clear();
    const friend = await createUser(t.db);
    await makeFriends(t, me, friend);
    const id = await createFriendStack(t, me, friend);
    await answer(t, me, id);
    const before = await scrape();
    expect((await t.request.get(`/v1/stacks/${id}/image.png`).set(auth(me))).status).toBe(200);
    const drawn = await scrape();
    expect(valueOf(drawn, 'stacks_share_image_renders_total') - valueOf(before, 'stacks_share_image_renders_total')).toBe(1);
    expect(valueOf(drawn, 'stacks_share_image_cache_hits_total') - valueOf(before, 'stacks_share_image_cache_hits_total')).toBe(0);
    expect((await t.request.get(`/v1/stacks/${id}/image.png`).set(auth(me))).status).toBe(200);
    const again = await scrape();
    expect(valueOf(again, 'stacks_share_image_renders_total') - valueOf(before, 'stacks_share_image_renders_total')).toBe(1);
    expect(valueOf(again, 'stacks_share_image_cache_hits_total') - valueOf(before, 'stacks_share_image_cache_hits_total')).toBe(1);
    expect(valueOf(again, REQUESTS, { method: 'GET', route: '/v1/stacks/{id}/image.png', status: '200' }) - valueOf(before, REQUESTS, { method: 'GET', route: '/v1/stacks/{id}/image.png', status: '200' })).toBe(2);
  });

  it('a mail that cannot be sent counts as failed', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Stacks <no-reply@stacks.test>', outboxDir: t.config.mail.outboxDir, logger: silent });
    const before = await scrape();
    await expect(mailer.send({ to: 'someone@stacks.test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' })).rejects.toThrow(/ECONNREFUSED/);
    const after = await scrape();
    expect(valueOf(after, 'stacks_mails_failed_total') - valueOf(before, 'stacks_mails_failed_total')).toBe(1);
    expect(valueOf(after, 'stacks_mails_sent_total') - valueOf(before, 'stacks_mails_sent_total')).toBe(0);
  });

  it('a mail sent counts as sent', async () => {
    const before = await scrape();
    const user = await createUser(t.db);
    expect((await t.request.post('/v1/auth/recovery').send({ email: user.email })).status).toBe(200);
    await t.flushMail();
    const after = await scrape();
    expect(valueOf(after, 'stacks_mails_sent_total') - valueOf(before, 'stacks_mails_sent_total')).toBe(1);
    expect(valueOf(after, 'stacks_mails_failed_total') - valueOf(before, 'stacks_mails_failed_total')).toBe(0);
  });
});
