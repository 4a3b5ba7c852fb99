import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../server/openapi';

/** Writes openapi.json at the repo root; a test fails when the committed file is stale. */
writeFileSync('openapi.json', `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log('openapi.json written');
