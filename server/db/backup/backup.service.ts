import { embeddedFolder } from '../../bootstrap';
import type { AppConfig } from '../../config';
import type { Env } from '../../env';
import type { BackupSummary } from './backup-file';
import { backupEmbedded, restoreEmbedded } from './embedded-backup';
import { backupServer, restoreServer } from './server-backup';

/**
 * `npm run cli -- backup <file>` and `restore <file>`: server PostgreSQL when DATABASE_URL is set,
 * else the embedded database in DATA_DIR (docs/backups.md). Each returns what it wrote or restored,
 * and throws BackupRefusal for what the operator can fix.
 */

export interface BackupOptions {
  /** backup: replace an existing file; restore: replace a database that is not empty. */
  force: boolean;
  /** The environment the PostgreSQL client tools run with (their PATH, PG* variables). */
  processEnv: NodeJS.ProcessEnv;
}

export function backupDatabase(env: Env, config: AppConfig, file: string, options: BackupOptions): Promise<BackupSummary> {
  if (env.DATABASE_URL) return backupServer(env.DATABASE_URL, file, options);
  return backupEmbedded(embeddedFolder(config), file, options);
}

export function restoreDatabase(env: Env, config: AppConfig, file: string, options: BackupOptions): Promise<BackupSummary> {
  if (env.DATABASE_URL) return restoreServer(env.DATABASE_URL, file, options);
  return restoreEmbedded(embeddedFolder(config), file, options);
}

const KINDS: Record<BackupSummary['kind'], string> = { pglite: 'the embedded database', pg: 'server PostgreSQL' };

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function contents(summary: BackupSummary): string {
  const counts = summary.users === null || summary.stacks === null ? 'no Stacks tables' : `${summary.users} users, ${summary.stacks} stacks`;
  return `${size(summary.bytes)}, ${counts}, ${(summary.ms / 1000).toFixed(1)} s`;
}

/** The CLI's one line about a backup written. */
export const describeBackup = (summary: BackupSummary) => `Backup of ${KINDS[summary.kind]} written to ${summary.file} (${contents(summary)})`;

/** The CLI's one line about a restore. */
export const describeRestore = (summary: BackupSummary) =>
  `Restored ${KINDS[summary.kind]} from ${summary.file} (${contents(summary)}); the next start migrates it if it is older than this version`;
