import { generateOpenApiDocument } from 'trpc-to-openapi';
import { createSchema } from 'zod-openapi';
import { ErrorResponse } from '../shared/schemas/common';
import { LIMITS, SHARE_IMAGE } from '../shared/limits';
import { LIVE_EVENT_TYPES, LiveEventData } from '../shared/schemas/events';
import { documentDeleteInputsAsJsonBody, documentErrorBodies, documentSuccessStatuses } from './http/openapi-adapter-workarounds';
import { appRouter } from './router';

type Json = Record<string, any>;

/** Every tag used by a procedure, with what it covers (the reference page groups calls by these). */
const TAGS: Record<string, string> = {
  auth: 'Sign in, password recovery and reset.',
  users: 'Registration, e-mail verification, the current user, profiles, avatars, bios and socials.',
  friends: 'Friend requests, friends and blocks.',
  invites: 'Personal invites: single-use registration codes that make the inviter and the new user friends.',
  mutes: 'Mutes: quiet a user without a block; they cannot tell.',
  notifications: 'Notifications and the unread count.',
  'notification settings': 'Notification settings: push and e-mail per kind; turning e-mails off from an unsubscribe link, without signing in.',
  groups: 'Groups, membership, invitations and owner powers.',
  stacks: 'Stacks: create, rank, compare, comment, hide, sandbox, edit.',
  'twisted stacks': 'Twisted stacks: a stack re-asked with a twist, and its comments.',
  bots: 'Bots: their schedule, tags and run records; admins create them.',
  events: 'Live events: a Server-Sent Events stream of changes the signed-in user may see.',
  reports: 'Reports to the admins about a user, stack, comment or group, and the admin queue.',
  push: 'Web Push: the VAPID key, my browser subscriptions, a test push.',
};

const DESCRIPTION = `The REST API of Stacks. Every call takes and returns JSON; send the token from login or
register as \`Authorization: Bearer <token>\`. Errors answer with an HTTP status and a body
\`{"detail": "...", "code": "..."}\`: 400 bad input, 401 no or bad token, 403 not allowed,
404 not found, 409 conflict, 413 body too large, 429 too many requests (see Retry-After),
503 DATABASE_UNAVAILABLE while the database cannot be reached or is saturated, 503 STATEMENT_TIMEOUT
when the call's work ran past the server's time limit (both with Retry-After).
Limits (bodies, pages, comments per call, throttles) are listed in docs/limits-and-faults.md.`;

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
  documentDeleteInputsAsJsonBody(doc, appRouter);
  documentSuccessStatuses(doc, appRouter);
  addLiveEvents(doc);
  addShareImages(doc);
  for (const [, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const [, operation] of Object.entries<Json>(item)) {
      // Public calls say so explicitly: no security scheme applies.
      operation.security ??= [];
      // Any call may meet a database that is away or saturated, or run past the statement time limit (docs/limits-and-faults.md).
      operation.responses['503'] ??= {
        description:
          'The database is unavailable or no connection became free in time (code DATABASE_UNAVAILABLE), or the call took too long and was stopped (code STATEMENT_TIMEOUT); retry after Retry-After seconds.',
        headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
      };
    }
  }
  documentErrorBodies(doc);
  return JSON.parse(JSON.stringify(doc));
}

/** Component name of one live event's `data` schema. */
const liveEventSchemaName = (type: string) => `LiveEvent_${type.replace('.', '_')}`;

/**
 * GET /v1/events is a stream served beside the procedures (server/modules/events/events.route.ts):
 * documented here from the shared event schemas (shared/schemas/events.ts), one message schema per
 * `event:` type.
 */
function addLiveEvents(doc: Json) {
  const schemas: Json = {};
  for (const type of LIVE_EVENT_TYPES) {
    const { schema, components } = createSchema(LiveEventData[type]);
    Object.assign(schemas, components ?? {});
    schemas[liveEventSchemaName(type)] = schema;
  }
  doc.components = { ...doc.components, schemas: { ...(doc.components?.schemas ?? {}), ...schemas } };
  const message = (type: string): Json => ({
    type: 'object',
    description: `An \`event: ${type}\` message.`,
    required: ['id', 'event', 'data'],
    properties: {
      id: { type: 'string', description: 'The cursor: opaque and increasing. Send it back as Last-Event-ID to resume.' },
      event: { type: 'string', const: type },
      data: { $ref: `#/components/schemas/${liveEventSchemaName(type)}` },
    },
  });
  doc.paths['/v1/events'] = {
    get: {
      operationId: 'events-stream',
      summary: 'Live events of the signed-in user (Server-Sent Events)',
      description: [
        'A `text/event-stream` of changes the signed-in user may see now, by the same rules as the REST reads.',
        'Each message has `id:` (an opaque, increasing cursor), `event:` (its type) and one line of JSON `data:`.',
        `A \`: ping\` comment line comes every ${LIMITS.eventHeartbeatSeconds} s.`,
        'Reconnect with `Last-Event-ID` (or `?last_event_id=`) to get every event missed since, in order and once;',
        `events are kept ${LIMITS.eventReplayMinutes} minutes and at least the newest ${LIMITS.eventReplayMinCount}.`,
        `For an older cursor, one more than ${LIMITS.eventReplayMax} cursors behind the newest, or one the server dropped for falling behind,`,
        'a single `refetch` event comes first: reload through the REST reads.',
        `A user may hold ${LIMITS.eventStreamsPerUser} streams per instance; beyond: 429 TOO_MANY_STREAMS.`,
        `Opens are throttled: ${LIMITS.eventOpensPerUser} per user and ${LIMITS.eventOpensPerIp} per IP per ${LIMITS.eventOpenWindowSeconds / 60} minutes; beyond: 429 TOO_MANY_REQUESTS.`,
        `A stream whose reader falls ${LIMITS.eventStreamBufferBytes / 1024 / 1024} MB behind is dropped;`,
        'a stream ends when its token expires or is revoked (password reset, deactivation): reconnecting then answers 401.',
      ].join(' '),
      tags: ['events'],
      security: [{ Authorization: [] }],
      parameters: [
        { name: 'Last-Event-ID', in: 'header', required: false, description: 'The last cursor received: resume after it.', schema: { type: 'string' } },
        { name: 'last_event_id', in: 'query', required: false, description: 'The same as Last-Event-ID, for clients that cannot set headers.', schema: { type: 'string' } },
      ],
      responses: {
        '200': {
          description: 'The stream; it stays open. Each message is one of the event schemas below.',
          content: { 'text/event-stream': { schema: { oneOf: LIVE_EVENT_TYPES.map(message) } } },
        },
        '401': { description: 'No token, or an invalid or revoked one (code UNAUTHORIZED).' },
        '429': {
          description: 'The user already holds the most streams allowed on this instance (code TOO_MANY_STREAMS), or opened too many lately (code TOO_MANY_REQUESTS).',
          headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
        },
      },
    },
  };
}

/**
 * GET /v1/stacks/{id}/image.png and GET /v1/twisted_stacks/{id}/image.png answer a PNG, which the
 * JSON adapter cannot serve: Express routes (server/modules/stacks/share-image.route.ts),
 * documented here by hand.
 */
function addShareImages(doc: Json) {
  const kinds = [
    { path: '/v1/stacks/{id}/image.png', noun: 'stack', tag: 'stacks', operationId: 'stacks-shareImage' },
    { path: '/v1/twisted_stacks/{id}/image.png', noun: 'twisted stack', tag: 'twisted stacks', operationId: 'twistedStacks-shareImage' },
  ];
  for (const { path, noun, tag, operationId } of kinds) {
    doc.paths[path] = {
      get: {
        operationId,
        summary: `Share image of a ${noun} I answered (PNG, ${SHARE_IMAGE.width} × ${SHARE_IMAGE.height})`,
        description: [
          `A ${SHARE_IMAGE.width} × ${SHARE_IMAGE.height} PNG under ${SHARE_IMAGE.maxBytes / 1024} KB: the ${noun}'s name, my ranking beside my friend's answer`,
          '(friend stacks; "Waiting for {friend}" and no score until they answer) or the group consensus (group stacks),',
          'and my score against it with its label. The same visibility rules as the JSON read (404 otherwise);',
          `403 NOT_ANSWERED until I have answered it. Sent with \`Cache-Control: private, no-cache\` and an ETag:`,
          'revalidate with If-None-Match (304 while the picture is unchanged).',
          `A new picture is drawn on a render thread: at most ${SHARE_IMAGE.rendersPerUserPerMinute} new pictures per user a minute (429 past it;`,
          'cached pictures and 304s do not count), and 503 while the render queue is full.',
        ].join(' '),
        tags: [tag],
        security: [{ Authorization: [] }],
        parameters: [
          { name: 'id', in: 'path', required: true, description: `The ${noun}.`, schema: { type: 'integer', minimum: 1 } },
          { name: 'If-None-Match', in: 'header', required: false, description: 'The ETag of a copy I hold: 304 when it is still current.', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'The picture.',
            headers: {
              ETag: { description: 'Changes whenever the picture would.', schema: { type: 'string' } },
              'Cache-Control': { description: '`private, no-cache`.', schema: { type: 'string' } },
            },
            content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
          },
          '304': { description: 'Not modified: the copy named by If-None-Match is current.' },
          '400': { description: 'The id is not a positive whole number (code VALIDATION_FAILED).' },
          '401': { description: 'No token, or an invalid or revoked one (code UNAUTHORIZED).' },
          '403': { description: `I have not answered this ${noun} yet (code NOT_ANSWERED).` },
          '404': { description: `No such ${noun}, or one I may not see (code STACK_NOT_FOUND).` },
          '429': {
            description: `More than ${SHARE_IMAGE.rendersPerUserPerMinute} new pictures of mine in a minute (code TOO_MANY_REQUESTS); retry after Retry-After seconds.`,
            headers: { 'Retry-After': { description: 'Seconds until the minute ends.', schema: { type: 'integer' } } },
          },
          '503': {
            description: 'Every render thread is busy and the render queue is full (code SERVICE_UNAVAILABLE), or the database is unavailable (code DATABASE_UNAVAILABLE); retry after Retry-After seconds.',
            headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
          },
        },
      },
    };
  }
}
