import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { createApp } from '../../server/app';
import { defaultBotsConfig, type AppConfig } from '../../server/config';
import { backgroundSettled } from '../../server/jobs/background';
import { createLogger } from '../../server/logger';
import { createMailer, type MailMessage, type Mailer } from '../../server/mail/mailer';
import { signAccessToken } from '../../server/modules/auth/auth.tokens';
import type { AppDeps } from '../../server/trpc/context';
import { createTestDb, type TestDb, type TestDbOptions } from './test-db';

export interface TestApp {
  request: ReturnType<typeof supertest>;
  deps: AppDeps;
  testDb: TestDb;
  db: TestDb['db'];
  config: AppConfig;
  /** Every mail sent, newest last (also written to the outbox folder by the real mailer). */
  mails: MailMessage[];
  /** Waits for background work and mails still being sent (password recovery does not wait for them). */
  flushMail(): Promise<void>;
  /**
   * A token for the user's session (factory users have one; see createSession). Without a
   * session id it names a session that does not exist, so it is refused as revoked.
   */
  tokenFor(user: { id: number; token_version?: number; session_id?: number }): string;
  close(): Promise<void>;
}

/** A session id no row has (the largest integer id). */
const NO_SESSION = 2_147_483_647;

/** The real app on a fresh database, with a temporary DATA_DIR; mails are also kept in memory. */
export async function createTestApp(overrides: Partial<AppConfig> = {}, mailerOverride?: Mailer, dbOptions?: TestDbOptions): Promise<TestApp> {
  const testDb = await createTestDb(dbOptions);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stacks-test-'));
  const config: AppConfig = {
    appUrl: 'http://stacks.test',
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    // The app's lowest production cost is 10; tests hash hundreds of passwords (server-process.test.ts runs 14).
    bcryptCost: 4,
    trustProxy: false,
    jsonBodyLimit: '100kb',
    mail: { from: 'Stacks <no-reply@stacks.test>', outboxDir: path.join(dataDir, 'outbox') },
    contactEmail: 'support@stacks.test',
    clientDistDir: path.join(dataDir, 'no-client'),
    scheduler: false,
    bots: defaultBotsConfig(),
    ...overrides,
  };
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'error');
  const realMailer = mailerOverride ?? createMailer({ ...config.mail, logger });
  const mails: MailMessage[] = [];
  const sending = new Set<Promise<void>>();
  const mailer: Mailer = {
    describe: () => realMailer.describe(),
    send(message) {
      const done = realMailer.send(message).then(() => void mails.push(message));
      sending.add(done);
      return done.finally(() => sending.delete(done));
    },
  };
  const deps: AppDeps = { db: testDb.db, config, mailer, logger, ping: testDb.handle.ping };
  const app = createApp(deps);
  return {
    request: supertest(app),
    deps,
    testDb,
    db: testDb.db,
    config,
    mails,
    async flushMail() {
      await backgroundSettled();
      await Promise.allSettled([...sending]);
    },
    tokenFor: (user) => signAccessToken(config.jwtSecret, { id: user.id, token_version: user.token_version ?? 0 }, user.session_id ?? NO_SESSION),
    async close() {
      await testDb.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link in a mail's text that starts with the given path. */
export function linkIn(message: MailMessage | undefined, pathPrefix: string): URL {
  const match = message?.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === pathPrefix);
  if (!match) throw new Error(`no ${pathPrefix} link in mail: ${message?.text}`);
  return new URL(match);
}
