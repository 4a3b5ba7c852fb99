import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * A restore of the embedded database never leaves the data folder without a whole database
 * (docs/decisions/0038-backups.md). It loads the backup into a folder beside it (`pglite.restoring`), and
 * only a loaded, checked database is swapped in, by renames:
 *
 *   1. `pglite` → `pglite.before-restore-<time>` (the old database, whole)
 *   2. `pglite.restoring` → `pglite`               (the new database, whole)
 *   3. `pglite.before-restore-<time>` → `pglite.discard-<time>`, then removed
 *
 * Whatever stops the process (a signal, kill -9, a full disk, a power cut), the next open of the
 * folder (the server's start, any CLI command, the next restore) finishes the story under the
 * folder's lock: a `restoring` folder is an unfinished load and is removed; a `before-restore`
 * folder is the old database and is put back (a database found in `pglite` beside it is kept aside
 * under `pglite.replaced-<time>`, never deleted); `discard` folders are removed.
 */

export const stagingFolder = (pgliteDir: string) => `${pgliteDir}.restoring`;

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');
const BEFORE_RESTORE = '.before-restore-';
const DISCARD = '.discard-';

/** A data folder with more than one old database beside it: which one is current cannot be told. */
export class InterruptedRestoreError extends Error {
  constructor(pgliteDir: string, asides: string[]) {
    super(
      `Interrupted restores left ${asides.length} earlier databases beside ${pgliteDir}: ${asides.join(', ')}. ` +
        `Keep the one to run on: move it to ${pgliteDir} (move what is there now aside first), remove the others, then start again; ` +
        'or restore a backup with `npm run cli -- restore <file> --force`.',
    );
  }
}

/** Siblings of the data folder whose names start with `<folder><marker>`, as full paths, in name order. */
function siblings(pgliteDir: string, marker: string): string[] {
  const parent = path.dirname(pgliteDir);
  if (!existsSync(parent)) return [];
  const prefix = `${path.basename(pgliteDir)}${marker}`;
  return readdirSync(parent)
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((name) => path.join(parent, name));
}

const holdsAnything = (folder: string) => existsSync(folder) && readdirSync(folder).length > 0;

/**
 * Finishes what an interrupted restore left beside `pgliteDir` (see above); answers a line for each
 * thing it did, for the log. Call it holding the folder's lock, before opening the database.
 * Throws InterruptedRestoreError when more than one old database waits beside it.
 */
export function recoverInterruptedRestore(pgliteDir: string): string[] {
  const done: string[] = [];
  const asides = siblings(pgliteDir, BEFORE_RESTORE);
  if (asides.length > 1) throw new InterruptedRestoreError(pgliteDir, asides);
  const staging = stagingFolder(pgliteDir);
  if (existsSync(staging)) {
    rmSync(staging, { recursive: true, force: true });
    done.push(`removed ${staging}, left by a restore that did not finish`);
  }
  if (asides.length === 1) {
    const [aside] = asides;
    if (holdsAnything(pgliteDir)) {
      const replaced = `${pgliteDir}.replaced-${stamp()}`;
      renameSync(pgliteDir, replaced);
      done.push(`kept the database found in ${pgliteDir} during an unfinished restore as ${replaced}; remove it once checked`);
    } else rmSync(pgliteDir, { recursive: true, force: true });
    renameSync(aside, pgliteDir);
    done.push(`put the database of ${aside} back in ${pgliteDir}: a restore did not finish, so nothing was restored`);
  }
  for (const discard of siblings(pgliteDir, DISCARD)) {
    rmSync(discard, { recursive: true, force: true });
    done.push(`removed ${discard}, the database a finished restore replaced`);
  }
  return done;
}

/**
 * Swaps the loaded database in `staging` into `pgliteDir` (steps 1-3 above). Each step is a rename,
 * so at any moment one of the two folders under its name is a whole database.
 */
export function swapInRestored(pgliteDir: string, staging: string): void {
  const aside = existsSync(pgliteDir) ? `${pgliteDir}${BEFORE_RESTORE}${stamp()}` : undefined;
  if (aside) renameSync(pgliteDir, aside);
  renameSync(staging, pgliteDir);
  if (!aside) return;
  const discard = `${pgliteDir}${DISCARD}${stamp()}`;
  renameSync(aside, discard);
  rmSync(discard, { recursive: true, force: true });
}
