import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  alive(): boolean;
  /** Ends the process if it is still running. */
  kill(): void;
}

/**
 * Starts `node --import tsx server/index.ts` (as `npm start` does; the tsx binary's wrapper would
 * SIGKILL a server slow to take SIGTERM) with the given environment and waits until it listens.
 * `options.umask` (e.g. '022') starts it under that umask, through `sh -c 'umask …; exec node …'`.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, options: { umask?: string } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const node = [process.execPath, '--import', 'tsx', 'server/index.ts'];
  const [command, ...args] = options.umask ? ['/bin/sh', '-c', `umask ${options.umask} && exec "$@"`, 'sh', ...node] : node;
  const child = spawn(command, args, {
    env: { ...process.env, HOST: '127.0.0.1', SCHEDULER: 'false', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = Date.now();
  while (!output.includes('Stacks is running')) {
    if (child.exitCode !== null || Date.now() - started > 60_000) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** One call to a server process as `token`'s user: status, body (JSON when it parses) and Retry-After. */
export async function callAs(server: ServerProcess, token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the assertion message
  }
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}

/** Polls until `check` passes, every `pollMs`, for at most `ms`; returns how long it took. */
export async function within(ms: number, check: () => Promise<boolean>, pollMs = 20): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return Date.now() - started;
}
