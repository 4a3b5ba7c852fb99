import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Locator, Page, Response } from '@playwright/test';
import { E2E_PASSWORD, expect, logIn, registerAccount, skipTour, test, uniqueName, type WorkerApp } from './fixtures';

/**
 * The sign-in security screens in Chromium (docs/two-factor.md, docs/passkeys.md, docs/sessions.md):
 * a passkey made by the DevTools protocol's virtual authenticator, two-factor sign-in with codes
 * computed as an authenticator app does, and a session ended from another browser. The app is
 * reached as http://localhost:<port>: WebAuthn refuses an IP address as relying-party id. With
 * SCREENSHOT_DIR set, the Security card and the login's code step are also saved as PNGs.
 */
let app: WorkerApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

const WAIT = { timeout: 20_000 };
const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
const SCREENSHOTS = process.env.SCREENSHOT_DIR;
/*
 * The tests are independent and spread over the workers: beforeAll runs again before each one a
 * worker takes, so each run makes accounts of its own.
 */
let PASSKEY_USER: string;
let TOTP_USER: string;
let KEYS_USER: string;
let SESSIONS_USER: string;

/** Saves the page (a dialog: the viewport, where it lies) as a PNG when SCREENSHOT_DIR is set. */
async function shot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

test.beforeAll(async ({ app: workerApp, browser: workerBrowser }) => {
  app = workerApp;
  browser = workerBrowser;
  [PASSKEY_USER, TOTP_USER, KEYS_USER, SESSIONS_USER] = ['sec_passkey', 'sec_totp', 'sec_keys', 'sec_sessions'].map(uniqueName);
  await registerAccount(app, PASSKEY_USER, app.code);
  await registerAccount(app, TOTP_USER, app.code);
  await registerAccount(app, KEYS_USER, app.code);
  // The registration's own session ends, so the list holds only the two browsers' sign-ins.
  const { token } = await registerAccount(app, SESSIONS_USER, app.code);
  const ended = await fetch(`${app.baseUrl}/v1/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(ended.status).toBe(204);
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  return page;
}

const visible = (locator: Locator) => expect(locator.first()).toBeVisible();
const gone = (locator: Locator) => expect(locator).toHaveCount(0);

/** Whether the page is at `pathname`, whatever its query (/login keeps `?next=`). */
const at = (pathname: string) => (url: URL) => url.pathname === pathname;

async function openSecurity(page: Page): Promise<Locator> {
  await page.goto(`${app.baseUrl}/dashboard/settings`);
  const card = page.getByRole('region', { name: 'Security' });
  await visible(card.getByRole('heading', { name: 'Sessions' }));
  return card;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Log Out', exact: true }).click();
  await page.waitForURL(at('/login'));
}

/**
 * The TOTP code of `secret` for the time step that holds `epoch` (Unix seconds), as an authenticator
 * app computes it. A code is accepted once, and one step either side of the server's clock: the
 * step after a used code's is the next code to type, with no wait for the clock to get there.
 */
function codeAt(secret: string, epoch: number): Promise<string> {
  return generate({ secret, epoch });
}

test.describe('passkeys with a virtual authenticator', () => {
  test('registers a passkey in Settings, signs in with it without a username, and removes it', async () => {
    const page = await newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    await logIn(app, page, PASSKEY_USER);
    await skipTour(page);
    let card = await openSecurity(page);
    await visible(card.getByText('You have no passkeys yet.'));
    await card.getByLabel('Passkey name').fill('Virtual key');
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const passkeys = card.getByRole('list', { name: 'Passkeys' });
    await visible(passkeys.getByText('Virtual key'));
    await visible(passkeys.getByText('Never used'));
    // A discoverable credential: the sign-in below names no user.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map((credential) => credential.isResidentCredential)).toEqual([true]);

    await logOut(page);
    expect(await page.getByLabel('Username or email').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/dashboard', WAIT);

    card = await openSecurity(page);
    const current = card.getByRole('list', { name: 'Sessions' }).getByRole('listitem').filter({ hasText: 'This device' });
    await visible(current.getByText('Two-factor', { exact: true }));
    await visible(passkeys.getByText(/Last used /));
    expect(await passkeys.getByText('Never used').count()).toBe(0);

    await card.getByRole('button', { name: 'Remove Virtual key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the passkey Virtual key?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await gone(passkeys);
    await visible(card.getByText('You have no passkeys yet.'));
  });
});

test.describe('two-factor sign-in with an authenticator app', () => {
  test('turns it on in Settings, then the password login asks for a code and lands on the dashboard', async () => {
    const page = await newPage();
    await logIn(app, page, TOTP_USER);
    await skipTour(page);
    const card = await openSecurity(page);
    await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await visible(dialog.getByRole('img', { name: 'QR code for your authenticator app' }));
    const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await shot(page, 'security-turn-on-1280', { fullPage: false });

    const firstEpoch = Math.floor(Date.now() / 1000);
    const first = await codeAt(secret, firstEpoch);
    await dialog.getByLabel('Code from the app').fill(first);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const codes = dialog.getByRole('list', { name: 'Recovery codes' });
    await visible(codes);
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await shot(page, 'security-recovery-codes-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await gone(dialog);
    await visible(card.getByText('Two-factor sign-in is on.'));
    await visible(card.getByText('Recovery codes left: 10'));
    await shot(page, 'security-card-1280');

    await logOut(page);
    await page.getByLabel('Username or email').fill(TOTP_USER);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    const code = page.getByLabel('Code');
    await visible(code);
    await visible(page.getByText('Enter the code from your authenticator app, or one of your recovery codes.'));
    expect(await code.evaluate((element) => element === document.activeElement)).toBe(true);

    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible(page.getByText('Incorrect code'));
    await shot(page, 'login-code-step-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'login-code-step-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    const next = await codeAt(secret, firstEpoch + 30);
    expect(next).not.toBe(first);
    await code.fill(next);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard', WAIT);
    const sessions = (await openSecurity(page)).getByRole('list', { name: 'Sessions' });
    await visible(sessions.getByRole('listitem').filter({ hasText: 'This device' }).getByText('Two-factor', { exact: true }));
  });
});

test.describe('a session ended from another browser', () => {
  test("A signs out B's session: B's event stream closes and its next action sends it to /login", async () => {
    const pageA = await newPage();
    const pageB = await newPage();
    await logIn(app, pageA, SESSIONS_USER);
    await skipTour(pageA);
    const streamB = pageB.waitForResponse((response) => new URL(response.url()).pathname === '/v1/events' && response.status() === 200, WAIT);
    await logIn(app, pageB, SESSIONS_USER);
    await skipTour(pageB);
    const stream: Response = await streamB;

    const sessions = (await openSecurity(pageA)).getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    const other = sessions.getByRole('listitem').filter({ hasNotText: 'This device' });
    await other.getByRole('button', { name: 'Sign out' }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    // The server ends B's stream while B still holds its token (the client would only drop it after a 401).
    await stream.finished();
    expect(await pageB.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

    await pageB.getByRole('button', { name: 'Settings' }).click();
    await pageB.waitForURL(at('/login'), WAIT);
    await visible(pageB.getByText(SESSION_EXPIRED));
    expect(await pageB.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // A is still signed in.
    await pageA.reload();
    await visible(sessions);
  });
});

test.describe('Settings → Security at 375 px, by keyboard', () => {
  test('fits the width; the two-factor dialog opens with Enter, keeps focus, submits with Enter and closes with Escape', async () => {
    const page = await newPage(375);
    await logIn(app, page, KEYS_USER);
    await skipTour(page);
    const card = await openSecurity(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'security-card-375');

    const opener = card.getByRole('button', { name: 'Turn on two-factor sign-in' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await visible(dialog.getByRole('img', { name: 'QR code for your authenticator app' }));
    const field = dialog.getByLabel('Code from the app');
    const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
    // Tab walks the dialog's stops (close, field, Cancel, Confirm) and never leaves it.
    for (let stops = 0; stops < 6 && !(await focused(field)); stops += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    expect(await focused(field)).toBe(true);
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await visible(dialog.getByText('Incorrect code'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'security-turn-on-375', { fullPage: false });
    expect(await dialog.getByRole('button', { name: 'Confirm' }).isEnabled()).toBe(true);
    await page.keyboard.press('Escape');
    await gone(dialog);
    expect(await focused(opener)).toBe(true);
    await visible(card.getByText('Ask for a code from an authenticator app after your password.'));
  });
});
