import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../server/openapi';
import { CLIENT_TYPES_PATH, renderClientTypes } from './openapi-client-types';

/** Writes openapi.json at the repo root, and the typed-client types; a test fails when either is stale. */
const document = buildOpenApiDocument();
writeFileSync('openapi.json', `${JSON.stringify(document, null, 2)}\n`);
writeFileSync(CLIENT_TYPES_PATH, await renderClientTypes(document));
console.log(`openapi.json and ${CLIENT_TYPES_PATH} written`);
