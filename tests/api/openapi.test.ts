import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../server/openapi';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('the committed openapi.json is fresh (run `npm run openapi` after changing a procedure)', () => {
    const committed = JSON.parse(readFileSync('openapi.json', 'utf8'));
    expect(committed).toEqual(buildOpenApiDocument());
  });

  it('is served at /openapi.json and describes errors as {detail, code}', async () => {
    const res = await t.request.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.paths['/v1/auth/login'].post.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(res.body.components.schemas.Error.required).toEqual(['detail', 'code']);
  });

  it('serves the API reference page at /docs from local files', async () => {
    const page = await t.request.get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui-bundle.js');
    const bundle = await t.request.get('/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });
});
