import { closeSync, existsSync, fchmodSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { migrations } from '../../../migrations/index';
import { PRIVATE_FILE_MODE } from '../../private-files';

/**
 * What both kinds of backup share: the refusal the CLI prints (exit 1), what a file holds (told by
 * its first bytes, never by its name) and the atomic finish of a new backup file
 * (docs/decisions/0038-backups.md).
 */

/** A backup or restore refused for a reason the operator can fix; the CLI prints the message alone and exits 1. */
export class BackupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

/** What was written or restored: the CLI's line, and what the audit log records. */
export interface BackupSummary {
  /** pglite: the embedded database (a tarball of its folder); pg: server PostgreSQL (pg_dump's custom format). */
  kind: 'pglite' | 'pg';
  /** The backup file, as an absolute path. */
  file: string;
  /** The backup file's size. */
  bytes: number;
  ms: number;
  /** Rows in users and stacks (in the snapshot backed up, or once restored); null before the app's tables exist. */
  users: number | null;
  stacks: number | null;
}

export type BackupKind = BackupSummary['kind'];

/** Rows in users and stacks (the summary's counts); null for a table the database does not have (yet). */
export async function countRows(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<Pick<BackupSummary, 'users' | 'stacks'>> {
  const count = async (table: 'users' | 'stacks') => {
    const { present } = (await query(`select to_regclass('public.${table}') is not null as present`)).rows[0] as { present: boolean };
    if (!present) return null;
    return ((await query(`select count(*)::int as n from ${table}`)).rows[0] as { n: number }).n;
  };
  return { users: await count('users'), stacks: await count('stacks') };
}

/** Kysely's record of applied migrations, in every Stacks database. */
export const MIGRATION_TABLE = 'public.kysely_migration';

/** The refusal of a backup made by a newer version of the app: the next start could not migrate it. */
export function newerBackup(file: string, unknown: string[], unchanged: string): BackupRefusal {
  return new BackupRefusal(
    `${file} was made by a newer version of Stacks (migrations unknown to this one: ${unknown.join(', ')}); update the app, then restore it. ${unchanged}`,
  );
}

/** The migrations this version knows: a restored database may have applied these only. */
export const knownMigrations = (): string[] => Object.keys(migrations);

/** pg_dump's custom format starts with "PGDMP"; a gzip stream (PGlite's dumpDataDir('gzip')) with 1f 8b. */
function kindOfHead(head: Buffer): BackupKind | undefined {
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return undefined;
}

const DESCRIBED: Record<BackupKind, string> = {
  pg: 'This is a backup of server PostgreSQL (pg_dump); set DATABASE_URL to restore it',
  pglite: 'This is a backup of the embedded database (PGlite); unset DATABASE_URL and set DATA_DIR to restore it',
};

/** The kind of backup in `file`; refuses a missing or unreadable file, one that is no backup, or one of the other kind than `expected`. */
export function checkBackupFile(file: string, expected: BackupKind): void {
  let head = Buffer.alloc(5);
  try {
    if (!statSync(file).isFile()) throw new BackupRefusal(`${file} is not a file`);
    const fd = openSync(file, 'r');
    try {
      head = head.subarray(0, readSync(fd, head, 0, head.length, 0));
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (error instanceof BackupRefusal) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupRefusal(code === 'ENOENT' ? `No backup file at ${file}` : `Cannot read the backup file ${file} (${code ?? (error as Error).message})`);
  }
  const kind = kindOfHead(head);
  if (!kind) throw new BackupRefusal(`${file} is not a Stacks backup (neither a pg_dump archive nor a gzipped embedded database)`);
  if (kind !== expected) throw new BackupRefusal(`${DESCRIBED[kind]} (${file})`);
}

/** The absolute path of a new backup file; refuses to replace an existing file without --force. */
export function targetFile(file: string, force: boolean): string {
  const target = path.resolve(file);
  if (existsSync(target) && !force) throw new BackupRefusal(`${target} already exists; choose another name, or add --force to replace it`);
  if (!existsSync(path.dirname(target))) throw new BackupRefusal(`The folder ${path.dirname(target)} does not exist`);
  return target;
}

/** The temporary name a backup is written under, so a backup file is never seen half written. */
export const temporaryFile = (target: string) => `${target}.tmp`;

/** Moves a complete temporary file (owner-only, flushed to disk) to its name; its size in bytes. */
export function finishFile(target: string): number {
  const temporary = temporaryFile(target);
  const fd = openSync(temporary, 'r+');
  try {
    // A backup holds password hashes and second-factor secrets: its owner's only, whatever the umask.
    fchmodSync(fd, PRIVATE_FILE_MODE);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, target);
  return statSync(target).size;
}

/** Removes what a failed backup left behind. */
export const discardTemporary = (target: string) => rmSync(temporaryFile(target), { force: true });
