import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SHARE_IMAGE } from '../../shared/limits';
import { createApp } from '../../server/app';
import { openDatabase, type Db } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { closeShareImages, defaultRenderThreads } from '../../server/modules/stacks/share-image.pool';
import { benchAppConfig } from './bench-config';
import { benchToken, sessionIdsForAll } from './sessions';

/*
 * `npm run bench:image -- [--requests N]`  (cost: what one picture costs)
 * `npm run bench:image -- --mode abuse [--burst 36] [--lanes 8] [--renders 1000]`  (docs/decisions/0028-share-images-on-worker-threads.md)
 *
 * Cost:
 * The share image (GET /v1/stacks/{id}/image.png) on the real app, over loopback HTTP, on an
 * embedded database (or DATABASE_URL's server) with two friends and their answered stacks:
 * - first render, cold: the first request of a fresh process that skipped the start-up warm-up
 *   (server/index.ts warms the render threads at start: thread started, tsx, fonts, satori and resvg loaded);
 * - first render, warm: another stack in the same process (what a new picture costs once warm);
 * - cached: N requests of the same picture, one at a time: p50 and p99 of the whole round trip
 *   (token, visibility read, hash, bytes from the cache), and the same with If-None-Match (304).
 */
const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'cost' },
    requests: { type: 'string', default: '200' },
    burst: { type: 'string', default: '36' },
    lanes: { type: 'string', default: '8' },
    renders: { type: 'string', default: '1000' },
  },
});
const requests = Number(values.requests);

function get(port: number, urlPath: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; etag?: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, etag: res.headers.etag, ms: performance.now() - started }));
    });
    req.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stacks-bench-image-'));
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const { db } = handle;
  await migrateToLatest(db);
  const suffix = randomBytes(3).toString('hex');
  const [me, friend] = await db
    .insertInto('users')
    .values(['bench_me', 'bench_friend'].map((name) => ({ username: `${name}_${suffix}`, email: `${name}_${suffix}@bench.test`, password_hash: 'x', role: 'USER', is_active: true, bio: '', avatar_id: 1, email_verified_at: new Date(), registration_code_id: null })))
    .returning(['id'])
    .execute();
  const stackIds: number[] = [];
  for (const name of ['Best fruit for a picnic', 'Second stack']) {
    const stack = await db
      .insertInto('stacks')
      .values({ name, positions: JSON.stringify(['Apples', 'Bananas', 'Cherries', 'Dates', 'Elderberries', 'Figs']), owner_id: me.id, mode: 'friend', friend_id: friend.id, group_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('stack_responses')
      .values([
        { stack_id: stack.id, user_id: me.id, ranking: JSON.stringify([0, 1, 2, 3, 4, 5]) },
        { stack_id: stack.id, user_id: friend.id, ranking: JSON.stringify([1, 0, 2, 4, 3, 5]) },
      ])
      .execute();
    stackIds.push(stack.id);
  }

  const jwtSecret = randomBytes(32).toString('hex');
  const sessions = await sessionIdsForAll(db);
  const config = benchAppConfig(dataDir, jwtSecret);
  const logger = createLogger('silent');
  const server = createServer(createApp({ db, config, mailer: createMailer({ ...config.mail, logger }), logger }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const auth = { authorization: `Bearer ${benchToken(jwtSecret, { id: me.id, token_version: 0 }, sessions)}` };
  const imagePath = (id: number) => `/v1/stacks/${id}/image.png`;

  try {
    const first = await get(port, imagePath(stackIds[0]), auth);
    if (first.status !== 200) throw new Error(`GET ${imagePath(stackIds[0])} answered ${first.status}`);
    const second = await get(port, imagePath(stackIds[1]), auth);
    const cached: number[] = [];
    const revalidated: number[] = [];
    for (let i = 0; i < requests; i += 1) cached.push((await get(port, imagePath(stackIds[0]), auth)).ms);
    for (let i = 0; i < requests; i += 1) {
      const res = await get(port, imagePath(stackIds[0]), { ...auth, 'if-none-match': first.etag ?? '' });
      if (res.status !== 304) throw new Error(`revalidation answered ${res.status}`);
      revalidated.push(res.ms);
    }
    cached.sort((a, b) => a - b);
    revalidated.sort((a, b) => a - b);
    console.log(`share image bench (${handle.kind}, Node ${process.version}, ${requests} requests each)`);
    console.log(`  PNG size                 ${(first.bytes / 1024).toFixed(1)} KB (1200 x 630)`);
    console.log(`  first render, cold       ${ms(first.ms)}  (no start-up warm-up)`);
    console.log(`  first render, warm       ${ms(second.ms)}  (a new picture)`);
    console.log(`  cached 200   p50 ${ms(percentile(cached, 50))}   p99 ${ms(percentile(cached, 99))}`);
    console.log(`  revalidate 304 p50 ${ms(percentile(revalidated, 50))}   p99 ${ms(percentile(revalidated, 99))}`);
  } finally {
    server.close();
    await closeShareImages();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/*
 * Abuse (docs/decisions/0028-share-images-on-worker-threads.md): the real server (`node --import tsx server/index.ts`, as `npm start`
 * runs it) in a process of its own, on DATABASE_URL's server or an embedded database seeded here
 * first. Measures:
 * - start-up: how soon it listens, and when its render threads are warm (they warm after listening);
 * - memory, first: the server's RSS once started and warm, and after `--renders` distinct new
 *   pictures (`--lanes` at a time, spread over users so no one passes their allowance); target:
 *   within 100 MB of the start;
 * - a burst: `--burst` new pictures of one user, `--lanes` at a time, while another user samples
 *   `/healthz` and a stack detail one request after another: p50/p99 of each, quiet and under the
 *   burst (targets: /healthz p99 <= 100 ms, detail p99 <= 150 ms).
 * The machine's load average is printed before and after: the figures are only as quiet as it is.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PER_PAIR = 20;

interface Pair {
  a: number;
  b: number;
  stacks: number[];
}

/** `pairs` pairs of friends, each with `perPair` answered friend stacks (every one a different picture). */
async function seedPairs(db: Db, tag: string, pairs: number, perPair: number): Promise<Pair[]> {
  const suffix = randomBytes(3).toString('hex');
  const out: Pair[] = [];
  for (let p = 0; p < pairs; p += 1) {
    const [a, b] = await db
      .insertInto('users')
      .values(['a', 'b'].map((side) => ({ username: `${tag}${p}${side}_${suffix}`, email: `${tag}${p}${side}_${suffix}@bench.test`, password_hash: 'x', role: 'USER', is_active: true, bio: '', avatar_id: 1, email_verified_at: new Date(), registration_code_id: null })))
      .returning('id')
      .execute();
    const rows = await db
      .insertInto('stacks')
      .values(Array.from({ length: perPair }, (_, i) => ({ name: `Bench picture ${p}.${i}`, positions: JSON.stringify(['Apples', 'Bananas', 'Cherries', 'Dates', 'Elderberries', `Figs ${i}`]), owner_id: a.id, mode: 'friend' as const, friend_id: b.id, group_id: null })))
      .returning('id')
      .execute();
    const stacks = rows.map((row) => row.id);
    await db
      .insertInto('stack_responses')
      .values(stacks.flatMap((stack_id) => [{ stack_id, user_id: a.id, ranking: JSON.stringify([0, 1, 2, 3, 4, 5]) }, { stack_id, user_id: b.id, ranking: JSON.stringify([1, 0, 2, 4, 3, 5]) }]))
      .execute();
    out.push({ a: a.id, b: b.id, stacks });
  }
  return out;
}

/** The server's resident memory in MB (Linux /proc; `ps` elsewhere). */
function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    if (kb) return kb / 1024;
  } catch {
    // Not Linux: fall through to ps.
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Starts server/index.ts; resolves when it listens, with a promise of its warm-up's end. */
async function startRealServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; listenMs: number; warm: Promise<{ atMs: number; ms: number }> }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let onWarm: (value: { atMs: number; ms: number }) => void = () => undefined;
  const warm = new Promise<{ atMs: number; ms: number }>((resolve) => (onWarm = resolve));
  const listenMs = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server/index.ts exited (${code}) before listening`)));
    // Every line is read (a full pipe would stall the server); two of them are looked for.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"Stacks is running"')) resolve(performance.now() - started);
      if (line.includes('"share image renderer warmed up"')) onWarm({ atMs: performance.now() - started, ms: Number(/"ms":(\d+)/.exec(line)?.[1]) });
    });
  });
  return { child, listenMs, warm };
}

/** Requests `path` one after another (a 5 ms pause between) until `done()`; answers the latencies. */
async function sampleUntil(port: number, urlPath: string, headers: Record<string, string>, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!done()) {
    const res = await get(port, urlPath, headers);
    if (res.status !== 200) throw new Error(`sampling ${urlPath} answered ${res.status}`);
    latencies.push(res.ms);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return latencies;
}

/** Runs `task` over `items`, `lanes` at a time. */
async function inLanes<T, R>(items: T[], lanes: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]);
      }
    }),
  );
  return results;
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? 0)}  (${sorted.length} samples)`;
};
const p99 = (values: number[]) => percentile([...values].sort((a, b) => a - b), 99);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const load = () => loadavg().map((value) => value.toFixed(2)).join(' / ');
const countStatuses = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((acc, status) => ({ ...acc, [status]: (acc[status] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');

async function abuse() {
  const burst = Number(values.burst);
  const lanes = Number(values.lanes);
  const renders = Number(values.renders);
  if (burst > SHARE_IMAGE.rendersPerUserPerMinute) console.log(`note: a burst of ${burst} passes one user's allowance (${SHARE_IMAGE.rendersPerUserPerMinute}); the rest are 429`);
  const loadBefore = load();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stacks-bench-image-abuse-'));
  const databaseUrl = process.env.DATABASE_URL;
  const seedHandle = await openDatabase({ databaseUrl, pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pglite') });
  await migrateToLatest(seedHandle.db);
  const [burstPair] = await seedPairs(seedHandle.db, 'ab', 1, burst);
  const [samplerPair] = await seedPairs(seedHandle.db, 'as', 1, 1);
  const memoryPairs = await seedPairs(seedHandle.db, 'am', Math.ceil(renders / (2 * PER_PAIR)), PER_PAIR);
  const kind = seedHandle.kind;
  const sessions = await sessionIdsForAll(seedHandle.db);
  // The embedded database is the server's now (one process at a time may hold its folder).
  await seedHandle.close();

  const jwtSecret = randomBytes(32).toString('hex');
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: jwtSecret, SCHEDULER: 'false', LOG_LEVEL: 'info', NODE_ENV: 'production' };
  const { child, listenMs, warm } = await startRealServer(env);
  const bearer = (id: number) => ({ authorization: `Bearer ${benchToken(jwtSecret, { id, token_version: 0 }, sessions)}` });
  const image = (id: number) => `/v1/stacks/${id}/image.png`;
  try {
    const warmed = await warm;
    const rssStart = rssMb(child.pid!);
    console.log(`share image abuse bench (${kind}, Node ${process.version}, ${availableParallelism()} cores, ${defaultRenderThreads()} render thread(s), queue ${SHARE_IMAGE.queueMax}, ${SHARE_IMAGE.rendersPerUserPerMinute} new pictures per user a minute)`);
    console.log(`  load average before      ${loadBefore}`);
    console.log(`  start-up                 listening after ${ms(listenMs)}; render threads warm at ${ms(warmed.atMs)} (warm-up ${warmed.ms} ms, begun at start, not awaited)`);


    const jobs = memoryPairs.flatMap((pair) => pair.stacks.flatMap((id) => [{ id, user: pair.a }, { id, user: pair.b }])).slice(0, renders);
    const memStarted = performance.now();
    const memResults = await inLanes(jobs, lanes, ({ id, user }) => get(port, image(id), bearer(user)));
    const memMs = performance.now() - memStarted;
    // A moment for the last pictures' memory to be handed back.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rssAfter = rssMb(child.pid!);
    console.log(`  memory: ${jobs.length} distinct new pictures, ${lanes} at a time, ${new Set(jobs.map((job) => job.user)).size} users: ${countStatuses(memResults.map((r) => r.status))} in ${ms(memMs)}`);
    console.log(`    RSS at start ${rssStart.toFixed(0)} MB, after ${rssAfter.toFixed(0)} MB: ${rssAfter >= rssStart ? '+' : ''}${(rssAfter - rssStart).toFixed(0)} MB   target <= 100 MB: ${verdict(rssAfter - rssStart <= 100)}`);

    const samplerAuth = bearer(samplerPair.b);
    const detail = `/v1/stacks/${samplerPair.stacks[0]}`;
    let quietOver = false;
    setTimeout(() => (quietOver = true), 2_000);
    const [quietHealth, quietDetail] = await Promise.all([sampleUntil(port, '/healthz', {}, () => quietOver), sampleUntil(port, detail, samplerAuth, () => quietOver)]);
    console.log(`  quiet (2 s)   /healthz   ${stats(quietHealth)}`);
    console.log(`                detail     ${stats(quietDetail)}`);

    let burstOver = false;
    const burstStarted = performance.now();
    const samplers = Promise.all([sampleUntil(port, '/healthz', {}, () => burstOver), sampleUntil(port, detail, samplerAuth, () => burstOver)]);
    const burstAuth = bearer(burstPair.a);
    const burstResults = await inLanes(burstPair.stacks, lanes, (id) => get(port, image(id), burstAuth));
    burstOver = true;
    const burstMs = performance.now() - burstStarted;
    const [health, detailMs] = await samplers;
    console.log(`  burst: ${burst} new pictures of one user, ${lanes} at a time: ${countStatuses(burstResults.map((r) => r.status))} in ${ms(burstMs)} (per picture ${stats(burstResults.map((r) => r.ms))})`);
    console.log(`    /healthz   ${stats(health)}   target p99 <= 100 ms: ${verdict(p99(health) <= 100)}`);
    console.log(`    detail     ${stats(detailMs)}   target p99 <= 150 ms: ${verdict(p99(detailMs) <= 150)}`);

    console.log(`  RSS at the end           ${rssMb(child.pid!).toFixed(0)} MB (V8 lets the main heap grow under fast request traffic before it collects)`);
    console.log(`  load average after       ${load()}`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.mode === 'abuse') await abuse();
else await main();
