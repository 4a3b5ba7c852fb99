import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { defaultBotsConfig, type AppConfig } from '../../server/config';
import { openDatabase, type Db, type DbHandle } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { createLogger } from '../../server/logger';
import { signAccessToken } from '../../server/modules/auth/auth.tokens';
import { addMemberInDb, makeFriendsInDb } from '../factories/groups';
import { positions } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { cliEnv, createCliSandbox, expectCleanFailure, runCliInProcess, type CliResult, type CliSandbox } from '../helpers/cli';
import { databaseUrlFor, dropDatabase, postgresServerUrl, TEST_PGLITE_SETTINGS } from '../helpers/test-db';

/**
 * `backup <file>` and `restore <file> [--force]` (scripts/cli-commands.ts, server/db/backup/) on
 * real databases: the embedded one in a temporary DATA_DIR, and a temporary database on the
 * PostgreSQL server (DATABASE_URL's, else the local one), whatever the suite runs on.
 */
const TIMEOUT = 120_000;
const JWT_SECRET = randomBytes(32).toString('hex');
const work = mkdtempSync(path.join(tmpdir(), 'stacks-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A data folder for the CLI's config (its jwt-secret file), never the repository's ./data. */
const configDir = path.join(work, 'config');

// --- the world both databases are given, and how it is compared ---------------------------------

/** The app on an open database, as the server would serve it. */
function appOn(db: Db) {
  const config: AppConfig = {
    appUrl: 'http://stacks.test',
    dataDir: configDir,
    jwtSecret: JWT_SECRET,
    bcryptCost: 4,
    trustProxy: false,
    jsonBodyLimit: '100kb',
    mail: { from: 'Stacks <no-reply@stacks.test>', outboxDir: path.join(configDir, 'outbox') },
    contactEmail: 'support@stacks.test',
    clientDistDir: path.join(configDir, 'no-client'),
    scheduler: false,
    bots: defaultBotsConfig(),
  };
  const request = supertest(createApp({ db, config, logger: createLogger('silent'), mailer: { describe: () => 'memory', send: async () => undefined }, ping: async () => undefined }));
  return (user: FactoryUser) => {
    const auth = `Bearer ${signAccessToken(JWT_SECRET, user, user.session_id)}`;
    return {
      get: (url: string) => request.get(url).set('Authorization', auth),
      post: (url: string, body: object) => request.post(url).set('Authorization', auth).send(body),
    };
  };
}

const ok = (res: supertest.Response) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Three users, a friend stack answered and commented on, a group with a member: through the API where it has a call. */
async function makeWorld(db: Db): Promise<FactoryUser[]> {
  const [owner, friend, member] = [await createUser(db), await createUser(db), await createUser(db)];
  await makeFriendsInDb(db, owner, friend);
  const as = appOn(db);
  const stack = ok(await as(owner).post('/v1/stacks', { name: 'Fruit', mode: 'friend', target_id: friend.id, positions: positions() }));
  ok(await as(friend).post(`/v1/stacks/${stack.id}/complete`, { position_ids: [5, 4, 3, 2, 1, 0] }));
  ok(await as(friend).post(`/v1/stacks/${stack.id}/comments`, { description: 'Figs first, always' }));
  const group = ok(await as(owner).post('/v1/groups', { name: `g${randomBytes(4).toString('hex')}` }));
  await addMemberInDb(db, group.id, member);
  return [owner, friend, member];
}

const COMPARED = ['users', 'friendships', 'stacks', 'stack_responses', 'comments', 'groups', 'group_members', 'notifications', 'events'] as const;

/** Every row of the compared tables, in a stable order. */
async function rowsOf(db: Db): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of COMPARED) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1, 2`.execute(db);
    result[table] = rows;
  }
  return result;
}

/** The world's rows are all there, and the app serves a restored user with a fresh token. */
async function expectRestored(db: Db, before: Record<string, unknown[]>, user: FactoryUser) {
  const after = await rowsOf(db);
  expect(after).toEqual(before);
  expect(after.stacks).toHaveLength(1);
  expect(after.comments).toHaveLength(1);
  expect(after.group_members.length).toBeGreaterThanOrEqual(2);
  const me = ok(await appOn(db)(user).get('/v1/users/me'));
  expect(me).toMatchObject({ id: user.id, username: user.username });
}

/** A migration no version of the app has: a backup holding it was made by a newer version. */
const FUTURE_MIGRATION = '2999_01_01_000000_from_a_newer_version';

/** Runs fn while the database records FUTURE_MIGRATION as applied. */
async function withFutureMigration<T>(onDb: <R>(fn: (db: Db) => Promise<R>) => Promise<R>, fn: () => Promise<T>): Promise<T> {
  await onDb((db) => sql`insert into kysely_migration (name, timestamp) values (${FUTURE_MIGRATION}, ${new Date().toISOString()})`.execute(db));
  try {
    return await fn();
  } finally {
    await onDb((db) => sql`delete from kysely_migration where name = ${FUTURE_MIGRATION}`.execute(db));
  }
}

/** The audit log's entries, oldest first. */
const auditOf = (db: Db) => db.selectFrom('admin_audit').select(['action', 'source', 'actor_id', 'target_id', 'outcome']).orderBy('id').execute();

const lineOf = (stdout: string) => {
  const lines = stdout.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0];
};

// --- the embedded database ----------------------------------------------------------------------

describe('backup and restore of the embedded database (DATA_DIR)', () => {
  let sandbox: CliSandbox;
  let env: NodeJS.ProcessEnv;
  let before: Record<string, unknown[]>;
  let users: FactoryUser[];
  const file = path.join(work, 'embedded.tar.gz');
  const cli = (args: string[]) => runCliInProcess(args, { env });
  let made: Promise<CliResult> | undefined;
  /** The backup of the world in `file`, made by the first test that needs one (each test also runs alone). */
  const backupOnce = () => (made ??= cli(['backup', file, '--force']));
  /** Opens the folder as the server does (migrating it) for the duration of fn. */
  async function started<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ pgliteDir: sandbox.pgliteDir, pgliteSettings: TEST_PGLITE_SETTINGS });
    try {
      await migrateToLatest(handle.db);
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  }

  beforeAll(async () => {
    sandbox = await createCliSandbox('stacks-backup-embedded-');
    env = cliEnv({ DATA_DIR: sandbox.dataDir });
    await sandbox.withFolder(async (db) => {
      users = await makeWorld(db);
      before = await rowsOf(db);
    });
  }, TIMEOUT);
  afterAll(() => sandbox.remove());

  it(
    'backup writes a gzipped tarball; after the folder is wiped, restore brings every row back and the app serves it',
    async () => {
      const backup = await backupOnce();
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      const size = statSync(file).size;
      expect(lineOf(backup.stdout)).toMatch(new RegExp(`^Backup of the embedded database written to ${file} \\(\\d+\\.\\d (kB|MB), 3 users, 1 stacks, \\d+\\.\\d s\\)$`));
      expect([...readFileSync(file).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      expect(existsSync(`${file}.tmp`)).toBe(false);
      expect(size).toBeGreaterThan(100_000);

      rmSync(sandbox.pgliteDir, { recursive: true, force: true });
      const restore = await cli(['restore', file]);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(lineOf(restore.stdout)).toMatch(new RegExp(`^Restored the embedded database from ${file} \\(.*3 users, 1 stacks, .*\\); the next start migrates it`));
      await started(async (db) => {
        await expectRestored(db, before, users[1]);
        // The restored database's audit log says it was restored, by the CLI.
        expect(await auditOf(db)).toEqual([{ action: 'database.restore', source: 'cli', actor_id: null, target_id: 'embedded.tar.gz', outcome: 'success' }]);
      });
    },
    TIMEOUT,
  );

  it(
    'restore over a folder that holds a database is refused without --force; with --force it replaces it and nothing is left aside',
    async () => {
      await backupOnce();
      const stranger = await sandbox.withFolder((db) => createUser(db));
      const refused = await cli(['restore', file]);
      expectCleanFailure(refused, `${sandbox.pgliteDir} already holds a database; add --force to replace it`);
      await sandbox.withFolder(async (db) => expect((await rowsOf(db)).users).toHaveLength(4));

      const replaced = await cli(['restore', file, '--force']);
      expect(replaced.stderr).toBe('');
      expect(replaced.code).toBe(0);
      await started(async (db) => {
        await expectRestored(db, before, users[0]);
        expect(await db.selectFrom('users').select('id').where('id', '=', stranger.id).executeTakeFirst()).toBeUndefined();
      });
      expect(readdirSync(sandbox.dataDir).filter((name) => name.includes('before-restore'))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a --force restore that fails to load puts the old database back as it was',
    async () => {
      // A gzipped tarball with a PG_VERSION after another file: it passes the check, PGlite cannot start on it.
      const fake = path.join(work, 'fake');
      mkdirSync(fake);
      writeFileSync(path.join(fake, 'notes.txt'), randomBytes(1500).toString('hex'));
      writeFileSync(path.join(fake, 'PG_VERSION'), '17\n');
      const broken = path.join(work, 'broken.tar.gz');
      execFileSync('tar', ['czf', broken, '-C', fake, 'notes.txt', 'PG_VERSION']);
      const result = await cli(['restore', broken, '--force']);
      expectCleanFailure(result, `The backup ${broken} could not be loaded`);
      expect(result.stderr).toContain(`the database in ${sandbox.pgliteDir} is as it was`);
      await started((db) => expectRestored(db, before, users[2]));
      expect(readdirSync(sandbox.dataDir).filter((name) => name.includes('before-restore'))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a backup made by a newer version (a migration this one does not know) is refused, and the database is left as it was',
    async () => {
      const newer = path.join(work, 'newer.tar.gz');
      const made = await withFutureMigration(sandbox.withFolder, () => cli(['backup', newer]));
      expect(made.code).toBe(0);
      const result = await cli(['restore', newer, '--force']);
      expectCleanFailure(result, `${newer} was made by a newer version of Stacks (migrations unknown to this one: ${FUTURE_MIGRATION}); update the app, then restore it.`);
      expect(result.stderr).toContain(`Nothing was restored: the database in ${sandbox.pgliteDir} is as it was.`);
      await started((db) => expectRestored(db, before, users[0]));
    },
    TIMEOUT,
  );

  it(
    'backup and restore are refused while another process holds the data folder ("Stop the server first")',
    async () => {
      await backupOnce();
      const busyFile = path.join(work, 'busy.tar.gz');
      await sandbox.withFolder(async () => {
        for (const args of [['backup', busyFile], ['restore', file, '--force']]) {
          const result = await cli(args);
          expectCleanFailure(result, `Stop the server first: the embedded database in ${sandbox.pgliteDir} is in use by another process`);
        }
      });
      expect(existsSync(busyFile)).toBe(false);
      expect(existsSync(`${busyFile}.tmp`)).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'backup refuses to replace an existing file unless --force, and a DATA_DIR without a database',
    async () => {
      await backupOnce();
      const written = statSync(file).mtimeMs;
      expectCleanFailure(await cli(['backup', file]), `${file} already exists; choose another name, or add --force to replace it`);
      expect(statSync(file).mtimeMs).toBe(written);
      const again = await cli(['backup', file, '--force']);
      expect(again.code).toBe(0);

      const empty = path.join(work, 'empty-data');
      const result = await runCliInProcess(['backup', path.join(work, 'nothing.tar.gz')], { env: cliEnv({ DATA_DIR: empty }) });
      expectCleanFailure(result, `There is no embedded database in ${path.join(empty, 'pglite')} to back up`);
    },
    TIMEOUT,
  );

  it(
    'restore refuses a server PostgreSQL backup, a file that is no backup, a missing file and a missing argument',
    async () => {
      const dump = path.join(work, 'looks-like.dump');
      writeFileSync(dump, Buffer.concat([Buffer.from('PGDMP'), randomBytes(64)]));
      expectCleanFailure(await cli(['restore', dump]), 'This is a backup of server PostgreSQL (pg_dump); set DATABASE_URL to restore it');
      // Its name does not matter: the content does.
      const named = path.join(work, 'named.tar.gz');
      writeFileSync(named, 'not a backup at all');
      expectCleanFailure(await cli(['restore', named]), `${named} is not a Stacks backup`);
      const gzipped = path.join(work, 'other.gz');
      writeFileSync(gzipped, gzipSync(Buffer.from('not a tarball of a data folder')));
      expectCleanFailure(await cli(['restore', gzipped]), `${gzipped} is a gzip file but not a backup of the embedded database`);
      expectCleanFailure(await cli(['restore', path.join(work, 'missing.tar.gz')]), `No backup file at ${path.join(work, 'missing.tar.gz')}`);
      expectCleanFailure(await cli(['restore']), 'usage: restore <file> [--force]');
      expectCleanFailure(await cli(['backup']), 'usage: backup <file> [--force]');
      expectCleanFailure(await cli(['backup', 'a', 'b']), 'usage: backup <file> [--force]');
      // The folder was not touched by any of these.
      await started((db) => expectRestored(db, before, users[0]));
    },
    TIMEOUT,
  );
});

// --- server PostgreSQL --------------------------------------------------------------------------

describe('backup and restore of server PostgreSQL (DATABASE_URL)', () => {
  const serverUrl = postgresServerUrl();
  const name = `stacks_backup_test_${randomBytes(4).toString('hex')}`;
  const url = databaseUrlFor(serverUrl, name);
  const file = path.join(work, 'server.dump');
  let before: Record<string, unknown[]>;
  let users: FactoryUser[];
  // cliEnv drops DATABASE_URL (the embedded database is its default): it is set after.
  const env = (extra: NodeJS.ProcessEnv = {}) => ({ ...cliEnv({ DATA_DIR: configDir }), DATABASE_URL: url, ...extra });
  const cli = (args: string[], extra: NodeJS.ProcessEnv = {}) => runCliInProcess(args, { env: env(extra) });
  let made: Promise<CliResult> | undefined;
  /** A backup of the world in `file`: the online one of the first test, or one made here when a test runs alone. */
  const backupOnce = () => (made ??= cli(['backup', file, '--force']));

  async function admin(statements: string[]) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  }

  async function onDatabase<T>(fn: (db: Db, handle: DbHandle) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ databaseUrl: url, poolMax: 4 });
    try {
      return await fn(handle.db, handle);
    } finally {
      await handle.close();
    }
  }

  /** Wipes the database: dropped and made again, empty. */
  async function recreate() {
    await dropDatabase(serverUrl, name);
    await admin([`create database ${name}`]);
  }

  /** Opens it as the server does (migrating it) for the duration of fn. */
  const started = <T,>(fn: (db: Db) => Promise<T>) =>
    onDatabase(async (db) => {
      await migrateToLatest(db);
      return fn(db);
    });

  beforeAll(async () => {
    await admin([`create database ${name}`]);
    await onDatabase(async (db) => {
      await migrateToLatest(db);
      users = await makeWorld(db);
      before = await rowsOf(db);
    });
    // The job queue's schema, with its partitioned job table and a queued job.
    const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 2 });
    const errors: Error[] = [];
    boss.on('error', (error) => errors.push(error));
    await boss.start();
    await boss.createQueue('backup-test');
    await boss.send('backup-test', { kept: true });
    await boss.stop({ graceful: false, wait: true });
    expect(errors).toEqual([]);
  }, TIMEOUT);
  afterAll(() => dropDatabase(serverUrl, name));

  const jobs = (db: Db) => sql<{ name: string; data: unknown }>`select name, data from pgboss.job where name = 'backup-test'`.execute(db).then((r) => r.rows);
  const partitioned = (db: Db) =>
    sql<{ relname: string }>`select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'pgboss' and c.relkind = 'p'`
      .execute(db)
      .then((r) => r.rows.map((row) => row.relname));

  it(
    'backup runs while a connection writes (one snapshot); after the database is dropped and made again, restore brings it all back',
    async () => {
      let written = 0;
      let writing = true;
      const summary = await onDatabase(async (db) => {
        const writer = (async () => {
          while (writing) {
            await createUser(db);
            written += 1;
          }
        })();
        while (written < 3) await new Promise((resolve) => setTimeout(resolve, 10));
        const atStart = written;
        const result = await cli(['backup', file, '--force']);
        made = Promise.resolve(result);
        const during = written - atStart;
        writing = false;
        await writer;
        return { result, during };
      });
      expect(summary.result.stderr).toBe('');
      expect(summary.result.code).toBe(0);
      expect(summary.during).toBeGreaterThan(0);
      const line = lineOf(summary.result.stdout);
      const [, usersInFile, stacksInFile] = /^Backup of server PostgreSQL written to .+ \(\d+\.\d (?:kB|MB), (\d+) users, (\d+) stacks, \d+\.\d s\)$/.exec(line)!;
      expect(line).toContain(file);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
      expect(Number(stacksInFile)).toBe(1);

      // The backup is in the source database's audit log, after what it holds.
      expect(await onDatabase(auditOf)).toEqual([{ action: 'database.backup', source: 'cli', actor_id: null, target_id: 'server.dump', outcome: 'success' }]);
      await recreate();
      const restore = await cli(['restore', file]);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(lineOf(restore.stdout)).toMatch(new RegExp(`^Restored server PostgreSQL from ${file} \\(.*, ${usersInFile} users, 1 stacks, .*\\); the next start migrates it`));
      await started(async (db) => {
        // The users the writer added are those of the snapshot: as many as the backup counted.
        const restored = await rowsOf(db);
        expect(restored.users).toHaveLength(Number(usersInFile));
        expect(restored.users.slice(0, 3)).toEqual(before.users);
        await expectRestored(db, { ...before, users: restored.users }, users[1]);
        expect(await jobs(db)).toEqual([{ name: 'backup-test', data: { kept: true } }]);
        expect(await partitioned(db)).toContain('job');
        expect(await auditOf(db)).toEqual([{ action: 'database.restore', source: 'cli', actor_id: null, target_id: 'server.dump', outcome: 'success' }]);
      });
    },
    TIMEOUT,
  );

  it(
    'restore over a database that is not empty is refused without --force; with --force it replaces everything, partitioned tables included',
    async () => {
      expect((await backupOnce()).code).toBe(0);
      const stranger = await onDatabase((db) => createUser(db));
      const refused = await cli(['restore', file]);
      expectCleanFailure(refused, `The database ${name} is not empty (the schema pgboss, `);
      expect(refused.stderr).toContain('add --force to replace everything in the schemas public and pgboss');

      const replaced = await cli(['restore', file, '--force']);
      expect(replaced.stderr).toBe('');
      expect(replaced.code).toBe(0);
      await started(async (db) => {
        expect(await db.selectFrom('users').select('id').where('id', '=', stranger.id).executeTakeFirst()).toBeUndefined();
        const restored = await rowsOf(db);
        await expectRestored(db, { ...before, users: restored.users }, users[0]);
        expect(await jobs(db)).toEqual([{ name: 'backup-test', data: { kept: true } }]);
        expect(await partitioned(db)).toContain('job');
      });
    },
    TIMEOUT,
  );

  it(
    'a --force restore that fails half way (after the schemas were emptied) changes nothing',
    async () => {
      expect((await backupOnce()).code).toBe(0);
      const stranger = await onDatabase((db) => createUser(db));
      const beforeFailure = await onDatabase(rowsOf);
      // An event trigger outside the app's schemas stops the restore at its first index, long after the drops and the data.
      await onDatabase(async (db) => {
        await sql`create schema backup_probe`.execute(db);
        await sql`create function backup_probe.refuse() returns event_trigger language plpgsql as $$ begin raise exception 'no indexes today'; end $$`.execute(db);
        await sql`create event trigger backup_probe_refuse on ddl_command_end when tag in ('CREATE INDEX') execute function backup_probe.refuse()`.execute(db);
      });
      try {
        const result = await cli(['restore', file, '--force']);
        expectCleanFailure(result, 'psql failed');
        expect(result.stderr).toContain('no indexes today');
      } finally {
        await onDatabase(async (db) => {
          await sql`drop event trigger backup_probe_refuse`.execute(db);
          await sql`drop schema backup_probe cascade`.execute(db);
        });
      }
      await onDatabase(async (db) => {
        expect(await rowsOf(db)).toEqual(beforeFailure);
        expect(beforeFailure.users.map((row) => (row as { id: number }).id)).toContain(stranger.id);
        expect(await jobs(db)).toEqual([{ name: 'backup-test', data: { kept: true } }]);
      });
    },
    TIMEOUT,
  );

  it(
    'a backup made by a newer version (a migration this one does not know) is refused in the restore\'s transaction: nothing changes',
    async () => {
      const newer = path.join(work, 'newer.dump');
      const made = await withFutureMigration(onDatabase, () => cli(['backup', newer, '--force']));
      expect(made.code).toBe(0);
      const beforeRefusal = await onDatabase(rowsOf);
      const result = await cli(['restore', newer, '--force']);
      expectCleanFailure(result, `${newer} was made by a newer version of Stacks (migrations unknown to this one: ${FUTURE_MIGRATION}); update the app, then restore it.`);
      expect(result.stderr).toContain(`Nothing was restored: the database ${name} is as it was.`);
      await onDatabase(async (db) => {
        expect(await rowsOf(db)).toEqual(beforeRefusal);
        expect(await jobs(db)).toEqual([{ name: 'backup-test', data: { kept: true } }]);
      });
    },
    TIMEOUT,
  );

  it(
    'the password of DATABASE_URL is never printed, on success or refusal',
    async () => {
      // Trust authentication accepts any password: the URL carries one the tools must not show.
      const secret = `Pw${randomBytes(6).toString('hex')}`;
      const withPassword = new URL(url);
      withPassword.password = secret;
      const secretFile = path.join(work, 'secret.dump');
      const results = [
        await cli(['backup', secretFile], { DATABASE_URL: withPassword.toString() }),
        await cli(['restore', secretFile], { DATABASE_URL: withPassword.toString() }),
        await cli(['backup', path.join(work, 'x.dump')], { DATABASE_URL: new URL(`/stacks_backup_missing_${randomBytes(3).toString('hex')}`, withPassword).toString() }),
      ];
      expect(results.map((r) => r.code)).toEqual([0, 1, 1]);
      expect(results[2].stderr).toContain('does not exist');
      for (const result of results) expect(result.stdout + result.stderr).not.toContain(secret);
    },
    TIMEOUT,
  );

  it(
    'refused: missing PostgreSQL tools, tools older than the server, an embedded backup, a file that is no backup, a missing file',
    async () => {
      expect((await backupOnce()).code).toBe(0);
      const empty = path.join(work, 'no-tools');
      mkdirSync(empty);
      expectCleanFailure(await cli(['backup', path.join(work, 'a.dump')], { PATH: empty }), 'pg_dump was not found: install the PostgreSQL client tools');
      expectCleanFailure(await cli(['restore', file], { PATH: empty }), 'pg_restore was not found');

      const old = path.join(work, 'old-tools');
      mkdirSync(old);
      for (const tool of ['pg_dump', 'pg_restore', 'psql']) {
        writeFileSync(path.join(old, tool), `#!/bin/sh\necho "${tool} (PostgreSQL) 9.6.24"\n`);
        chmodSync(path.join(old, tool), 0o755);
      }
      const { rows } = await onDatabase((db) => sql<{ major: number }>`select current_setting('server_version_num')::int / 10000 as major`.execute(db));
      expectCleanFailure(
        await cli(['backup', path.join(work, 'b.dump')], { PATH: old }),
        `pg_dump 9 is older than the PostgreSQL ${rows[0].major} server: install the client tools of version ${rows[0].major} or newer`,
      );
      expect(existsSync(path.join(work, 'b.dump'))).toBe(false);

      // A gzip stream is taken for an embedded backup, whatever the file is called.
      const embedded = path.join(work, 'embedded-looking.dump');
      writeFileSync(embedded, gzipSync(Buffer.from('a tarball')));
      expectCleanFailure(await cli(['restore', embedded]), 'This is a backup of the embedded database (PGlite); unset DATABASE_URL and set DATA_DIR to restore it');
      const named = path.join(work, 'named.dump');
      writeFileSync(named, 'nothing');
      expectCleanFailure(await cli(['restore', named]), `${named} is not a Stacks backup`);
      expectCleanFailure(await cli(['restore', path.join(work, 'missing.dump')]), `No backup file at ${path.join(work, 'missing.dump')}`);
      expectCleanFailure(await cli(['restore', file, '--force', 'extra']), 'usage: restore <file> [--force]');
    },
    TIMEOUT,
  );
});
