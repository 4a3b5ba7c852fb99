import type { Browser, Page } from '@playwright/test';
import { callApi, expect, linkFromOutbox, newPage, test } from './fixtures';
import { startApp, type LocalApp } from './servers';

/*
 * The account journey on an app of its own: it registers with the registration code a new
 * database prints at its first start, which only a fresh app has.
 */
let app: LocalApp;
let browser: Browser;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
  app = await startApp();
  page = await newPage(browser);
});
test.afterAll(async () => {
  await page?.context().close();
  await app?.stop();
});

const themeOf = (p: Page) => p.evaluate(() => ({ theme: document.documentElement.dataset.theme, dark: document.documentElement.classList.contains('dark') }));

test.describe('the account journey in Chromium', () => {
  test('registers with the first-run code and lands on the dashboard', async () => {
    await page.goto(`${app.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();

    await page.getByLabel('Username').fill('e2e_alice');
    await page.getByLabel('Email').fill('alice@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await page.getByLabel('Confirm Password').fill('correct horse');
    await page.getByLabel('Registration Code').fill(app.firstCode);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/registration-complete');
    await expect(page.getByText("You've been signed up successfully.")).toBeVisible();
    // 'Registration Successful!' stays on its own page, not for one frame.
    expect(await page.getByRole('heading', { name: 'Registration Successful!' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go to Dashboard now' }).click();
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('tab', { name: 'Stacks' })).toBeVisible();
    expect(await themeOf(page)).toEqual({ theme: 'dark', dark: true });
    // The onboarding tour starts for a new user and lies over the page until skipped.
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  });

  test('logs out through the Log Out dialog', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // A logged-out visitor cannot reach the dashboard.
    await page.goto(`${app.baseUrl}/dashboard`);
    await page.waitForURL('**/login');
  });

  test('verifies the e-mail with the link from the outbox', async () => {
    const link = linkFromOutbox(app.dataDir, 'alice@e2e.test', '/verify-email');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email Verified Successfully!' })).toBeVisible();
    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await expect(page.getByText('This verification link has already been used')).toBeVisible();
  });

  test('refuses a wrong password with the server detail, then logs in', async () => {
    await page.goto(`${app.baseUrl}/login`);
    await page.getByLabel('Username or email').fill('e2e_alice');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Incorrect username/email or password')).toBeVisible();

    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    // Back onto login while logged in: straight back to the dashboard.
    await page.goto(`${app.baseUrl}/login`);
    await page.waitForURL('**/dashboard');
  });

  test('switches the theme in settings and keeps it after a reload', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByText('alice@e2e.test')).toBeVisible();
    await page.getByRole('button', { name: 'Light' }).click();
    expect(await themeOf(page)).toEqual({ theme: 'light', dark: false });
    await page.reload();
    await expect(async () => expect(await themeOf(page)).toEqual({ theme: 'light', dark: false })).toPass();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('logs out and is sent to /login', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await page.waitForURL('**/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });

  test('checks a reset link as its page opens: a used one says so before any password is typed', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    try {
      await callApi(app, 'POST', '/v1/auth/recovery', undefined, { email: 'alice@e2e.test' });
      // The recovery answer comes before its mail (it must not tell whether the address exists),
      // and other mails (notifications) may land meanwhile: wait for the reset link itself.
      let link = '';
      await expect(() => {
        link = linkFromOutbox(app.dataDir, 'alice@e2e.test', '/reset-password');
      }).toPass({ timeout: 10_000 });
      await other.goto(link);
      await other.getByLabel('New password').fill('correct horse');
      await other.getByLabel('Confirm Password').fill('correct horse');
      await other.getByRole('button', { name: 'Set New Password' }).click();
      await expect(other.getByText('Your password has been reset. You can now log in.')).toBeVisible();

      await other.goto(link);
      await expect(other.getByText('This password reset link has already been used')).toBeVisible();
      expect(await other.getByLabel('New password').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
