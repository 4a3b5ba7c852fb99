import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { BrowserContext } from '@playwright/test';

/*
 * The servers the browser tests run against (docs/testing.md, "Browser tests"): the app as
 * `npm start` runs it (built client, real database) on a free port, the pair of instances behind
 * nginx, and the mail outbox they write. tests/e2e/fixtures.ts gives each worker one app; a file
 * that stops and restarts its server, or whose assertions read the whole database, starts its own.
 */

/*
 * Node itself runs the server and the CLI, with tsx as a loader: the `tsx` binary is a wrapper
 * process, and its exit does not promise that the server under it has released the embedded
 * database's lock, so a CLI run right after could find the data folder still in use.
 */
const TSX = ['--import', 'tsx'];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  /**
   * The registration code printed on first start. With `extraCodeUses` the database already holds
   * a code at first start, so nothing is printed: this is then the same as `extraCode`.
   */
  firstCode: string;
  /** The code made with the CLI before the server started (only with `extraCodeUses`). */
  extraCode?: string;
  output(): string;
  /** Runs `npm run cli -- ...args` on the app's database; answers what it printed. */
  cli(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** An app started by startApp: its server process can be stopped and started again. */
export interface LocalApp extends RunningApp {
  /** Stops the server process (SIGTERM), leaving its port free and its data folder: the server is gone. */
  halt(): Promise<void>;
  /** Starts it again on the same port and data folder. */
  launch(): Promise<void>;
}

export interface StartOptions {
  /**
   * Makes a registration code for this many registrations with `npm run cli -- codes:create`
   * before the server starts (the embedded database admits one process at a time, so the CLI
   * cannot run beside the server). Tests that need several accounts use it.
   */
  extraCodeUses?: number;
  /**
   * The host name the app is reached by (APP_URL and `baseUrl`); the server still listens on
   * 127.0.0.1. 'localhost' is for passkeys: WebAuthn refuses an IP address as relying-party id, and
   * the server takes its relying party from APP_URL. Default: '127.0.0.1'.
   */
  hostname?: 'localhost' | '127.0.0.1';
}

/** Runs the admin CLI on the app's database; the code is alone on the last line of its output. */
async function createCode(env: NodeJS.ProcessEnv, uses: number): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [...TSX, 'scripts/cli.ts', 'codes:create', '--uses', String(uses)], { env });
  const code = stdout.trim().split('\n').at(-1)?.trim();
  if (!code || !/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(code)) throw new Error(`codes:create printed no code:\n${stdout}`);
  return code;
}

/** The environment variable through which global-setup.ts names the migrated template database. */
export const TEMPLATE_ENV = 'STACKS_E2E_TEMPLATE';

/**
 * A new database on the PostgreSQL server of `serverUrl`; `drop` removes it. A copy of the migrated
 * template that global-setup.ts made when there is one (a server start then has nothing to
 * migrate), else empty.
 */
async function createDatabase(serverUrl: string, template = process.env[TEMPLATE_ENV]): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `stacks_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** One server process (`node --import tsx server/index.ts`) with `env`; it may be launched again after a halt. */
function serverProcess(env: NodeJS.ProcessEnv) {
  let output = '';
  let child: ChildProcess;
  return {
    output: () => output,
    async launch() {
      child = spawn(process.execPath, [...TSX, 'server/index.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      const from = output.length;
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const started = Date.now();
      while (!/Stacks is running/.test(output.slice(from))) {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
        if (Date.now() - started > 60_000) throw new Error(`server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async halt() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The registration code a first start prints, alone on its line. */
const printedCode = (output: string) => /^\s+([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\s*$/m.exec(output)?.[1];

/**
 * Starts the real server (built client, real database) as `npm start` would, on a free port and a
 * fresh database: a new database on the server in DATABASE_URL, or embedded PGlite in a temp folder.
 */
export async function startApp(options: StartOptions = {}): Promise<LocalApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stacks-e2e-'));
  const port = await freePort();
  const origin = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: origin, LOG_LEVEL: 'warn', BCRYPT_COST: '10', SCHEDULER: 'false' };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const database = await createDatabase(process.env.DATABASE_URL);
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  } else {
    delete env.DATABASE_URL;
  }
  const extraCode = options.extraCodeUses ? await createCode(env, options.extraCodeUses) : undefined;
  const server = serverProcess(env);
  const launch = server.launch;
  const halt = server.halt;
  await launch();
  const firstCode = printedCode(server.output()) ?? extraCode;
  if (!firstCode) throw new Error(`no first registration code printed:\n${server.output()}`);
  return {
    baseUrl: origin,
    dataDir,
    firstCode,
    extraCode,
    output: server.output,
    halt,
    launch,
    async cli(args) {
      // The embedded database admits one process: the server pauses while the CLI runs.
      const embedded = !env.DATABASE_URL;
      if (embedded) await halt();
      try {
        const { stdout } = await promisify(execFile)(process.execPath, [...TSX, 'scripts/cli.ts', ...args], { env });
        return stdout;
      } finally {
        if (embedded) await launch();
      }
    },
    async stop() {
      await halt();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** The server PostgreSQL the two instances share: DATABASE_URL, else the local server of CI. */
const SERVER_PG = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Instance {
  /** INSTANCE_NAME of the process: 'a' or 'b', also the value of the `stacks_instance` cookie that pins a browser to it. */
  name: 'a' | 'b';
  /** Its own address, host:port, as nginx's X-Upstream header names it. */
  addr: string;
  output(): string;
}

export interface RunningCluster extends RunningApp {
  /** Instance A and instance B, in that order. */
  instances: Instance[];
  /** Which instance answered a response that came through nginx (its X-Upstream header). */
  instanceOf(response: { headers: Headers } | { headers(): Record<string, string> }): Instance['name'];
  /** Pins a browser context to one instance (nginx maps the cookie to that instance's upstream). */
  pin(context: BrowserContext, name: Instance['name']): Promise<void>;
}

/** deploy/nginx.conf with its placeholders filled in (see the comment at its top). */
export function nginxConfig(values: { listen: string; appA: string; appB: string }): string {
  const template = readFileSync(path.join(process.cwd(), 'deploy', 'nginx.conf'), 'utf8');
  const filled = template.replaceAll('${STACKS_LISTEN}', values.listen).replaceAll('${STACKS_APP_A}', values.appA).replaceAll('${STACKS_APP_B}', values.appB);
  const left = /\$\{STACKS_[A-Z_]+\}/.exec(filled);
  if (left) throw new Error(`deploy/nginx.conf: placeholder ${left[0]} not filled`);
  return filled;
}

/** nginx in the foreground with `conf`, prefix `dir` (pid, logs and temp files stay there). */
function nginxProcess(dir: string, conf: string) {
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const confPath = path.join(dir, 'nginx.conf');
  writeFileSync(confPath, conf);
  let output = '';
  const child = spawn(NGINX, ['-p', `${dir}/`, '-c', confPath, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return {
    output: () => output,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // SIGQUIT: graceful shutdown; open event streams end and their browsers reconnect.
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/**
 * Two app instances (INSTANCE_NAME a and b, one JWT_SECRET) on one new database on the server
 * PostgreSQL, with nginx in front as deploy/nginx.conf sets it up, on free ports. `baseUrl` is
 * nginx. A starts first (it migrates and prints the first code), then B on the migrated database.
 */
export async function startCluster(): Promise<RunningCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stacks-e2e-cluster-'));
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  const database = await createDatabase(SERVER_PG, process.env.DATABASE_URL ? process.env[TEMPLATE_ENV] : undefined);
  const [nginxPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${nginxPort}`;
  const common: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    // Both write mail into one outbox, so linkFromOutbox finds every message.
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    BCRYPT_COST: '10',
    SCHEDULER: 'false',
  };
  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const item of started.reverse()) await item.stop();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const servers = (['a', 'b'] as const).map((name, i) => {
      const port = [portA, portB][i];
      return { name, addr: `127.0.0.1:${port}`, process: serverProcess({ ...common, PORT: String(port), INSTANCE_NAME: name }) };
    });
    for (const server of servers) {
      await server.process.launch();
      started.push({ stop: server.process.halt });
    }
    const firstCode = printedCode(servers[0].process.output());
    if (!firstCode) throw new Error(`no first registration code printed:\n${servers[0].process.output()}`);

    const nginx = nginxProcess(path.join(dir, 'nginx'), nginxConfig({ listen: `127.0.0.1:${nginxPort}`, appA: servers[0].addr, appB: servers[1].addr }));
    started.push(nginx);
    const since = Date.now();
    for (;;) {
      if (nginx.exited()) throw new Error(`nginx exited:\n${nginx.output()}`);
      const ok = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() - since > 15_000) throw new Error(`nginx did not answer on ${baseUrl}:\n${nginx.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const instances: Instance[] = servers.map((server) => ({ name: server.name, addr: server.addr, output: server.process.output }));
    return {
      baseUrl,
      dataDir,
      firstCode,
      output: () => servers.map((server) => `--- instance ${server.name}\n${server.process.output()}`).join('\n') + `\n--- nginx\n${nginx.output()}`,
      async cli(args) {
        const { stdout } = await promisify(execFile)(process.execPath, [...TSX, 'scripts/cli.ts', ...args], { env: common });
        return stdout;
      },
      instances,
      instanceOf(response) {
        const header = typeof response.headers === 'function' ? response.headers()['x-upstream'] : response.headers.get('x-upstream');
        const instance = instances.find((candidate) => candidate.addr === header);
        if (!instance) throw new Error(`X-Upstream ${String(header)} names neither instance (${instances.map((i) => i.addr).join(', ')})`);
        return instance.name;
      },
      async pin(context, name) {
        await context.addCookies([{ name: 'stacks_instance', value: name, url: baseUrl }]);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Decodes a quoted-printable mail body enough to read its links. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The first link to `pathname` in the newest outbox mail addressed to `to`. The mailer writes the
 * parts as they are (7bit), links whole, so the file is read as it is; decoding it as
 * quoted-printable would turn a token's '=AB' into another character. A quoted-printable mail
 * (not ours any more) is decoded first.
 */
export function linkFromOutbox(dataDir: string, to: string, pathname: string): string {
  const folder = path.join(dataDir, 'outbox');
  const files = readdirSync(folder).filter((f) => f.endsWith('.eml')).sort();
  for (const file of files.reverse()) {
    const raw = readFileSync(path.join(folder, file), 'utf8');
    const mail = /^Content-Transfer-Encoding: quoted-printable/im.test(raw) ? decodeQuotedPrintable(raw) : raw;
    if (!mail.includes(to)) continue;
    const link = mail.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => new URL(url).pathname === pathname);
    if (link) return link.replace(/&amp;/g, '&');
  }
  throw new Error(`no ${pathname} link for ${to} in ${folder}`);
}

