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
