import { createReadStream, existsSync, mkdirSync, openAsBlob, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { DataFolderBusyError, openDatabase } from '../client';
import { lockFolder } from '../folder-lock';
import { recoverInterruptedRestore, stagingFolder, swapInRestored } from '../interrupted-restore';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, tightenTree } from '../../private-files';
import {
  BackupRefusal,
  checkBackupFile,
  countRows,
  discardTemporary,
  finishFile,
  knownMigrations,
  MIGRATION_TABLE,
  newerBackup,
  targetFile,
  temporaryFile,
  type BackupSummary,
} from './backup-file';

/**
 * Backups of the embedded database (PGlite in DATA_DIR/pglite), taken and restored while the server
 * is stopped: the data folder belongs to one process (docs/decisions/0033-data-folder-lock.md). A backup
 * is PGlite's own tarball of the folder (`dumpDataDir('gzip')`); a restore loads it into an empty
 * folder (`loadDataDir`), and the next start migrates it as usual (docs/decisions/0038-backups.md).
 */

const stopServerFirst = (folder: string, what: 'backup' | 'restore') =>
  `Stop the server first: the embedded database in ${folder} is in use by another process, and a ${what} needs it to itself. ` +
  `Run the ${what} again once the server has stopped (with DATABASE_URL, server PostgreSQL is backed up while the app runs).`;

type Counts = Pick<BackupSummary, 'users' | 'stacks'>;

const hasDatabase = (folder: string) => existsSync(path.join(folder, 'PG_VERSION'));

/**
 * Writes a backup of the embedded database in `pgliteDir` to `file` (`<file>.tmp`, then renamed).
 * Refused while another process holds the folder, when there is no database in it, and when `file`
 * exists (unless `force`).
 */
export async function backupEmbedded(pgliteDir: string, file: string, options: { force: boolean }): Promise<BackupSummary> {
  const target = targetFile(file, options.force);
  if (!hasDatabase(pgliteDir)) throw new BackupRefusal(`There is no embedded database in ${pgliteDir} to back up (is DATA_DIR right?)`);
  const started = Date.now();
  const handle = await openDatabase({ pgliteDir }).catch((error: unknown) => {
    throw error instanceof DataFolderBusyError ? new BackupRefusal(stopServerFirst(pgliteDir, 'backup')) : error;
  });
  try {
    const pglite = handle.pglite!;
    const counts = await countRows((text) => pglite.query(text));
    const tarball = await pglite.dumpDataDir('gzip');
    writeFileSync(temporaryFile(target), Buffer.from(await tarball.arrayBuffer()), { mode: PRIVATE_FILE_MODE });
    const bytes = finishFile(target);
    return { kind: 'pglite', file: target, bytes, ms: Date.now() - started, ...counts };
  } catch (error) {
    discardTemporary(target);
    throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Whether the gzipped tarball `file` holds a PostgreSQL data folder (a PG_VERSION entry). Reads
 * only until that entry: PGlite writes it first.
 */
async function holdsDataFolder(file: string): Promise<boolean> {
  const gunzip = createReadStream(file).pipe(createGunzip());
  let pending = Buffer.alloc(0);
  // Bytes of the current entry's data (rounded up to 512-byte blocks) still to skip.
  let skip = 0;
  try {
    for await (const chunk of gunzip) {
      pending = Buffer.concat([pending, chunk as Buffer]);
      for (;;) {
        if (skip > 0) {
          const skipped = Math.min(skip, pending.length);
          pending = pending.subarray(skipped);
          skip -= skipped;
          if (skip > 0) break;
        }
        if (pending.length < 512) break;
        const header = pending.subarray(0, 512);
        const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
        if (name === '') return false;
        if (name.replace(/^\.?\/+/, '') === 'PG_VERSION') return true;
        const size = parseInt(header.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim() || '0', 8);
        pending = pending.subarray(512);
        skip = Math.ceil(size / 512) * 512;
      }
    }
    return false;
  } catch {
    // A gzip stream that does not inflate: refused below like any other file that is no backup.
    return false;
  } finally {
    gunzip.destroy();
  }
}

/** A restore found a database this version cannot migrate: it is undone like a failed load. */
class NewerBackupError extends Error {
  constructor(readonly unknown: string[]) {
    super('made by a newer version');
  }
}

/** Loads the tarball into the empty folder `pgliteDir`, checks its migrations and counts what it holds. */
async function load(pgliteDir: string, file: string): Promise<Counts> {
  // A blob backed by the file, not a copy of it in memory: PGlite reads it once to unpack it.
  const pglite = new PGlite({ dataDir: pgliteDir, loadDataDir: await openAsBlob(file) });
  try {
    await pglite.waitReady;
    const { rows } = await pglite.query<{ present: boolean }>(`select to_regclass('${MIGRATION_TABLE}') is not null as present`);
    if (rows[0].present) {
      const unknown = await pglite.query<{ name: string }>(`select name from ${MIGRATION_TABLE} where name <> all($1) order by name`, [knownMigrations()]);
      if (unknown.rows.length > 0) throw new NewerBackupError(unknown.rows.map((row) => row.name));
    }
    return await countRows((text) => pglite.query(text));
  } finally {
    if (!pglite.closed) await pglite.close();
  }
}

/**
 * Restores the backup `file` into `pgliteDir`. Refused while another process holds the folder, and
 * when the folder holds anything unless `force`. The backup is loaded beside the folder and swapped
 * in only once loaded and checked, so whatever interrupts the restore, the folder holds the old
 * database or the new one, whole (server/db/interrupted-restore.ts).
 */
export async function restoreEmbedded(pgliteDir: string, file: string, options: { force: boolean }): Promise<BackupSummary> {
  const source = path.resolve(file);
  checkBackupFile(source, 'pglite');
  if (!(await holdsDataFolder(source))) throw new BackupRefusal(`${source} is a gzip file but not a backup of the embedded database (no data folder in it)`);
  const started = Date.now();
  const release = await lockFolder(pgliteDir, () => new BackupRefusal(stopServerFirst(pgliteDir, 'restore')));
  try {
    recoverInterruptedRestore(pgliteDir);
    const replacing = existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0;
    if (replacing && !options.force) {
      throw new BackupRefusal(`${pgliteDir} already holds a database; add --force to replace it (it is kept until the restore has succeeded)`);
    }
    const staging = stagingFolder(pgliteDir);
    mkdirSync(staging, { mode: PRIVATE_FOLDER_MODE });
    let counts: Counts;
    try {
      counts = await load(staging, source);
      tightenTree(staging);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      const kept = replacing ? `the database in ${pgliteDir} is as it was` : `${pgliteDir} is left empty`;
      if (error instanceof NewerBackupError) throw newerBackup(source, error.unknown, `Nothing was restored: ${kept}.`);
      throw new BackupRefusal(`The backup ${source} could not be loaded (${(error as Error).message}); ${kept}`);
    }
    swapInRestored(pgliteDir, staging);
    return { kind: 'pglite', file: source, bytes: statSync(source).size, ms: Date.now() - started, ...counts };
  } finally {
    await release();
  }
}
