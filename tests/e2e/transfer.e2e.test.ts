import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, logIn, registerAccount, startApp, type RunningApp } from './harness';

/**
 * What a cold dashboard load moves over the wire: the bundles are sent precompressed (brotli when
 * the browser accepts it), so the JavaScript of the dashboard stays within 250 KB. The figure is
 * printed on every run.
 */
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const JS_BUDGET_BYTES = 250_000;

describe('a cold dashboard load', () => {
  it('transfers at most 250 KB of JavaScript, brotli-compressed', async () => {
    await registerAccount(app, 'transfer_user', app.firstCode);
    // Sign in once, then open the dashboard in a fresh context: signed in, nothing cached.
    const signIn = await browser.newContext();
    const first = await signIn.newPage();
    await logIn(app, first, 'transfer_user');
    const storageState = await signIn.storageState();
    await signIn.close();

    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    const scripts: { url: string; encoded: number; decoded: number; encoding: string }[] = [];
    // The live event stream stays open, so the network never idles: wait for the scripts instead.
    let scriptsInFlight = 0;
    let lastScriptAt = Date.now();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scriptsInFlight += 1;
    });
    page.on('requestfailed', (request) => {
      if (request.resourceType() === 'script') scriptsInFlight -= 1;
    });
    page.on('requestfinished', (request) => {
      void (async () => {
        if (request.resourceType() !== 'script') return;
        scriptsInFlight -= 1;
        lastScriptAt = Date.now();
        const response = await request.response();
        const sizes = await request.sizes();
        const headers = (await response?.allHeaders()) ?? {};
        scripts.push({ url: request.url(), encoded: sizes.responseBodySize, decoded: Number(headers['content-length'] ?? 0), encoding: headers['content-encoding'] ?? 'identity' });
      })();
    });
    await page.goto(`${app.baseUrl}/dashboard`, { waitUntil: 'load' });
    await expect.poll(() => page.getByRole('tab').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => scriptsInFlight === 0 && Date.now() - lastScriptAt > 1_000, { timeout: 20_000 }).toBe(true);

    const total = scripts.reduce((sum, s) => sum + s.encoded, 0);
    console.log(`cold dashboard: ${scripts.length} scripts, ${(total / 1000).toFixed(1)} KB of JavaScript transferred (${scripts.map((s) => s.encoding).join(', ')})`);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.encoding, script.url).toBe('br');
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    await context.close();
  }, 120_000);
});
