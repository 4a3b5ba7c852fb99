import type { TRPCError } from '@trpc/server';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import type { Context } from '../trpc/context';

/**
 * Headers set by procedures (e.g. Retry-After on 429) reach the response in both adapters, and so
 * do those of an error raised before there was a context (503 while the database is away).
 */
export function applyErrorHeaders({ ctx, errors }: { ctx?: Context; errors?: TRPCError[] }) {
  const headers: Record<string, string> = { ...ctx?.resHeaders };
  for (const error of errors ?? []) if (error.cause instanceof AppError) Object.assign(headers, error.cause.headers);
  // tRPC answers a refused batch (too large, unreadable) as text/plain; its body is JSON all the same.
  if (errors?.length) headers['Content-Type'] = 'application/json';
  return Object.keys(headers).length > 0 ? { headers } : {};
}

/**
 * Only unexpected failures are logged as errors; refusals are normal answers. The line carries the
 * request's id (`req.id`, answered in X-Request-Id), as its request log line does.
 */
export function logServerError(logger: Logger) {
  return ({ error, path, req }: { error: TRPCError; path?: string; req?: { id?: unknown } }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error.cause ?? error, path, req: { id: req?.id } }, 'request failed');
  };
}
