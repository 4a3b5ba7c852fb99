import { createServer, METHODS, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { answerClientErrors } from '../../server/http/client-errors';
import { SERVED_METHODS } from '../../server/http/method-guard';
import { createLogger } from '../../server/logger';
import { createEventHub, type EventHub } from '../../server/modules/events/event-hub';
import { createUser, type FactoryUser } from '../factories/users';
import { parseMetrics, type MetricSample } from '../helpers/metrics-text';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every method Node accepts (METHODS: 35 with CONNECT), on every kind of path the app has: what a
 * route does not serve answers 404, or 405 with `Allow`, never a 5xx, and writes no error line; and
 * the request metrics stay a closed set of series however many odd methods and paths come
 * (docs/metrics.md).
 */
const TOKEN = randomBytes(24).toString('hex');
let t: TestApp;
let me: FactoryUser;
let server: Server;
let port: number;
let hub: EventHub;
const logLines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  me = await createUser(t.db);
  const logger = createLogger('info', { write: (line: string) => void logLines.push(JSON.parse(line)) });
  hub = createEventHub({ handle: t.testDb.handle, logger: createLogger('silent'), pruneEveryMs: 0 });
  await hub.start();
  server = createServer(createApp({ ...t.deps, logger, events: hub }));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await hub?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** One path of each kind: the app's own routes, REST templates, tRPC (a procedure, a batch, none), the reference, static files, app pages, nothing. */
const PATHS = [
  '/',
  '/healthz',
  '/readyz',
  '/metrics',
  '/robots.txt',
  '/openapi.json',
  '/docs',
  '/docs/swagger-ui.css',
  '/trpc',
  '/trpc/',
  '/trpc/users.me',
  '/trpc/users.me,notifications.unreadCount',
  '/trpc/no.such',
  '/v1/users/me',
  '/v1/users/1',
  '/v2/stacks',
  '/v1/stacks/1/image.png',
  '/v1/events',
  '/v1/auth/login',
  '/unsubscribe/x',
  '/avatars/1.svg',
  '/static/app.js',
  '/login',
  '/no/such/path',
];

interface Answer {
  status: number;
  allow?: string;
  body: string;
}

/** One raw request (any method, as a client library could send it); CONNECT is answered on the socket. */
function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...headers, connection: 'close' } });
    const finish = (status: number, allow: string | undefined, body: string) => resolve({ status, allow, body });
    req.on('response', (res) => {
      // A live event stream never ends: its head is the answer.
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        res.destroy();
        return finish(res.statusCode!, res.headers.allow, '');
      }
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => finish(res.statusCode!, res.headers.allow, body));
    });
    // CONNECT's answer comes as the tunnel's: its status line is the answer.
    req.on('connect', (res, socket) => {
      socket.destroy();
      finish(res.statusCode!, res.headers.allow, '');
    });
    req.on('error', reject);
    req.end();
  });
}

const auth = () => ({ authorization: `Bearer ${t.tokenFor(me)}` });

describe('every method on every path', () => {
  it(`${METHODS.length} methods × ${PATHS.length} paths, signed in and out: never 5xx; a method no route serves answers 404, or 405 with Allow; no error is logged`, async () => {
    expect(METHODS.length).toBeGreaterThanOrEqual(33);
    const wrong: string[] = [];
    for (const path of PATHS) {
      for (const method of METHODS) {
        for (const headers of [{}, auth()]) {
          const answer = await send(method, path, headers);
          const where = `${method} ${path} ${Object.keys(headers).length ? 'signed in' : 'signed out'}: ${answer.status}`;
          if (answer.status >= 500) wrong.push(where);
          if (!SERVED_METHODS.has(method) && ![404, 405].includes(answer.status)) wrong.push(`${where} (not 404/405)`);
          if (answer.status === 405 && !answer.allow) wrong.push(`${where} without Allow`);
          // HEAD has no body; CONNECT's is checked below; tRPC's own 404 is in tRPC's envelope, for its clients.
          if ([404, 405].includes(answer.status) && !['HEAD', 'CONNECT'].includes(method)) {
            const parsed = (answer.body.startsWith('{') ? JSON.parse(answer.body) : {}) as { detail?: unknown; code?: unknown; error?: { data?: { detail?: unknown; code?: unknown } } };
            const body = path.startsWith('/trpc') && parsed.error ? (parsed.error.data ?? {}) : parsed;
            if (typeof body.detail !== 'string' || typeof body.code !== 'string') wrong.push(`${where} without {detail, code}: ${answer.body}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  }, 120_000);

  it('tRPC answers TRACE, PUT, OPTIONS and the rest with 405, Allow: GET, HEAD, POST, and METHOD_NOT_SUPPORTED', async () => {
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND']) {
      for (const path of ['/trpc', '/trpc/users.me']) {
        const answer = await send(method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.allow).toBe('GET, HEAD, POST');
        expect(JSON.parse(answer.body)).toEqual({ detail: `${method} is not served here: tRPC calls use GET, HEAD, POST`, code: 'METHOD_NOT_SUPPORTED' });
      }
    }
    expect((await send('GET', '/trpc/users.me', auth())).status).toBe(200);
  });

  it('CONNECT is answered 405 with Allow, not dropped', async () => {
    const answer = await send('CONNECT', 'example.com:443');
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    // Its body, read off the socket as a client without a tunnel in mind would.
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw.startsWith('HTTP/1.1 405 Method Not Allowed\r\n')).toBe(true);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ detail: 'CONNECT is not served here: this is not a proxy', code: 'METHOD_NOT_SUPPORTED' });
  });
});

describe('the request metrics under a flood of odd methods and paths', () => {
  const scrape = async (): Promise<MetricSample[]> => {
    const answer = await send('GET', '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    return parseMetrics(answer.body).filter((s) => s.name.startsWith('stacks_http_'));
  };

  it('every method × path with random noise, 20 times over: the number of series does not grow, and odd methods count as method "other", route "other"', async () => {
    const noise = () => randomBytes(4).toString('hex');
    const round = async () => {
      for (const method of METHODS.filter((m) => m !== 'CONNECT')) {
        await Promise.all([
          send(method, `/${noise()}`),
          send(method, `/v1/users/${noise()}`),
          send(method, `/trpc/users.me`),
          send(method, `/trpc/${noise()}.${noise()}`),
          send(method, '/healthz'),
          send(method, '/v1/events'),
        ]);
      }
    };
    // One round and one scrape first, so that every series the flood and the scrapes fall into exists before the count.
    await round();
    await scrape();
    const before = await scrape();
    for (let i = 0; i < 20; i += 1) await round();
    const after = await scrape();
    expect(after.length).toBe(before.length);
    const requests = after.filter((s) => s.name === 'stacks_http_requests_total');
    expect(new Set(requests.map((s) => s.labels.method))).toEqual(new Set(requests.map((s) => s.labels.method).filter((m) => SERVED_METHODS.has(m) || m === 'other')));
    for (const sample of requests.filter((s) => s.labels.method === 'other')) expect(sample.labels.route, JSON.stringify(sample.labels)).toBe('other');
    // The series a client can reach with its odd methods: other × other × (404, 405), nothing per method.
    expect(requests.filter((s) => s.labels.method === 'other').map((s) => s.labels.status).sort()).toEqual(['404', '405']);
  }, 120_000);
});
