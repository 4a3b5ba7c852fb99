import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { InterruptedRestoreError, stagingFolder } from '../../server/db/interrupted-restore';
import { createUser, type FactoryUser } from '../factories/users';
import { createCliSandbox, cliEnv, type CliSandbox } from '../helpers/cli';
import { startServerProcess } from '../helpers/server-process';
import { TEST_PGLITE_SETTINGS } from '../helpers/test-db';

/**
 * A restore of the embedded database can never lose it (server/db/interrupted-restore.ts): whatever
 * stops it, the next open of the folder finds the old database or the complete new one, and nothing
 * is left beside it. First every state the restore's renames pass through, built by hand and opened
 * as the server opens it; then real restores killed by SIGINT, SIGTERM and SIGKILL at several points.
 */
const TIMEOUT = 120_000;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let sandbox: CliSandbox;
/** Whole data folders, each holding one marker row: the database before the restore, and the backup's. */
let oldFolder: string;
let newFolder: string;
let backup: string;
let oldOwner: FactoryUser;

/** Opens `pgliteDir` as every process does (lock, then recovery, then PGlite); answers its marker and what recovery said. */
async function openAndRead(pgliteDir: string): Promise<{ marker: string | undefined; said: string[] }> {
  const said: string[] = [];
  const handle = await openDatabase({ pgliteDir, pgliteSettings: TEST_PGLITE_SETTINGS, onRestoreRecovered: (line) => said.push(line) });
  try {
    const { rows } = await sql<{ present: boolean }>`select to_regclass('restore_marker') is not null as present`.execute(handle.db);
    if (!rows[0].present) return { marker: undefined, said };
    const marker = await sql<{ name: string }>`select name from restore_marker`.execute(handle.db);
    return { marker: marker.rows[0]?.name, said };
  } finally {
    await handle.close();
  }
}

/** Marks the folder's database `name`; answers the account it then holds (the old database's user signs in after a killed restore). */
async function markFolder(pgliteDir: string, name: string): Promise<FactoryUser> {
  const handle = await openDatabase({ pgliteDir, pgliteSettings: TEST_PGLITE_SETTINGS });
  try {
    await sql`create table if not exists restore_marker (name text)`.execute(handle.db);
    await sql`delete from restore_marker`.execute(handle.db);
    await sql`insert into restore_marker values (${name})`.execute(handle.db);
    return await createUser(handle.db, { username: `${name}_owner` });
  } finally {
    await handle.close();
  }
}

/** What lies beside the data folder besides its lock (which a live process holds). */
const besides = (pgliteDir: string) =>
  readdirSync(path.dirname(pgliteDir)).filter((name) => name.startsWith(`${path.basename(pgliteDir)}.`) && !name.endsWith('.lock'));

beforeAll(async () => {
  sandbox = await createCliSandbox('stacks-restore-kill-');
  await markFolder(sandbox.pgliteDir, 'new');
  backup = path.join(sandbox.dataDir, 'new.tar.gz');
  const made = await sandbox.run(['backup', backup]);
  expect(made.code, made.stderr).toBe(0);
  newFolder = path.join(sandbox.dataDir, 'copies', 'new');
  cpSync(sandbox.pgliteDir, newFolder, { recursive: true });
  oldOwner = await markFolder(sandbox.pgliteDir, 'old');
  oldFolder = path.join(sandbox.dataDir, 'copies', 'old');
  cpSync(sandbox.pgliteDir, oldFolder, { recursive: true });
}, TIMEOUT);
afterAll(() => sandbox?.remove());

/** A fresh data folder (under its own parent) laid out by `lay`. */
function layout(name: string, lay: (pgliteDir: string) => void): string {
  const pgliteDir = path.join(sandbox.dataDir, 'layouts', name, 'pglite');
  mkdirSync(path.dirname(pgliteDir), { recursive: true });
  lay(pgliteDir);
  return pgliteDir;
}

const copy = (from: string, to: string) => cpSync(from, to, { recursive: true });
/** Half a database: what a load cut short leaves. */
function halfCopy(from: string, to: string) {
  copy(from, to);
  for (const name of readdirSync(path.join(to, 'base'))) if (Number(name) % 2 === 0) rmSync(path.join(to, 'base', name), { recursive: true });
}

describe('every state a restore passes through opens on a whole database', () => {
  it(
    'killed during the load: the old database, and the half-loaded folder is removed',
    async () => {
      const dir = layout('loading', (pgliteDir) => {
        copy(oldFolder, pgliteDir);
        halfCopy(newFolder, stagingFolder(pgliteDir));
      });
      const opened = await openAndRead(dir);
      expect(opened.marker).toBe('old');
      expect(opened.said).toEqual([`removed ${stagingFolder(dir)}, left by a restore that did not finish`]);
      expect(besides(dir)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'killed between moving the old database aside and moving the new one in: the old database is put back',
    async () => {
      const dir = layout('between', (pgliteDir) => {
        copy(oldFolder, `${pgliteDir}.before-restore-2026-12-07T10-00-00-000Z`);
        copy(newFolder, stagingFolder(pgliteDir));
      });
      const opened = await openAndRead(dir);
      expect(opened.marker).toBe('old');
      expect(opened.said[1]).toMatch(/^put the database of .*pglite\.before-restore-2026-12-07T10-00-00-000Z back in .*pglite: a restore did not finish/);
      expect(besides(dir)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'killed after moving the new one in, before discarding the old: the old database is put back, the new one kept aside, nothing deleted',
    async () => {
      const dir = layout('swapped', (pgliteDir) => {
        copy(newFolder, pgliteDir);
        copy(oldFolder, `${pgliteDir}.before-restore-2026-12-07T10-00-00-000Z`);
      });
      const opened = await openAndRead(dir);
      expect(opened.marker).toBe('old');
      const kept = besides(dir);
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatch(/^pglite\.replaced-/);
      expect((await openAndRead(path.join(path.dirname(dir), kept[0]))).marker).toBe('new');
    },
    TIMEOUT,
  );

  it(
    'killed while removing the old database: the new database, and the rest of the old one is removed',
    async () => {
      const dir = layout('discarding', (pgliteDir) => {
        copy(newFolder, pgliteDir);
        halfCopy(oldFolder, `${pgliteDir}.discard-2026-12-07T10-00-00-000Z`);
      });
      expect((await openAndRead(dir)).marker).toBe('new');
      expect(besides(dir)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'left by an earlier version (the old database aside, an empty folder in its place): put back',
    async () => {
      const dir = layout('earlier', (pgliteDir) => {
        mkdirSync(pgliteDir);
        copy(oldFolder, `${pgliteDir}.before-restore-2026-12-01T10-00-00-000Z`);
      });
      expect((await openAndRead(dir)).marker).toBe('old');
      expect(besides(dir)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'two old databases beside the folder: refused, naming both and what to do, and nothing is moved',
    async () => {
      const asides = ['pglite.before-restore-2026-12-01T10-00-00-000Z', 'pglite.before-restore-2026-12-02T10-00-00-000Z'];
      const dir = layout('two', (pgliteDir) => {
        mkdirSync(pgliteDir);
        writeFileSync(path.join(pgliteDir, 'PG_VERSION'), '17\n');
        for (const name of asides) copy(oldFolder, path.join(path.dirname(pgliteDir), name));
      });
      const refused = await openAndRead(dir).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(InterruptedRestoreError);
      const message = (refused as Error).message;
      for (const name of asides) expect(message).toContain(path.join(path.dirname(dir), name));
      expect(message).toContain('npm run cli -- restore <file> --force');
      expect(besides(dir).sort()).toEqual(asides);
      expect(readdirSync(dir)).toEqual(['PG_VERSION']);
    },
    TIMEOUT,
  );
});

/** Starts `restore <backup> --force` on `dataDir` as its own process; answers it and when it ended. */
function startRestore(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', 'restore', backup, '--force'], {
    cwd: repoRoot,
    env: cliEnv({ DATA_DIR: dataDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, ended, output: () => output };
}

function freshDataDir(name: string): string {
  const dataDir = path.join(sandbox.dataDir, 'killed', name);
  copy(oldFolder, path.join(dataDir, 'pglite'));
  return dataDir;
}

describe('restores interrupted by a signal', () => {
  it(
    'SIGINT, SIGTERM and SIGKILL at points through a restore: the next open finds the old database or the new one, whole, and nothing beside it',
    async () => {
      // How long a whole restore takes here, so the signals land through it (process start, load, swap).
      const timed = freshDataDir('timed');
      const started = Date.now();
      const whole = startRestore(timed);
      expect((await whole.ended).code, whole.output()).toBe(0);
      const duration = Date.now() - started;
      expect((await openAndRead(path.join(timed, 'pglite'))).marker).toBe('new');

      const points = [0.2, 0.45, 0.6, 0.75, 0.9, 0.97];
      const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGKILL'];
      const found: string[] = [];
      for (const [i, point] of points.entries()) {
        const dataDir = freshDataDir(`at-${point}`);
        const restore = startRestore(dataDir);
        const timer = setTimeout(() => restore.child.kill(signals[i % signals.length]), Math.round(duration * point));
        await restore.ended;
        clearTimeout(timer);
        const pgliteDir = path.join(dataDir, 'pglite');
        const { marker } = await openAndRead(pgliteDir);
        expect(['old', 'new'], `${signals[i % signals.length]} at ${point} of ${duration} ms: ${restore.output()}`).toContain(marker);
        found.push(marker!);
        expect(besides(pgliteDir).filter((name) => !name.startsWith('pglite.replaced-'))).toEqual([]);
      }
      // Signals early in the restore leave the old database: the loop really interrupted restores.
      expect(found).toContain('old');
    },
    TIMEOUT * 2,
  );

  it(
    'after a killed restore the server starts on the old database: its users sign in, and no new registration code is printed',
    async () => {
      const dataDir = freshDataDir('server');
      const restore = startRestore(dataDir);
      // Killed once the load is under way (its folder exists beside the data folder).
      while (!existsSync(stagingFolder(path.join(dataDir, 'pglite')))) {
        if (restore.child.exitCode !== null) throw new Error(`the restore ended before its load: ${restore.output()}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      restore.child.kill('SIGKILL');
      await restore.ended;
      const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: undefined, LOG_LEVEL: 'warn' });
      try {
        expect(server.output()).not.toContain('registration code');
        expect(server.output()).toContain('interrupted restore: removed');
        const login = await fetch(`${server.url}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username_or_email: oldOwner.username, password: oldOwner.password }),
        });
        expect(login.status, await login.clone().text()).toBe(200);
        expect(await login.json()).toMatchObject({ token_type: 'bearer' });
      } finally {
        server.kill();
        await server.exited;
      }
      expect((await openAndRead(path.join(dataDir, 'pglite'))).marker).toBe('old');
    },
    TIMEOUT,
  );
});
