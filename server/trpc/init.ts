import './zod-messages';
import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import type { ErrorBody } from '../../shared/error-codes';
import { LIMITS } from '../../shared/limits';
import { asDatabaseFault } from '../db/faults';
import { adminPowerRefusal } from '../policy';
import { AppError, badRequest, unauthorized } from '../errors';
import type { Context } from './context';
import { viewerOf } from '../viewer';

const TRPC_CODE_BY_STATUS: Record<AppError['status'], TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

export type ErrorFields = ErrorBody;

/** The one mapping from any thrown error to what a client sees. Internal errors say nothing inside. */
export function describeError(error: TRPCError): ErrorFields {
  const cause = error.cause;
  if (cause instanceof AppError) return { detail: cause.detail, code: cause.code };
  if (cause instanceof ZodError || (cause && cause.name === 'ZodError')) {
    const issues = (cause as ZodError).issues;
    const errors = issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
    return { detail: errors[0]?.message ?? 'Invalid input', code: 'VALIDATION_FAILED', errors };
  }
  if (error.code === 'INTERNAL_SERVER_ERROR') return { detail: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' };
  if (error.message === 'Batch call exceeds maximum size') {
    return { detail: `A batch may hold at most ${LIMITS.trpcBatchMax} calls`, code: 'BATCH_TOO_LARGE' };
  }
  if (error.code === 'PARSE_ERROR') return { detail: 'The request body is not valid JSON', code: 'MALFORMED_JSON' };
  if (error.code === 'NOT_FOUND' && error.message === 'Not found') return { detail: 'Not found', code: 'NOT_FOUND' };
  return { detail: error.message, code: error.code };
}

/**
 * `successStatus`: the REST status of a success when it is not 200 (201 for a call that makes a
 * resource, 202 for one that queues work, 204 for one that answers nothing); tRPC answers 200 all
 * the same. Applied and documented by server/http/openapi-adapter-workarounds.ts.
 */
export type ProcedureMeta = OpenApiMeta<{ successStatus?: 201 | 202 | 204 }>;

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error }) {
      const fields = describeError(error);
      return {
        message: fields.detail,
        code: shape.code,
        // `detail` and `code` are the REST body's two fields, so both transports carry one error shape.
        data: { detail: fields.detail, code: fields.code, errors: fields.errors, httpStatus: shape.data.httpStatus, path: shape.data.path },
      };
    },
  });

/** PostgreSQL "data exception" errors (class 22: bad characters, out-of-range numbers) are bad input. */
function isDataException(cause: unknown): boolean {
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && code.length === 5 && code.startsWith('22');
}

/** Turns domain errors into tRPC errors with the matching HTTP status, keeping the original as cause. */
const mapDomainErrors = t.middleware(async ({ next, ctx }) => {
  const result = await next();
  if (!result.ok && isDataException(result.error.cause)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The request contains a value the database cannot store', cause: badRequest('INVALID_VALUE', 'The request contains a value the database cannot store') });
  }
  if (!result.ok) {
    const { cause } = result.error;
    const appError = cause instanceof AppError ? cause : asDatabaseFault(cause);
    if (appError) {
      Object.assign(ctx.resHeaders, appError.headers);
      throw new TRPCError({ code: TRPC_CODE_BY_STATUS[appError.status], message: appError.detail, cause: appError });
    }
  }
  return result;
});

export const router = t.router;
/** Every procedure is built from this one: domain errors mapped. */
export const publicProcedure = t.procedure.use(mapDomainErrors);

/** A signed-in, active user; the token must carry the user's current token version. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth.user) throw unauthorized(ctx.auth.reason);
  return next({ ctx: { ...ctx, user: ctx.auth.user, viewer: viewerOf(ctx.auth.user, ctx.config.requireAdmin2fa) } });
});

/** An admin (with REQUIRE_ADMIN_2FA, signed in with a second factor: 403 ADMIN_2FA_REQUIRED otherwise). */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.viewer.isAdmin) throw adminPowerRefusal(ctx.viewer, 'Only admins may do this', 'FORBIDDEN');
  return next();
});
