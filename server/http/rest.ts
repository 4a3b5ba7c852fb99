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
  const handler = createOpenApiNodeHttpHandler({
    router: withSpecificPathsFirst(router),
    createContext: contextFactory(deps) as never,
    responseMeta: applyErrorHeaders as never,
    onError: logServerError(deps.logger) as never,
  });

  return (req: Request, res: Response, next: NextFunction) => {
    if (!/^\/v\d+\//.test(req.path)) return next();
    // The adapter refuses body-less POSTs without a Content-Type (415) even when the input is void.
    if (req.method !== 'GET' && req.body === undefined) {
      req.headers['content-type'] = 'application/json';
      req.body = {};
    }
    // The adapter ignores DELETE bodies: merge a JSON body into the query it reads instead.
    if (req.method === 'DELETE' && req.body && typeof req.body === 'object' && Object.keys(req.body).length > 0) {
      Object.defineProperty(req, 'query', { value: { ...(req.query as object), ...req.body }, configurable: true, writable: true });
    }
    rewriteErrorBodies(res);
    return handler(req as never, res as never, () => {
      res.status(404).json({ detail: `No such endpoint: ${req.method} ${req.path}`, code: 'NOT_FOUND' });
    });
  };
}

type ProcedureRecord = Record<string, { _def: { meta?: { openapi?: { path?: string } } } }>;

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

/** Replaces the adapter's error JSON with `{detail, code[, errors]}` from the tRPC error shape. */
function rewriteErrorBodies(res: Response) {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (res.statusCode >= 400 && typeof chunk === 'string' && res.getHeader('content-type')?.toString().includes('json')) {
      try {
        const body = JSON.parse(chunk) as { message?: string; code?: string; data?: { detail?: string; app_code?: string; errors?: unknown } };
        const data = body.data;
        const rewritten = {
          detail: data?.detail ?? body.message ?? 'Error',
          code: data?.app_code ?? body.code ?? 'ERROR',
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
