import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

/*
 * Node itself runs the server and the CLI, with tsx as a loader: the `tsx` binary is a wrapper
 * process, and its exit does not promise that the server under it has released the embedded
 * database's lock, so a CLI run right after could find the data folder still in use.
 */
const TSX = ['--import', 'tsx'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

export interface StartOptions {
  /**
   * Makes a registration code for this many registrations with `npm run cli -- codes:create`
   * before the server starts (the embedded database admits one process at a time, so the CLI
   * cannot run beside the server). Tests that need several accounts use it.
   */
  extraCodeUses?: number;
}

/** Runs the admin CLI on the app's database; the code is alone on the last line of its output. */
async function createCode(env: NodeJS.ProcessEnv, uses: number): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [...TSX, 'scripts/cli.ts', 'codes:create', '--uses', String(uses)], { env });
  const code = stdout.trim().split('\n').at(-1)?.trim();
  if (!code || !/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(code)) throw new Error(`codes:create printed no code:\n${stdout}`);
  return code;
}

/**
 * Starts the real server (built client, real database) as `npm start` would, on a free port and a
 * fresh database: a new database on the server in DATABASE_URL, or embedded PGlite in a temp folder.
 */
export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stacks-e2e-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', BCRYPT_COST: '10', SCHEDULER: 'false' };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `stacks_e2e_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    delete env.DATABASE_URL;
  }
  const extraCode = options.extraCodeUses ? await createCode(env, options.extraCodeUses) : undefined;
  let output = '';
  let child: ChildProcess;
  async function launch() {
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
  }
  async function halt() {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await launch();
  const firstCode = /^\s+([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\s*$/m.exec(output)?.[1] ?? extraCode;
  if (!firstCode) throw new Error(`no first registration code printed:\n${output}`);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    firstCode,
    extraCode,
    output: () => output,
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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  return page;
}

/** Decodes a quoted-printable mail body (as nodemailer writes it) enough to read its links. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link to `pathname` in the newest outbox mail addressed to `to`. */
export function linkFromOutbox(dataDir: string, to: string, pathname: string): string {
  const folder = path.join(dataDir, 'outbox');
  const files = readdirSync(folder).filter((f) => f.endsWith('.eml')).sort();
  for (const file of files.reverse()) {
    const mail = decodeQuotedPrintable(readFileSync(path.join(folder, file), 'utf8'));
    if (!mail.includes(to)) continue;
    const link = mail.match(/https?:\/\/[^\s"<>]+/g)?.find((url) => new URL(url).pathname === pathname);
    if (link) return link.replace(/&amp;/g, '&');
  }
  throw new Error(`no ${pathname} link for ${to} in ${folder}`);
}

/** The password of every account the browser tests make. */
export const E2E_PASSWORD = 'correct horse';

export interface Account {
  token: string;
  id: number;
}

/** A JSON call to the running app's REST API, as a third-party client makes it; throws on non-2xx. */
export async function callApi<T>(app: RunningApp, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** POST /v1/users/register with `code`; returns the token and the new user's id. */
export async function registerAccount(app: RunningApp, username: string, code: string): Promise<Account> {
  const { access_token } = await callApi<{ access_token: string }>(app, 'POST', '/v1/users/register', undefined, {
    username,
    email: `${username}@e2e.test`,
    password: E2E_PASSWORD,
    registration_code: code,
  });
  const me = await callApi<{ id: number }>(app, 'GET', '/v1/users/me', access_token);
  return { token: access_token, id: me.id };
}

/** A friend request and its acceptance, through the friend request endpoints. */
export async function befriend(app: RunningApp, from: Account, to: Account): Promise<void> {
  await callApi(app, 'POST', '/v1/users/friends/requests', from.token, { user_id: to.id });
  const incoming = await callApi<{ id: number }[]>(app, 'GET', '/v1/users/friends/requests?type=incoming', to.token);
  await callApi(app, 'PUT', `/v1/users/friends/requests/${incoming[0].id}`, to.token, { status: 'ACCEPTED' });
}

/** Logs in through the login form and waits for the dashboard. */
export async function logIn(app: RunningApp, page: Page, username: string): Promise<void> {
  await page.goto(`${app.baseUrl}/login`);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}

/** The tour starts by itself for a new user and lies over everything: tests that are not about it skip it. */
export async function skipTour(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Skip' }).count()).toBe(0);
}
