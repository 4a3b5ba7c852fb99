import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { freePort } from '../helpers/server-process';

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
});
