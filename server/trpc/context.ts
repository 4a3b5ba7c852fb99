import { TRPCError } from '@trpc/server';
import type { Request, Response } from 'express';
import { feedReadsOf, type AppConfig } from '../config';
import type { Db } from '../db/client';
import { asDatabaseFault } from '../db/faults';
import { heavyReadGate, type HeavyReadGate } from '../db/heavy-read-gate';
import { loadEnv } from '../env';
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
  /** The gate of the feed's reads; without it, one per configuration (heavyReadsOf). */
  heavyReads?: HeavyReadGate;
}

export interface Context extends AppDeps {
  heavyReads: HeavyReadGate;
  auth: AuthResult;
  ip: string;
  /** Response headers a procedure wants set (e.g. Retry-After); applied by both adapters. */
  resHeaders: Record<string, string>;
  /** The client's User-Agent header ('' when none): a sign-in's session is named by it. */
  userAgent: string;
  /** How the call came: the app's tRPC calls (web) or a documented REST path (rest); the audit log records it. */
  source: 'web' | 'rest';
}

const gates = new WeakMap<AppConfig, HeavyReadGate>();

/** The app's gate of heavy reads (server/db/heavy-read-gate.ts): the one given, else one per configuration, shared by its requests. */
export function heavyReadsOf(deps: AppDeps): HeavyReadGate {
  if (deps.heavyReads) return deps.heavyReads;
  let gate = gates.get(deps.config);
  // A configuration built without feedReads (tests, tools) gets the environment's, as npm start would.
  if (!gate) gates.set(deps.config, (gate = heavyReadGate(deps.config.feedReads ?? feedReadsOf(loadEnv()))));
  return gate;
}

/** Pure context builder: tests call it with a token and no Express request. */
export async function createContextInner(deps: AppDeps, input: { authorization?: string; ip?: string; userAgent?: string; source?: Context['source'] }): Promise<Context> {
  const ip = input.ip ?? 'unknown';
  return {
    ...deps,
    heavyReads: heavyReadsOf(deps),
    auth: await authenticate(deps.db, deps.config.jwtSecret, input.authorization, ip),
    ip,
    userAgent: input.userAgent ?? '',
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
      return await createContextInner(deps, { authorization: req.headers.authorization, ip: req.ip, userAgent: req.headers['user-agent'], source });
    } catch (error) {
      const appError = asDatabaseFault(error);
      if (!appError) throw error;
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: appError.detail, cause: appError });
    }
  };
}
