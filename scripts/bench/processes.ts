import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bench's server processes (app-server.ts, bare-server.ts): started, and stopped on every way out. */
const here = path.dirname(fileURLToPath(import.meta.url));

const children: ChildProcess[] = [];

/** Node options for the server processes only, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" (not allowed in NODE_OPTIONS). */
export const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

/** Starts a server script in its own process and waits for the port it reports. */
export function startServer(script: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(here, script), [], { execArgv: ['--import', 'tsx', ...serverNodeArgs], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start within 60 s`)), 60_000);
    child.once('message', (message: { port?: number }) => {
      clearTimeout(timer);
      if (message.port) resolve({ child, port: message.port });
      else reject(new Error(`${script} reported no port`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before listening`));
    });
  });
}

/** Asks each child to stop (IPC disconnect), and kills by pid any that has not after 5 s. */
export async function stopChildren() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          if (child.connected) child.disconnect();
          else child.kill('SIGTERM');
        }),
    ),
  );
}
