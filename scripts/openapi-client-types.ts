import openapiTS, { astToString } from 'openapi-typescript';

/** Where `npm run openapi` writes the client types that tests/api/openapi-client.test.ts compiles against. */
export const CLIENT_TYPES_PATH = 'tests/api/openapi-client/openapi.d.ts';

const HEADER = `// Generated from openapi.json by openapi-typescript (\`npm run openapi\`). Do not edit.

`;

/**
 * The TypeScript types a third party gets from the OpenAPI document with openapi-typescript, as
 * used by openapi-fetch. The test checks the committed file against this output.
 */
export async function renderClientTypes(document: object): Promise<string> {
  return HEADER + astToString(await openapiTS(document as never));
}
