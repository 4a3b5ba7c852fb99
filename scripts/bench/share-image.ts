import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { createLogger } from '../../server/logger';
import { createMailer } from '../../server/mail/mailer';
import { signAccessToken } from '../../server/modules/auth/auth.tokens';
import { benchAppConfig } from './bench-config';

/*
 * `npm run bench:image -- [--requests N]`
 *
 * The share image (GET /v1/stacks/{id}/image.png) on the real app, over loopback HTTP, on an
 * embedded database (or DATABASE_URL's server) with two friends and their answered stacks:
 * - first render, cold: the first request of a fresh process that skipped the start-up warm-up
 *   (server/index.ts warms the renderer after listen; fonts read, satori's layout engine and resvg started);
 * - first render, warm: another stack in the same process (what a new picture costs once warm);
 * - cached: N requests of the same picture, one at a time: p50 and p99 of the whole round trip
 *   (token, visibility read, hash, bytes from the cache), and the same with If-None-Match (304).
 */
const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' } } });
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
  const config = benchAppConfig(dataDir, jwtSecret);
  const logger = createLogger('silent');
  const server = createServer(createApp({ db, config, mailer: createMailer({ ...config.mail, logger }), logger }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const auth = { authorization: `Bearer ${signAccessToken(jwtSecret, { id: me.id, token_version: 0 })}` };
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
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
