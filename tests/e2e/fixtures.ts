import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import axe from 'axe-core';
import { ONBOARDING_VERSION } from '../../shared/limits';
import { startApp, type LocalApp, type RunningApp } from './servers';

/*
 * What the browser tests share (docs/testing.md, "Browser tests"): each worker's own app (server
 * and database, worker-scoped), accounts and data made through the REST API, browser pages that
 * start signed in, and the axe-core scan. Playwright's own `browser` fixture is the worker's
 * Chromium (playwright.config.ts).
 */

export { expect };
export { linkFromOutbox, type LocalApp, type RunningApp } from './servers';

/** The password of every account the browser tests make. */
export const E2E_PASSWORD = 'correct horse';

/** The WCAG rule sets every axe-core scan of the browser tests runs (2.2 A/AA and what it includes). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The viewport of a page unless a test says otherwise. */
export const VIEWPORT = { width: 1100, height: 800 };

export interface Account {
  token: string;
  id: number;
  username: string;
}

/**
 * The worker's app, shared by the tests of every file that runs in the worker (one after the
 * other): served as http://localhost:<port> (passkeys need a host name, WebAuthn refuses an IP
 * address). Tests on it make accounts with names of their own (`uniqueName`), and assert only
 * what their own accounts see.
 */
export interface WorkerApp extends LocalApp {
  /** A registration code good for thousands of registrations. */
  code: string;
  /** An admin that no test signs in as: it makes admins and bots through the admin API. */
  root: Account;
}

let nameCounter = 0;
/** `base` with a suffix no other test of this run uses (a worker app is shared): `ann_k3f2`. Usernames are at most 30 characters. */
export function uniqueName(base: string): string {
  nameCounter += 1;
  return `${base}_${process.pid.toString(36).slice(-2)}${nameCounter.toString(36)}`;
}

export const test = base.extend<object, { app: WorkerApp }>({
  app: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await startApp({ hostname: 'localhost' });
      try {
        // The first code's one use makes the root account, the admin CLI makes it an admin (beside
        // the server on PostgreSQL; the embedded database pauses the server meanwhile), and the
        // admin API makes the code every test registers with.
        const root = await registerAccount(app, uniqueName('root'), app.firstCode);
        await app.cli(['users:role', root.username, 'ADMIN']);
        const { code } = await callApi<{ code: string }>(app, 'POST', '/v1/admin/codes', root.token, { uses: 10_000 });
        await use({ ...app, code, root });
      } finally {
        await app.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** A JSON call to the running app's REST API, as a third-party client makes it; throws on non-2xx. */
export async function callApi<T>(app: RunningApp, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
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
  return { token: access_token, id: me.id, username };
}

/** A friend request and its acceptance, through the friend request endpoints. */
export async function befriend(app: RunningApp, from: Account, to: Account): Promise<void> {
  await callApi(app, 'POST', '/v1/users/friends/requests', from.token, { user_id: to.id });
  const incoming = await callApi<{ id: number }[]>(app, 'GET', '/v1/users/friends/requests?type=incoming', to.token);
  await callApi(app, 'PUT', `/v1/users/friends/requests/${incoming[0].id}`, to.token, { status: 'ACCEPTED' });
}

/** Makes `account` an admin through the admin API, as the worker app's root admin. */
export async function makeAdmin(app: WorkerApp, account: Account): Promise<void> {
  await callApi(app, 'PUT', `/v1/admin/users/${account.id}/role`, app.root.token, { role: 'ADMIN' });
}

/** A page in a context of its own, its page errors printed. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  return page;
}

/**
 * A page in a context of its own that starts signed in as `account` (a fresh session from
 * POST /v1/auth/login, its token where the app keeps it) with the onboarding tour done, as after a
 * first sign-in and Skip. Nothing is loaded yet: the test goes where it needs.
 */
export async function signedInPage(browser: Browser, app: RunningApp, account: Account, options: BrowserContextOptions = {}): Promise<Page> {
  const { access_token } = await callApi<{ access_token: string }>(app, 'POST', '/v1/auth/login', undefined, { username_or_email: account.username, password: E2E_PASSWORD });
  const localStorage = [
    { name: 'token', value: access_token },
    { name: 'onboarding_version', value: ONBOARDING_VERSION },
    { name: 'onboarding_completed', value: 'true' },
  ];
  return newPage(browser, { ...options, storageState: { cookies: [], origins: [{ origin: app.baseUrl, localStorage }] } });
}

/**
 * Marks the notifications panel as already shown in this browser session for `account`: it opens
 * by itself once a session starts with unread notifications (spec 1 §2), over what a test is about.
 */
export async function shownNotificationsAlready(context: BrowserContext, account: Account): Promise<void> {
  await context.addInitScript((id: number) => sessionStorage.setItem(`notifications_auto_shown_${id}`, 'true'), account.id);
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
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
}

/**
 * The critical and serious WCAG 2.2 A/AA violations axe-core finds on the page as it is now (or in
 * the part `include` selects), with their nodes. axe-core is put in the page once per document
 * (its source evaluated over DevTools, which the app's CSP does not stop) and run with one call;
 * only violations are collected in detail (`resultTypes`): the tests never read the passes, whose
 * details cost most of a scan's time.
 */
export async function axeViolations(page: Page, include?: string): Promise<{ id: string; impact: string; help: string; targets: string[]; summaries: string[] }[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, include }) => {
      const { axe: run } = window as unknown as { axe: typeof axe };
      const results = await run.run(include ? { include: [include] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
        summaries: violation.nodes.map((node) => node.failureSummary ?? ''),
      }));
    },
    { tags: AXE_TAGS, include },
  );
  return violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious');
}
