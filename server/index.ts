import { createServer } from 'node:http';
import { createApp } from './app';
import { openAndMigrate, securePrivateFiles } from './bootstrap';
import { buildConfig, pushConfigOf } from './config';
import { DataFolderBusyError, type DbHandle } from './db/client';
import { heavyReadGate } from './db/heavy-read-gate';
import { InterruptedRestoreError } from './db/interrupted-restore';
import { loadEnv } from './env';
import { answerClientErrors } from './http/client-errors';
import { requestIdOf } from './http/request-id';
import { backgroundSettled } from './jobs/background';
import { startScheduler, type Scheduler } from './jobs/scheduler';
import { jobQueueStats } from './jobs/job-queue.repo';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import { ensureFirstRegistrationCode } from './modules/codes/first-run';
import { createEventHub, type EventHub } from './modules/events/event-hub';
import { appChannels, createOutboundDispatcher } from './modules/outbound/outbound.service';
import { closeShareImages, warmUpShareImages } from './modules/stacks/share-image.pool';
import { createMetricsServer } from './metrics/metrics-route';
import { watchFeedReads, watchJobQueue, watchPool } from './metrics/metrics';

type Env = ReturnType<typeof loadEnv>;

/** What a started process runs: the database, live events, outbound delivery, the scheduler, and the app over them. */
interface Started {
  handle: DbHandle;
  events: EventHub;
  outbound: ReturnType<typeof createOutboundDispatcher>;
  scheduler?: Scheduler;
  heavyReads: ReturnType<typeof heavyReadGate>;
  app: ReturnType<typeof createApp>;
  appUrl: string;
  mail: string;
}

/** Opens and migrates the database, prints a first registration code, and starts live events, delivery and the scheduler. */
async function start(env: Env, logger: Logger): Promise<Started> {
  // The share image threads load fonts and engines on their own threads while the database opens:
  // not awaited, so listening never waits for them; a picture asked for meanwhile waits its turn.
  warmUpShareImages().then(
    (ms) => logger.info({ ms }, 'share image renderer warmed up'),
    (error) => logger.warn({ err: error }, 'share image renderer failed to warm up'),
  );
  const config = buildConfig(env);
  securePrivateFiles(config, logger);
  // Requests' statements are bounded (PG_STATEMENT_TIMEOUT_MS); migrations, the job queue's and the
  // live events' own connections, and the health connection are not (docs/limits-and-faults.md).
  const handle = await openAndMigrate(env, config, logger, { statementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS });
  const mailer = createMailer({ ...config.mail, logger });
  await ensureFirstRegistrationCode(handle.db, (lines) => console.log(lines.join('\n')));

  // People outside the tab hear of what the event log records (docs/notifications-outside.md);
  // the hub's NOTIFY wakes the dispatcher.
  const outbound = createOutboundDispatcher({ db: handle.db, channels: appChannels, logger });
  // One LISTEN connection per process carries every live event stream (GET /v1/events).
  const events = createEventHub({ handle, logger, onLogged: () => outbound.wake() });
  await events.start();
  // One gate of the feed's reads per process: its requests share it, and the metrics read it.
  const heavyReads = heavyReadGate(config.feedReads);
  const app = createApp({ db: handle.db, config, mailer, logger, ping: handle.ping, events, heavyReads });
  let scheduler: Scheduler | undefined;
  if (config.scheduler) {
    const mail = { mailer, appUrl: config.appUrl, jwtSecret: config.jwtSecret, contactEmail: config.contactEmail, digestHour: config.digestHour ?? 8 };
    scheduler = await startScheduler({ handle, bots: config.bots, logger, mail, push: { config: pushConfigOf(config) } });
    logger.info({ botRunHour: config.bots.runHour, digestHour: mail.digestHour }, 'scheduler started');
  }
  return { handle, events, outbound, scheduler, heavyReads, app, appUrl: config.appUrl, mail: mailer.describe() };
}

/** The HTTP servers of a started process: the app's, and the metrics' own on METRICS_PORT; `stopping()` turns requests away. */
function listen(env: Env, logger: Logger, started: Started, stopping: () => boolean) {
  const server = createServer((req, res) => {
    if (stopping()) {
      // Keep-alive clients are told to go: the connection closes once this answer is sent, so a
      // busy connection cannot keep the process alive. A load balancer sees the health check fail.
      res.setHeader('Connection', 'close');
      if (req.url === '/healthz' || req.url === '/readyz') {
        res.setHeader('X-Request-Id', requestIdOf(req.headers['x-request-id']));
        return void res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"status":"stopping"}');
      }
    }
    started.app(req, res);
  });
  answerClientErrors(server);

  // Metrics (docs/metrics.md): the pool and the job queue are read when scraped; METRICS_PORT
  // serves them on a server of their own, on METRICS_HOST (127.0.0.1 by default), without a token.
  const { handle } = started;
  if (handle.poolStats) watchPool(handle.poolStats);
  watchFeedReads(() => started.heavyReads.stats());
  watchJobQueue(() => jobQueueStats(handle.db), logger);
  const metricsServer = env.METRICS_PORT ? createMetricsServer(logger) : undefined;
  metricsServer?.on('error', (error) => {
    logger.fatal({ err: error, host: env.METRICS_HOST, port: env.METRICS_PORT }, 'metrics: cannot listen on METRICS_HOST:METRICS_PORT');
    process.exit(1);
  });
  metricsServer?.listen(env.METRICS_PORT, env.METRICS_HOST, () => logger.info({ host: env.METRICS_HOST, port: env.METRICS_PORT }, 'metrics served'));

  server.listen(env.PORT, env.HOST, () => {
    logger.info({ url: started.appUrl, database: handle.kind, mail: started.mail }, 'Stacks is running');
    console.log(`\n  Stacks is running at ${started.appUrl}  (API reference: ${started.appUrl}/docs)\n`);
  });
  return { server, metricsServer };
}

/**
 * Graceful shutdown: stop accepting, answer what is in flight (each with Connection: close), then
 * close the pool. Whatever is still open near the deadline is cut, and the process exits by
 * SHUTDOWN_TIMEOUT_MS at the latest.
 */
function shutdown(signal: string, deadline: number, logger: Logger, started: Started, servers: ReturnType<typeof listen>) {
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.warn('in-flight requests did not finish in time; closing connections');
    servers.server.closeAllConnections();
  }, Math.max(deadline / 2, deadline - 1_000)).unref();
  setTimeout(() => {
    logger.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, deadline).unref();
  servers.metricsServer?.close();
  servers.server.close(async () => {
    await started.events.stop().catch((error) => logger.error({ err: error }, 'stopping live events failed'));
    await started.outbound.stop();
    await backgroundSettled();
    await started.scheduler?.stop().catch((error) => logger.error({ err: error }, 'stopping the scheduler failed'));
    await closeShareImages().catch((error) => logger.error({ err: error }, 'stopping the share image threads failed'));
    await started.handle.close();
    logger.info('stopped');
    process.exit(0);
  });
  // Event streams never finish on their own: ended now, their clients reconnect elsewhere.
  started.events.closeStreams();
  servers.server.closeIdleConnections();
}

async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  // A stray rejection is a bug to log, not a reason to drop every request in flight.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
  const started = await start(env, logger);
  let stopping = false;
  const servers = listen(env, logger, started, () => stopping);
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    shutdown(signal, env.SHUTDOWN_TIMEOUT_MS, logger, started, servers);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  if (error instanceof DataFolderBusyError || error instanceof InterruptedRestoreError) console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
