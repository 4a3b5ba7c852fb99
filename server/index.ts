import { createServer } from 'node:http';
import { createApp } from './app';
import { openAndMigrate } from './bootstrap';
import { buildConfig } from './config';
import { DataFolderBusyError } from './db/client';
import { loadEnv } from './env';
import { startScheduler, type Scheduler } from './jobs/scheduler';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { ensureFirstRegistrationCode } from './modules/codes/first-run';

async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const config = buildConfig(env);
  const handle = await openAndMigrate(env, config, logger);
  const mailer = createMailer({ ...config.mail, logger });
  await ensureFirstRegistrationCode(handle.db, (lines) => console.log(lines.join('\n')));

  const app = createApp({ db: handle.db, config, mailer, logger });
  let scheduler: Scheduler | undefined;
  if (config.scheduler) {
    scheduler = await startScheduler({ handle, bots: config.bots, logger });
    logger.info({ botRunHour: config.bots.runHour }, 'scheduler started');
  }
  const server = createServer(app);
  server.listen(env.PORT, env.HOST, () => {
    logger.info({ url: config.appUrl, database: handle.kind, mail: mailer.describe() }, 'Stacks is running');
    console.log(`\n  Stacks is running at ${config.appUrl}  (API reference: ${config.appUrl}/docs)\n`);
  });

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the pool.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing connections');
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(async () => {
      await scheduler?.stop().catch((error) => logger.error({ err: error }, 'stopping the scheduler failed'));
      await handle.close();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  if (error instanceof DataFolderBusyError) console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
