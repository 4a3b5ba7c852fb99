import { randomBytes } from 'node:crypto';
import { utimesSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/modules/auth/auth.tokens';
import { makeFriendsInDb } from '../factories/groups';
import { positions } from '../factories/stacks';
import { createUser, type FactoryUser } from '../factories/users';
import { createCliSandbox, type CliSandbox } from '../helpers/cli';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

/**
 * The embedded database after a crash: `npm start` on a DATA_DIR, killed with SIGKILL in the middle
 * of writes, starts again at once (the dead process's data-folder lock is taken over) and has every
 * write it acknowledged. Always on the embedded database, whatever DATABASE_URL says.
 */
const JWT_SECRET = randomBytes(32).toString('hex');
const STACKS = 400;

let sandbox: CliSandbox;
let answerer: FactoryUser;
let stackIds: number[];
beforeAll(async () => {
  sandbox = await createCliSandbox('stacks-crash-');
  await sandbox.withFolder(async (db) => {
    const author = await createUser(db);
    answerer = await createUser(db);
    await makeFriendsInDb(db, author, answerer);
    const rows = Array.from({ length: STACKS }, (_, i) => ({ name: `Crash ${i}`, positions: JSON.stringify(positions()), owner_id: author.id, mode: 'friend' as const, friend_id: answerer.id, group_id: null }));
    stackIds = (await db.insertInto('stacks').values(rows).returning('id').execute()).map((row) => row.id);
  });
});
afterAll(() => sandbox.remove());

const start = () => startServerProcess({ DATABASE_URL: '', DATA_DIR: sandbox.dataDir, JWT_SECRET, LOG_LEVEL: 'info' });

/** How long the server took to open its database (lock, PGlite, its crash recovery), from its log. */
function openMs(server: ServerProcess): number {
  const line = server.output().split('\n').find((text) => text.includes('"msg":"database opened"'));
  if (!line) throw new Error(`no "database opened" line in:\n${server.output()}`);
  return (JSON.parse(line) as { ms: number }).ms;
}

/**
 * Keeps the data-folder lock's mtime fresh, as it is in the first seconds after a crash. On a loaded
 * machine the restart's own start-up (loading the code) can outlast the 15 s after which an untouched
 * lock counts as stale: this keeps the test about the dead owner, not about the machine's speed.
 */
function keepLockFresh(): () => void {
  const touch = () => {
    const now = new Date();
    try {
      utimesSync(`${sandbox.pgliteDir}.lock`, now, now);
    } catch (error) {
      // Between a takeover's removal and its new lock there is none to touch.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  touch();
  const timer = setInterval(touch, 200);
  return () => clearInterval(timer);
}

/** POST /v1/stacks/{id}/complete as the answerer: true once acknowledged (200). */
async function answer(server: ServerProcess, id: number): Promise<boolean> {
  const res = await fetch(`${server.url}/v1/stacks/${id}/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${signAccessToken(JWT_SECRET, answerer, answerer.session_id)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ position_ids: [0, 1, 2, 3, 4, 5] }),
  });
  if (res.status !== 200) throw new Error(`answer ${id}: ${res.status} ${await res.text()}`);
  return true;
}

describe('the embedded database after kill -9', () => {
  it('starts again at once, and every acknowledged write is there', async () => {
    let started = Date.now();
    let server = await start();
    const cleanStartMs = Date.now() - started;
    const cleanOpenMs = openMs(server);
    const acknowledged: number[] = [];
    const queue = [...stackIds];
    let killed = false;
    try {
      // Four writers answer stacks one after another until the process dies under them.
      const writers = Array.from({ length: 4 }, async () => {
        for (let id = queue.shift(); id !== undefined && !killed; id = queue.shift()) {
          try {
            if (await answer(server, id)) acknowledged.push(id);
          } catch (error) {
            if (!killed) throw error;
          }
        }
      });
      while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 10));
      killed = true;
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(writers);
      expect(queue.length).toBeGreaterThan(0);

      const stopTouching = keepLockFresh();
      started = Date.now();
      try {
        server = await start();
      } finally {
        stopTouching();
      }
      const restartMs = Date.now() - started;
      // Nothing waits for the dead process's lock: opening the database (lock, PGlite and its crash
      // recovery) takes seconds at most, as in a clean start. (The whole start-up also loads the code
      // and warms up the share image renderer: seconds on an idle machine, much more on a loaded one.)
      expect(server.output()).not.toContain('in use');
      const timings = { cleanStartMs, cleanOpenMs, restartMs, restartOpenMs: openMs(server) };
      expect(timings.restartOpenMs, JSON.stringify(timings)).toBeLessThan(Math.max(8_000, 3 * cleanOpenMs));
      // The restarted server writes too.
      const after = queue.shift()!;
      expect(await answer(server, after)).toBe(true);
      acknowledged.push(after);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.kill();
    }

    const stored = await sandbox.withFolder((db) =>
      db.selectFrom('stack_responses').select('stack_id').where('user_id', '=', answerer.id).where('stack_id', 'in', acknowledged).execute(),
    );
    expect(stored.map((row) => row.stack_id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
  }, 180_000);
});
