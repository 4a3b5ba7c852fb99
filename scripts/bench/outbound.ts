import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { defaultBotsConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { startScheduler } from '../../server/jobs/scheduler';
import { createLogger } from '../../server/logger';
import { appChannels, dispatchBatch } from '../../server/modules/outbound/outbound.service';

/*
 * `npm run bench -- --mode fanout [--fanout N]`, or `npm run bench:outbound -- [--fanout N]`:
 * one group stack told to N members, each with one push subscription (docs/notifications-outside.md).
 * On a fresh database `stacks_bench_outbound` (BENCH_DATABASE_URL's server, dropped and made again),
 * one process runs what an instance runs: the dispatcher (one pass over the log), then the push
 * worker sending every delivery (pg-boss, LIMITS.pushSendConcurrency at a time, RFC 8291 encryption
 * and a VAPID signature each) to a local push service that answers 201 at once (its own cost is in
 * the figures: it parses nothing). Printed: the dispatch (recipients read, settings, one outbox row
 * per subscription and one digest line per member), the time from the stack's insert to the last
 * push received, and this process's CPU per push over the whole run.
 */

const logger = createLogger(process.env.LOG_LEVEL ?? 'error');

function serverUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A push service that answers 201 to every request, counting them and when the last came. */
async function startReceiver(): Promise<{ prefix: string; count: () => number; lastAt: () => number; close: () => Promise<void> }> {
  let count = 0;
  let lastAt = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count += 1;
      lastAt = performance.now();
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    prefix: `http://127.0.0.1:${port}/push/`,
    count: () => count,
    lastAt: () => lastAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface FanoutResult {
  members: number;
  dispatchMs: number;
  lastDeliveryMs: number;
  cpuMsPerPush: number;
  delivered: number;
}

export async function benchFanout(members: number): Promise<FanoutResult> {
  const url = await freshDatabase('stacks_bench_outbound');
  const handle = await openDatabase({ databaseUrl: url, poolMax: 10 });
  const receiver = await startReceiver();
  const db = handle.db;
  try {
    await migrateToLatest(db);
    const users = await db
      .insertInto('users')
      .values(Array.from({ length: members + 1 }, (_, i) => ({ username: `fan${i}`, email: `fan${i}@bench.test`, password_hash: '!', email_verified_at: new Date() })))
      .returning('id')
      .execute();
    const [owner, ...fans] = users.map((u) => u.id);
    const group = await db.insertInto('groups').values({ name: 'Fans', owner_id: owner } as never).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('group_members').values(users.map((u) => ({ group_id: group.id, user_id: u.id }))).execute();
    await db
      .insertInto('push_subscriptions')
      .values(
        fans.map((userId) => ({
          user_id: userId,
          endpoint: `${receiver.prefix}${userId}`,
          p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
          token_version: 0,
        })),
      )
      .execute();
    const push = { subject: 'mailto:bench@stacks.test', allowedEndpoints: [receiver.prefix] };
    const scheduler = await startScheduler({ handle, bots: defaultBotsConfig(), logger, pollingIntervalSeconds: 0.5, push: { config: push } });
    try {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await db
        .insertInto('stacks')
        .values({ name: 'Best films', positions: JSON.stringify(['a', 'b', 'c', 'd', 'e', 'f']) as never, owner_id: owner, mode: 'group', group_id: group.id } as never)
        .execute();
      while ((await dispatchBatch(db, appChannels)) > 0);
      const dispatchMs = performance.now() - started;
      const deadline = Date.now() + 10 * 60_000;
      while (receiver.count() < fans.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const cpu = process.cpuUsage(cpuBefore);
      return {
        members: fans.length,
        dispatchMs,
        lastDeliveryMs: receiver.lastAt() - started,
        cpuMsPerPush: (cpu.user + cpu.system) / 1000 / Math.max(1, receiver.count()),
        delivered: receiver.count(),
      };
    } finally {
      await scheduler.stop();
    }
  } finally {
    await receiver.close();
    await handle.close();
  }
}

export function printFanout(result: FanoutResult): void {
  console.log('');
  console.log(`Fan-out of one group stack to ${result.members} members with a push subscription each (one instance):`);
  console.log(`  dispatch (recipients, settings, ${result.members} push outbox rows and digest lines): ${result.dispatchMs.toFixed(0)} ms`);
  console.log(`  delivered ${result.delivered} of ${result.members}; last push received ${(result.lastDeliveryMs / 1000).toFixed(2)} s after the stack was written`);
  console.log(`  CPU of this process per push (dispatch, encryption, signing, sending, the receiver): ${result.cpuMsPerPush.toFixed(2)} ms`);
}

async function main() {
  const { values } = parseArgs({ options: { fanout: { type: 'string', default: '1000' } } });
  const members = Number(values.fanout);
  if (!Number.isInteger(members) || members < 1 || members > 100_000) throw new Error('--fanout must be a whole number from 1 to 100000');
  printFanout(await benchFanout(members));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
