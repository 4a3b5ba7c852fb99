import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '../../shared/error-codes';

/**
 * The methods the app serves on some path. Any other (Node accepts 33) finds no route: 404, or 405
 * on a path that names what it serves; the request metrics count it as `other`, so a client cannot
 * make new label values (docs/metrics.md).
 */
export const SERVED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** tRPC's calls: queries by GET (HEAD answers like it), mutations and batches by POST. */
export const TRPC_METHODS: readonly string[] = ['GET', 'HEAD', 'POST'];

/**
 * Mounted on /trpc: any other method is answered 405 with `Allow` before tRPC's adapter sees it
 * (it answered 415, and 500 for TRACE, which the fetch Request it builds refuses).
 */
export function trpcMethodGuard(req: Request, res: Response, next: NextFunction) {
  if (TRPC_METHODS.includes(req.method)) return next();
  res.setHeader('Allow', TRPC_METHODS.join(', '));
  res.status(405).json({ detail: `${req.method} is not served here: tRPC calls use ${TRPC_METHODS.join(', ')}`, code: 'METHOD_NOT_SUPPORTED' } satisfies ErrorBody);
}
