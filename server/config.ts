import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultHeavyReadConcurrency } from './db/heavy-read-gate';
import { loadEnv, type Env } from './env';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-files';

/** The gate of the feed's reads (docs/decisions/0056-heavy-reads-gate.md): FEED_READS_CONCURRENCY, and PG_POOL_TIMEOUT_MS as its wait bound. */
export const feedReadsOf = (env: Pick<Env, 'FEED_READS_CONCURRENCY' | 'PG_POOL_TIMEOUT_MS'>) => ({
  concurrency: env.FEED_READS_CONCURRENCY ?? defaultHeavyReadConcurrency(),
  maxWaitMs: env.PG_POOL_TIMEOUT_MS,
});

/** What the app needs at run time, derived from the environment (see docs/configuration.md). */
export interface AppConfig {
  appUrl: string;
  dataDir: string;
  jwtSecret: string;
  bcryptCost: number;
  trustProxy: boolean;
  jsonBodyLimit: string;
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  /** Where users write to the operator (legal pages: deletion requests, appeals); CONTACT_EMAIL. */
  contactEmail: string;
  clientDistDir: string;
  /** Whether this instance runs the scheduled jobs (pg-boss): bot runs and clean-up. */
  scheduler: boolean;
  /** REQUIRE_ADMIN_2FA: admin powers refuse (403 ADMIN_2FA_REQUIRED) a session without a second factor. */
  requireAdmin2fa?: boolean;
  /** PG_CANCEL_ON_HANGUP: a request whose client hung up cancels its running statements. */
  cancelOnHangUp?: boolean;
  /** The feed's reads at once (FEED_READS_CONCURRENCY) and how long one may wait for its turn (PG_POOL_TIMEOUT_MS). */
  feedReads?: { concurrency: number; maxWaitMs: number };
  bots: BotsConfig;
  /** DIGEST_HOUR: the UTC hour from which daily notification digests go out (default 8). */
  digestHour?: number;
  /** Web Push (docs/push.md); unset (tests): no fixed keys, `mailto:` the contact e-mail, no exempt endpoints. */
  push?: PushConfig;
  /** METRICS_TOKEN: GET /metrics on the app's port for this bearer token (docs/metrics.md); unset: not there. */
  metricsToken?: string;
}

export interface PushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset: the pair generated once and kept in the database. */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** VAPID_SUBJECT: whom push services may contact about this sender (mailto: or https:). */
  subject: string;
  /** PUSH_ALLOWED_ENDPOINTS: URL prefixes exempt from the https / public-address rule. */
  allowedEndpoints: string[];
}

export interface OpenAiConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export interface BotsConfig {
  /** UTC hour of the daily runs. */
  runHour: number;
  openai: OpenAiConfig;
}

/**
 * Without JWT_SECRET a random secret is made once and kept in DATA_DIR, so a single local
 * instance keeps its sessions across restarts. Several instances must share JWT_SECRET.
 */
function resolveJwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  return secret;
}

function botsConfig(env: Env): BotsConfig {
  return {
    runHour: env.BOT_RUN_HOUR,
    openai: { baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL, timeoutMs: env.OPENAI_TIMEOUT_MS },
  };
}

/** Bot settings from the environment's defaults (tests and benchmarks start from these). */
export const defaultBotsConfig = (): BotsConfig => botsConfig(loadEnv({}));

/**
 * CONTACT_EMAIL unset: support@ the domain mail is sent from (MAIL_FROM), a mailbox the operator of
 * that domain can be expected to read, unlike the no-reply sender itself; else support@ APP_URL's host.
 */
export function defaultContactEmail(mailFrom: string, appUrl: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = /@([^@\s>]+)\s*$/.exec(address.trim())?.[1] ?? new URL(appUrl).hostname;
  return `support@${domain}`;
}

/** The push settings of a config, with their defaults where it has none (tests build configs by hand). */
export function pushConfigOf(config: Pick<AppConfig, 'push' | 'contactEmail'>): PushConfig {
  return config.push ?? { subject: `mailto:${config.contactEmail}`, allowedEndpoints: [] };
}

function pushConfig(env: Env, contactEmail: string): PushConfig {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    subject: env.VAPID_SUBJECT ?? `mailto:${contactEmail}`,
    allowedEndpoints: env.PUSH_ALLOWED_ENDPOINTS,
  };
}

/** The process's configuration from its environment: every setting read, the feed's gate included. */
export function buildConfig(env: Env): AppConfig & Required<Pick<AppConfig, 'feedReads'>> {
  const dataDir = path.resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const contactEmail = env.CONTACT_EMAIL ?? defaultContactEmail(env.MAIL_FROM, appUrl);
  return {
    appUrl,
    dataDir,
    jwtSecret: resolveJwtSecret(env, dataDir),
    bcryptCost: env.BCRYPT_COST,
    trustProxy: env.TRUST_PROXY,
    jsonBodyLimit: env.JSON_BODY_LIMIT,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    contactEmail,
    clientDistDir: path.resolve('client/dist'),
    scheduler: env.SCHEDULER,
    requireAdmin2fa: env.REQUIRE_ADMIN_2FA,
    cancelOnHangUp: env.PG_CANCEL_ON_HANGUP,
    feedReads: feedReadsOf(env),
    bots: botsConfig(env),
    digestHour: env.DIGEST_HOUR,
    push: pushConfig(env, contactEmail),
    metricsToken: env.METRICS_TOKEN,
  };
}
