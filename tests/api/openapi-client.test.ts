import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TYPES_PATH, renderClientTypes } from '../../scripts/openapi-client-types';
import { createApp } from '../../server/app';
import { createBot } from '../factories/bots';
import { createCode, createUser, uniqueName } from '../factories/users';
import { createTestApp, linkIn, type TestApp } from '../helpers/test-app';
import { runJourney } from './openapi-client/journey';

const JOURNEY_PATH = path.resolve('tests/api/openapi-client/journey.ts');
const TYPES_PATH = path.resolve(CLIENT_TYPES_PATH);

type Json = Record<string, any>;
const committedDocument = (): Json => JSON.parse(readFileSync('openapi.json', 'utf8'));

/** The document as the adapter writes it before server/openapi.ts: DELETE inputs as query parameters. */
function withDeleteBodiesAsQuery(document: Json): Json {
  for (const item of Object.values<Json>(document.paths)) {
    const operation = item.delete as Json | undefined;
    const body = operation?.requestBody?.content['application/json'].schema;
    if (!operation || !body) continue;
    for (const [name, schema] of Object.entries<Json>(body.properties)) {
      operation.parameters.push({ in: 'query', name, schema, required: (body.required ?? []).includes(name) });
    }
    delete operation.requestBody;
  }
  return document;
}

const compilerOptions = (() => {
  const { config } = ts.readConfigFile('tsconfig.json', ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, process.cwd());
  // The journey needs only the DOM's types (fetch): leave out Node's and the client's, a third of the time.
  return { ...options, types: [] };
})();
const sourceFiles = new Map<string, ts.SourceFile>();

/**
 * Type-checks the journey alone, in process, against the given client types (the committed file
 * unless replaced); answers each error as `line: message`.
 */
function journeyTypeErrors(typesSource?: string): string[] {
  const host = ts.createCompilerHost(compilerOptions);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (typesSource !== undefined && path.resolve(file) === TYPES_PATH ? typesSource : readFile(file));
  host.getSourceFile = (file, language) => {
    if (typesSource !== undefined && path.resolve(file) === TYPES_PATH) return ts.createSourceFile(file, typesSource, language);
    let source = sourceFiles.get(file);
    if (!source) {
      source = ts.createSourceFile(file, readFile(file) ?? '', language);
      sourceFiles.set(file, source);
    }
    return source;
  };
  const program = ts.createProgram([JOURNEY_PATH], compilerOptions, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${path.relative(process.cwd(), diagnostic.file.fileName)}:${line + 1}: ${message}`;
  });
}

/** The journey's lines that send a DELETE with a JSON body, as `file:line`. */
function deleteBodyLines(): string[] {
  const file = path.relative(process.cwd(), JOURNEY_PATH);
  return readFileSync(JOURNEY_PATH, 'utf8')
    .split('\n')
    .flatMap((line, index) => (/\.DELETE\(.*body:/.test(line) ? [`${file}:${index + 1}`] : []));
}

describe('a typed client generated from openapi.json (openapi-typescript + openapi-fetch)', () => {
  it('openapi.json documents DELETE inputs beyond the path as a JSON body, never as query parameters', () => {
    const document = committedDocument();
    const deletes = Object.entries<Json>(document.paths).flatMap(([route, item]) => (item.delete ? [[route, item.delete as Json] as const] : []));
    for (const [route, operation] of deletes) {
      expect(operation.parameters.filter((parameter: Json) => parameter.in !== 'path'), route).toEqual([]);
    }
    const bodies = Object.fromEntries(deletes.filter(([, operation]) => operation.requestBody).map(([route, operation]) => [route, operation.requestBody]));
    expect(Object.keys(bodies).sort()).toEqual(['/v1/bots/{id}/keywords', '/v1/stacks/{id}/hide', '/v1/users/me/push-subscriptions']);
    const keywords = bodies['/v1/bots/{id}/keywords'].content['application/json'].schema;
    expect(keywords.properties.purge).toEqual({ type: 'boolean', description: 'Also remove every DISABLED tag.' });
    expect(keywords.properties.keywords.type).toBe('array');
    const hide = bodies['/v1/stacks/{id}/hide'].content['application/json'].schema;
    expect(hide.properties.user_ids).toMatchObject({ type: 'array', items: { type: 'integer' } });
    const push = bodies['/v1/users/me/push-subscriptions'].content['application/json'].schema;
    expect(push).toMatchObject({ properties: { endpoint: { type: 'string' } }, required: ['endpoint'] });
  });

  it('the committed client types are those of openapi.json (run `npm run openapi`)', async () => {
    expect(readFileSync(TYPES_PATH, 'utf8')).toBe(await renderClientTypes(committedDocument()));
  });

  it('the journey type-checks against them, and would not if DELETE inputs were query parameters', async () => {
    expect(journeyTypeErrors()).toEqual([]);
    const asQuery = journeyTypeErrors(await renderClientTypes(withDeleteBodiesAsQuery(committedDocument())));
    const lines = deleteBodyLines();
    expect(lines).toHaveLength(4);
    // Every DELETE that sends a body is refused by the compiler, and nothing else is.
    expect([...new Set(asQuery.map((error) => error.split(': ')[0]))].sort()).toEqual([...lines].sort());
    // The body has no type left to take.
    for (const error of asQuery) expect(error).toMatch(/is not assignable to type 'undefined'/);
  }, 60_000);

  describe('against the app', () => {
    let t: TestApp;
    let server: Server;
    beforeAll(async () => {
      t = await createTestApp();
      server = createServer(createApp(t.deps));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await t.close();
    });

    it('registers, befriends, creates and answers a stack, edits bot tags and hides stacks for users', async () => {
      const admin = await createUser(t.db, { role: 'ADMIN' });
      const code = await createCode(t.db, { maxUses: 2 });
      const { port } = server.address() as AddressInfo;
      await runJourney({
        baseUrl: `http://127.0.0.1:${port}`,
        suffix: uniqueName('').slice(0, 12),
        registrationCode: code.code,
        admin: { username: admin.username, password: admin.password },
        expectEqual: (actual, expected, step) => expect(actual, step).toEqual(expected),
        async verificationToken(email) {
          await t.flushMail();
          const mail = t.mails.filter((message) => message.to === email).at(-1);
          const token = linkIn(mail, '/verify-email').searchParams.get('token');
          if (!token) throw new Error(`no token in the verification mail to ${email}`);
          return token;
        },
      });
    });

    it('reads a DELETE body as the JSON it is documented as: purge must be a boolean, not a string', async () => {
      const [admin, owner] = await Promise.all([createUser(t.db, { role: 'ADMIN' }), createUser(t.db)]);
      const bot = await createBot(t, admin, owner, { type: 'user', user_id: owner.id }, { tags: ['cats'] });
      const res = await t.request.delete(`/v1/bots/${bot.id}/keywords`).set('Authorization', `Bearer ${t.tokenFor(owner)}`).send({ keywords: ['cats'], purge: 'false' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'purge', message: 'purge: Invalid input: expected boolean, received string' }] });
      const unchanged = await t.request.get(`/v1/bots/${bot.id}`).set('Authorization', `Bearer ${t.tokenFor(owner)}`);
      expect(unchanged.body.keywords.map((keyword: { name: string; status: string }) => [keyword.name, keyword.status])).toEqual([['cats', 'PENDING']]);
    });
  });
});
