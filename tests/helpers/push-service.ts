/**
 * A push service for tests: a node:http server on 127.0.0.1 that does what a browser vendor's push
 * service checks, and what the browser then does. Each request must carry a VAPID header
 * `Authorization: vapid t=<JWT>, k=<key>` whose ES256 JWT verifies with `k`, names the endpoint's
 * origin as `aud`, expires within 24 hours and has a `sub`; its `aes128gcm` body is decrypted with
 * the fake subscription's own P-256 private key and auth secret (RFC 8291), as the browser would.
 * A request that fails a check is answered 400 and recorded in `problems`.
 *
 * Answers are scripted per subscription (`answer(sub, [500, 201])`, 'hang' to never answer);
 * the default is 201.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo, Socket } from 'node:net';

/** http_ece, web-push's own encryption library (a dependency of web-push; no types of its own). */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

/** A browser profile's subscription, with the private halves a real browser keeps to itself. */
export interface FakeSubscription {
  id: string;
  endpoint: string;
  /** What the browser sends to the app (PushSubscription.toJSON()). */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, parsed. */
  payload: unknown;
  /** The encrypted body's size in bytes. */
  bytes: number;
  /** The JWT's claims and the `k` of the VAPID header. */
  claims: { aud?: string; exp?: number; sub?: string };
  vapidKey: string;
  headers: IncomingMessage['headers'];
  /** The status this push was answered with. */
  status: number;
}

export type ScriptedAnswer = number | 'hang';

export interface PushService {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The prefix of every endpoint it hands out (for PUSH_ALLOWED_ENDPOINTS). */
  prefix: string;
  port: number;
  subscription(): FakeSubscription;
  /** The next answers for a subscription's requests, in order (then 201 again). */
  answer(subscription: FakeSubscription, answers: ScriptedAnswer[]): void;
  /** Every push that passed the checks (answered or not), in order of arrival. */
  received: ReceivedPush[];
  /** Requests that failed a check, with why. */
  problems: string[];
  /** Requests seen, and TCP connections accepted, in all. */
  requestCount(): number;
  connectionCount(): number;
  /** Resolves once `check` holds (polling), failing after `timeoutMs`. */
  waitFor(what: string, check: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');
const decodePart = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Checks the VAPID header (RFC 8292) of a request to `origin`; answers the claims and key, or throws why not. */
function checkVapid(authorization: string | undefined, origin: string): { claims: ReceivedPush['claims']; vapidKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID Authorization header: ${authorization}`);
  const [, jwt, vapidKey] = match;
  const [head, body, signature] = jwt.split('.');
  const header = decodePart(head);
  if (header.alg !== 'ES256' || header.typ !== 'JWT') throw new Error(`JWT header ${JSON.stringify(header)}`);
  const point = Buffer.from(vapidKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('the JWT signature does not verify with k');
  const claims = decodePart(body) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not the endpoint's origin ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600) throw new Error(`exp ${claims.exp} is not within 24 hours`);
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { claims, vapidKey };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushService(): Promise<PushService> {
  const subscriptions = new Map<string, FakeSubscription>();
  const scripts = new Map<string, ScriptedAnswer[]>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const sockets = new Set<Socket>();
  let requests = 0;
  let connections = 0;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests += 1;
    void handle(req, res).catch((error: Error) => {
      problems.push(error.message);
      if (!res.headersSent) res.writeHead(400).end(error.message);
    });
  });
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1];
    const sub = id ? subscriptions.get(id) : undefined;
    if (req.method !== 'POST' || !sub) throw new Error(`unexpected ${req.method} ${req.url}`);
    const body = await readBody(req);
    if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
    if (!req.headers.ttl) throw new Error('no TTL header');
    const { claims, vapidKey } = checkVapid(req.headers.authorization, origin);
    const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.json.keys.auth });
    const answer = scripts.get(sub.id)?.shift() ?? 201;
    received.push({
      subscriptionId: sub.id,
      payload: JSON.parse(plain.toString('utf8')),
      bytes: body.length,
      claims,
      vapidKey,
      headers: req.headers,
      status: answer === 'hang' ? 0 : answer,
    });
    if (answer !== 'hang') res.writeHead(answer, { 'Content-Type': 'text/plain' }).end(answer >= 400 ? 'scripted failure' : '');
  }

  return {
    origin,
    prefix: `${origin}/push/`,
    port,
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = b64(randomBytes(9));
      const endpoint = `${origin}/push/${id}`;
      const sub: FakeSubscription = { id, endpoint, ecdh, json: { endpoint, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(randomBytes(16)) } } };
      subscriptions.set(id, sub);
      return sub;
    },
    answer(subscription, answers) {
      scripts.set(subscription.id, [...answers]);
    },
    received,
    problems,
    requestCount: () => requests,
    connectionCount: () => connections,
    async waitFor(what, check, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; problems: ${JSON.stringify(problems)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
