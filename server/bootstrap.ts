import path from 'node:path';
import type { AppConfig } from './config';
import { openDatabase, type DbHandle } from './db/client';
import { migrateToLatest } from './db/migrate';
import type { Env } from './env';
import type { Logger } from './logger';
import { ownerOnlyUmask, securePrivateFolder } from './private-files';

/** The embedded database's folder in DATA_DIR (the server, the CLI, backups and restores). */
export const embeddedFolder = (config: Pick<AppConfig, 'dataDir'>) => path.join(config.dataDir, 'pglite');

/**
 * DATA_DIR for a process that writes in it (the server, the CLI): its own files owner-only from now
 * on (umask 077), and what an earlier run or a copy left readable by others tightened, said once.
 */
export function securePrivateFiles(config: Pick<AppConfig, 'dataDir'>, logger: Logger): void {
  ownerOnlyUmask();
  const tightened = securePrivateFolder(config.dataDir);
  if (tightened > 0) logger.warn({ dataDir: config.dataDir, tightened }, `DATA_DIR held ${tightened} files or folders readable by others: now its owner's only (folders 0700, files 0600)`);
}

export interface OpenOptions {
  /** The request pool's statement_timeout (the server passes PG_STATEMENT_TIMEOUT_MS); unset: none (the CLI). */
  statementTimeoutMs?: number;
}

/**
 * Opens the configured database (server PostgreSQL, or PGlite in DATA_DIR) and migrates it.
 * Migrations have no time limit (an index on a large table may take minutes): on a server with a
 * statement timeout they run on a pool of their own, closed before the request pool opens.
 */
export async function openAndMigrate(env: Env, config: AppConfig, logger: Logger, options: OpenOptions = {}): Promise<DbHandle> {
  const open = (statementTimeoutMs?: number) =>
    openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: env.DATABASE_URL ? undefined : embeddedFolder(config),
      poolMax: env.PG_POOL_MAX,
      poolTimeoutMs: env.PG_POOL_TIMEOUT_MS,
      statementTimeoutMs,
      onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost; it will be replaced'),
      onCancelError: (error) => logger.warn({ err: error }, 'cancelling the statement of an abandoned request failed'),
      onRestoreRecovered: (line) => logger.warn(`interrupted restore: ${line}`),
    });
  const bounded = Boolean(env.DATABASE_URL && options.statementTimeoutMs);
  const opening = Date.now();
  const handle = await open(bounded ? undefined : options.statementTimeoutMs);
  // On the embedded database this is the data-folder lock and PGlite's start (after a crash, its recovery).
  logger.info({ database: handle.kind, ms: Date.now() - opening }, 'database opened');
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (!bounded) return handle;
  await handle.close();
  return open(options.statementTimeoutMs);
}
