import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, defaultContactEmail } from '../../server/config';
import { loadEnv } from '../../server/env';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ contactEmail: 'help@stacks.example' });
});
afterAll(() => t.close());

describe('GET /v1/site', () => {
  it('answers anyone, signed in or not, with the product name and the contact address', async () => {
    const res = await t.request.get('/v1/site');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ product_name: 'Stacks', contact_email: 'help@stacks.example' });
    expect((await t.request.get('/trpc/site.info')).body).toEqual({ result: { data: { product_name: 'Stacks', contact_email: 'help@stacks.example' } } });
  });
});

describe('CONTACT_EMAIL', () => {
  const config = (env: Record<string, string>) => buildConfig(loadEnv({ JWT_SECRET: 'x'.repeat(32), ...env }));

  it('is the contact address when set', () => {
    expect(config({ CONTACT_EMAIL: 'legal@example.org' }).contactEmail).toBe('legal@example.org');
  });

  it('defaults to support@ the domain of MAIL_FROM (not its no-reply sender), else of APP_URL', () => {
    expect(config({}).contactEmail).toBe('support@stacks.local');
    expect(config({ MAIL_FROM: 'Ranks <no-reply@ranks.example.com>' }).contactEmail).toBe('support@ranks.example.com');
    expect(config({ MAIL_FROM: 'mailer@example.net' }).contactEmail).toBe('support@example.net');
    expect(defaultContactEmail('Stacks', 'https://stacks.example.org/app')).toBe('support@stacks.example.org');
  });

  it('refuses a value that is not an address, naming the variable', () => {
    expect(() => loadEnv({ CONTACT_EMAIL: 'not an address' })).toThrow(/CONTACT_EMAIL: CONTACT_EMAIL must be an e-mail address/);
  });
});

describe('GET /robots.txt', () => {
  // A built client: its fallback answers every other page with the app's HTML.
  let site: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'stacks-client-'));
    mkdirSync(path.join(clientDir, 'static'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    site = await createTestApp({ clientDistDir: clientDir });
  });
  afterAll(async () => {
    await site.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('is a plain-text robots file, not the app, while other pages still get the app', async () => {
    const res = await site.request.get('/robots.txt').set('Accept', 'text/html,*/*');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).not.toMatch(/<html/i);
    const page = await site.request.get('/dashboard').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
  });

  it('lets crawlers read the public pages and keeps them out of the app, profiles, mailed links and the API', async () => {
    const lines = (await site.request.get('/robots.txt')).text.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const page of ['/login', '/register', '/terms-of-service', '/rules']) expect(lines).toContain(`Allow: ${page}`);
    for (const prefix of ['/dashboard', '/users/', '/verify-email', '/reset-password', '/trpc', '/v1/', '/v2/']) expect(lines).toContain(`Disallow: ${prefix}`);
    // Nothing the public pages need is shut: not the site root, not the bundles.
    expect(lines).not.toContain('Disallow: /');
    expect(lines.some((line) => line.startsWith('Disallow: /static'))).toBe(false);
  });

  it('is served without a built client too', async () => {
    const res = await t.request.get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Disallow: /dashboard');
  });
});
