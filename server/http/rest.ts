import type { NextFunction, Request, Response } from 'express';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { AppRouter } from '../router';
import type { AppDeps } from '../trpc/context';
import { contextFactory } from '../trpc/context';
import { applyErrorHeaders, logServerError } from './trpc-hooks';

/**
 * Serves the documented REST paths from the tRPC procedures (trpc-to-openapi), with the API's
 * error body `{detail, code}` instead of the adapter's own shape.
 */
export function restHandler(router: AppRouter, deps: AppDeps) {
  keepBodyBooleansStrict(router);
  const successStatus = successStatuses(router);
  const handler = createOpenApiNodeHttpHandler({
    router: withSpecificPathsFirst(router),
    createContext: contextFactory(deps) as never,
    responseMeta: ((opts: Parameters<typeof applyErrorHeaders>[0] & { paths?: string[] }) => {
      const meta = applyErrorHeaders(opts);
      const status = opts.errors?.length ? undefined : successStatus.get(opts.paths?.[0] ?? '');
      return status ? { ...meta, status } : meta;
    }) as never,
    onError: logServerError(deps.logger) as never,
  });

  return (req: Request, res: Response, next: NextFunction) => {
    if (!/^\/v\d+\//.test(req.path)) return next();
    // The adapter refuses body-less POSTs without a Content-Type (415) even when the input is void.
    if (req.method !== 'GET' && req.body === undefined) {
      req.headers['content-type'] = 'application/json';
      req.body = {};
    }
    // The adapter ignores DELETE bodies: merge a JSON body into the query it reads instead. The
    // OpenAPI document describes these inputs as a JSON body (server/openapi.ts).
    if (req.method === 'DELETE' && req.body && typeof req.body === 'object' && Object.keys(req.body).length > 0) {
      Object.defineProperty(req, 'query', { value: { ...(req.query as object), ...req.body }, configurable: true, writable: true });
    }
    rewriteErrorBodies(res);
    return handler(req as never, res as never, () => {
      res.status(404).json({ detail: `No such endpoint: ${req.method} ${req.path}`, code: 'NOT_FOUND' });
    });
  };
}

type ProcedureRecord = Record<string, { _def: { meta?: { successStatus?: number; openapi?: { path?: string } } } }>;

/** Procedures whose REST success is not 200 (meta `successStatus`), by procedure path. */
function successStatuses(router: AppRouter): Map<string, number> {
  const procedures = router._def.procedures as unknown as ProcedureRecord;
  const found = new Map<string, number>();
  for (const [name, procedure] of Object.entries(procedures)) {
    const status = procedure._def.meta?.successStatus;
    if (status) found.set(name, status);
  }
  return found;
}

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
 * The adapter takes the first path pattern that matches, in procedure order, so `/v1/users/{id}`
 * could swallow `/v1/users/blocks`. This gives it the same router with literal paths first.
 */
function withSpecificPathsFirst(router: AppRouter): AppRouter {
  const procedures = router._def.procedures as unknown as ProcedureRecord;
  const pathOf = (name: string) => procedures[name]._def.meta?.openapi?.path ?? '';
  const ordered = Object.fromEntries(
    Object.keys(procedures)
      .sort((x, y) => comparePathSpecificity(pathOf(x), pathOf(y)))
      .map((name) => [name, procedures[name]]),
  );
  return { ...router, _def: { ...router._def, procedures: ordered } } as unknown as AppRouter;
}

type ZodNode = { _zod?: { def?: { type?: string; coerce?: boolean; innerType?: ZodNode; element?: ZodNode; shape?: Record<string, ZodNode> } } };

/** The boolean schemas of an input, through optional/nullable/default wrappers, arrays and nested objects. */
function collectBooleans(node: ZodNode | undefined, into: Set<ZodNode>) {
  const def = node?._zod?.def;
  if (!node || !def) return;
  if (def.type === 'boolean') into.add(node);
  else if (['optional', 'nullable', 'default', 'prefault'].includes(def.type ?? '')) collectBooleans(def.innerType, into);
  else if (def.type === 'array') collectBooleans(def.element, into);
  else if (def.type === 'object') for (const child of Object.values(def.shape ?? {})) collectBooleans(child, into);
}

/**
 * The adapter marks every boolean of an input schema as coercing (`Boolean(value)`) on each call,
 * which suits query strings but also turns a JSON body's `"false"` into `true` (and, since the
 * schemas are shared, tRPC calls too). Booleans read only from bodies (POST, PUT, PATCH, and
 * DELETE, whose inputs beyond the path are a JSON body) keep zod's strict check, so a non-boolean
 * is a 400 naming the field.
 */
function keepBodyBooleansStrict(router: AppRouter) {
  const procedures = router._def.procedures as unknown as Record<string, { _def: { meta?: { openapi?: { method?: string } }; inputs?: ZodNode[] } }>;
  const fromBody = new Set<ZodNode>();
  const fromQuery = new Set<ZodNode>();
  for (const procedure of Object.values(procedures)) {
    const method = procedure._def.meta?.openapi?.method;
    if (!method) continue;
    const into = method === 'GET' ? fromQuery : fromBody;
    for (const input of procedure._def.inputs ?? []) collectBooleans(input, into);
  }
  for (const node of fromBody) {
    if (fromQuery.has(node) || !node._zod?.def) continue;
    const strict = node._zod.def.coerce ?? false;
    Object.defineProperty(node._zod.def, 'coerce', { get: () => strict, set: () => undefined, configurable: true, enumerable: true });
  }
}

/** Replaces the adapter's error JSON with `{detail, code[, errors]}` from the tRPC error shape. */
function rewriteErrorBodies(res: Response) {
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
