import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { cliEnv, expectCleanFailure, runCliInProcess } from '../helpers/cli';
import { createTestDb, type TestDb } from '../helpers/test-db';
import { createUser } from '../factories/users';

/** bots:create and bots:run, run in process on a test database (as cli.test.ts). */
let testDb: TestDb;
const runCli = (args: string[], env?: NodeJS.ProcessEnv) => runCliInProcess(args, { db: testDb.db, env: cliEnv(env) });
const TIMEOUT = 60_000;
const withDb = <T,>(fn: (db: Db) => Promise<T>) => fn(testDb.db);

let owner: { username: string; id: number };
let audience: { username: string; id: number };
let groupId: number;

beforeAll(async () => {
  testDb = await createTestDb();
  await withDb(async (db) => {
    owner = await createUser(db);
    audience = await createUser(db);
    const group = await db.insertInto('groups').values({ name: 'Cli club', owner_id: owner.id }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('group_members').values({ group_id: group.id, user_id: owner.id, role: 'OWNER' }).execute();
    groupId = group.id;
  });
}, 60_000);

afterAll(() => testDb.close());

describe('the admin CLI: bots', () => {
  it(
    'bots:create makes a group bot with PENDING tags and prints its id last; bots:run runs it once a day',
    async () => {
      const created = await runCli([
        'bots:create', '--name', 'Clubbot', '--bio', 'Daily picks', '--avatar', '5', '--owner', owner.username,
        '--group', String(groupId), '--days', '0,2,4', '--tags', 'pizza, movies (horror)',
      ]);
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      const id = Number(created.stdout.trimEnd().split('\n').at(-1));
      expect(Number.isInteger(id) && id > 0).toBe(true);
      await withDb(async (db) => {
        const bot = await db.selectFrom('bots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        expect(bot).toMatchObject({ name: 'Clubbot', bio: 'Daily picks', avatar_id: 5, owner_id: owner.id, group_id: groupId, friend_id: null, schedule: [0, 2, 4] });
        const tags = await db.selectFrom('bot_keywords').select(['name', 'status']).where('bot_id', '=', id).orderBy('name').execute();
        expect(tags).toEqual([{ name: 'movies (horror)', status: 'PENDING' }, { name: 'pizza', status: 'PENDING' }]);
      });

      const run = await runCli(['bots:run', String(id)]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const record = JSON.parse(run.stdout);
      expect(record).toMatchObject({ success: true, run_on: new Date().toISOString().slice(0, 10), error: null });
      expect([...record.keywords_prompt].sort()).toEqual(['movies (horror)', 'pizza']);

      expectCleanFailure(await runCli(['bots:run', String(id)]), `Bot ${id} already ran today`);

      const forced = await runCli(['bots:run', String(id), '--force']);
      expect(forced.code).toBe(0);
      expect(JSON.parse(forced.stdout)).toMatchObject({ success: true });
      await withDb(async (db) => {
        const stacks = await db.selectFrom('stacks').select(['id', 'group_id', 'owner_id']).where('bot_id', '=', id).execute();
        expect(stacks).toHaveLength(2);
        expect(stacks.every((s) => s.group_id === groupId && s.owner_id === owner.id)).toBe(true);
        const runs = await db.selectFrom('bot_runs').select('id').where('bot_id', '=', id).execute();
        expect(runs).toHaveLength(1);
      });
    },
    TIMEOUT,
  );

  it(
    'bots:create makes a user bot for --user',
    async () => {
      const created = await runCli(['bots:create', '--name', 'Pal', '--avatar', '1', '--owner', owner.username, '--user', audience.username]);
      expect(created.code).toBe(0);
      const id = Number(created.stdout.trimEnd().split('\n').at(-1));
      await withDb(async (db) => {
        const bot = await db.selectFrom('bots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        expect(bot).toMatchObject({ friend_id: audience.id, group_id: null, schedule: [0, 1, 2, 3, 4, 5, 6] });
      });
    },
    TIMEOUT,
  );

  it(
    'bots:create --generator openai makes an openai bot; bots:run asks the endpoint of OPENAI_BASE_URL with OPENAI_MODEL and OPENAI_API_KEY',
    async () => {
      const created = await runCli(['bots:create', '--name', 'Oracle', '--avatar', '2', '--owner', owner.username, '--user', audience.username, '--generator', 'openai']);
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      const id = Number(created.stdout.trimEnd().split('\n').at(-1));
      await withDb(async (db) => {
        expect(await db.selectFrom('bots').select('generator').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ generator: 'openai' });
      });

      const seen: { url?: string; authorization?: string; model?: string }[] = [];
      const positions = ['Tea', 'Coffee', 'Cocoa', 'Juice', 'Water', 'Milk'];
      const endpoint = createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk) => (raw += chunk));
        req.on('end', () => {
          seen.push({ url: req.url, authorization: req.headers.authorization, model: JSON.parse(raw).model });
          const content = JSON.stringify({ name: 'Morning drinks', positions });
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
        });
      });
      await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
      try {
        const env = { OPENAI_BASE_URL: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1`, OPENAI_API_KEY: 'sk-cli', OPENAI_MODEL: 'cli-model', OPENAI_TIMEOUT_MS: '5000' };
        const run = await runCli(['bots:run', String(id)], env);
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect(JSON.parse(run.stdout)).toMatchObject({ success: true, error: null });
        expect(seen).toEqual([{ url: '/v1/chat/completions', authorization: 'Bearer sk-cli', model: 'cli-model' }]);
      } finally {
        endpoint.closeAllConnections();
        await new Promise((resolve) => endpoint.close(resolve));
      }
      await withDb(async (db) => {
        const stack = await db.selectFrom('stacks').select(['name', 'positions', 'friend_id']).where('bot_id', '=', id).executeTakeFirstOrThrow();
        expect(stack).toEqual({ name: 'Morning drinks', positions, friend_id: audience.id });
      });
    },
    TIMEOUT,
  );

  it(
    'refuses bad input cleanly',
    async () => {
      const base = ['bots:create', '--name', 'Bad', '--avatar', '1', '--owner', owner.username];
      expectCleanFailure(await runCli([...base]), 'Give exactly one audience: --user <username> or --group <groupId>');
      expectCleanFailure(await runCli([...base, '--user', 'x', '--group', '1']), 'Give exactly one audience');
      expectCleanFailure(await runCli([...base, '--user', audience.username, '--tags', 'a (b) (c)']), 'Invalid tag format.');
      expectCleanFailure(await runCli([...base, '--user', audience.username, '--days', '7']), 'schedule must list distinct weekdays');
      expectCleanFailure(await runCli([...base, '--user', audience.username, '--generator', 'gpt']), 'generator: generator must be builtin or openai');
      expectCleanFailure(await runCli([...base, '--user', 'nobody_here']), 'No active user named "nobody_here"');
      expectCleanFailure(await runCli([...base, '--group', '999999']), 'Group not found');
      expectCleanFailure(await runCli(['bots:run', '999999']), 'No bot with id 999999');
      expectCleanFailure(await runCli(['bots:run']), 'usage: bots:run <id> [--force]');
    },
    TIMEOUT,
  );
});
