import { defineConfig } from '@playwright/test';

/*
 * The browser tests (docs/testing.md, "Browser tests"): `npm run test:e2e` builds the client, then
 * runs tests/e2e/*.spec.ts in Debian's Chromium. Each worker starts its own app (server and
 * database) through tests/e2e/fixtures.ts; files that stop their server or read the whole
 * database start their own (tests/e2e/servers.ts).
 */
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Tests wait for conditions, never for time: a retry would only hide a flaky one.
  retries: 0,
  forbidOnly: true,
  fullyParallel: true,
  // Two cores on CI: a third worker only makes the two others wait (docs/testing.md, "Workers").
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: CI ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1100, height: 800 },
    // Kept for failures; DOM snapshots of every action, no screenshot filmstrip (recording it took
    // up to half of a keyboard-heavy test's time: focus.spec.ts 66 s -> 41 s on 2026-12-07).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
