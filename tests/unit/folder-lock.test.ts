import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFolder } from '../../server/db/folder-lock';

/**
 * The embedded database's data-folder lock (server/db/folder-lock.ts): one process per folder, and
 * a lock left by a process that is gone is taken over at once (no wait after a crash).
 */
const root = mkdtempSync(path.join(tmpdir(), 'stacks-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
const newFolder = () => path.join(root, `data${(folders += 1)}`, 'pglite');
const lockDirOf = (folder: string) => `${folder}.lock`;
const busy = (folder: string) => new Error(`busy: ${folder}`);

const HOLDER = `
import { lockFolder } from './server/db/folder-lock.ts';
process.stdin.setEncoding('utf8');
// With 'wait', it tries only once told 'go' (so that several processes try at the same moment).
if (process.argv[2] === 'wait') {
  console.log('ready');
  await new Promise((resolve) => process.stdin.once('data', resolve));
}
try {
  await lockFolder(process.argv[1], (folder) => new Error('busy ' + folder));
  console.log('acquired');
} catch (error) {
  console.log(String(error.message).startsWith('busy') ? 'busy' : 'error ' + error.message);
}
// Holds what it got until its stdin closes (or it is killed).
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
`;

interface Holder {
  child: ChildProcess;
  /** 'acquired' or 'busy', once the process has tried. */
  outcome: Promise<string>;
}

/** Another process that tries to lock `folder` (at once, or told so with 'go') and holds the lock until it is ended or killed. */
function holder(folder: string, wait = false): Holder & { ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', HOLDER, folder, ...(wait ? ['wait'] : [])], { stdio: ['pipe', 'pipe', 'inherit'] });
  let text = '';
  const lines = () => text.split('\n').filter((line) => line && line !== 'ready');
  let onReady!: () => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const outcome = new Promise<string>((resolve) => {
    child.stdout!.on('data', (chunk) => {
      text += chunk;
      if (text.includes('ready\n')) onReady();
      if (lines().length > 0) resolve(lines()[0]);
    });
    child.once('exit', () => resolve(lines()[0] ?? 'exited'));
  });
  return { child, outcome, ready };
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('the data-folder lock', () => {
  it('is refused while another running process holds it, and taken over at once after that process is killed', async () => {
    const folder = newFolder();
    const first = holder(folder);
    expect(await first.outcome).toBe('acquired');
    const owner = JSON.parse(readFileSync(path.join(lockDirOf(folder), 'owner.json'), 'utf8'));
    expect(owner).toMatchObject({ pid: first.child.pid, hostname: hostname() });

    await expect(lockFolder(folder, busy)).rejects.toThrow(`busy: ${folder}`);

    first.child.kill('SIGKILL');
    await exited(first.child);
    // The dead owner's lock is still there (nothing released it), and fresh: only its pid tells.
    expect(existsSync(lockDirOf(folder))).toBe(true);
    const started = Date.now();
    const release = await lockFolder(folder, busy);
    expect(Date.now() - started).toBeLessThan(500);
    expect(JSON.parse(readFileSync(path.join(lockDirOf(folder), 'owner.json'), 'utf8')).pid).toBe(process.pid);
    await release();
    expect(existsSync(lockDirOf(folder))).toBe(false);
  }, 30_000);

  it('is refused to a second open in the same process, and free again once released', async () => {
    const folder = newFolder();
    const release = await lockFolder(folder, busy);
    await expect(lockFolder(folder, busy)).rejects.toThrow('busy');
    await release();
    const again = await lockFolder(folder, busy);
    await again();
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse: the start time differs)', async () => {
    const folder = newFolder();
    mkdirSync(lockDirOf(folder), { recursive: true });
    // The parent process runs, but it is not the process that took this lock.
    writeFileSync(path.join(lockDirOf(folder), 'owner.json'), JSON.stringify({ pid: process.ppid, hostname: hostname(), process: 'another-boot:12345' }));
    const release = await lockFolder(folder, busy);
    await release();
  });

  it('without an owner to check (another host, or an older lock), decides by age: refused while fresh, taken over once stale', async () => {
    const folder = newFolder();
    mkdirSync(lockDirOf(folder), { recursive: true });
    writeFileSync(path.join(lockDirOf(folder), 'owner.json'), JSON.stringify({ pid: 1, hostname: 'another-host.example', process: null }));
    await expect(lockFolder(folder, busy)).rejects.toThrow('busy');
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lockDirOf(folder), longAgo, longAgo);
    const release = await lockFolder(folder, busy);
    await release();

    mkdirSync(lockDirOf(folder));
    await expect(lockFolder(folder, busy)).rejects.toThrow('busy');
  });

  it('of four processes taking over the same dead lock at once, exactly one gets it', async () => {
    const folder = newFolder();
    const dead = holder(folder);
    expect(await dead.outcome).toBe('acquired');
    dead.child.kill('SIGKILL');
    await exited(dead.child);

    const racers = Array.from({ length: 4 }, () => holder(folder, true));
    try {
      await Promise.all(racers.map((racer) => racer.ready));
      for (const racer of racers) racer.child.stdin!.write('go\n');
      const outcomes = await Promise.all(racers.map((racer) => racer.outcome));
      expect(outcomes.filter((outcome) => outcome === 'acquired')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'busy')).toHaveLength(3);
    } finally {
      for (const racer of racers) racer.child.stdin!.end();
      await Promise.all(racers.map((racer) => exited(racer.child)));
    }
    // The winner released it on exit.
    expect(existsSync(lockDirOf(folder))).toBe(false);
  }, 60_000);
});
