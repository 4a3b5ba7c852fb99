import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { openDatabase, type Db } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A temporary DATA_DIR with a migrated embedded database, for running scripts/cli.ts as a child
 * process (createTestApp's in-memory database is invisible to another process).
 */
export interface CliSandbox {
  dataDir: string;
  pgliteDir: string;
  /** Runs the CLI; `env` adds to (or overrides) the test process's environment. */
  run(args: string[], timeoutMs?: number, env?: NodeJS.ProcessEnv): Promise<CliResult>;
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
    run(args, timeoutMs = 50_000, extraEnv = {}) {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
      delete env.DATABASE_URL;
      return new Promise((resolve) => {
        execFile(tsx, ['scripts/cli.ts', ...args], { cwd: repoRoot, env, timeout: timeoutMs }, (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ code, stdout, stderr });
        });
      });
    },
    async withFolder(fn) {
      const handle = await openDatabase({ pgliteDir });
      try {
        return await fn(handle.db);
      } finally {
        await handle.close();
      }
    },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
  await sandbox.withFolder((db) => migrateToLatest(db));
  return sandbox;
}

/** Exit code 1, the message on stderr, no stack trace, nothing on stdout. */
export function expectCleanFailure(result: CliResult, message: string) {
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(message);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(result.stdout).toBe('');
}
