import type { Request, Response } from 'express';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { authenticate, type AuthResult } from '../modules/auth/auth.tokens';

/** Long-lived parts shared by every request. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  logger: Logger;
}

export interface Context extends AppDeps {
  auth: AuthResult;
  ip: string;
  /** Response headers a procedure wants set (e.g. Retry-After); applied by both adapters. */
  resHeaders: Record<string, string>;
}

/** Pure context builder: tests call it with a token and no Express request. */
export async function createContextInner(deps: AppDeps, input: { authorization?: string; ip?: string }): Promise<Context> {
  return {
    ...deps,
    auth: await authenticate(deps.db, deps.config.jwtSecret, input.authorization),
    ip: input.ip ?? 'unknown',
    resHeaders: {},
  };
}

export function contextFactory(deps: AppDeps) {
  return ({ req }: { req: Request; res: Response }) =>
    createContextInner(deps, { authorization: req.headers.authorization, ip: req.ip });
}
