import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { callApi, E2E_PASSWORD, expect, makeAdmin, newPage, registerAccount, signedInPage, test, uniqueName, type Account, type WorkerApp } from './fixtures';

/*
 * Safety and ownership (docs/mute.md, docs/reports.md, docs/invites-and-export.md) in Chromium: Ann invites Cal by link, mutes and unmutes him,
 * reports his comment; Mo (an admin) resolves the report; Ann reads the outcome and downloads
 * her data. Cal's stack and comment are made through the REST API, as a third-party client would.
 * With SCREENSHOT_DIR set, the new screens are also saved as PNGs.
 */

let app: WorkerApp;
let browser: Browser;
let ann: Page;
let cal: Page;
let mo: Page;
let annAccount: Account;
let calAccount: Account;
let inviteLink = '';

const SCREENSHOTS = process.env.SCREENSHOT_DIR;
const ANN = uniqueName('e2e_ann');
const MO = uniqueName('e2e_mo');
const CAL = uniqueName('e2e_cal');
const CAL2 = uniqueName('e2e_cal2');

test.describe.configure({ mode: 'serial' });

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `safety-${name}.png`), fullPage: true });
}
const api = <T,>(method: string, path: string, token?: string, body?: unknown) => callApi<T>(app, method, path, token, body);
const visible = (page: Page, text: string) => expect(page.getByText(text, { exact: true }).first()).toBeVisible();

const myStacks = (page: Page) => page.getByRole('list', { name: 'My Stacks' });
const card = (page: Page, name: string) => myStacks(page).getByRole('button').filter({ has: page.getByText(name, { exact: true }) });

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Invite a friend' })).toBeVisible();
}

async function openProfile(page: Page, username: string) {
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('list', { name: 'Users' }).getByRole('button', { name: new RegExp(username) }).click();
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
}

test.beforeAll(async ({ app: workerApp, browser: workerBrowser }) => {
  app = workerApp;
  browser = workerBrowser;
  annAccount = await registerAccount(app, ANN, app.code);
  const moAccount = await registerAccount(app, MO, app.code);
  await makeAdmin(app, moAccount);
  ann = await signedInPage(browser, app, annAccount);
  cal = await newPage(browser);
  mo = await signedInPage(browser, app, moAccount);
});
test.afterAll(async () => {
  for (const page of [ann, cal, mo]) await page?.context().close();
});

test.describe('mute, reports, export and invites in Chromium', () => {
  test('Ann makes an invite link in Settings', async () => {
    await ann.goto(`${app.baseUrl}/dashboard`);
    await openSettings(ann);
    await ann.getByRole('button', { name: 'Create invite link' }).click();
    const field = ann.getByLabel('Invite link');
    await expect(field).toHaveValue(/\/register\?code=[A-Z0-9-]+$/);
    inviteLink = await field.inputValue();
    expect(inviteLink.startsWith(app.baseUrl)).toBe(true);
    const invites = ann.getByRole('list', { name: 'My invites' });
    await expect(invites.getByRole('listitem')).toHaveCount(1);
    expect(await invites.getByText('Unused', { exact: true }).isVisible()).toBe(true);
  });

  test('Cal opens the link: the code is filled in, he joins and is Ann’s friend', async () => {
    await cal.goto(inviteLink);
    const code = new URL(inviteLink).searchParams.get('code')!;
    await expect(cal.getByLabel('Registration Code')).toHaveValue(code);
    await cal.getByLabel('Username').fill(CAL);
    await cal.getByLabel('Email').fill(`${CAL}@e2e.test`);
    await cal.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await cal.getByLabel('Confirm Password').fill(E2E_PASSWORD);
    await cal.getByRole('button', { name: 'Create Account' }).click();
    await cal.waitForURL('**/registration-complete');

    const { access_token } = await api<{ access_token: string }>('POST', '/v1/auth/login', undefined, { username_or_email: CAL, password: E2E_PASSWORD });
    calAccount = { token: access_token, username: CAL, id: (await api<{ id: number }>('GET', '/v1/users/me', access_token)).id };
    const friends = await api<{ username: string }[]>('GET', '/v1/users/friends/me', calAccount.token);
    expect(friends.map((f) => f.username)).toEqual([ANN]);

    // Ann's list says who joined with the link; the link works once.
    await ann.reload();
    await openSettings(ann);
    await visible(ann, `Joined: ${CAL}`);
    await shot(ann, 'settings-invites');
    const late = await newPage(browser);
    await late.goto(inviteLink);
    await late.getByLabel('Username').fill(CAL2);
    await late.getByLabel('Email').fill(`${CAL2}@e2e.test`);
    await late.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await late.getByLabel('Confirm Password').fill(E2E_PASSWORD);
    await late.getByRole('button', { name: 'Create Account' }).click();
    await visible(late, 'This registration code has already been used');
    expect(late.url()).toContain('/register');
    await late.context().close();
  });

  test('Ann mutes Cal: his stack leaves her feed; she unmutes him in Settings and it is back', async () => {
    const { id } = await api<{ id: number }>('POST', '/v1/stacks', calAccount.token, { name: 'Cal Picks', mode: 'friend', target_id: annAccount.id, positions: ['Tea', 'Coffee', 'Juice', 'Water', 'Milk', 'Soda'] });
    await api('POST', `/v1/stacks/${id}/comments`, calAccount.token, { description: 'Buy my pills cheap' });
    await ann.getByRole('tab', { name: 'Stacks' }).click();
    await expect(card(ann, 'Cal Picks')).toHaveCount(1);

    await openProfile(ann, CAL);
    await ann.getByRole('button', { name: 'Mute', exact: true }).click();
    await visible(ann, `You muted ${CAL}: their stacks, comments and notifications are hidden from you. They are not told.`);
    await expect(ann.getByRole('button', { name: 'Unmute' })).toBeVisible();
    await shot(ann, 'profile-muted');
    await ann.getByRole('tab', { name: 'Stacks' }).click();
    await expect(card(ann, 'Cal Picks')).toHaveCount(0);
    // Cal cannot tell: his own view of the stack is as before.
    const calFeed = await api<{ name: string }[]>('GET', '/v2/stacks', calAccount.token);
    expect(calFeed.map((s) => s.name)).toContain('Cal Picks');

    await openSettings(ann);
    const muted = ann.getByRole('list', { name: 'Muted users' });
    await expect(muted.getByText(CAL)).toBeVisible();
    await shot(ann, 'settings-muted');
    await muted.getByRole('button', { name: `Unmute ${CAL}` }).click();
    await expect(muted).toHaveCount(0);
    await ann.getByRole('tab', { name: 'Stacks' }).click();
    await expect(card(ann, 'Cal Picks')).toHaveCount(1);
  });

  test('Ann reports Cal’s comment', async () => {
    await card(ann, 'Cal Picks').click();
    await expect(ann.getByRole('heading', { name: 'Cal Picks', level: 1 })).toBeVisible();
    const comments = ann.getByRole('list', { name: 'Comments' });
    // Comments show once Ann has answered.
    await ann.getByRole('button', { name: 'Submit' }).click();
    await expect(comments.getByText('Buy my pills cheap')).toBeVisible();
    await comments.getByRole('button', { name: 'Report comment' }).click();
    const dialog = ann.getByRole('dialog', { name: 'Report Comment' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByLabel('Note (optional)').fill('Selling pills');
    await shot(ann, 'report-dialog');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const sent = ann.getByRole('dialog', { name: 'Report sent' });
    await expect(sent.getByText('Thanks, the admins will look at it.')).toBeVisible();
    await sent.getByRole('button', { name: 'OK' }).click();
    // Ann has no Reports tab: only admins do.
    expect(await ann.getByRole('tab', { name: 'Reports' }).count()).toBe(0);
  });

  test('Mo, an admin, resolves it from the Reports tab', async () => {
    await mo.goto(`${app.baseUrl}/dashboard`);
    await mo.getByRole('tab', { name: 'Reports' }).click();
    const report = mo.getByRole('article').filter({ hasText: 'Buy my pills cheap' });
    await expect(report).toBeVisible();
    expect(await report.textContent()).toContain(ANN);
    expect(await report.textContent()).toContain('Selling pills');
    expect(await report.getByRole('button', { name: 'Sandbox comment' }).isVisible()).toBe(true);
    await shot(mo, 'reports-queue');
    await report.getByRole('button', { name: 'Resolve' }).click();
    const dialog = mo.getByRole('dialog');
    await dialog.getByLabel('Resolution note (optional)').fill('Comment removed. Thank you.');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    // Resolved reports leave the open queue.
    await expect(mo.getByRole('article').filter({ hasText: 'Buy my pills cheap' })).toHaveCount(0);
  });

  test('Ann sees the outcome in her notifications', async () => {
    await ann.reload();
    const envelope = ann.getByRole('button', { name: /^Notifications/ });
    await expect(envelope).toHaveAttribute('aria-label', /\d+ unread/);
    const panel = ann.getByRole('dialog', { name: 'Notifications' });
    if (!(await panel.isVisible())) await envelope.click();
    await expect(panel.getByText(/Your report about the comment .*Buy my pills cheap.* was resolved\./)).toBeVisible();
    expect(await panel.getByText('Comment removed. Thank you.').isVisible()).toBe(true);
    await shot(ann, 'report-resolved-notification');
  });

  test('Ann downloads her data: one JSON document with her invite and report, nobody else’s e-mail', async () => {
    const panel = ann.getByRole('dialog', { name: 'Notifications' });
    if (await panel.isVisible()) await panel.getByRole('button', { name: 'Close' }).click();
    await openSettings(ann);
    const [download] = await Promise.all([ann.waitForEvent('download'), ann.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^stacks-export-${ANN}-.*\\.json$`));
    const text = readFileSync((await download.path())!, 'utf8');
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(JSON.stringify(data.profile)).toContain(`${ANN}@e2e.test`);
    expect(text).toContain(CAL);
    expect(text).toContain('Selling pills');
    expect(text).not.toContain(`${CAL}@e2e.test`);
    expect(text).not.toContain(`${MO}@e2e.test`);
  });
});
