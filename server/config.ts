import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './env';

/** What the app needs at run time, derived from the environment (see README "Configuration"). */
export interface AppConfig {
  appUrl: string;
  dataDir: string;
  jwtSecret: string;
  bcryptCost: number;
  trustProxy: boolean;
  jsonBodyLimit: string;
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  clientDistDir: string;
}

/**
 * Without JWT_SECRET a random secret is made once and kept in DATA_DIR, so a single local
 * instance keeps its sessions across restarts. Several instances must share JWT_SECRET.
 */
function resolveJwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function buildConfig(env: Env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    jwtSecret: resolveJwtSecret(env, dataDir),
    bcryptCost: env.BCRYPT_COST,
    trustProxy: env.TRUST_PROXY,
    jsonBodyLimit: env.JSON_BODY_LIMIT,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    clientDistDir: path.resolve('client/dist'),
  };
}
