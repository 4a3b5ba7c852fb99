import path from 'node:path';
import { defaultBotsConfig } from '../../server/config';
import { sql } from 'kysely';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db/client';
import { createLogger } from '../../server/logger';
import type { MailMessage } from '../../server/mail/mailer';
import { cliEnv, createCliSandbox, expectCleanFailure, runCliInProcess, type CliSandbox } from '../helpers/cli';
import { createTestDb, type TestDb } from '../helpers/test-db';
import { passkeyInDb, totpInDb } from '../factories/second-factors';
import { createUser, uniqueName } from '../factories/users';

/**
 * The CLI's commands run in this process on a test database (scripts/cli-commands.ts); the data
 * folder's lock is tested on a temporary DATA_DIR, and one test spawns the real scripts/cli.ts.
 */
let testDb: TestDb;
let sandbox: CliSandbox;
let dataDir: string;
let pgliteDir: string;
const runCli = (args: string[]) => runCliInProcess(args, { db: testDb.db, env: cliEnv() });
const TIMEOUT = 30_000;

const countCodes = (db: Db) => db.selectFrom('registration_codes').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
const withDb = <T,>(fn: (db: Db) => Promise<T>) => fn(testDb.db);

beforeAll(async () => {
  // One database and one folder for the whole file; every test sets up the rows it needs.
  testDb = await createTestDb();
  sandbox = await createCliSandbox('stacks-cli-');
  ({ dataDir, pgliteDir } = sandbox);
}, 60_000);

afterAll(async () => {
  await testDb.close();
  sandbox.remove();
});

describe('the admin CLI', () => {
  it(
    '--help lists the commands, even while the data folder is in use',
    async () => {
      const result = await sandbox.withFolder(() => sandbox.run(['--help']));
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('codes:create [--uses N] [--expires-days D]');
      expect(result.stdout).toContain('users:role <username> <ADMIN|USER>');
      expect(result.stderr).toBe('');
    },
    TIMEOUT,
  );

  it(
    'an unknown command exits 1 and shows the help',
    async () => {
      const result = await runCli(['frobnicate']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Unknown command "frobnicate".');
      expect(result.stderr).toContain('codes:create');
    },
    TIMEOUT,
  );

  it(
    'codes:create --uses 2 --expires-days 3 prints the code alone on the last line, and that code admits 2 users',
    async () => {
      const started = Date.now();
      const result = await runCli(['codes:create', '--uses', '2', '--expires-days', '3']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      const code = lines.at(-1)!;
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
      expect(lines[0]).toMatch(/^Registration code for 2 uses, expires \d{4}-\d{2}-\d{2}T[\d:.]+Z:$/);

      await withDb(async (db) => {
        const row = await db
          .selectFrom('registration_codes')
          .select(['max_uses', 'uses', 'expires_at', 'created_by'])
          .where('code', '=', code)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ max_uses: 2, uses: 0, created_by: null });
        const expiresIn = new Date(row.expires_at!).getTime() - started;
        expect(Math.abs(expiresIn - 3 * 86_400_000)).toBeLessThan(60_000);

        // The same database served by the app: the printed code registers exactly two accounts.
        const mails: MailMessage[] = [];
        const app = createApp({
          db,
          logger: createLogger('silent'),
          mailer: { describe: () => 'memory', send: async (m) => void mails.push(m) },
          config: {
            appUrl: 'http://stacks.test',
            dataDir,
            jwtSecret: 'cli-test-secret-cli-test-secret-0123456789',
            bcryptCost: 10,
            trustProxy: false,
            jsonBodyLimit: '100kb',
            mail: { from: 'Stacks <no-reply@stacks.test>', outboxDir: path.join(dataDir, 'outbox') },
            contactEmail: 'support@stacks.test',
            clientDistDir: path.join(dataDir, 'no-client'),
            scheduler: false,
            bots: defaultBotsConfig(),
          },
        });
        const register = () => {
          const username = uniqueName('cli');
          return supertest(app)
            .post('/v1/users/register')
            .send({ username, email: `${username}@example.test`, password: 'password123', registration_code: code.toLowerCase() });
        };
        expect((await register()).status).toBe(200);
        expect((await register()).status).toBe(200);
        const third = await register();
        expect(third.status).toBe(400);
        expect(third.body).toEqual({ detail: 'This registration code has already been used', code: 'REGISTRATION_CODE_USED' });
        expect(mails).toHaveLength(2);
      });
    },
    TIMEOUT,
  );

  it(
    'users:role <name> ADMIN promotes the user (name in any letter case)',
    async () => {
      const user = await withDb((db) => createUser(db, { username: uniqueName('Promote') }));
      expect(user.role).toBe('USER');

      const result = await runCli(['users:role', user.username.toLowerCase(), 'ADMIN']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout.trim()).toBe(`${user.username} is now ADMIN`);

      const row = await withDb((db) => db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow());
      expect(row.role).toBe('ADMIN');
    },
    TIMEOUT,
  );

  it(
    "users:second-factors-off turns the user's two-factor sign-in off and removes their passkeys, written to the audit log",
    async () => {
      const user = await withDb((db) => createUser(db));
      const other = await withDb((db) => createUser(db));
      await withDb(async (db) => {
        await totpInDb(db, user.id, { enabled: true });
        await totpInDb(db, other.id, { enabled: true });
        await passkeyInDb(db, user.id);
        await passkeyInDb(db, user.id);
        await passkeyInDb(db, other.id);
      });
      const result = await runCli(['users:second-factors-off', user.username]);
      expect(result.stderr).toBe('');
      expect(result.stdout.trim()).toBe(`${user.username}: two-factor sign-in is off; 2 passkeys removed`);
      const left = (table: 'totp_secrets' | 'passkeys', userId: number) =>
        withDb((db) => db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow());
      expect((await left('totp_secrets', user.id)).n).toBe(0);
      expect((await left('passkeys', user.id)).n).toBe(0);
      // Nobody else's.
      expect((await left('totp_secrets', other.id)).n).toBe(1);
      expect((await left('passkeys', other.id)).n).toBe(1);
      const entry = await withDb((db) =>
        db.selectFrom('admin_audit').select(['actor_id', 'source', 'detail']).where('action', '=', 'users.second_factors_reset').where('target_id', '=', String(user.id)).executeTakeFirstOrThrow(),
      );
      expect(entry).toEqual({ actor_id: null, source: 'cli', detail: `${user.username}: two-factor sign-in off, 2 passkeys removed` });
    },
    TIMEOUT,
  );

  it.each([
    [['users:second-factors-off'], 'usage: users:second-factors-off <username>'],
    [['users:second-factors-off', 'nobody_here'], 'No user named "nobody_here"'],
    [['codes:create', '--uses', '0'], '--uses takes a whole number of 1 or more (got "0")'],
    [['codes:create', '--bogus'], "Unknown option '--bogus'"],
    [['users:role', 'someone', 'SUPERUSER'], 'usage: users:role <username> <ADMIN|USER>'],
    [['users:role', 'nobody_here', 'ADMIN'], 'No user named "nobody_here"'],
  ])(
    'bad arguments %j exit 1 with a clear message and no stack trace',
    async (args, message) => {
      expectCleanFailure(await runCli(args), message);
    },
    TIMEOUT,
  );

  it(
    'refuses with exit 1 and "in use" while another process holds the data folder',
    async () => {
      await sandbox.withFolder(async (db) => {
        const before = await countCodes(db);
        const result = await sandbox.run(['codes:create']);
        expectCleanFailure(result, 'in use');
        expect(result.stderr).toContain(pgliteDir);
        expect(await countCodes(db)).toEqual(before);
      });
    },
    TIMEOUT,
  );

  it(
    'scripts/cli.ts as its own process: codes:create on the embedded database in DATA_DIR, then exit 0',
    async () => {
      const result = await sandbox.spawn(['codes:create', '--uses', '3'], 25_000);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe('Registration code for 3 uses, never expires:');
      const code = lines.at(-1)!;
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
      const row = await sandbox.withFolder((db) =>
        db.selectFrom('registration_codes').select(['max_uses', 'uses', 'expires_at']).where('code', '=', code).executeTakeFirstOrThrow(),
      );
      expect(row).toEqual({ max_uses: 3, uses: 0, expires_at: null });
    },
    TIMEOUT,
  );
});
