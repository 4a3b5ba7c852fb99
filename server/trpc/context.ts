import { TRPCError } from '@trpc/server';
import type { Request, Response } from 'express';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { asDatabaseFault } from '../db/faults';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { authenticate, type AuthResult } from '../modules/auth/auth.tokens';
import type { EventHub } from '../modules/events/event-hub';

/** Long-lived parts shared by every request. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  logger: Logger;
  /** The health probe (`DbHandle.ping`); without it `/healthz` runs `select 1` on `db`. */
  ping?: () => Promise<void>;
  /** The live events of this process (GET /v1/events); without it that call answers 503. */
  events?: EventHub;
}

export interface Context extends AppDeps {
  auth: AuthResult;
  ip: string;
  /** Response headers a procedure wants set (e.g. Retry-After); applied by both adapters. */
  resHeaders: Record<string, string>;
  /** How the call came: the app's tRPC calls (web) or a documented REST path (rest); the audit log records it. */
  source: 'web' | 'rest';
}

/** Pure context builder: tests call it with a token and no Express request. */
export async function createContextInner(deps: AppDeps, input: { authorization?: string; ip?: string; source?: Context['source'] }): Promise<Context> {
  return {
    ...deps,
    auth: await authenticate(deps.db, deps.config.jwtSecret, input.authorization),
    ip: input.ip ?? 'unknown',
    resHeaders: {},
    source: input.source ?? 'web',
  };
}

/**
 * Builds the context of each request. Reading the token's user is the first query of a request:
 * when the database is away it fails here, before any procedure, and must still answer 503.
 */
export function contextFactory(deps: AppDeps, source: Context['source'] = 'web') {
  return async ({ req }: { req: Request; res: Response }) => {
    try {
      return await createContextInner(deps, { authorization: req.headers.authorization, ip: req.ip, source });
    } catch (error) {
      const appError = asDatabaseFault(error);
      if (!appError) throw error;
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: appError.detail, cause: appError });
    }
  };
}
