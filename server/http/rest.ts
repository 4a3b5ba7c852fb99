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
    router,
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
