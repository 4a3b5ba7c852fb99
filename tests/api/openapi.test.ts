import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/error-codes';
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

  it('lists every error code of shared/error-codes.ts as the ErrorCode enum that error bodies refer to', () => {
    const committed = JSON.parse(readFileSync('openapi.json', 'utf8'));
    const schemas = committed.components.schemas;
    expect(schemas.Error.properties.code).toEqual({ $ref: '#/components/schemas/ErrorCode' });
    expect(schemas.ErrorCode.type).toBe('string');
    expect(schemas.ErrorCode.enum).toEqual([...ERROR_CODES]);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('serves the API reference page at /docs from local files', async () => {
    const page = await t.request.get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger-ui-bundle.js');
    const bundle = await t.request.get('/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });
});
