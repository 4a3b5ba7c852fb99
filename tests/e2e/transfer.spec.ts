import { expect, registerAccount, signedInPage, test, uniqueName } from './fixtures';

/**
 * What a cold dashboard load moves over the wire: the bundles are sent precompressed (brotli when
 * the browser accepts it), so the JavaScript of the dashboard stays within 250 KB. The figure is
 * printed on every run.
 */
const JS_BUDGET_BYTES = 250_000;

test.describe('a cold dashboard load', () => {
  test('transfers at most 250 KB of JavaScript, brotli-compressed', async ({ app, browser }) => {
    const account = await registerAccount(app, uniqueName('transfer_user'), app.code);
    // A fresh context that starts signed in: nothing cached.
    const page = await signedInPage(browser, app, account);
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
    await expect(page.getByRole('tab').first()).toBeVisible();
    await expect(() => expect(scriptsInFlight === 0 && Date.now() - lastScriptAt > 1_000).toBe(true)).toPass({ timeout: 20_000 });

    const total = scripts.reduce((sum, s) => sum + s.encoded, 0);
    console.log(`cold dashboard: ${scripts.length} scripts, ${(total / 1000).toFixed(1)} KB of JavaScript transferred (${scripts.map((s) => s.encoding).join(', ')})`);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.encoding, script.url).toBe('br');
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    await page.context().close();
  });
});
