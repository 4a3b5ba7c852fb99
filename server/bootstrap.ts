import path from 'node:path';
import type { AppConfig } from './config';
import { openDatabase, type DbHandle } from './db/client';
import { migrateToLatest } from './db/migrate';
import type { Env } from './env';
import type { Logger } from './logger';

/** Opens the configured database (server PostgreSQL, or PGlite in DATA_DIR) and migrates it. */
export async function openAndMigrate(env: Env, config: AppConfig, logger: Logger): Promise<DbHandle> {
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
    poolMax: env.PG_POOL_MAX,
    poolTimeoutMs: env.PG_POOL_TIMEOUT_MS,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost; it will be replaced'),
  });
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
