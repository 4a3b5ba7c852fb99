import type { NextFunction, Request, Response } from 'express';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import type { AppRouter } from '../router';
import type { AppDeps } from '../trpc/context';
import { contextFactory } from '../trpc/context';
import {
  readDeleteBodyAsQuery,
  rewriteErrorBodies,
  sendBodylessWritesAsEmptyJson,
  withSpecificPathsFirst,
  withSuccessStatus,
} from './openapi-adapter-workarounds';
import { applyErrorHeaders, logServerError } from './trpc-hooks';

/**
 * Serves the documented REST paths from the tRPC procedures (trpc-to-openapi), with the API's
 * error body `{detail, code}` instead of the adapter's own shape. What the adapter cannot be told
 * through its options is in openapi-adapter-workarounds.ts; what it cannot be made to do at the
 * request's edge is patched (patches/trpc-to-openapi+3.3.0.patch: booleans of a JSON body are
 * not coerced, docs/decisions/0046-openapi-adapter-workarounds.md).
 */
export function restHandler(router: AppRouter, deps: AppDeps) {
  const handler = createOpenApiNodeHttpHandler({
    router: withSpecificPathsFirst(router),
    createContext: contextFactory(deps, 'rest') as never,
    responseMeta: withSuccessStatus(router, applyErrorHeaders) as never,
    onError: logServerError(deps.logger) as never,
  });

  return (req: Request, res: Response, next: NextFunction) => {
    if (!/^\/v\d+\//.test(req.path)) return next();
    sendBodylessWritesAsEmptyJson(req);
    readDeleteBodyAsQuery(req);
    rewriteErrorBodies(res);
    return handler(req as never, res as never, () => {
      res.status(404).json({ detail: `No such endpoint: ${req.method} ${req.path}`, code: 'NOT_FOUND' });
    });
  };
}
