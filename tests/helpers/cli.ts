import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runCli, type CliOptions } from '../../scripts/cli-commands';
import { openDatabase, type Db } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { pgliteDump, TEST_PGLITE_SETTINGS } from './test-db';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a CLI command in this process, as scripts/cli.ts would run it: what it prints is collected
 * line by line (each line ends with a newline, as console.log writes it) and the exit code returned.
 * With `options.db` it runs on that database; otherwise it opens the one `options.env` names.
 */
export async function runCliInProcess(args: string[], options: CliOptions): Promise<CliResult> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli(args, { out: (line) => stdout.push(`${line}\n`), err: (line) => stderr.push(`${line}\n`) }, options);
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** The test process's environment for the CLI, without DATABASE_URL, quiet logs, plus `extra`. */
export function cliEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  return env;
}

/**
 * A temporary DATA_DIR with a migrated embedded database, for running the CLI on a data folder:
 * spawned as scripts/cli.ts (createTestDb's in-memory database is invisible to another process),
 * or in process without a database of its own.
 */
export interface CliSandbox {
  dataDir: string;
  pgliteDir: string;
  /** Spawns scripts/cli.ts; `env` adds to (or overrides) the test process's environment. */
  spawn(args: string[], timeoutMs?: number, env?: NodeJS.ProcessEnv): Promise<CliResult>;
  /** Runs the CLI in this process on the data folder (it opens and locks the folder itself). */
  run(args: string[]): Promise<CliResult>;
  /** Opens the folder in this process (holding its lock) for the duration of fn. */
  withFolder<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  remove(): void;
}

export async function createCliSandbox(prefix: string): Promise<CliSandbox> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const pgliteDir = path.join(dataDir, 'pglite');
  const sandbox: CliSandbox = {
    dataDir,
    pgliteDir,
    spawn(args, timeoutMs = 50_000, extraEnv = {}) {
      const env = cliEnv({ DATA_DIR: dataDir, ...extraEnv });
      return new Promise((resolve) => {
        execFile(tsx, ['scripts/cli.ts', ...args], { cwd: repoRoot, env, timeout: timeoutMs }, (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ code, stdout, stderr });
        });
      });
    },
    run: (args) => runCliInProcess(args, { env: cliEnv({ DATA_DIR: dataDir }) }),
    async withFolder(fn) {
      const handle = await openDatabase({ pgliteDir, pgliteSettings: TEST_PGLITE_SETTINGS });
      try {
        return await fn(handle.db);
      } finally {
        await handle.close();
      }
    },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
  // The folder starts as a copy of the global setup's migrated dump when there is one.
  const dump = pgliteDump();
  const handle = await openDatabase({ pgliteDir, pgliteDump: dump, pgliteSettings: TEST_PGLITE_SETTINGS });
  try {
    if (!dump) await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  return sandbox;
}

/** Exit code 1, the message on stderr, no stack trace, nothing on stdout. */
export function expectCleanFailure(result: CliResult, message: string) {
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(message);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stdout).toBe('');
}
