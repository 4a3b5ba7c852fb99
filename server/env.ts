import { createECDH } from 'node:crypto';
import { z } from 'zod';
import { OBSERVABILITY } from '../shared/limits';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a request may wait for a pool connection before it is answered 503 (load shedding). */
  PG_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** Feed pages read at once by this instance (default: its cores + 1); more wait their turn, up to PG_POOL_TIMEOUT_MS (docs/decisions/0056-heavy-reads-gate.md). */
  FEED_READS_CONCURRENCY: z.coerce.number().int().min(1).max(200).optional(),
  /** The server's statement_timeout on the request pool: a statement running longer is stopped (503 STATEMENT_TIMEOUT); 0: no limit. */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Stacks <no-reply@stacks.local>'),
  /** The address the legal pages give for deletion requests and appeals; default support@ the MAIL_FROM domain. */
  CONTACT_EMAIL: z.string().email('CONTACT_EMAIL must be an e-mail address').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BCRYPT_COST: z.coerce.number().int().min(10).max(15).default(12),
  TRUST_PROXY: z.stringbool().default(false),
  JSON_BODY_LIMIT: z.string().default('100kb'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** The UTC hour at which scheduled bots run (spec 2 §3). */
  BOT_RUN_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  /** The UTC hour from which daily notification digests go out (docs/notification-settings.md). */
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /** On: admin powers need a session signed in with a second factor (docs/two-factor.md). */
  REQUIRE_ADMIN_2FA: z.stringbool().default(false),
  /** Off: this instance runs no scheduled jobs (bot runs, clean-up); the CLI's bots:run still works. */
  SCHEDULER: z.stringbool().default(true),
  /**
   * Cancel a request's running statements when its client hangs up (server/db/request-scope.ts).
   * Off by default: it needs AsyncLocalStorage, whose promise hooks on Node 20 slow every request
   * (docs/limits-and-faults.md); PG_STATEMENT_TIMEOUT_MS bounds abandoned work either way.
   */
  PG_CANCEL_ON_HANGUP: z.stringbool().default(false),
  /** The `openai` bot generator: any OpenAI-compatible chat-completions endpoint. */
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Web Push (docs/push.md): the VAPID key pair, both or neither; unset, a pair is generated once and kept in the database. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a P-256 public key (65 bytes, uncompressed), base64url without padding').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes), base64url without padding').optional(),
  /** Who push services may contact about this sender: a mailto: or https: URL; default mailto: the contact e-mail. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL').optional(),
  /** Comma-separated URL prefixes whose push endpoints are exempt from the https / public-address rule (tests, private push services). */
  PUSH_ALLOWED_ENDPOINTS: z
    .string()
    .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'PUSH_ALLOWED_ENDPOINTS must list http: or https: URL prefixes, separated by commas' })))
    .default([]),
  /**
   * Metrics (docs/metrics.md): GET /metrics on the main port for `Authorization: Bearer METRICS_TOKEN`,
   * and/or on a port of its own (METRICS_PORT, bound to METRICS_HOST). Neither set: no metrics served.
   */
  METRICS_TOKEN: z.string().min(OBSERVABILITY.metricsTokenMin, `METRICS_TOKEN must be at least ${OBSERVABILITY.metricsTokenMin} characters`).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
});

export type Env = z.infer<typeof EnvSchema>;

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY come together, and the public key is the private key's. */
function checkVapidPair(env: Env, ctx: z.RefinementCtx) {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return;
  if (!publicKey || !privateKey) {
    ctx.addIssue({ code: 'custom', path: [publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together' });
    return;
  }
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    if (ecdh.getPublicKey().toString('base64url') === publicKey) return;
  } catch {
    // Not a valid P-256 private key: reported below like a mismatch.
  }
  ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY' });
}

/** Reads process.env once at start-up; a bad value stops the process with a message naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.superRefine(checkVapidPair).safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
