import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, launchBrowser, linkFromOutbox, newPage, startApp, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  page = await newPage(browser);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const themeOf = (p: Page) => p.evaluate(() => ({ theme: document.documentElement.dataset.theme, dark: document.documentElement.classList.contains('dark') }));

describe('the account journey in Chromium', () => {
  it('registers with the first-run code and lands on the dashboard', async () => {
    await page.goto(`${app.baseUrl}/`);
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Create Your Account' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Username is required').isVisible()).toBe(true);

    await page.getByLabel('Username').fill('e2e_alice');
    await page.getByLabel('Email').fill('alice@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await page.getByLabel('Confirm Password').fill('correct horse');
    await page.getByLabel('Registration Code').fill(app.firstCode);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL('**/registration-complete');
    await expect.poll(() => page.getByText("You've been signed up successfully.").isVisible()).toBe(true);
    // 'Registration Successful!' stays on its own page, not for one frame.
    expect(await page.getByRole('heading', { name: 'Registration Successful!' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go to Dashboard now' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('tab', { name: 'Stacks' }).isVisible()).toBe(true);
    expect(await themeOf(page)).toEqual({ theme: 'dark', dark: true });
    // The onboarding tour starts for a new user and lies over the page until skipped.
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Skip' }).count()).toBe(0);
  });

  it('logs out through the Log Out dialog', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => page.getByText('Are you sure you want to log out?').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // A logged-out visitor cannot reach the dashboard.
    await page.goto(`${app.baseUrl}/dashboard`);
    await page.waitForURL('**/login');
  });

  it('verifies the e-mail with the link from the outbox', async () => {
    const link = linkFromOutbox(app.dataDir, 'alice@e2e.test', '/verify-email');
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Email Verified Successfully!' }).isVisible()).toBe(true);
    // The link works once.
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Verification Failed' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('This verification link has already been used').isVisible()).toBe(true);
  });

  it('refuses a wrong password with the server detail, then logs in', async () => {
    await page.goto(`${app.baseUrl}/login`);
    await page.getByLabel('Username or email').fill('e2e_alice');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByText('Incorrect username/email or password').isVisible()).toBe(true);

    await page.getByLabel('Password').fill('correct horse');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    // Back onto login while logged in: straight back to the dashboard.
    await page.goto(`${app.baseUrl}/login`);
    await page.waitForURL('**/dashboard');
  });

  it('switches the theme in settings and keeps it after a reload', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.getByText('alice@e2e.test').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Light' }).click();
    expect(await themeOf(page)).toEqual({ theme: 'light', dark: false });
    await page.reload();
    await expect.poll(() => themeOf(page)).toEqual({ theme: 'light', dark: false });
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  it('logs out and is sent to /login', async () => {
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log Out', exact: true }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Login' }).isVisible()).toBe(true);
  });

  it('checks a reset link as its page opens: a used one says so before any password is typed', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    try {
      await callApi(app, 'POST', '/v1/auth/recovery', undefined, { email: 'alice@e2e.test' });
      // The recovery answer comes before its mail (it must not tell whether the address exists),
      // and other mails (notifications) may land meanwhile: wait for the reset link itself.
      const resetLink = () => {
        try {
          return linkFromOutbox(app.dataDir, 'alice@e2e.test', '/reset-password');
        } catch {
          return null;
        }
      };
      await expect.poll(resetLink, { timeout: 10_000 }).not.toBeNull();
      const link = resetLink() as string;
      await other.goto(link);
      await other.getByLabel('New password').fill('correct horse');
      await other.getByLabel('Confirm Password').fill('correct horse');
      await other.getByRole('button', { name: 'Set New Password' }).click();
      await expect.poll(() => other.getByText('Your password has been reset. You can now log in.').isVisible()).toBe(true);

      await other.goto(link);
      await expect.poll(() => other.getByText('This password reset link has already been used').isVisible()).toBe(true);
      expect(await other.getByLabel('New password').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
