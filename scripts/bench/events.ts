import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { scaleFromArgs, seedBenchDatabase } from './seed';
import { startServer, stopChildren } from './processes';
import { benchToken, sessionIdsFor } from './sessions';

/*
 * `npm run bench:events -- [--streams N] [--writes N] [--rate R] [--idle S] [--scale small|full]`
 * `npm run bench:events -- --backpressure [--stalled 35] [--flood-mb 10] [--flood-seconds 60] [--pad 4000] [--readers 2] [--reopen]`
 *
 * The cost of live events (GET /v1/events) on one app instance (app-server.ts, the real app):
 * - N open streams, one per user: the app's memory per stream (RSS and heap, measured before and
 *   after opening them) and its CPU while they idle (no writes, heartbeats only);
 * - the delay from a write to its delivery while the N streams are open: a user sends a friend a
 *   stack (POST /v1/stacks); the clock starts when the request is sent and stops when the friend's
 *   stream carries `stack.created` for it. p50/p99 over --writes writes at --rate per second.
 *
 * --backpressure (docs/live-events.md, docs/decisions/0034-live-events-bounds.md): --stalled users hold a stream each that never
 * reads an event (a raw socket, paused after the status line; with --reopen, opened again at once
 * whenever the server drops it, as a misbehaving script would, until the open throttle refuses
 * it; without, a dropped one stays away, as a client that reads nothing never notices), and share a new
 * group with --readers users who read theirs. Meanwhile --flood-mb of events for that group flow
 * to each of its streams over about --flood-seconds: group member events written straight into
 * `events` (as the triggers write them), each padded with --pad bytes so that the volume comes
 * from fewer rows. Friend pairs outside the group measure the delay from POST /v1/stacks to
 * `stack.created` on the friend's stream all along (5 writes a second). Printed: the app's RSS
 * (and heap) before the stalled streams opened and its highest during the flood, the delivery
 * delays, the stalled streams dropped and refused, and the readers' bytes and drops.
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
function openStream(port: number, token: string, onEvent: (type: string, data: any) => void, onEnd?: () => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/v1/events', agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /v1/events answered ${res.statusCode}`));
      res.setEncoding('utf8');
      if (onEnd) res.on('close', onEnd);
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

/**
 * A stream that never reads its events: the request is sent on a raw socket, the status line is
 * read, and from then on the socket stays paused. A paused socket does not notice a reset, so an
 * empty line (which HTTP ignores between requests) is sent every 500 ms: once the server has
 * dropped the stream, that write fails and `onClose` runs. Answers the status (not 200: closed).
 */
function openStalledStream(port: number, token: string, onClose: () => void): Promise<number> {
  return new Promise((resolve, reject) => {
    let head = '';
    let probe: NodeJS.Timeout | undefined;
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.write(`GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    });
    const onHead = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n')) return;
      socket.off('data', onHead);
      socket.pause();
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0);
      if (status !== 200) {
        socket.destroy();
        return resolve(status);
      }
      stalledSockets.add(socket);
      probe = setInterval(() => socket.write('\r\n'), 500);
      socket.once('close', () => {
        clearInterval(probe);
        stalledSockets.delete(socket);
        onClose();
      });
      resolve(status);
    };
    socket.on('data', onHead);
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

const stalledSockets = new Set<net.Socket>();

const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

async function backpressureBench(values: Record<string, string | boolean | undefined>) {
  const stalledCount = Number(values.stalled);
  const readerCount = Number(values.readers);
  const floodBytes = Number(values['flood-mb']) * 1048576;
  const floodSeconds = Number(values['flood-seconds']);
  const pad = Number(values.pad);
  const seed = await seedBenchDatabase(scaleFromArgs(values as { scale?: string }));
  const secret = randomBytes(32).toString('hex');
  const env = { ...process.env, NODE_ENV: 'production', BENCH_DB_URL: seed.url, BENCH_JWT_SECRET: secret, BENCH_POOL_MAX: '10' };
  const client = new pg.Client({ connectionString: seed.url });
  await client.connect();
  // Every stream comes from 127.0.0.1: earlier runs' opens must not count against this one.
  await client.query(`delete from rate_limits where key like 'events:%'`);
  const requests: http.ClientRequest[] = [];
  try {
    // New users (no blocks, no friends) in a new group: the owner, the stalled users and the readers.
    const tag = randomBytes(3).toString('hex');
    const { rows: members } = await client.query<{ id: number; token_version: number }>(
      `insert into users (username, email, password_hash)
       select 'bp_' || $1 || '_' || i, 'bp_' || $1 || '_' || i || '@bench.local', '!bench-no-login' from generate_series(0, $2) i
       returning id, token_version`, [tag, stalledCount + readerCount]);
    const [owner, ...rest] = members;
    const stalled = rest.slice(0, stalledCount);
    const readers = rest.slice(stalledCount);
    const { rows: [group] } = await client.query<{ id: number }>(
      `insert into groups (name, description, owner_id, is_public) values ($1, 'Backpressure bench', $2, false) returning id`, [`BP ${tag}`, owner.id]);
    await client.query(`insert into group_members (group_id, user_id, role) select $1, u, case when u = $2 then 'OWNER' else 'MEMBER' end from unnest($3::int[]) u`,
      [group.id, owner.id, members.map((m) => m.id)]);
    const { rows: pairs } = await client.query<{ holder: number; writer: number; holder_version: number; token_version: number }>(
      `select distinct on (f.user_id) f.user_id as holder, h.token_version as holder_version, w.id as writer, w.token_version
       from friendships f join users w on w.id = f.friend_id and w.is_active join users h on h.id = f.user_id
       where f.user_id <= 200 and h.is_active
         and not exists (select 1 from blocks b where (b.blocker_id = f.user_id and b.blocked_id = w.id) or (b.blocker_id = w.id and b.blocked_id = f.user_id))
       order by f.user_id, w.id limit 10`);
    const sessions = await sessionIdsFor(client, [...members.map((m) => m.id), ...pairs.flatMap((p) => [p.holder, p.writer])]);

    const app = await startServer('app-server.ts', env);
    const pending = new Map<number, { sentAt: number; resolve: (ms: number) => void }>();
    // An event may come before the answer to the POST that caused it has been read.
    const early = new Map<number, number>();
    const onCreated = (type: string, data: any) => {
      if (type !== 'stack.created') return;
      const waiting = pending.get(data.stack_id);
      if (waiting) {
        pending.delete(data.stack_id);
        waiting.resolve(performance.now() - waiting.sentAt);
      } else early.set(data.stack_id, performance.now());
    };
    for (const pair of pairs) requests.push(await openStream(app.port, benchToken(secret, { id: pair.holder, token_version: pair.holder_version }, sessions), onCreated));
    let readerBytes = 0;
    let readersEnded = 0;
    for (const reader of readers) {
      const onEvent = (_type: string, data: any) => {
        readerBytes += typeof data?.pad === 'string' ? data.pad.length : 0;
      };
      requests.push(await openStream(app.port, benchToken(secret, reader, sessions), onEvent, () => (readersEnded += 1)));
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const before = await usageOf(app.child);

    let flooding = true;
    let drops = 0;
    const refusals = new Map<number, number>();
    const openStalled = async (user: { id: number; token_version: number }) => {
      const status = await openStalledStream(app.port, benchToken(secret, user, sessions), () => {
        if (!flooding) return;
        drops += 1;
        if (values.reopen) void openStalled(user).catch(() => undefined);
      });
      if (status !== 200) refusals.set(status, (refusals.get(status) ?? 0) + 1);
    };
    for (const user of stalled) await openStalled(user);
    await new Promise((r) => setTimeout(r, 1_000));
    const opened = await usageOf(app.child);

    // The flood: rows of a member event padded to `pad`, in batches paced to last floodSeconds.
    const frameBytes = `id: 1000000\nevent: group.member_joined\ndata: ${JSON.stringify({ group_id: group.id, user_id: owner.id, pad: 'x'.repeat(pad) })}\n\n`.length;
    const events = Math.ceil(floodBytes / frameBytes);
    const batches = Math.max(1, floodSeconds * 4);
    const perBatch = Math.ceil(events / batches);
    let peak = opened.rss;
    let peakHeap = opened.heapUsed;
    const sampler = setInterval(() => {
      usageOf(app.child)
        .then((u) => {
          peak = Math.max(peak, u.rss);
          peakHeap = Math.max(peakHeap, u.heapUsed);
        })
        .catch(() => undefined);
    }, 250);
    const delays: number[] = [];
    let lost = 0;
    const writer = (async () => {
      for (let i = 0; flooding; i += 1) {
        const pair = pairs[i % pairs.length];
        const sentAt = performance.now();
        const res = await fetch(`http://127.0.0.1:${app.port}/v1/stacks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${benchToken(secret, { id: pair.writer, token_version: pair.token_version }, sessions)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `BP ${i}`, mode: 'friend', target_id: pair.holder, positions: ['a', 'b', 'c', 'd', 'e', 'f'] }),
        });
        const body = (await res.json()) as { id?: number; detail?: string };
        if (!res.ok || !body.id) throw new Error(`POST /v1/stacks answered ${res.status}: ${body.detail}`);
        const arrived = early.get(body.id);
        early.delete(body.id);
        const delivered =
          arrived === undefined ? new Promise<number>((resolve) => pending.set(body.id!, { sentAt, resolve })) : Promise.resolve(arrived - sentAt);
        const ms = await Promise.race([delivered, new Promise<number>((r) => setTimeout(() => r(-1), 5_000))]);
        if (ms < 0) lost += 1;
        else delays.push(ms);
        const wait = 200 - (performance.now() - sentAt);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    })();
    const floodStarted = Date.now();
    for (let b = 0; b < batches; b += 1) {
      await client.query(
        `insert into events (type, group_id, user_id, data)
         select 'group.member_joined', $1::int, $2::int, jsonb_build_object('group_id', $1::int, 'user_id', $2::int, 'pad', repeat('x', $3::int)) from generate_series(1, $4::int)`,
        [group.id, owner.id, pad, perBatch]);
      const wait = floodStarted + ((b + 1) * floodSeconds * 1000) / batches - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    // Until the readers have everything (or 60 s).
    const expected = perBatch * batches * pad * readerCount;
    for (let i = 0; i < 600 && readerBytes < expected; i += 1) await new Promise((r) => setTimeout(r, 100));
    const floodMs = Date.now() - floodStarted;
    flooding = false;
    await writer;
    const endedDuringFlood = readersEnded;
    clearInterval(sampler);
    const after = await usageOf(app.child);
    peak = Math.max(peak, after.rss);
    delays.sort((a, b) => a - b);
    const sent = perBatch * batches * frameBytes;
    console.log(`Flood: ${perBatch * batches} events of ${frameBytes} bytes (${mb(sent)} MB) in ${(floodMs / 1000).toFixed(1)} s to each stream of a group with ` +
      `${stalledCount} stalled streams and ${readerCount} reading ones: ${mb(sent * stalledCount)} MB addressed to the stalled streams, ${mb(sent * (stalledCount + readerCount))} MB in all.`);
    console.log(`RSS: ${mb(before.rss)} MB before the stalled streams, ${mb(opened.rss)} MB with them open, highest ${mb(peak)} MB during the flood ` +
      `(+${mb(peak - before.rss)} MB), ${mb(after.rss)} MB after; heap ${mb(before.heapUsed)} MB before, highest ${mb(peakHeap)} MB.`);
    const refused = [...refusals].map(([status, n]) => `${n} × ${status}`).join(', ') || 'none';
    console.log(`Stalled streams dropped by the server: ${drops} (${values.reopen ? `each reopened at once; reopens refused: ${refused}` : 'not reopened'}). Readers: ${mb(readerBytes)} MB of ${mb(expected)} MB received, ${endedDuringFlood} of ${readerCount} dropped.`);
    console.log(`Write to delivery for friend pairs outside the group (POST /v1/stacks → stack.created), ${delays.length + lost} writes at 5/s during the flood: ` +
      `p50 ${percentile(delays, 50)?.toFixed(1)} ms, p99 ${percentile(delays, 99)?.toFixed(1)} ms, max ${delays.at(-1)?.toFixed(1)} ms, lost ${lost}.`);
  } finally {
    for (const socket of stalledSockets) socket.destroy();
    for (const req of requests) req.destroy();
    await client.end();
    await stopChildren();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      backpressure: { type: 'boolean', default: false },
      reopen: { type: 'boolean', default: false },
      stalled: { type: 'string', default: '35' },
      readers: { type: 'string', default: '2' },
      'flood-mb': { type: 'string', default: '10' },
      'flood-seconds': { type: 'string', default: '60' },
      pad: { type: 'string', default: '4000' },
      streams: { type: 'string', default: '1000' },
      writes: { type: 'string', default: '200' },
      rate: { type: 'string', default: '20' },
      idle: { type: 'string', default: '10' },
      scale: { type: 'string', default: 'small' },
      users: { type: 'string' },
      stacks: { type: 'string' },
    },
  });
  if (values.backpressure) return backpressureBench(values);
  const streams = Number(values.streams);
  const writes = Number(values.writes);
  const rate = Number(values.rate);
  const idleSeconds = Number(values.idle);
  const seed = await seedBenchDatabase(scaleFromArgs(values));
  const secret = randomBytes(32).toString('hex');
  const env = { ...process.env, NODE_ENV: 'production', BENCH_DB_URL: seed.url, BENCH_JWT_SECRET: secret, BENCH_POOL_MAX: '10' };
  const client = new pg.Client({ connectionString: seed.url });
  await client.connect();
  await client.query(`delete from rate_limits where key like 'events:%'`);
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
    const sessions = await sessionIdsFor(client, [...holders.map((h) => h.id), ...pairs.map((p) => p.writer)]);

    const app = await startServer('app-server.ts', env);
    const before = await usageOf(app.child);
    const pending = new Map<number, { sentAt: number; resolve: (ms: number) => void }>();
    const requests: http.ClientRequest[] = [];
    const opened = Date.now();
    for (let i = 0; i < holders.length; i += 50) {
      const batch = holders.slice(i, i + 50).map((h) =>
        openStream(app.port, benchToken(secret, h, sessions), (type, data) => {
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
      const token = benchToken(secret, { id: pair.writer, token_version: pair.token_version }, sessions);
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
