/**
 * The bot scheduler (pg-boss): due bots run from the queue on the suite's database (PGlite or
 * server PostgreSQL), pg-boss on PGlite never writes inside an app transaction, and two app
 * processes on one PostgreSQL server run each due bot exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEANUP_CRON, CLEANUP_QUEUE, RUN_QUEUE, startScheduler, TICK_CRON, TICK_QUEUE, type Scheduler } from '../../server/jobs/scheduler';
import { defaultBotsConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { createLogger } from '../../server/logger';
import { createBot as createBotRow } from '../../server/modules/bots/bots.service';
import { CreateBotInput } from '../../shared/schemas/bots';
import { createBot } from '../factories/bots';
import { groupCast } from '../factories/groups';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const logger = createLogger('silent');

/** Polls `check` until it answers true; fails after `timeoutMs`. */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the scheduler on the suite database', () => {
  /** 2030-03-04 is a Monday (weekday 0). */
  const monday = (hour: number) => new Date(Date.UTC(2030, 2, 4, hour, 0, 0));
  let now = monday(8);
  let t: TestApp;
  let scheduler: Scheduler;
  beforeAll(async () => {
    t = await createTestApp();
    scheduler = await startScheduler({ handle: t.testDb.handle, bots: { ...defaultBotsConfig(), runHour: 9 }, logger, now: () => now, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await scheduler?.stop();
    await t.close();
  });

  it('runs the bots due today once the run hour has come, and only those, from its start-up tick', async () => {
    const cast = await groupCast(t);
    const admin = await createUser(t.db, { role: 'ADMIN' });
    const group = { type: 'group' as const, group_id: cast.group.id };
    const daily = await createBot(t, admin, cast.owner, group, { name: 'Daily', tags: ['pizza'] });
    const tuesdays = await createBot(t, admin, cast.owner, group, { name: 'Tuesdays', schedule: [1] });

    const schedules = await scheduler.boss.getSchedules();
    expect(schedules.map((s) => ({ name: s.name, cron: s.cron, tz: s.options?.tz })).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: TICK_QUEUE, cron: TICK_CRON, tz: 'UTC' },
      { name: CLEANUP_QUEUE, cron: CLEANUP_CRON, tz: 'UTC' },
    ]);
    // Before the hour nothing is due.
    expect(await scheduler.tick()).toEqual([]);

    now = monday(10);
    expect(await scheduler.tick()).toEqual([daily.id]);
    await waitFor('the daily bot to run', async () => {
      const run = await t.db.selectFrom('bot_runs').select('success').where('bot_id', '=', daily.id).executeTakeFirst();
      return run?.success === true;
    });
    const stacks = await t.db.selectFrom('stacks').select(['bot_id', 'group_id']).where('bot_id', 'in', [daily.id, tuesdays.id]).execute();
    expect(stacks).toEqual([{ bot_id: daily.id, group_id: cast.group.id }]);
    // Ran today: no longer due, and a later tick queues nothing.
    expect(await scheduler.tick()).toEqual([]);
    expect(await t.db.selectFrom('bot_runs').select('bot_id').execute()).toEqual([{ bot_id: daily.id }]);
  });

  it('clears expired login-throttle windows in its clean-up job, and keeps the live ones', async () => {
    const hour = 3_600_000;
    await t.db
      .insertInto('rate_limits')
      .values([
        { key: 'cleanup:expired', points: 3, expires_at: new Date(Date.now() - hour) },
        { key: 'cleanup:live', points: 1, expires_at: new Date(Date.now() + hour) },
      ])
      .execute();
    await scheduler.boss.send(CLEANUP_QUEUE, {});
    const left = async () => (await t.db.selectFrom('rate_limits').select('key').where('key', 'like', 'cleanup:%').execute()).map((r) => r.key);
    await waitFor('the expired window to go', async () => !(await left()).includes('cleanup:expired'));
    expect(await left()).toEqual(['cleanup:live']);
  });

  it('keeps a job sent during an app transaction that rolls back', async () => {
    const boss = scheduler.boss;
    await boss.createQueue('probe', { name: 'probe' });
    let sending: Promise<string | null> | undefined;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto('registration_codes').values({ code: `probe-${randomBytes(4).toString('hex')}` }).execute();
        // Not awaited: on PGlite it waits for the app's connection, on the server it has its own.
        sending = boss.send('probe', { from: 'inside a transaction' });
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const id = await sending;
    expect(id).toBeTruthy();
    expect(await boss.getJobById('probe', id as string)).toMatchObject({ data: { from: 'inside a transaction' } });
    expect(await t.db.selectFrom('registration_codes').select('id').where('code', 'like', 'probe-%').execute()).toEqual([]);
  });
});

/**
 * Two real app processes (node server/index.ts) on one PostgreSQL server: both tick when they
 * start and both work the queue, yet each due bot runs once. Two processes cannot share an
 * embedded database, so this needs the server: DATABASE_URL, or the local one.
 */
describe('two app instances on one PostgreSQL server', () => {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `stacks_sched_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stacks-sched-'));
  const children: ChildProcess[] = [];

  async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: serverUrl });
    try {
      await client.connect();
    } catch (error) {
      throw new Error(`This test needs a PostgreSQL server (set DATABASE_URL; tried ${serverUrl}): ${(error as Error).message}`, { cause: error });
    }
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(() => admin((client) => client.query(`create database ${name}`)));
  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  function startInstance(index: number): Promise<ChildProcess> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, `instance-${index}`),
      JWT_SECRET: 'scheduler-test-secret-scheduler-test-secret',
      SCHEDULER: 'true',
      // Hour 0: every bot scheduled for today is due whenever the test runs.
      BOT_RUN_HOUR: '0',
      LOG_LEVEL: 'info',
    };
    const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['server/index.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    return new Promise((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('scheduler started')) resolve(child);
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`instance ${index} exited with ${code}:\n${output}`)));
    });
  }

  it('runs each due bot exactly once', async () => {
    const handle = await openDatabase({ databaseUrl: dbUrl, poolMax: 2 });
    try {
      await migrateToLatest(handle.db);
      const owner = await createUser(handle.db);
      const audience = await createUser(handle.db);
      const botIds: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const input = CreateBotInput.parse({ name: `Bot ${i}`, bio: '', avatar_id: 1 + i, owner_id: owner.id, audience: { type: 'user', user_id: audience.id }, schedule: [0, 1, 2, 3, 4, 5, 6], tags: ['pizza', 'movies'] });
        botIds.push((await createBotRow(handle.db, input)).id);
      }

      await Promise.all([startInstance(1), startInstance(2)]);
      await waitFor(
        'every bot to finish its run',
        async () => {
          const done = await handle.db.selectFrom('bot_runs').select('id').where('success', 'is not', null).execute();
          return done.length >= botIds.length;
        },
        60_000,
      );
      // Both instances keep ticking and working the queue: a duplicate would be a second run job of a
      // bot. Every run job queued so far is worked (none created, retrying or active) before the count.
      await waitFor(
        'the run queue to be worked off',
        async () => {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${RUN_QUEUE} and state in ('created', 'retry', 'active')`.execute(handle.db);
          return rows[0].n === 0;
        },
        60_000,
      );

      const runs = await handle.db.selectFrom('bot_runs').select(['bot_id', 'success']).orderBy('bot_id').execute();
      expect(runs).toEqual(botIds.map((bot_id) => ({ bot_id, success: true })));
      const stacks = await handle.db.selectFrom('stacks').select('bot_id').where('bot_id', 'is not', null).orderBy('bot_id').execute();
      expect(stacks.map((s) => s.bot_id)).toEqual(botIds);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
