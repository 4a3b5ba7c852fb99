import type { TRPCError } from '@trpc/server';
import type { Logger } from '../logger';
import type { Context } from '../trpc/context';

/** Headers set by procedures (e.g. Retry-After on 429) reach the response in both adapters. */
export function applyErrorHeaders({ ctx }: { ctx?: Context }) {
  return ctx && Object.keys(ctx.resHeaders).length > 0 ? { headers: ctx.resHeaders } : {};
}

/** Only unexpected failures are logged as errors; refusals are normal answers. */
export function logServerError(logger: Logger) {
  return ({ error, path }: { error: TRPCError; path?: string }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error.cause ?? error, path }, 'request failed');
  };
}
