import type { Browser, BrowserContext, Page } from '@playwright/test';
import { befriend, callApi, E2E_PASSWORD, expect, linkFromOutbox, makeAdmin, registerAccount, test, uniqueName, type Account, type WorkerApp } from './fixtures';

/**
 * Real addresses for every view (docs/addresses.md), in Chromium: a Back/Forward/reload walk across a stack,
 * a group, a profile and a bot (the URL and the heading or tab each time, never leaving the app's
 * origin); a link opened signed out goes through /login to the linked view; ?next= refuses other
 * sites; Copy link; a stack deleted while open, and its address opened after; an expired session.
 * Ann is an admin (she owns the bot and may delete its stack); Bob is her friend.
 */
let app: WorkerApp;
let browser: Browser;
let ann: Account;
let bob: Account;
let groupId: number;
let walkId: number;
let botId: number;
let botStack: { id: number; name: string };

const ANN = uniqueName('e2e_ann');
const BOB = uniqueName('e2e_bob');

test.describe.configure({ mode: 'serial' });

const api = <T,>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(app, method, path, token, body);
const url = (path: string) => `${app.baseUrl}${path}`;

/** The run record that `bots:run` prints as JSON after its log lines. */
const printedRun = (output: string) => JSON.parse(output.slice(output.indexOf('{'))) as { success: boolean; stack_id: number | null };

/**
 * A browser context with the tour done and the notifications panel already shown this session
 * (they open by themselves and would lie over the page), and the clipboard allowed.
 */
async function newContext(userIds: number[]): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  await context.addInitScript((ids: number[]) => {
    localStorage.setItem('onboarding_version', '1.1.0');
    localStorage.setItem('onboarding_completed', 'true');
    for (const id of ids) sessionStorage.setItem(`notifications_auto_shown_${id}`, 'true');
  }, userIds);
  return context;
}

async function newPageFor(account: Account): Promise<Page> {
  const page = await (await newContext([account.id])).newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  return page;
}

/** Fills the login form the page shows and sends it. */
async function submitLogin(page: Page, username: string) {
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

const selectedTab = (page: Page) => page.getByRole('tab', { selected: true });

/**
 * The page is at `path` (on the app's origin), shows the heading `heading`, and the tab bar has
 * `tab` selected (null: none, as in settings).
 */
async function expectView(page: Page, path: string, heading: string, tab: string | null, level?: number) {
  await expect(page).toHaveURL(url(path));
  await expect(page.getByRole('heading', { name: heading, exact: true, level }).first()).toBeVisible();
  if (tab !== null) await expect(selectedTab(page)).toHaveText(tab);
  expect(new URL(page.url()).origin).toBe(app.baseUrl);
}

test.beforeAll(async ({ app: workerApp, browser: workerBrowser }) => {
  app = workerApp;
  browser = workerBrowser;
  ann = await registerAccount(app, ANN, app.code);
  bob = await registerAccount(app, BOB, app.code);
  await befriend(app, ann, bob);
  ({ id: groupId } = await api<{ id: number }>('POST', '/v1/groups', ann.token, { name: 'Route Club', description: '', is_public: false, is_restricted: false, is_readonly: false }));
  ({ id: walkId } = await api<{ id: number }>('POST', '/v1/stacks', ann.token, { name: 'Route Walk', mode: 'friend', target_id: bob.id, positions: ['A', 'B', 'C', 'D', 'E', 'F'] }));
  await makeAdmin(app, ann);
  const created = await app.cli(['bots:create', '--name', 'Routebot', '--bio', 'Finds the way', '--avatar', '2', '--owner', ANN, '--group', String(groupId), '--tags', 'maps, trains, bikes']);
  botId = Number(created.trim().split('\n').at(-1));
  const run = printedRun(await app.cli(['bots:run', String(botId)]));
  expect(run.success).toBe(true);
  const detail = await api<{ id: number; name: string | null }>('GET', `/v1/stacks/${run.stack_id}`, ann.token);
  expect(detail.name?.trim()).toBeTruthy();
  botStack = { id: detail.id, name: detail.name!.trim() };
});
test.describe('addresses in Chromium', () => {
  test('Back, Forward and reload walk across a stack, a group, a profile and a bot, never leaving the app', async () => {
    const page = await newPageFor(ann);
    await page.goto(url('/login'));
    await submitLogin(page, ANN);
    await expectView(page, '/dashboard', 'My Stacks', 'Stacks');

    // Forward through the views: each one pushes its address.
    await page.getByRole('list', { name: 'My Stacks' }).getByRole('button', { name: /Route Walk/ }).click();
    await expectView(page, `/dashboard/stacks/${walkId}`, 'Route Walk', 'Route Wa', 1);
    await page.getByRole('tab', { name: 'Groups' }).click();
    await expectView(page, '/dashboard/groups', 'My Groups', 'Groups');
    await page.getByRole('list', { name: 'My Groups' }).getByRole('button', { name: /Route Club/ }).click();
    await expectView(page, `/dashboard/groups/${groupId}`, 'Route Club', 'Route Club', 1);
    await page.getByRole('tab', { name: 'Users' }).click();
    await expectView(page, '/dashboard/users', 'Users', 'Users', 2);
    await page.getByRole('list', { name: 'Users' }).getByRole('button', { name: new RegExp(BOB) }).click();
    await expectView(page, `/dashboard/users/${bob.id}`, BOB, BOB, 1);
    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    await page.getByRole('list', { name: 'Bots' }).getByRole('button', { name: /Routebot/ }).click();
    await expectView(page, `/dashboard/bots/${botId}`, 'Routebot', 'Routebot', 1);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Stacks', 'Groups', 'Users', 'Reports', 'Admin', 'Route Wa', 'Route Club', BOB, 'Routebot']);

    // Back through every view, in order, inside the app.
    await page.goBack();
    await expectView(page, '/dashboard/users', 'Users', 'Users', 2);
    await page.goBack();
    await expectView(page, `/dashboard/users/${bob.id}`, BOB, BOB, 1);
    await page.goBack();
    await expectView(page, '/dashboard/users', 'Users', 'Users', 2);
    await page.goBack();
    await expectView(page, `/dashboard/groups/${groupId}`, 'Route Club', 'Route Club', 1);
    await page.goBack();
    await expectView(page, '/dashboard/groups', 'My Groups', 'Groups');
    await page.goBack();
    await expectView(page, `/dashboard/stacks/${walkId}`, 'Route Walk', 'Route Wa', 1);
    await page.goBack();
    await expectView(page, '/dashboard', 'My Stacks', 'Stacks');

    // Forward again.
    await page.goForward();
    await expectView(page, `/dashboard/stacks/${walkId}`, 'Route Walk', 'Route Wa', 1);
    await page.goForward();
    await expectView(page, '/dashboard/groups', 'My Groups', 'Groups');

    // A reload keeps the view; the tabs opened before are gone, and Forward opens the group again by its address.
    await page.reload();
    await expectView(page, '/dashboard/groups', 'My Groups', 'Groups');
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Stacks', 'Groups', 'Users', 'Reports', 'Admin']);
    await page.goForward();
    await expectView(page, `/dashboard/groups/${groupId}`, 'Route Club', 'Route Club', 1);
    await page.reload();
    await expectView(page, `/dashboard/groups/${groupId}`, 'Route Club', 'Route Club', 1);

    // Closing a detail returns to where it was opened from, by going back one entry.
    await page.getByRole('button', { name: 'Close Route Club' }).click();
    await expectView(page, '/dashboard/groups', 'My Groups', 'Groups');
    await page.goBack();
    await expectView(page, `/dashboard/stacks/${walkId}`, 'Route Walk', 'Route Wa', 1);
    expect(new URL(page.url()).origin).toBe(app.baseUrl);

    // A reload of a stack's address opens that stack's tab.
    await page.reload();
    await expectView(page, `/dashboard/stacks/${walkId}`, 'Route Walk', 'Route Wa', 1);
    // Settings and the admin's Reports have addresses too.
    await page.getByRole('button', { name: 'Settings' }).click();
    await expectView(page, '/dashboard/settings', 'Settings', null, 1);
    await page.getByRole('tab', { name: 'Reports' }).click();
    await expect(page).toHaveURL(url('/dashboard/reports'));
    await page.goBack();
    await expectView(page, '/dashboard/settings', 'Settings', null, 1);
    await page.context().close();
  });

  test('a link opened signed out goes to /login, and after login to the linked view', async () => {
    const page = await newPageFor(ann);
    await page.goto(url(`/dashboard/groups/${groupId}`));
    await expect(page).toHaveURL(url(`/login?next=${encodeURIComponent(`/dashboard/groups/${groupId}`)}`));
    expect(await page.getByText('Your session has expired. Please log in again.').count()).toBe(0);
    await submitLogin(page, ANN);
    await expectView(page, `/dashboard/groups/${groupId}`, 'Route Club', 'Route Club', 1);

    // The same for the stand-alone profile page (spec 1 §2 route table).
    const other = await newPageFor(ann);
    await other.goto(url(`/users/${bob.id}`));
    await expect(other).toHaveURL(url(`/login?next=${encodeURIComponent(`/users/${bob.id}`)}`));
    await submitLogin(other, ANN);
    await expect(other).toHaveURL(url(`/users/${bob.id}`));
    await expect(other.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
    await page.context().close();
    await other.context().close();
  });

  for (const [label, next] of [
    ['//evil.example/dashboard', encodeURIComponent('//evil.example/dashboard')],
    ['//evil.example, unencoded', '//evil.example'],
    ['/\\evil.example', encodeURIComponent('/\\evil.example')],
    ['https://evil.example/', encodeURIComponent('https://evil.example/')],
    ['javascript:alert(1)', encodeURIComponent('javascript:alert(document.domain)')],
  ]) {
    test(`?next=${label} is refused: login goes to /dashboard on this site`, async () => {
      const page = await newPageFor(ann);
      let dialogs = 0;
      page.on('dialog', (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
      await page.goto(url(`/login?next=${next}`));
      await submitLogin(page, ANN);
      await expectView(page, '/dashboard', 'My Stacks', 'Stacks');
      expect(dialogs).toBe(0);
      await page.context().close();
    });
  }

  test('Copy link copies the absolute address of the stack, which opens that stack', async () => {
    const page = await newPageFor(ann);
    await page.goto(url('/login'));
    await submitLogin(page, ANN);
    await expectView(page, '/dashboard', 'My Stacks', 'Stacks');
    await page.getByRole('list', { name: 'My Stacks' }).getByRole('button', { name: /Route Walk/ }).click();
    await expectView(page, `/dashboard/stacks/${walkId}`, 'Route Walk', 'Route Wa', 1);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
    await page.bringToFront();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(url(`/dashboard/stacks/${walkId}`));

    // The copied link, opened in another tab of the same browser, shows the stack.
    const other = await page.context().newPage();
    await other.goto(copied);
    await expectView(other, `/dashboard/stacks/${walkId}`, 'Route Walk', 'Route Wa', 1);
    await page.context().close();
  });

  test("a stack deleted while its tab is open says 'This stack no longer exists.' and its tab closes; its address says so after", async () => {
    const page = await newPageFor(ann);
    await page.goto(url('/login'));
    await submitLogin(page, ANN);
    await expectView(page, '/dashboard', 'My Stacks', 'Stacks');
    await page.goto(url(`/dashboard/stacks/${botStack.id}`));
    await expectView(page, `/dashboard/stacks/${botStack.id}`, botStack.name, Array.from(botStack.name).slice(0, 8).join(''), 1);

    await api('DELETE', `/v1/stacks/${botStack.id}`, ann.token);
    const notice = page.getByRole('alert').filter({ hasText: 'This stack no longer exists.' });
    await expect(notice).toBeVisible();
    expect(await notice.textContent()).toContain('This stack no longer exists.');
    expect(await notice.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await expect(page.getByRole('tab')).toHaveText(['Stacks', 'Groups', 'Users', 'Reports', 'Admin']);
    await expectView(page, '/dashboard/stacks', 'My Stacks', 'Stacks');
    expect(await page.getByText('Failed to load stack').count()).toBe(0);

    // Its address, opened after the deletion: the same words, no Retry, the Stacks tab.
    await page.goto(url(`/dashboard/stacks/${botStack.id}`));
    await expect(page.getByRole('alert').filter({ hasText: 'This stack no longer exists.' })).toBeVisible();
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await expectView(page, '/dashboard/stacks', 'My Stacks', 'Stacks');
    await page.context().close();
  });

  test('an expired session lands on /login saying so, and login returns to the view; Logout says nothing', async () => {
    // A page whose live stream is cut: the click's own call meets the 401.
    const page = await newPageFor(ann);
    await page.route('**/v1/events**', (route) => route.abort());
    // Another with the live stream: it learns of the revoked token by itself.
    const live = await newPageFor(ann);
    for (const target of [page, live]) {
      await target.goto(url('/login'));
      await submitLogin(target, ANN);
      await expectView(target, '/dashboard', 'My Stacks', 'Stacks');
      await target.goto(url(`/dashboard/groups/${groupId}`));
      await expectView(target, `/dashboard/groups/${groupId}`, 'Route Club', 'Route Club', 1);
    }

    // The password is reset elsewhere: every earlier token is revoked.
    await api('POST', '/v1/auth/recovery', undefined, { email: `${ANN}@e2e.test` });
    let link = '';
    // The recovery answer comes before its mail: wait for the link itself.
    await expect(() => {
      link = linkFromOutbox(app.dataDir, `${ANN}@e2e.test`, '/reset-password');
    }).toPass();
    await api('POST', '/v1/auth/reset', undefined, { token: new URL(link).searchParams.get('token'), password: E2E_PASSWORD });

    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page).toHaveURL(url(`/login?next=${encodeURIComponent('/dashboard/users')}`));
    const expired = page.getByRole('alert').filter({ hasText: 'Your session has expired. Please log in again.' });
    await expect(expired).toBeVisible();
    expect((await expired.textContent())?.trim()).toBe('Your session has expired. Please log in again.');
    await submitLogin(page, ANN);
    await expectView(page, '/dashboard/users', 'Users', 'Users', 2);

    // The live stream's 401 (the server ends the stream, the reconnect is refused) does the same.
    await expect(live).toHaveURL(url(`/login?next=${encodeURIComponent(`/dashboard/groups/${groupId}`)}`), { timeout: 45_000 });
    await expect(live.getByText('Your session has expired. Please log in again.')).toBeVisible();
    await submitLogin(live, ANN);
    await expectView(live, `/dashboard/groups/${groupId}`, 'Route Club', 'Route Club', 1);

    // A deliberate Log Out: plain /login, no word of expiry.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: 'Log Out' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(url('/login'));
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    expect(await page.getByText('Your session has expired. Please log in again.').count()).toBe(0);
    await page.context().close();
    await live.context().close();
  });
});
