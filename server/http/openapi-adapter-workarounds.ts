import type { Request, Response } from 'express';
import type { AnyRouter } from '@trpc/server';
import type { applyErrorHeaders } from './trpc-hooks';

/*
 * Every place where the REST paths lean on how trpc-to-openapi (3.3.0) works inside, because it has
 * no option for what is needed. Each function says which library behaviour it relies on and why it
 * is needed. tests/unit/openapi-adapter-workarounds.test.ts holds the library to each of those
 * behaviours: it fails when an upgrade changes one, including when the library stops misbehaving
 * and the workaround can go (docs/decisions/0046-openapi-adapter-workarounds.md).
 */

type ProcedureRecord = Record<string, { _def: { meta?: { openapi?: { path?: string; method?: string }; successStatus?: number } } }>;

const proceduresOf = (router: AnyRouter) => router._def.procedures as unknown as ProcedureRecord;

/** Compares paths segment by segment: a literal segment wins over a `{param}` one. */
export function comparePathSpecificity(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const leftParam = left[i].startsWith('{');
    const rightParam = right[i].startsWith('{');
    if (leftParam !== rightParam) return leftParam ? 1 : -1;
  }
  return 0;
}

/**
 * Relies on: the adapter reads `router._def.procedures` (tRPC's flat record, keyed by dotted path)
 * and routes a request to the first procedure, in that record's order, whose path pattern matches.
 * Why: `/v1/users/{id}` would then swallow `/v1/users/blocks`. This gives the adapter the same
 * router with literal paths first (calls still run through the original router's caller).
 */
export function withSpecificPathsFirst<R extends AnyRouter>(router: R): R {
  const procedures = proceduresOf(router);
  const pathOf = (name: string) => procedures[name]._def.meta?.openapi?.path ?? '';
  const ordered = Object.fromEntries(
    Object.keys(procedures)
      .sort((x, y) => comparePathSpecificity(pathOf(x), pathOf(y)))
      .map((name) => [name, procedures[name]]),
  );
  return { ...router, _def: { ...router._def, procedures: ordered } } as unknown as R;
}

type ResponseMetaOptions = Parameters<typeof applyErrorHeaders>[0] & { paths?: readonly string[] };

/**
 * Relies on: the adapter's `responseMeta` option (supported) is called with `paths: [the procedure's
 * dotted path]` and `errors: []` on success, and its `status` is the answer's status.
 * Why: the adapter answers 200 to every success; a procedure whose meta says `successStatus`
 * (201 for POST /v1/reports) answers that over REST. tRPC calls keep 200, as batches need one status.
 */
export function withSuccessStatus(router: AnyRouter, base: typeof applyErrorHeaders) {
  const procedures = proceduresOf(router);
  return (options: ResponseMetaOptions) => {
    const meta: { headers?: Record<string, string>; status?: number } = base(options);
    const path = options.paths?.length === 1 ? options.paths[0] : undefined;
    const status = path ? procedures[path]?._def.meta?.successStatus : undefined;
    return status && !options.errors?.length ? { ...meta, status } : meta;
  };
}

/**
 * Relies on: the adapter refuses a POST, PUT or PATCH without a JSON Content-Type (415) before it
 * looks at the input, even when the input is void, and takes `req.body` as the body when set.
 * Why: body-less calls (POST /v1/stacks/{id}/viewed) are valid; they get an empty JSON body.
 */
export function sendBodylessWritesAsEmptyJson(req: Request) {
  if (req.method !== 'GET' && req.body === undefined) {
    req.headers['content-type'] = 'application/json';
    req.body = {};
  }
}

/**
 * Relies on: the adapter reads a DELETE's input from the query string only (never the body), from
 * `req.query` when the request has one, and passes a one-element list as its item.
 * Why: DELETE inputs beyond the path are a JSON body (spec: `DELETE /v1/bots/{id}/keywords`,
 * `DELETE /v1/stacks/{id}/hide`; server/openapi.ts documents them so), so the body is merged into
 * the query the adapter reads. Express 5's `req.query` is a getter, hence defineProperty.
 */
export function readDeleteBodyAsQuery(req: Request) {
  if (req.method === 'DELETE' && req.body && typeof req.body === 'object' && Object.keys(req.body).length > 0) {
    Object.defineProperty(req, 'query', { value: { ...(req.query as object), ...req.body }, configurable: true, writable: true });
  }
}

/**
 * Relies on: the adapter sends an error as `res.end(JSON.stringify(body))` (a string, with a JSON
 * Content-Type and the error status), the body being `{...errorShape, message, code: <tRPC code>}`,
 * so the error formatter's `data` (server/trpc/init.ts) is in it but its `code` is overwritten.
 * Why: the API's error body is `{detail, code[, errors]}` with the app's code. Express's own
 * answers (`res.json`) end with a Buffer and pass as they are.
 */
export function rewriteErrorBodies(res: Response) {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode >= 400 && typeof chunk === 'string' && res.getHeader('content-type')?.toString().includes('json')) {
      try {
        const body = JSON.parse(chunk) as { message?: string; code?: string; data?: { detail?: string; code?: string; errors?: unknown } };
        const data = body.data;
        const rewritten = {
          detail: data?.detail ?? body.message ?? 'Error',
          code: data?.code ?? body.code ?? 'ERROR',
          ...(data?.errors ? { errors: data.errors } : {}),
        };
        return end(JSON.stringify(rewritten), ...rest);
      } catch {
        // Not the adapter's JSON: send it as it is.
      }
    }
    return end(chunk, ...rest);
  }) as Response['end'];
}

// The document (server/openapi.ts) says what the workarounds above make the server do.

type Json = Record<string, any>;

type DescribedProcedure = { _def: { meta?: { openapi?: { method?: string; path?: string } }; inputs?: { shape?: Record<string, { description?: string }> }[] } };

/** For each DELETE path, the `.describe()` text of each input field that has one. */
function deleteInputDescriptions(router: AnyRouter): Map<string, Record<string, string>> {
  const found = new Map<string, Record<string, string>>();
  for (const procedure of Object.values(router._def.procedures as unknown as Record<string, DescribedProcedure>)) {
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

/**
 * Relies on: the generator documents every DELETE input beyond the path as query parameters
 * (without their `.describe()` texts), and has no option to do otherwise.
 * Why: the server reads those inputs from a JSON body (`readDeleteBodyAsQuery`), as the spec says,
 * so they are moved into an `application/json` request body that generated clients can send, with
 * their descriptions.
 */
export function documentDeleteInputsAsJsonBody(doc: Json, router: AnyRouter) {
  const descriptions = deleteInputDescriptions(router);
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

type StatusProcedure = { _def: { meta?: { successStatus?: number; openapi?: { method?: string; path?: string } } } };

/**
 * Relies on: the generator documents every success under 200.
 * Why: a procedure whose meta says `successStatus` answers it (`withSuccessStatus`); its success
 * response is documented under that status instead.
 */
export function documentSuccessStatuses(doc: Json, router: AnyRouter) {
  for (const procedure of Object.values(router._def.procedures as unknown as Record<string, StatusProcedure>)) {
    const { successStatus, openapi } = procedure._def.meta ?? {};
    if (!successStatus || !openapi?.method || !openapi.path) continue;
    const operation = doc.paths?.[openapi.path]?.[openapi.method.toLowerCase()] as Json | undefined;
    if (!operation?.responses?.['200']) continue;
    const { '200': success, ...rest } = operation.responses;
    // 204 No Content has no body to describe.
    if (successStatus === 204) delete success.content;
    operation.responses = { [String(successStatus)]: success, ...rest };
  }
}

/**
 * Relies on: the generator documents each error response with a schema of its own shape
 * (`#/components/schemas/error.<CODE>`).
 * Why: the server answers `{detail, code[, errors]}` (`rewriteErrorBodies`): every error response
 * refers to the Error schema instead, and the generator's per-error schemas, which nothing refers
 * to any more, are dropped. The Error schema itself is added by server/openapi.ts.
 */
export function documentErrorBodies(doc: Json) {
  for (const [, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const [, operation] of Object.entries<Json>(item)) {
      for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
        if (Number(status) >= 400) {
          response.content = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
        }
      }
    }
  }
  for (const key of Object.keys(doc.components?.schemas ?? {})) {
    if (key.startsWith('error.')) delete doc.components.schemas[key];
  }
}
