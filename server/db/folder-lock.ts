import { mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../private-files';

/**
 * One process per embedded data folder: a second PGlite on the same files would corrupt them.
 *
 * The lock is a directory beside the folder (`<folder>.lock`, made with mkdir, which is atomic) that
 * holds `owner.json`: the owner's pid, host and, on Linux, the boot and start time of that process.
 * A lock whose owner is not running any more (kill -9, a crash, a power cut) is taken over at once,
 * so a restart after a crash never waits; a lock whose owner runs is refused. Only when the owner
 * cannot be checked (another host sharing the folder, or a lock without an owner file, e.g. one left
 * by an older version) does the lock's age decide: the owner touches it every REFRESH_MS, and one
 * untouched for STALE_MS is taken over.
 */

/** A lock whose owner cannot be checked is stale once untouched this long. */
const STALE_MS = 15_000;
/** How often a held lock is touched (its mtime), so an owner on another host is seen alive. */
const REFRESH_MS = 5_000;
/** A takeover lasts milliseconds; a takeover marker older than this was left by a process that died during one. */
const TAKEOVER_STALE_MS = 2_000;

interface LockOwner {
  pid: number;
  hostname: string;
  /** Boot id and start time of the process (Linux), so a pid reused by another process is not taken for the owner. */
  process: string | null;
}

/** Lock directories this process holds: another open of the same folder in this process is refused too. */
const heldHere = new Set<string>();

/** Linux: the boot id and the start time (in clock ticks since boot) of process `pid`; null elsewhere or when it is gone. */
function processIdentity(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTime = after[19]; // field 22
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTime ? `${boot}:${startTime}` : null;
  } catch {
    return null;
  }
}

function readOwner(lockDir: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(path.join(lockDir, 'owner.json'), 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.hostname !== 'string') return undefined;
    return { pid: owner.pid, hostname: owner.hostname, process: typeof owner.process === 'string' ? owner.process : null };
  } catch {
    return undefined;
  }
}

/** Whether `owner` is a process that runs now: 'unknown' when that cannot be told from here. */
function ownerState(lockDir: string, owner: LockOwner | undefined): 'alive' | 'dead' | 'unknown' {
  if (!owner || owner.hostname !== hostname()) return 'unknown';
  if (owner.pid === process.pid) return heldHere.has(lockDir) ? 'alive' : 'dead';
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: a process of another user has that pid, so it runs.
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? 'dead' : 'alive';
  }
  const now = owner.process ? processIdentity(owner.pid) : null;
  return now !== null && now !== owner.process ? 'dead' : 'alive';
}

/** Whether the lock may be taken over: its owner is gone, or (owner unknown) it has gone untouched for STALE_MS. */
function abandoned(lockDir: string): boolean {
  const state = ownerState(lockDir, readOwner(lockDir));
  if (state !== 'unknown') return state === 'dead';
  try {
    return Date.now() - statSync(lockDir).mtimeMs > STALE_MS;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Removes an abandoned lock. Takeovers are serialised by a marker directory, and the owner is read
 * again under it: of two processes that both found the owner dead, the second one sees the first
 * one's lock (alive) and does not remove it.
 */
function removeIfAbandoned(lockDir: string): boolean {
  if (!abandoned(lockDir)) return false;
  const marker = `${lockDir}.takeover`;
  try {
    mkdirSync(marker);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const since = statSync(marker, { throwIfNoEntry: false });
    if (since && Date.now() - since.mtimeMs <= TAKEOVER_STALE_MS) return false;
    rmSync(marker, { recursive: true, force: true });
    return true;
  }
  try {
    if (!abandoned(lockDir)) return false;
    rmSync(lockDir, { recursive: true, force: true });
    return true;
  } finally {
    rmSync(marker, { recursive: true, force: true });
  }
}

function writeOwner(lockDir: string, owner: LockOwner) {
  // Written aside and renamed in, so a reader never sees half a file.
  const temporary = path.join(lockDir, `owner.json.${process.pid}`);
  writeFileSync(temporary, JSON.stringify(owner), { mode: PRIVATE_FILE_MODE });
  renameSync(temporary, path.join(lockDir, 'owner.json'));
}

/**
 * Locks `folder` for this process; resolves with the function that releases it, or rejects with
 * `busy(folder)`'s error while another running process (or this one) holds it.
 */
export async function lockFolder(folder: string, busy: (folder: string) => Error): Promise<() => Promise<void>> {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const lockDir = path.join(folder, '..', `${path.basename(folder)}.lock`);
  const owner: LockOwner = { pid: process.pid, hostname: hostname(), process: processIdentity(process.pid) };
  for (let attempt = 0; ; attempt += 1) {
    try {
      mkdirSync(lockDir, { mode: PRIVATE_FOLDER_MODE });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A few attempts: another process may take the lock between our removal and our mkdir.
    if (attempt >= 3 || !removeIfAbandoned(lockDir)) throw busy(folder);
  }
  heldHere.add(lockDir);
  try {
    writeOwner(lockDir, owner);
  } catch (error) {
    heldHere.delete(lockDir);
    rmSync(lockDir, { recursive: true, force: true });
    throw error;
  }
  const refresh = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(lockDir, now, now);
    } catch {
      // Gone or unwritable: the next start decides by the owner's pid; nothing to do here.
    }
  }, REFRESH_MS);
  refresh.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(refresh);
    process.removeListener('exit', release);
    heldHere.delete(lockDir);
    // Only our own lock: never one another process took over (e.g. after this one stalled).
    const current = readOwner(lockDir);
    if (current?.pid === process.pid && current.hostname === owner.hostname) rmSync(lockDir, { recursive: true, force: true });
  };
  // process.exit() (a failed start, the CLI) releases it too; a killed process leaves it to be taken over.
  process.on('exit', release);
  return async () => release();
}
