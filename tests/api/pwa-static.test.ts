import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * How the server sends the installable app's files (docs/pwa.md): the service worker, the manifest
 * and index.html revalidated on every use, with their types; the bundles cached for good; and the
 * API's paths never answered with the app's page. A stand-in build folder holds one of each.
 */
let site: TestApp;
let clientDir: string;
const SW = 'self.addEventListener("fetch", () => {}); '.repeat(60);

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'stacks-client-'));
  mkdirSync(path.join(clientDir, 'static'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(clientDir, 'sw.js'), SW);
  writeFileSync(path.join(clientDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Stacks', start_url: '/dashboard' }));
  writeFileSync(path.join(clientDir, 'pwa-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(clientDir, 'static', 'index-abc123.js'), 'console.log(1)');
  site = await createTestApp({ clientDistDir: clientDir });
});
afterAll(async () => {
  await site.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the installable app’s files', () => {
  it('sends sw.js as JavaScript, revalidated on every use, allowed by the page’s CSP', async () => {
    const res = await site.request.get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(SW);
    // The page's policy allows a worker from its own origin (worker-src falls back to script-src, then default-src).
    const page = await site.request.get('/dashboard').set('Accept', 'text/html');
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `));
    const workers = directive('worker-src') ?? directive('script-src') ?? directive('default-src');
    expect(workers).toMatch(/'self'/);
    const manifests = directive('manifest-src') ?? directive('default-src');
    expect(manifests).toMatch(/'self'/);
  });

  it('sends the manifest as application/manifest+json and index.html, both revalidated on every use', async () => {
    const manifest = await site.request.get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.text)).toMatchObject({ name: 'Stacks' });

    const index = await site.request.get('/index.html');
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    const page = await site.request.get('/dashboard/stacks/4').set('Accept', 'text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the other files’ caching: icons for an hour, hashed bundles for good', async () => {
    const icon = await site.request.get('/pwa-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const bundle = await site.request.get('/static/index-abc123.js');
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never answers the API’s paths with the app’s page', async () => {
    for (const url of ['/v1/no-such-thing', '/v2/no-such-thing', '/trpc/nothing.here', '/healthz/x', '/avatars/none', '/assets/none']) {
      const res = await site.request.get(url).set('Accept', 'text/html');
      expect(res.text, url).not.toContain('<div id="root">');
    }
  });
});
