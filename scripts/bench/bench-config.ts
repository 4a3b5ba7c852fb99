import path from 'node:path';
import { defaultBotsConfig, feedReadsOf, type AppConfig } from '../../server/config';
import { loadEnv } from '../../server/env';

/** The app's settings for a benchmark run: no scheduler, no client build, mail into `dataDir`. */
export function benchAppConfig(dataDir: string, jwtSecret: string): AppConfig {
  return {
    appUrl: 'http://127.0.0.1',
    dataDir,
    jwtSecret,
    bcryptCost: 10,
    trustProxy: false,
    jsonBodyLimit: '100kb',
    mail: { from: 'Stacks <no-reply@stacks.bench>', outboxDir: path.join(dataDir, 'outbox') },
    contactEmail: 'support@stacks.bench',
    clientDistDir: path.join(dataDir, 'no-client'),
    scheduler: false,
    bots: defaultBotsConfig(),
    // As `npm start` reads them (server/config.ts), so a bench run can try FEED_READS_CONCURRENCY.
    feedReads: feedReadsOf(loadEnv()),
  };
}
