import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * What the app writes holds personal data (the embedded database, mails with reset links, the
 * token secret, backups), so it is readable by its owner only, whatever the umask
 * (docs/decisions/0058-private-data-dir.md): folders 0700, files 0600.
 */

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * New files and folders of this process get no group or other bits (umask 077): PGlite's files,
 * the outbox, locks, the client tools a backup runs. Main thread only (Node refuses it in workers).
 */
export function ownerOnlyUmask(): void {
  process.umask(0o077);
}

/** Removes group and other bits from one entry; whether it had any. Links are left alone (never followed). */
function tightenEntry(file: string, stats: Stats): boolean {
  if (stats.isSymbolicLink() || (stats.mode & 0o077) === 0) return false;
  chmodSync(file, stats.mode & 0o700);
  return true;
}

/**
 * Takes group and other bits off `root` and everything below it (PGlite writes 0666 files of its
 * own); answers how many entries changed. A missing `root` changes nothing.
 */
export function tightenTree(root: string): number {
  let changed = 0;
  const pending = [root];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    let stats: Stats;
    try {
      stats = lstatSync(entry);
    } catch (error) {
      // Gone meanwhile (PGlite removes its temporary files): nothing to tighten.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (tightenEntry(entry, stats)) changed += 1;
    if (stats.isDirectory()) for (const name of readdirSync(entry)) pending.push(path.join(entry, name));
  }
  return changed;
}

/** The entries of DATA_DIR the app owns: its database folders (`pglite`, `pglite.lock`, …), the outbox, the secret. */
const isAppEntry = (name: string) => name === 'outbox' || name === 'jwt-secret' || name === 'pglite' || name.startsWith('pglite.');

/**
 * Makes DATA_DIR (0700) if it is missing, and tightens it and the app's entries in it (other files
 * an operator keeps there are left as they are); answers how many entries had looser modes.
 */
export function securePrivateFolder(dataDir: string): number {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  let changed = tightenEntry(dataDir, lstatSync(dataDir)) ? 1 : 0;
  for (const name of readdirSync(dataDir)) if (isAppEntry(name)) changed += tightenTree(path.join(dataDir, name));
  return changed;
}
