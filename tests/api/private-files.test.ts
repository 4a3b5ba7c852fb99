import { execFile } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cliEnv, createCliSandbox } from '../helpers/cli';
import { startServerProcess, within, type ServerProcess } from '../helpers/server-process';

/**
 * Everything the app writes in DATA_DIR is its owner's only, whatever the umask
 * (docs/decisions/0058-private-data-dir.md): the embedded database, the mail outbox, the token secret,
 * the lock; a folder left readable by others is tightened at start; backups are 0600. Real
 * processes started under umask 022, as a shell of a default Debian account starts them.
 */
const TIMEOUT = 120_000;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'stacks-private-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every entry under `root` (itself included) whose mode is not 0700 for a folder or 0600 for a file. */
function looseEntries(root: string): string[] {
  const loose: string[] = [];
  const walk = (entry: string) => {
    const stats = lstatSync(entry);
    const mode = stats.mode & 0o777;
    if (stats.isDirectory()) {
      if (mode !== 0o700) loose.push(`${entry} ${mode.toString(8)}`);
      for (const name of readdirSync(entry)) walk(path.join(entry, name));
    } else if (mode !== 0o600) loose.push(`${entry} ${mode.toString(8)}`);
  };
  walk(root);
  return loose;
}

/** Counts the entries under `root` (itself included). */
const countEntries = (root: string): number =>
  1 + (lstatSync(root).isDirectory() ? readdirSync(root).reduce((n, name) => n + countEntries(path.join(root, name)), 0) : 0);

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** Registers the first account with the printed code, then asks for a password reset: a mail with a link lands in the outbox. */
async function writeSomething(server: ServerProcess, dataDir: string) {
  const code = /registration code:\s+([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(server.output())?.[1];
  const post = (url: string, body: object) =>
    fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const registered = await post('/v1/users/register', { username: 'modes', email: 'modes@example.com', password: 'Secret123!x', registration_code: code });
  expect(registered.status, await registered.clone().text()).toBe(200);
  expect((await post('/v1/auth/recovery', { email: 'modes@example.com' })).status).toBe(200);
  const outbox = path.join(dataDir, 'outbox');
  await within(10_000, async () => existsSync(outbox) && readdirSync(outbox).length > 0);
}

describe('DATA_DIR under umask 022', () => {
  it(
    'a first start makes every folder 0700 and every file 0600: the database, the outbox with its reset mail, the secret, the lock',
    async () => {
      const dataDir = path.join(work, 'fresh');
      const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: undefined, LOG_LEVEL: 'info' }, { umask: '022' });
      try {
        await writeSomething(server, dataDir);
        expect(existsSync(path.join(dataDir, 'pglite.lock', 'owner.json'))).toBe(true);
        expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
        expect(countEntries(dataDir)).toBeGreaterThan(1_000);
        expect(looseEntries(dataDir)).toEqual([]);
        expect(server.output()).not.toContain('readable by others');
      } finally {
        await stop(server);
      }
      expect(looseEntries(dataDir)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a folder left readable by others (a copy, an earlier version) is tightened at start, and the start says so',
    async () => {
      const dataDir = path.join(work, 'loose');
      let server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: undefined }, { umask: '022' });
      await writeSomething(server, dataDir);
      await stop(server);
      // What an earlier version or a `cp -r` under umask 022 left: everything readable, some writable.
      const loosen = (entry: string) => {
        const stats = lstatSync(entry);
        chmodSync(entry, stats.isDirectory() ? 0o755 : 0o666);
        if (stats.isDirectory()) for (const name of readdirSync(entry)) loosen(path.join(entry, name));
      };
      loosen(dataDir);
      // An operator's own file in DATA_DIR is not the app's to change.
      writeFileSync(path.join(dataDir, 'NOTES.txt'), 'mine');
      chmodSync(path.join(dataDir, 'NOTES.txt'), 0o644);

      server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: undefined, LOG_LEVEL: 'warn' }, { umask: '022' });
      try {
        expect(server.output()).toMatch(/DATA_DIR held \d+ files or folders readable by others: now its owner's only \(folders 0700, files 0600\)/);
        expect(looseEntries(dataDir)).toEqual([`${path.join(dataDir, 'NOTES.txt')} 644`]);
      } finally {
        await stop(server);
      }
    },
    TIMEOUT,
  );

  it(
    'a backup written by the CLI is 0600, and the folder it opened is left owner-only',
    async () => {
      const sandbox = await createCliSandbox('stacks-private-backup-');
      const dataDir = sandbox.dataDir;
      const file = path.join(work, 'backup.tar.gz');
      const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
        execFile(
          '/bin/sh',
          ['-c', `umask 022 && exec "$@"`, 'sh', process.execPath, '--import', 'tsx', 'scripts/cli.ts', 'backup', file],
          { cwd: repoRoot, env: cliEnv({ DATA_DIR: dataDir }), timeout: 60_000 },
          (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
        );
      });
      expect(result.code, result.stderr).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(looseEntries(dataDir)).toEqual([]);
      sandbox.remove();
    },
    TIMEOUT,
  );
});
