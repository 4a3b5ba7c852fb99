import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signAccessToken } from '../../server/modules/auth/auth.tokens';
import { scaleFromArgs, seedBenchDatabase } from './seed';
import { startServer, stopChildren } from './processes';

/*
 * `npm run bench:events -- [--streams N] [--writes N] [--rate R] [--idle S] [--scale small|full]`
 *
 * The cost of live events (GET /v1/events) on one app instance (app-server.ts, the real app):
 * - N open streams, one per user: the app's memory per stream (RSS and heap, measured before and
 *   after opening them) and its CPU while they idle (no writes, heartbeats only);
 * - the delay from a write to its delivery while the N streams are open: a user sends a friend a
 *   stack (POST /v1/stacks); the clock starts when the request is sent and stops when the friend's
 *   stream carries `stack.created` for it. p50/p99 over --writes writes at --rate per second.
 */

interface Usage {
  rss: number;
  heapUsed: number;
  cpuMicros: number;
}

function usageOf(child: import('node:child_process').ChildProcess): Promise<Usage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app did not report its usage')), 10_000);
    const onMessage = (message: { usage?: Usage }) => {
      if (!message.usage) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.usage);
    };
    child.on('message', onMessage);
    child.send('usage');
  });
}

/** One open event stream; calls `onEvent` for each `event:`/`data:` frame. */
function openStream(port: number, token: string, onEvent: (type: string, data: any) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/v1/events', agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /v1/events answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (type && data) onEvent(type, JSON.parse(data));
        }
      });
      resolve(req);
    });
    req.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const { values } = parseArgs({
    options: {
      streams: { type: 'string', default: '1000' },
      writes: { type: 'string', default: '200' },
      rate: { type: 'string', default: '20' },
      idle: { type: 'string', default: '10' },
      scale: { type: 'string', default: 'small' },
      users: { type: 'string' },
      stacks: { type: 'string' },
    },
  });
  const streams = Number(values.streams);
  const writes = Number(values.writes);
  const rate = Number(values.rate);
  const idleSeconds = Number(values.idle);
  const seed = await seedBenchDatabase(scaleFromArgs(values));
  const secret = randomBytes(32).toString('hex');
  const env = { ...process.env, NODE_ENV: 'production', BENCH_DB_URL: seed.url, BENCH_JWT_SECRET: secret, BENCH_POOL_MAX: '10' };
  const client = new pg.Client({ connectionString: seed.url });
  await client.connect();
  try {
    // Stream holders: the first N active users. Writers: a friend of each (neither blocking the other:
    // a blocked pair's stack is seen by nobody, so it has no event), who sends them a stack.
    const { rows: holders } = await client.query<{ id: number; token_version: number }>(
      `select id, token_version from users where is_active and role = 'USER' order by id limit $1`, [streams]);
    if (holders.length < streams) throw new Error(`the seed has ${holders.length} users; --streams ${streams} needs as many`);
    const { rows: pairs } = await client.query<{ holder: number; writer: number; token_version: number }>(
      `select distinct on (f.user_id) f.user_id as holder, w.id as writer, w.token_version
       from friendships f join users w on w.id = f.friend_id and w.is_active
       where f.user_id = any($1::int[])
         and not exists (select 1 from blocks b where (b.blocker_id = f.user_id and b.blocked_id = w.id) or (b.blocker_id = w.id and b.blocked_id = f.user_id))
       order by f.user_id, w.id`, [holders.map((h) => h.id)]);
    if (pairs.length === 0) throw new Error('no friend pairs among the stream holders');

    const app = await startServer('app-server.ts', env);
    const before = await usageOf(app.child);
    const pending = new Map<number, { sentAt: number; resolve: (ms: number) => void }>();
    const requests: http.ClientRequest[] = [];
    const opened = Date.now();
    for (let i = 0; i < holders.length; i += 50) {
      const batch = holders.slice(i, i + 50).map((h) =>
        openStream(app.port, signAccessToken(secret, h), (type, data) => {
          if (type !== 'stack.created') return;
          const waiting = pending.get(data.stack_id);
          if (waiting) {
            pending.delete(data.stack_id);
            waiting.resolve(performance.now() - waiting.sentAt);
          }
        }),
      );
      requests.push(...(await Promise.all(batch)));
    }
    console.log(`Opened ${requests.length} streams in ${((Date.now() - opened) / 1000).toFixed(1)} s.`);

    await new Promise((r) => setTimeout(r, 2_000));
    const open = await usageOf(app.child);
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const idle = await usageOf(app.child);
    const idleCpu = (idle.cpuMicros - open.cpuMicros) / (idleSeconds * 1e6);
    console.log(`Memory with ${streams} open streams: RSS +${((open.rss - before.rss) / 1048576).toFixed(1)} MB ` +
      `(${((open.rss - before.rss) / streams / 1024).toFixed(1)} KB per stream), heap +${((open.heapUsed - before.heapUsed) / 1048576).toFixed(1)} MB ` +
      `(${((open.heapUsed - before.heapUsed) / streams / 1024).toFixed(1)} KB per stream).`);
    console.log(`CPU at idle over ${idleSeconds} s with ${streams} streams: ${(idleCpu * 100).toFixed(2)} % of one core.`);

    const delays: number[] = [];
    let lost = 0;
    for (let i = 0; i < writes; i += 1) {
      const pair = pairs[i % pairs.length];
      const token = signAccessToken(secret, { id: pair.writer, token_version: pair.token_version });
      const sentAt = performance.now();
      const res = await fetch(`http://127.0.0.1:${app.port}/v1/stacks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Live ${i}`, mode: 'friend', target_id: pair.holder, positions: ['a', 'b', 'c', 'd', 'e', 'f'] }),
      });
      const body = (await res.json()) as { id?: number; detail?: string };
      if (!res.ok || !body.id) throw new Error(`POST /v1/stacks answered ${res.status}: ${body.detail}`);
      const delivered = new Promise<number>((resolve) => pending.set(body.id!, { sentAt, resolve }));
      const ms = await Promise.race([delivered, new Promise<number>((r) => setTimeout(() => r(-1), 5_000))]);
      if (ms < 0) lost += 1;
      else delays.push(ms);
      const wait = 1000 / rate - (performance.now() - sentAt);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    delays.sort((a, b) => a - b);
    console.log(`Write to delivery (POST /v1/stacks → stack.created on the friend's stream), ${writes} writes at ${rate}/s with ${streams} streams open: ` +
      `p50 ${percentile(delays, 50)?.toFixed(1)} ms, p99 ${percentile(delays, 99)?.toFixed(1)} ms, max ${delays.at(-1)?.toFixed(1)} ms, lost ${lost}.`);
    for (const req of requests) req.destroy();
  } finally {
    await client.end();
    await stopChildren();
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopChildren();
  process.exit(1);
});
