import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a request may wait for a pool connection before it is answered 503 (load shedding). */
  PG_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
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
});

export type Env = z.infer<typeof EnvSchema>;

/** Reads process.env once at start-up; a bad value stops the process with a message naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
