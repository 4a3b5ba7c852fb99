import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { LIMITS } from '../../shared/limits';
import { freePort, startServerProcess } from '../helpers/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'stacks-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process (npm start on the embedded database)', () => {
  it('prints a first registration code, then on SIGTERM finishes in-flight requests and exits 0', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', BCRYPT_COST: '14' };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const started = Date.now();
      while (!output.includes('Stacks is running') && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 100));
      expect(output).toMatch(/Register the first account with this registration code:\s+[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);
      expect(output).toContain('npm run cli -- codes:create');

      // A login hashes with cost 14 (about a second): still running when SIGTERM arrives.
      const inFlight = fetch(`http://127.0.0.1:${port}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username_or_email: 'nobody', password: 'whatever1' }),
      });
      await new Promise((r) => setTimeout(r, 150));
      child.kill('SIGTERM');
      const response = await inFlight;
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Incorrect username/email or password', code: 'INVALID_CREDENTIALS' });
      expect(await exited).toBe(0);
      expect(output).toContain('"msg":"stopped"');
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      // The database was closed and the data-folder lock released: another process may open it now.
      const reopened = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      await reopened.close();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 90_000);

  it(`a burst of 90 stream opens by one user meets 429 with Retry-After once ${LIMITS.eventOpensPerUser} are used (GET /v1/events from outside)`, async () => {
    const server = await startServerProcess({ DATA_DIR: path.join(dataDir, 'opens'), DATABASE_URL: undefined });
    try {
      const code = /registration code:\s+([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(server.output())?.[1];
      const registered = await fetch(`${server.url}/v1/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'opener', email: 'opener@example.com', password: 'Secret123!x', registration_code: code }),
      });
      expect(registered.status).toBe(200);
      const { access_token: token } = (await registered.json()) as { access_token: string };
      const started = Date.now();
      const answers: { status: number; retryAfter: string | null; code?: string }[] = [];
      // One open at a time, each closed as soon as it is answered: a client reconnecting in a loop.
      for (let i = 0; i < 90; i += 1) {
        const aborter = new AbortController();
        const res = await fetch(`${server.url}/v1/events`, { headers: { authorization: `Bearer ${token}` }, signal: aborter.signal });
        const body = res.status === 200 ? undefined : ((await res.json()) as { code: string });
        answers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), code: body?.code });
        aborter.abort();
      }
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMITS.eventOpensPerUser);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused).toHaveLength(90 - LIMITS.eventOpensPerUser);
      for (const answer of refused) {
        expect(answer).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
    } finally {
      server.kill();
      await server.exited;
    }
  }, 90_000);
});
