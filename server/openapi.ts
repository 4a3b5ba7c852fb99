import { generateOpenApiDocument } from 'trpc-to-openapi';
import { createSchema } from 'zod-openapi';
import { ErrorResponse } from '../shared/schemas/common';
import { appRouter } from './router';

type Json = Record<string, any>;

/** Every tag used by a procedure, with what it covers (the reference page groups calls by these). */
const TAGS: Record<string, string> = {
  auth: 'Sign in, password recovery and reset.',
  users: 'Registration, e-mail verification, the current user, profiles, avatars, bios and socials.',
  friends: 'Friend requests, friends and blocks.',
  notifications: 'Notifications and the unread count.',
  groups: 'Groups, membership, invitations and owner powers.',
  stacks: 'Stacks: create, rank, compare, comment, hide, sandbox, edit.',
  'twisted stacks': 'Twisted stacks: a stack re-asked with a twist, and its comments.',
  bots: 'Bots: their schedule, tags and run records; admins create them.',
};

const DESCRIPTION = `The REST API of Stacks. Every call takes and returns JSON; send the token from login or
register as \`Authorization: Bearer <token>\`. Errors answer with an HTTP status and a body
\`{"detail": "...", "code": "..."}\`: 400 bad input, 401 no or bad token, 403 not allowed,
404 not found, 409 conflict, 413 body too large, 429 too many requests (see Retry-After),
503 DATABASE_UNAVAILABLE while the database cannot be reached or is saturated (see Retry-After).
Limits (bodies, pages, comments per call, throttles) are listed in the README.`;

/**
 * The OpenAPI document, generated from the tRPC procedures. The adapter describes errors in its own
 * shape; they are rewritten to the API's `{detail, code}` body, which is what the server sends.
 */
export function buildOpenApiDocument(): Json {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Stacks API',
    version: '1.0.0',
    description: DESCRIPTION,
    baseUrl: '/',
  }) as Json;
  // createSchema answers with a $ref for a schema that has an id; the definition is in components.
  // Error refers to ErrorCode (shared/error-codes.ts), so both are added.
  const { schema, components } = createSchema(ErrorResponse);
  const errorSchema = (components as Json | undefined)?.Error ?? schema;
  const errorCodeSchema = (components as Json | undefined)?.ErrorCode;
  doc.components = { ...doc.components, schemas: { ...(doc.components?.schemas ?? {}), Error: errorSchema, ErrorCode: errorCodeSchema } };
  doc.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };
  doc.tags = Object.entries(TAGS).map(([name, description]) => ({ name, description }));
  deleteInputsAsJsonBody(doc);
  for (const [, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const [, operation] of Object.entries<Json>(item)) {
      // Public calls say so explicitly: no security scheme applies.
      operation.security ??= [];
      // Any call may meet a database that is away or saturated (README "Limits and faults").
      operation.responses['503'] ??= {
        description: 'The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE); retry after Retry-After seconds.',
        headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
      };
      for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
        if (Number(status) >= 400) {
          response.content = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
        }
      }
    }
  }
  // The adapter leaves per-error component schemas behind that nothing refers to any more.
  for (const key of Object.keys(doc.components.schemas)) {
    if (key.startsWith('error.')) delete doc.components.schemas[key];
  }
  return JSON.parse(JSON.stringify(doc));
}

/**
 * The adapter documents every DELETE input beyond the path as query parameters, and has no option
 * to do otherwise. The server reads those inputs from a JSON body (server/http/rest.ts), as the
 * spec says (`DELETE /v1/bots/{id}/keywords`, `DELETE /v1/stacks/{id}/hide`), so they are moved
 * into an `application/json` request body that generated clients can send. The fields keep their
 * `.describe()` texts, which the adapter drops from query parameters.
 */
function deleteInputsAsJsonBody(doc: Json) {
  const descriptions = deleteInputDescriptions();
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    const operation = item.delete as Json | undefined;
    const query = (operation?.parameters ?? []).filter((parameter: Json) => parameter.in === 'query');
    if (!operation || query.length === 0) continue;
    operation.parameters = operation.parameters.filter((parameter: Json) => parameter.in !== 'query');
    const properties = Object.fromEntries(
      query.map((parameter: Json) => {
        const description = parameter.description ?? descriptions.get(path)?.[parameter.name];
        return [parameter.name, description ? { ...parameter.schema, description } : parameter.schema];
      }),
    );
    const required = query.filter((parameter: Json) => parameter.required).map((parameter: Json) => parameter.name);
    operation.requestBody = {
      required: required.length > 0,
      content: { 'application/json': { schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } } },
    };
  }
}

type DescribedProcedure = { _def: { meta?: { openapi?: { method?: string; path?: string } }; inputs?: { shape?: Record<string, { description?: string }> }[] } };

/** For each DELETE path, the `.describe()` text of each input field that has one. */
function deleteInputDescriptions(): Map<string, Record<string, string>> {
  const found = new Map<string, Record<string, string>>();
  for (const procedure of Object.values(appRouter._def.procedures as unknown as Record<string, DescribedProcedure>)) {
    const openapi = procedure._def.meta?.openapi;
    if (openapi?.method !== 'DELETE' || !openapi.path) continue;
    const fields: Record<string, string> = {};
    for (const input of procedure._def.inputs ?? []) {
      for (const [name, field] of Object.entries(input.shape ?? {})) if (field.description) fields[name] = field.description;
    }
    found.set(openapi.path, fields);
  }
  return found;
}
