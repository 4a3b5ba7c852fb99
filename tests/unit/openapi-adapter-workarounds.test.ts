import express, { type NextFunction, type Request, type Response } from 'express';
import supertest from 'supertest';
import { createOpenApiNodeHttpHandler, generateOpenApiDocument } from 'trpc-to-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forbidden } from '../../server/errors';
import {
  comparePathSpecificity,
  documentDeleteInputsAsJsonBody,
  documentErrorBodies,
  documentSuccessStatuses,
  readDeleteBodyAsQuery,
  rewriteErrorBodies,
  sendBodylessWritesAsEmptyJson,
  withSpecificPathsFirst,
  withSuccessStatus,
} from '../../server/http/openapi-adapter-workarounds';
import { applyErrorHeaders } from '../../server/http/trpc-hooks';
import { publicProcedure, router } from '../../server/trpc/init';

/*
 * Each workaround of server/http/openapi-adapter-workarounds.ts, on a small router of its own:
 * "without" tests pin the library behaviour the workaround answers (when one fails after an
 * upgrade, the library changed: the workaround may be dropped or must change), "with" tests pin
 * what the REST paths answer with it. Schemas are made per router: the adapter mutates them.
 */

type AnyRouter = Parameters<typeof withSpecificPathsFirst>[0];

interface Options {
  specificFirst?: boolean;
  successStatus?: boolean;
  bodyless?: boolean;
  deleteBody?: boolean;
  errorBodies?: boolean;
}

/** Express with JSON bodies, as server/app.ts mounts it, and the adapter with the chosen workarounds. */
function serve(appRouter: AnyRouter, options: Options) {
  const handler = createOpenApiNodeHttpHandler({
    router: options.specificFirst ? withSpecificPathsFirst(appRouter) : appRouter,
    createContext: () => ({ resHeaders: {} }) as never,
    responseMeta: (options.successStatus ? withSuccessStatus(appRouter, applyErrorHeaders) : applyErrorHeaders) as never,
  });
  const app = express();
  app.use(express.json());
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (options.bodyless) sendBodylessWritesAsEmptyJson(req);
    if (options.deleteBody) readDeleteBodyAsQuery(req);
    if (options.errorBodies) rewriteErrorBodies(res);
    return handler(req as never, res as never, () => next());
  });
  app.use((req: Request, res: Response) => void res.status(404).json({ detail: `No such endpoint: ${req.method} ${req.path}`, code: 'NOT_FOUND' }));
  return supertest(app);
}

const echo = z.object({}).passthrough();

describe('the tRPC internals the workarounds read', () => {
  it('a router keeps its procedures in _def.procedures, a flat record by dotted path, with meta and zod inputs', () => {
    const input = z.object({ id: z.string() });
    const appRouter = router({ things: router({ get: publicProcedure.meta({ openapi: { method: 'GET', path: '/v1/things/{id}' } }).input(input).output(echo).query(() => ({})) }) });
    const procedure = (appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { openapi?: { path: string } }; inputs: unknown[] } }>)['things.get'];
    expect(procedure._def.meta?.openapi?.path).toBe('/v1/things/{id}');
    expect(procedure._def.inputs).toEqual([input]);
  });
});

describe('withSpecificPathsFirst', () => {
  const things = () =>
    router({
      byId: publicProcedure
        .meta({ openapi: { method: 'GET', path: '/v1/things/{id}' } })
        .input(z.object({ id: z.string() }))
        .output(z.object({ route: z.string() }))
        .query(() => ({ route: 'by id' })),
      special: publicProcedure
        .meta({ openapi: { method: 'GET', path: '/v1/things/special' } })
        .input(z.object({}))
        .output(z.object({ route: z.string() }))
        .query(() => ({ route: 'special' })),
    });

  it('without it, the adapter takes the first matching path in procedure order', async () => {
    const res = await serve(things(), {}).get('/v1/things/special');
    expect(res.body).toEqual({ route: 'by id' });
  });

  it('with it, a literal path wins over a {param} one, and the param path still answers', async () => {
    const request = serve(things(), { specificFirst: true });
    expect((await request.get('/v1/things/special')).body).toEqual({ route: 'special' });
    expect((await request.get('/v1/things/7')).body).toEqual({ route: 'by id' });
  });

  it('orders paths segment by segment', () => {
    expect(comparePathSpecificity('/v1/users/blocks', '/v1/users/{id}')).toBeLessThan(0);
    expect(comparePathSpecificity('/v1/users/{id}', '/v1/users/blocks')).toBeGreaterThan(0);
    expect(comparePathSpecificity('/v1/users/{id}', '/v1/groups/{id}')).toBe(0);
  });
});

describe('the patched adapter (patches/trpc-to-openapi+3.3.0.patch)', () => {
  const flags = () => {
    const input = z.object({ id: z.number(), flag: z.boolean() });
    const query = z.object({ on: z.boolean() });
    const appRouter = router({
      set: publicProcedure
        .meta({ openapi: { method: 'POST', path: '/v1/flag/{id}' } })
        .input(input)
        .output(z.object({ id: z.number(), flag: z.boolean() }))
        .mutation(({ input: given }) => given),
      remove: publicProcedure
        .meta({ openapi: { method: 'DELETE', path: '/v1/flag/{id}' } })
        .input(input)
        .output(z.object({ id: z.number(), flag: z.boolean() }))
        .mutation(({ input: given }) => given),
      read: publicProcedure
        .meta({ openapi: { method: 'GET', path: '/v1/flag' } })
        .input(query)
        .output(z.object({ on: z.boolean() }))
        .query(({ input: given }) => given),
    });
    return { appRouter, input };
  };

  it('keeps a JSON body\'s booleans strict (POST and DELETE): "false" is refused, false is false, and the shared schema is left as it was', async () => {
    const { appRouter, input } = flags();
    const request = serve(appRouter, { deleteBody: true });
    expect((await request.post('/v1/flag/7').send({ flag: 'false' })).status).toBe(400);
    expect((await request.post('/v1/flag/7').send({ flag: false })).body).toEqual({ id: 7, flag: false });
    expect((await request.delete('/v1/flag/7').send({ flag: 'false' })).status).toBe(400);
    // (A DELETE body's false never arrives: the adapter's query reading drops falsy values; optional flags default.)
    expect((await request.delete('/v1/flag/7').send({ flag: true })).body).toEqual({ id: 7, flag: true });
    expect(input.shape.flag._zod.def.coerce).toBeFalsy();
    expect(() => input.parse({ id: 1, flag: 'false' })).toThrow();
  });

  it('still coerces what a query string or a path carries: a path id to a number, a query boolean', async () => {
    const { appRouter } = flags();
    const request = serve(appRouter, {});
    expect((await request.post('/v1/flag/12').send({ flag: true })).body).toEqual({ id: 12, flag: true });
    expect((await request.get('/v1/flag?on=true')).body).toEqual({ on: true });
  });
});

describe('withSuccessStatus', () => {
  const creating = () =>
    router({
      create: publicProcedure
        .meta({ openapi: { method: 'POST', path: '/v1/things' }, successStatus: 201 })
        .input(z.object({ fail: z.boolean().optional() }))
        .output(z.object({ id: z.number() }))
        .mutation(({ input }) => {
          if (input.fail) throw forbidden('No', 'NOT_ALLOWED');
          return { id: 1 };
        }),
    });

  it('without it, the adapter answers every success 200', async () => {
    const res = await serve(creating(), {}).post('/v1/things').send({});
    expect(res.status).toBe(200);
  });

  it("with it, a success answers the procedure's successStatus and an error keeps its own", async () => {
    const request = serve(creating(), { successStatus: true });
    const created = await request.post('/v1/things').send({});
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: 1 });
    expect((await request.post('/v1/things').send({ fail: true })).status).toBe(403);
  });
});

describe('sendBodylessWritesAsEmptyJson', () => {
  const touching = () =>
    router({
      touch: publicProcedure
        .meta({ openapi: { method: 'POST', path: '/v1/touch' } })
        .input(z.object({}))
        .output(z.object({ ok: z.boolean() }))
        .mutation(() => ({ ok: true })),
    });

  it('without it, the adapter refuses a body-less POST: 415', async () => {
    const res = await serve(touching(), {}).post('/v1/touch');
    expect(res.status).toBe(415);
  });

  it('with it, a body-less POST runs', async () => {
    const res = await serve(touching(), { bodyless: true }).post('/v1/touch');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('readDeleteBodyAsQuery', () => {
  const deleting = () =>
    router({
      remove: publicProcedure
        .meta({ openapi: { method: 'DELETE', path: '/v1/items/{id}' } })
        // `keywords` answers what arrived, as JSON (the adapter accepts only string-like query inputs).
        .input(z.object({ id: z.string(), note: z.string().optional(), keywords: z.preprocess((value) => JSON.stringify(value), z.string()).optional() }))
        .output(z.object({ id: z.string(), note: z.string().nullable(), keywords: z.string().nullable() }))
        .mutation(({ input }) => ({ id: input.id, note: input.note ?? null, keywords: input.keywords ?? null })),
    });

  it('without it, the adapter ignores a DELETE body', async () => {
    const res = await serve(deleting(), {}).delete('/v1/items/3').send({ note: 'x' });
    expect(res.body).toEqual({ id: '3', note: null, keywords: null });
  });

  it('with it, the body is read, and a one-element list arrives as its item (bots.ts RemoveKeywordsInput relies on it)', async () => {
    const request = serve(deleting(), { deleteBody: true });
    expect((await request.delete('/v1/items/3').send({ note: 'x', keywords: ['a', 'b'] })).body).toEqual({ id: '3', note: 'x', keywords: '["a","b"]' });
    expect((await request.delete('/v1/items/3').send({ keywords: ['a'] })).body).toEqual({ id: '3', note: null, keywords: '"a"' });
  });
});

describe('rewriteErrorBodies', () => {
  const refusing = () =>
    router({
      edit: publicProcedure
        .meta({ openapi: { method: 'POST', path: '/v1/edit' } })
        .input(z.object({ name: z.string().max(3, 'name must be short') }))
        .output(z.object({ ok: z.boolean() }))
        .mutation(() => {
          throw forbidden('Only the owner can edit this stack', 'NOT_OWNER');
        }),
    });

  it("without it, the adapter's error body carries the tRPC code, not the app's", async () => {
    const res = await serve(refusing(), {}).post('/v1/edit').send({ name: 'abc' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: 'Only the owner can edit this stack', code: 'FORBIDDEN', data: { detail: 'Only the owner can edit this stack', code: 'NOT_OWNER' } });
  });

  it('with it, errors answer {detail, code[, errors]}, and Express answers pass as they are', async () => {
    const request = serve(refusing(), { errorBodies: true });
    const refused = await request.post('/v1/edit').send({ name: 'abc' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'Only the owner can edit this stack', code: 'NOT_OWNER' });
    const invalid = await request.post('/v1/edit').send({ name: 'abcd' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ detail: 'name must be short', code: 'VALIDATION_FAILED', errors: [{ field: 'name', message: 'name must be short' }] });
    const missing = await request.get('/v1/nothing');
    expect(missing.body).toEqual({ detail: 'No such endpoint: GET /v1/nothing', code: 'NOT_FOUND' });
  });
});

describe('the document says what the server does', () => {
  const documented = () => {
    const appRouter = router({
      remove: publicProcedure
        .meta({ openapi: { method: 'DELETE', path: '/v1/items/{id}', errorResponses: [400, 403] } })
        .input(z.object({ id: z.string(), note: z.string().optional().describe('Why it goes.') }))
        .output(z.object({ ok: z.boolean() }))
        .mutation(() => ({ ok: true })),
      create: publicProcedure
        .meta({ openapi: { method: 'POST', path: '/v1/items', errorResponses: [400] }, successStatus: 201 })
        .input(z.object({}))
        .output(z.object({ ok: z.boolean() }))
        .mutation(() => ({ ok: true })),
    });
    const doc = generateOpenApiDocument(appRouter, { title: 'test', version: '1', baseUrl: '/' }) as Record<string, any>;
    return { appRouter, doc, remove: doc.paths['/v1/items/{id}'].delete, create: doc.paths['/v1/items'].post };
  };

  it('without documentDeleteInputsAsJsonBody, the generator lists DELETE inputs as query parameters, without their descriptions', () => {
    const { remove } = documented();
    expect(remove.parameters).toContainEqual({ in: 'query', name: 'note', schema: { type: 'string' } });
    expect(remove.requestBody).toBeUndefined();
  });

  it('with it, DELETE inputs beyond the path are a JSON body with their descriptions', () => {
    const { appRouter, doc, remove } = documented();
    documentDeleteInputsAsJsonBody(doc, appRouter);
    expect(remove.parameters.map((p: { name: string }) => p.name)).toEqual(['id']);
    expect(remove.requestBody).toEqual({
      required: false,
      content: { 'application/json': { schema: { type: 'object', properties: { note: { type: 'string', description: 'Why it goes.' } } } } },
    });
  });

  it('without documentSuccessStatuses, every success is documented as 200; with it, as the successStatus', () => {
    const { appRouter, doc, create } = documented();
    expect(Object.keys(create.responses)[0]).toBe('200');
    documentSuccessStatuses(doc, appRouter);
    const responses = doc.paths['/v1/items'].post.responses;
    expect(Object.keys(responses)[0]).toBe('201');
    expect(responses['200']).toBeUndefined();
  });

  it("without documentErrorBodies, errors have the generator's own schemas; with it, the Error schema", () => {
    const { doc, remove } = documented();
    expect(remove.responses['403'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/error.FORBIDDEN' });
    expect(Object.keys(doc.components.schemas)).toContain('error.FORBIDDEN');
    documentErrorBodies(doc);
    expect(remove.responses['403'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(Object.keys(doc.components.schemas).filter((key) => key.startsWith('error.'))).toEqual([]);
  });
});
